"""Helpers for Skyjo scenario tests: stacked decks, playing actions by their notation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import veillee
from veillee.games.skyjo import ActionCard, SkyjoState

SEED = 10**15 + 777

PLAIN = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]
"""A grid with no line of equal cards (rows 1-4, 5-8, 9-12; columns 1 5 9, ...)."""


def deck(*grids: Sequence[str], discard: str = "0", pile: Sequence[str] = (), actions: Sequence[str] = ()) -> list[str]:
    """A stacked deck: the grids (seat 0 first, 12 cards row by row), the discard, the pile from the top,
    and the Action cards (market 1-4, Action discard, Action pile from the top)."""
    out: list[str] = []
    for grid in grids:
        assert len(grid) == 12
        out.extend(grid)
    out.append(discard)
    out.extend(pile)
    out.extend(actions)
    return out


def new(players: int = 2, stack: list[str] | None = None, **options: Any) -> SkyjoState:
    state = veillee.new_game("skyjo", players, SEED, deck=stack, **options)
    assert isinstance(state, SkyjoState)
    return state


def play(state: SkyjoState, *texts: str) -> None:
    for text in texts:
        state.apply(state.parse_action(text))


def legal(state: SkyjoState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def setup(state: SkyjoState, *reveals: tuple[str, str]) -> None:
    """Each seat reveals its two slots, seat 0 first; default: r1c1 and r1c2 for everybody."""
    for seat in range(state.num_players):
        pair = reveals[seat] if seat < len(reveals) else ("r1c1", "r1c2")
        assert state.to_act == seat
        play(state, f"reveal {pair[0]}", f"reveal {pair[1]}")


def reveal_all_but(state: SkyjoState, seat: int, *hidden: int) -> None:
    """Turn every card of ``seat``'s grid face up except the slots ``hidden`` (scenario shortcut)."""
    for slot in range(12):
        if state.grid[seat][slot] is not None:
            state.up[seat][slot] = slot not in hidden


def hand_over(state: SkyjoState, seat: int, card: ActionCard, *, playable: bool = True) -> None:
    """Move a copy of ``card`` from the Action pile to ``seat`` (cards stay conserved)."""
    state.action_pile.remove(card)
    (state.held if playable else state.fresh)[seat].append(card)
    state._legal_cache = None


def cards(state: SkyjoState, seat: int) -> list[str | None]:
    return [None if c is None else str(c) for c in state.grid[seat]]
