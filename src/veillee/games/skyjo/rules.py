"""Skyjo's decisions: the legal actions of each phase and one handler per kind of action.

Each function cites the rule or ruling it implements (``docs/rules/skyjo.md``: rules R1…, rulings 1…).
Functions change the ``SkyjoState`` in place; ``GameState.apply`` has checked legality before ``apply``.
The Action cards' effects live in ``effects.py``; the deal and the end of a turn, a round and the match in
``turn.py``; piles and the market in ``table.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from veillee.games.skyjo import effects, turn
from veillee.games.skyjo.actions import (
    ACTION_PILE,
    COPY,
    DISCARD,
    DRAW,
    DROP,
    MARKET,
    PASS,
    PLAY,
    REVEAL,
    SWAP,
    TAKE,
    Action,
    Kind,
)
from veillee.games.skyjo.cards import (
    ALWAYS_PLAYABLE,
    DRAW_THREE,
    GRID_SIZE,
    OWN_SWAP,
    SLOT,
    STAR,
    ActionCard,
)
from veillee.games.skyjo.events import (
    Discard,
    Draw,
    Play,
    Reveal,
    Starter,
    Swap,
    Take,
)
from veillee.games.skyjo.events import Drop as DropEvent
from veillee.games.skyjo.phases import P_CHOOSE, P_COPY, P_DRAWN, P_OVER, P_PLACE, P_REVEAL, P_SETUP, P_STAR
from veillee.games.skyjo.table import draw_game, refill_market, take_action_card

if TYPE_CHECKING:
    from veillee.games.skyjo.state import SkyjoState

__all__ = ["apply", "legal_actions"]


# -- legal actions -------------------------------------------------------------------------------------
# The hot path of every playout: the lists are picked from the tables of distinct actions (``actions.py``),
# with C-speed tests (``None in market``, ``grid.count(None)``) and per-card facts as tuples indexed by card.
ALL_MARKET = MARKET
ALWAYS_BY_CARD: tuple[bool, ...] = tuple(card in ALWAYS_PLAYABLE for card in ActionCard)


@cache
def _hidden_slots(up: tuple[bool, ...]) -> tuple[Action, ...]:
    return tuple(REVEAL[s] for s in range(GRID_SIZE) if not up[s])


def hidden_slots(state: SkyjoState, seat: int) -> list[Action]:
    """Reveal one of the seat's hidden cards (R5, R8)."""
    return list(_hidden_slots(tuple(state.up[seat])))


def swap_slots(state: SkyjoState, seat: int) -> list[Action]:
    """Swap the held card with any card of the seat's grid (R7)."""
    grid = state.grid[seat]
    if None not in grid:
        return list(SWAP)
    return [SWAP[s] for s in range(GRID_SIZE) if grid[s] is not None]


def legal_actions(state: SkyjoState) -> list[Action]:
    phase = state.phase
    seat = state.turn
    if phase is P_CHOOSE:
        return _choose_actions(state, seat)
    if phase is P_PLACE:
        return swap_slots(state, seat)
    if phase is P_DRAWN:
        out = swap_slots(state, seat)
        if False in state.up[seat]:
            out.append(DISCARD)
        return out
    if phase is P_REVEAL:
        return hidden_slots(state, seat)
    if phase is P_SETUP:
        assert state.to_act is not None
        return hidden_slots(state, state.to_act)
    if phase is P_STAR:
        return [*turn.take_actions(state), PASS]
    if phase is P_COPY:
        return [*(COPY[line] for line in state.copy_lines), PASS]
    if phase is P_OVER:
        return []
    return effects.legal_actions(state, phase)


def _choose_actions(state: SkyjoState, seat: int) -> list[Action]:
    """R6–R10: take the discard, draw, take an Action card, or play/discard one (not once the end is on)."""
    discard = state.discard
    can_draw = bool(state.pile) or len(discard) > 1
    out = ([TAKE, DRAW] if can_draw else [TAKE]) if discard else ([DRAW] if can_draw else [])
    if state.action_rules:
        market = state.market
        if None in market:
            out += [MARKET[i] for i in range(4) if market[i] is not None]
        else:
            out += ALL_MARKET
        if state.action_pile or len(state.action_discard) > 1:
            out.append(ACTION_PILE)
        held = state.held[seat]
        if held and state.triggerer is None:
            kinds = sorted(set(held)) if len(held) > 1 else held
            for c in kinds:
                # effects.playable, inlined for the cards it may refuse
                if ALWAYS_BY_CARD[c]:
                    out.append(PLAY[c])
                elif c is DRAW_THREE:
                    if can_draw:
                        out.append(PLAY[c])
                elif c is OWN_SWAP:
                    if state.grid[seat].count(None) <= GRID_SIZE - 2:
                        out.append(PLAY[c])
                elif effects.playable(state, seat, c):
                    out.append(PLAY[c])
            out += [DROP[c] for c in kinds]
    return out


# -- effects -------------------------------------------------------------------------------------------
def apply(state: SkyjoState, action: Action) -> None:
    """Apply a legal action (``GameState.apply`` has checked it): one handler per kind of decision."""
    _APPLY[action.kind](state, action)


def _reveal(state: SkyjoState, action: Action) -> None:
    if state.phase is P_SETUP:
        _setup_reveal(state, action.slot)
        return
    reveal_own(state, state.turn, action.slot)
    if state.effect is DRAW_THREE:
        effects.finish_effect(state)
    else:
        turn.after_main(state)


def _take(state: SkyjoState, action: Action) -> None:
    top = state.discard.pop()
    state.drawn = top
    state.drawn_from = "discard"
    state.emit((Take, state.turn, top))
    state.phase = P_PLACE


def _draw(state: SkyjoState, action: Action) -> None:
    got = draw_game(state)
    assert got is not None
    state.drawn = got
    state.drawn_from = "pile"
    state.emit((Draw, state.turn, got))
    state.phase = P_DRAWN


def _swap_action(state: SkyjoState, action: Action) -> None:
    _swap(state, state.turn, action.slot)


def _discard(state: SkyjoState, action: Action) -> None:
    drawn = state.drawn
    assert drawn is not None
    state.discard.append(drawn)
    state.drawn = None
    state.emit((Discard, state.turn, drawn))
    state.phase = P_REVEAL


def _take_action(state: SkyjoState, action: Action) -> None:
    take_action_card(state, state.turn, action.slot)
    if state.phase is P_STAR:
        state.star_rights -= 1
    turn.after_main(state)


def _pass(state: SkyjoState, action: Action) -> None:
    if state.phase is P_STAR:
        state.star_rights = 0
        turn.lines_phase(state)
    else:
        turn.after_copies(state)


def _copy(state: SkyjoState, action: Action) -> None:
    turn.copy_line(state, action.slot)


def _play(state: SkyjoState, action: Action) -> None:
    played = action.card
    assert isinstance(played, ActionCard)
    seat = state.turn
    state.held[seat].remove(played)
    state.in_play.append(played)
    state.emit((Play, seat, played))
    effects.start_effect(state, played)


def _drop(state: SkyjoState, action: Action) -> None:
    dropped = action.card
    assert isinstance(dropped, ActionCard)
    seat = state.turn
    state.held[seat].remove(dropped)
    state.action_discard.append(dropped)
    state.emit((DropEvent, seat, dropped))
    refill_market(state)
    turn.after_main(state)


def _setup_reveal(state: SkyjoState, slot: int | None) -> None:
    """R5: the 2 setup reveals, seat by seat; then the first player starts (no Star right: not a turn)."""
    assert slot is not None and state.to_act is not None
    seat = state.to_act
    state.up[seat][slot] = True
    card = state.grid[seat][slot]
    assert card is not None
    state.emit((Reveal, seat, seat, SLOT[slot], card))
    state.setup_queue.pop(0)
    if state.setup_queue:
        state.to_act = state.setup_queue[0]
        return
    state.starter = turn.first_player(state)
    state.emit((Starter, state.starter))
    turn.begin_turn(state, state.starter)


def reveal_own(state: SkyjoState, seat: int, slot: int | None) -> None:
    """Turn a hidden card of your own grid face up during your turn; a Star grants an Action card (R22)."""
    assert slot is not None
    state.up[seat][slot] = True
    state.knowers[seat][slot] = 0
    state.dirty[seat] = True
    card = state.grid[seat][slot]
    assert card is not None
    state.emit((Reveal, seat, seat, SLOT[slot], card))
    if card is STAR:
        state.star_rights += 1


def _swap(state: SkyjoState, seat: int, slot: int | None) -> None:
    """Put the held card face up at ``slot``; the replaced card goes face up on the discard (R7, R26)."""
    assert slot is not None
    card = state.drawn
    assert card is not None
    grid = state.grid[seat]
    old = grid[slot]
    assert old is not None
    grid[slot] = card
    state.up[seat][slot] = True
    state.dirty[seat] = True
    state.knowers[seat][slot] = 0
    state.discard.append(old)
    state.drawn = None
    state.emit((Swap, seat, SLOT[slot], card, old))
    if card is STAR:
        state.star_rights += 1
    if state.drawn_from == "three":
        effects.continue_three(state)
    else:
        turn.after_main(state)


_APPLY: dict[Kind, Callable[[SkyjoState, Action], None]] = {
    Kind.REVEAL: _reveal,
    Kind.TAKE: _take,
    Kind.DRAW: _draw,
    Kind.SWAP: _swap_action,
    Kind.DISCARD: _discard,
    Kind.ACTION: _take_action,
    Kind.PASS: _pass,
    Kind.COPY: _copy,
    Kind.PLAY: _play,
    Kind.DROP: _drop,
    **{
        kind: effects.apply
        for kind in (Kind.OWN, Kind.FACES, Kind.KEEP, Kind.PUT, Kind.LOOK, Kind.REACTIVATE, Kind.PICK, Kind.STEAL)
    },
}
"""Each kind of decision's handler (the Action cards' effects are in ``effects.py``)."""
