"""What each seat may know of a Skyjo match: the typed view (``SkyjoView``) and how it is built.

Public: every face-up card, the whole game discard (its cards were all shown face up), the card drawn from
the pile (it is shown before being swapped or discarded), the market, every Action card in front of a
player, the Action discard, and the cards that were face up before being turned face down. Private to one
seat: the hidden cards it looked at with Révélation, and the three cards of its Tirez trois cartes until
they are placed or discarded. Hidden from all: the other face-down cards and the order of both piles.

The view is built on the search's hot path (every rollout decision of the heuristic), so its immutable
parts are shared: grid cells are a small fixed set of values built once per card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from veillee.core import Result, View
from veillee.games.skyjo.cards import ActionCard, GameCard, Line, Slot
from veillee.games.skyjo.phases import Phase

if TYPE_CHECKING:
    from veillee.games.skyjo.state import SkyjoState

__all__ = ["Cell", "HeldCards", "SkyjoView", "knows", "seat_view"]


class Cell(NamedTuple):
    """A place of a grid that still holds a card: ``card`` is ``None`` when the viewer does not know it;
    ``known`` is true for a face-up card and for a hidden card the viewer knows (Révélation...)."""

    card: GameCard | None
    up: bool
    known: bool


class HeldCards(NamedTuple):
    """The Action cards in front of a player, in notation order: playable now, and taken since the
    player's last turn (playable from their next turn, ruling 4)."""

    playable: tuple[ActionCard, ...]
    not_yet_playable: tuple[ActionCard, ...]


_UP = tuple(Cell(card, True, True) for card in GameCard)
_KNOWN = tuple(Cell(card, False, True) for card in GameCard)
_HIDDEN = Cell(None, False, False)
_SLOTS = tuple(Slot)
_LINES = tuple(Line)


@dataclass(frozen=True, slots=True)
class SkyjoView(View):
    """What one seat (``seat``; ``None``: a spectator) may know of a Skyjo match; the JSON keys are the
    field names. ``grids[p][slot]`` is ``None`` once its card has left with a line."""

    game_name = "skyjo"

    seat: int | None
    players: int
    options: dict[str, Any]
    round: int
    starter: int
    turn: int
    to_act: int | None
    phase: Phase
    grids: tuple[tuple[Cell | None, ...], ...]
    hidden_counts: tuple[int, ...]
    discard: tuple[GameCard, ...]
    pile_size: int
    drawn: GameCard | None
    three: tuple[GameCard, ...] | None
    """The Tirez trois cards, for the seat whose turn it is (``None`` for the others)."""
    three_size: int
    market: tuple[ActionCard | None, ...]
    action_pile_size: int
    action_discard: tuple[ActionCard, ...]
    action_cards: tuple[HeldCards, ...]
    in_play: tuple[ActionCard, ...]
    picks: tuple[tuple[int, Slot], ...]
    meteor_next: int | None
    copy_lines: tuple[Line, ...]
    star_rights: int
    extra_turns: int
    triggerer: int | None
    final_turns_left: int | None
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    result: Result | None


def knows(state: SkyjoState, seat: int | None, owner: int, slot: int) -> bool:
    """Whether ``seat`` knows the face-down card at ``slot`` of ``owner``'s grid (``None``: everybody does)."""
    mask = state.knowers[owner][slot]
    if seat is None:
        return mask == state.all_seats
    return bool(mask >> seat & 1)


def _grid(state: SkyjoState, seat: int | None, owner: int) -> tuple[Cell | None, ...]:
    grid, up, knowers = state.grid[owner], state.up[owner], state.knowers[owner]
    everyone = state.all_seats
    bit = 0 if seat is None else 1 << seat
    out: list[Cell | None] = []
    for slot in range(12):
        card = grid[slot]
        if card is None:
            out.append(None)
        elif up[slot]:
            out.append(_UP[card])
        elif (knowers[slot] == everyone) if seat is None else (knowers[slot] & bit):
            out.append(_KNOWN[card])
        else:
            out.append(_HIDDEN)
    return tuple(out)


def _held(cards: list[ActionCard]) -> tuple[ActionCard, ...]:
    return tuple(sorted(cards, key=str)) if len(cards) > 1 else tuple(cards)


def seat_view(state: SkyjoState, seat: int | None) -> SkyjoView:
    """The view of ``seat`` (``None``: a spectator, who sees only public information)."""
    n = state.num_players
    three_visible = seat is not None and seat == state.turn
    return SkyjoView(
        seat=seat,
        players=n,
        options=dict(state.options),
        round=state.round,
        starter=state.starter,
        turn=state.turn,
        to_act=state.to_act,
        phase=state.phase,
        grids=tuple(_grid(state, seat, p) for p in range(n)),
        hidden_counts=tuple(up.count(False) for up in state.up),
        discard=tuple(state.discard),
        pile_size=len(state.pile),
        drawn=state.drawn,
        three=tuple(state.three) if three_visible else None,
        three_size=len(state.three),
        market=tuple(state.market),
        action_pile_size=len(state.action_pile),
        action_discard=tuple(state.action_discard),
        action_cards=tuple(HeldCards(_held(state.held[p]), _held(state.fresh[p])) for p in range(n)),
        in_play=tuple(state.in_play),
        picks=tuple((p, _SLOTS[s]) for p, s in state.picks),
        meteor_next=state.meteor_queue[0] if state.meteor_queue else None,
        copy_lines=tuple(_LINES[line] for line in state.copy_lines),
        star_rights=state.star_rights,
        extra_turns=state.extra_turns,
        triggerer=state.triggerer,
        final_turns_left=state.final_left if state.triggerer is not None else None,
        totals=tuple(state.totals),
        round_scores=tuple(tuple(r) for r in state.round_scores),
        result=state.result() if state.is_over else None,
    )
