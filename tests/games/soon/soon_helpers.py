"""Scenario helpers for SOON tests: stacked decks and actions written in the game's notation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import veillee
from veillee.games.soon import SoonState

SEED = 2026_12_02


def stacked_game(
    hands: Sequence[Sequence[str]],
    discard: str,
    draws: Sequence[str] = (),
    *,
    first: int = 0,
    **options: Any,
) -> SoonState:
    """A match whose first deck is stacked (Ruling 32): hands by seat, the discard's card, then the draws."""
    deck = [card for hand in hands for card in hand] + [discard, *draws]
    state = veillee.new_game("soon", len(hands), SEED, deck=deck, first_player=first, **options)
    assert isinstance(state, SoonState)
    return state


def play(state: SoonState, *actions: str) -> None:
    """Apply actions written in notation (``"draw"``, ``"place D1"``, ``"explore 1 5 day"``)."""
    for text in actions:
        state.apply(state.parse_action(text))


def turn(state: SoonState, action: str, start: str = "draw") -> None:
    """One ordinary turn: draw (or ``start``), then ``action``."""
    play(state, start, action)


def legal(state: SoonState) -> set[str]:
    return {str(action) for action in state.legal_actions()}


RACE_HANDS = (("D1", "D2", "D3"), ("N1", "N2", "N3"))
RACE_DRAWS = ("D4", "N4", "D5", "N5", "D6", "N6", "D7", "N7", "D8", "N8")
"""Seat 0 builds D1–D8 and seat 1 N1–N8, each placing the next card every turn."""


def race(state: SoonState, turns_each: int) -> None:
    """Both seats of a race deck place their next card, ``turns_each`` times (seat 0 first)."""
    for k in range(1, turns_each + 1):
        turn(state, f"place D{k}")
        turn(state, f"place N{k}")
