"""What each seat may know of a Sorry! Revenge match: the typed view, and how a seat's view is built.

Public (Ruling 29): the play pile and its total, the set-aside piles (every card in them was played face up),
the pawns, the number of cards in each hand and in the draw pile, every card played in or out of turn, the
tie-break piles, and what a dead card tells (Ruling 27). Hidden: the other hands and the draw pile. Nothing
in a view says who holds a SORRY! card: an open window (Ruling 22) shows only who is still to be asked.

The view is built on the search bot's hot path (its rollouts feed every seat's view to the heuristic), so
``seat_view`` builds tuples straight from the state and computes nothing it does not show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from veillee.core import Result, View
from veillee.games.sorry.cards import Card
from veillee.games.sorry.phases import Phase
from veillee.games.sorry.scoring import home_pawns, match_result

if TYPE_CHECKING:
    from veillee.games.sorry.state import SorryState

__all__ = ["KnownNoEffect", "SorryView", "StealWindow", "TieBreakView", "seat_view"]


class StealWindow(NamedTuple):
    """An open steal window (R15, Rulings 9, 22): who made 21, who is stealing it, who is still to be asked."""

    scorer: int
    stealer: int | None
    still_to_ask: tuple[int, ...]


class KnownNoEffect(NamedTuple):
    """Ruling 27: after a dead card, how many cards of that hand are known to have no effect, and whether a
    flip-back SORRY! (without a target at the time) may be among them."""

    cards: int
    sorry_included: bool


class TieBreakView(NamedTuple):
    """The tie-break (R19, Ruling 23): who takes part in play order, their public piles and totals."""

    order: tuple[int, ...]
    piles: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...]
    standing: tuple[int, ...]
    """The seats that have stood in this tie-break round."""
    rounds: int


@dataclass(frozen=True, slots=True)
class SorryView(View):
    """Exactly what one seat (``None``: a spectator) may know; the field names are the JSON keys."""

    game_name = "sorry"

    seat: int | None
    players: int
    options: dict[str, Any]
    round: int
    turn: int
    direction: int
    """1 clockwise, -1 after an odd number of Reverse cards (R8)."""
    to_act: int | None
    phase: Phase
    hand: tuple[Card, ...] | None
    """The viewer's own hand, sorted; ``None`` for a spectator."""
    hand_sizes: tuple[int, ...]
    draw_size: int
    pile: tuple[Card, ...]
    """The play pile, its top card last."""
    total: int
    set_aside: tuple[Card, ...]
    progress: tuple[int, ...]
    """Per seat: pawns flipped to HOME (in the longer game 5–8 while flipping them back, R20)."""
    home: tuple[int, ...]
    """Per seat: pawns on the HOME side."""
    goal: int
    play2_left: int
    steal: StealWindow | None
    sorry_target: int | None
    known_no_effect: tuple[KnownNoEffect | None, ...]
    tiebreak: TieBreakView | None
    winner: int | None
    result: Result | None


def seat_view(state: SorryState, seat: int | None) -> SorryView:
    """The view of ``seat`` (``None``: a spectator, who sees only public information)."""
    phase = state.phase
    steal = None
    if phase is Phase.STEAL or phase is Phase.BLOCK_STEAL:
        steal = StealWindow(state.turn, state.stealer, tuple(reversed(state.window)))
    tiebreak = None
    if phase is Phase.TIEBREAK or state.tb_order:
        tiebreak = TieBreakView(
            tuple(state.tb_order),
            tuple(tuple(pile) for pile in state.tb_piles),
            tuple(state.tb_totals),
            tuple(state.tb_order[: state.tb_pos]),
            state.tb_rounds,
        )
    inert_sorry = state.inert_sorry
    return SorryView(
        seat=seat,
        players=state.num_players,
        options=dict(state.options),
        round=state.round,
        turn=state.turn,
        direction=state.direction,
        to_act=state.to_act,
        phase=phase,
        hand=None if seat is None else tuple(sorted(state.hands[seat])),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        draw_size=len(state.draw),
        pile=tuple(state.pile),
        total=state.total,
        set_aside=tuple(state.set_aside),
        progress=tuple(state.progress),
        home=tuple(home_pawns(p) for p in state.progress),
        goal=state.goal,
        play2_left=state.play2_left if phase is Phase.PLAY2 else 0,
        steal=steal,
        sorry_target=state.sorry_target,
        known_no_effect=tuple(KnownNoEffect(k, inert_sorry[s]) if k else None for s, k in enumerate(state.inert)),
        tiebreak=tiebreak,
        winner=state.winner,
        result=match_result(state) if state.is_over else None,
    )
