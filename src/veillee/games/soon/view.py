"""What one seat may know of a SOON match, as a typed view (Ruling 30).

Public in SOON: every suite, the whole discard pile (every card in it was shown face up), the number of
cards in each hand and in the pile, the cards known to be in a hand because they were taken face up from the
discard, every Explorateur question and answer, and what follows from them: the cards a hand is known not to
hold since an answer « no » (Ruling 34), and which cards a pile rebuilt from the discard holds (Ruling 35).
Hidden: the other hands and the order of the pile.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from veillee.core import Result, View
from veillee.games.soon.cards import Card
from veillee.games.soon.rules import Ask, Phase

if TYPE_CHECKING:
    from veillee.games.soon.state import SoonState

__all__ = ["SoonView", "pile_cards", "seat_view"]


@dataclass(frozen=True, slots=True)
class SoonView(View):
    """Exactly what ``seat`` knows (``None``: a spectator). Piles list their cards bottom first."""

    game_name = "soon"

    seat: int | None
    players: int
    options: dict[str, Any]
    round: int
    starter: int
    turn: int
    to_act: int | None
    phase: Phase
    hand: tuple[Card, ...] | None
    """The seat's own hand, sorted; ``None`` for a spectator."""
    hand_sizes: tuple[int, ...]
    known_in_hand: tuple[tuple[Card, ...], ...]
    """Per seat, the cards it took face up from the discard and still holds, sorted."""
    lacks: tuple[tuple[Card, ...], ...]
    """Per seat, the Number cards its hand holds none of (beyond ``known_in_hand``) since it answered an
    Explorateur « no » and drew nothing (Ruling 34), sorted."""
    suites: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    pile_size: int
    pile_cards: tuple[Card, ...] | None
    """The cards the pile may hold, sorted: those it was rebuilt with from the discard, less those this seat
    drew from it (Ruling 35); ``None`` while the pile is the one dealt this round."""
    finisher: int | None
    last_turns_left: int
    ask: Ask | None
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    result: Result | None


def pile_cards(state: SoonState, seat: int | None) -> tuple[Card, ...] | None:
    """What ``seat`` knows the pile may hold (Ruling 35); ``None`` when it may hold any unseen card."""
    origin = state.pile_origin
    if origin is None or seat is None or not state.pile_drawn[seat]:
        return origin
    rest = list(origin)
    for card in state.pile_drawn[seat]:
        rest.remove(card)
    return tuple(rest)


def seat_view(state: SoonState, seat: int | None) -> SoonView:
    """The typed view of ``seat``; built on the search's hot path, so it only copies into tuples."""
    return SoonView(
        seat=seat,
        players=state.num_players,
        options=dict(state.options),
        round=state.round,
        starter=state.starter,
        turn=state.turn,
        to_act=state.to_act,
        phase=state.phase,
        hand=None if seat is None else tuple(sorted(state.hands[seat])),
        hand_sizes=tuple(map(len, state.hands)),
        known_in_hand=tuple(tuple(sorted(known)) for known in state.known),
        lacks=tuple(state.lacks),
        suites=tuple(map(tuple, state.suites)),
        discard=tuple(state.discard),
        pile_size=len(state.pile),
        pile_cards=pile_cards(state, seat),
        finisher=state.finisher,
        last_turns_left=state.last_turns_left,
        ask=state.ask,
        totals=tuple(state.totals),
        round_scores=tuple(map(tuple, state.round_scores)),
        result=state.result() if state.is_over else None,
    )
