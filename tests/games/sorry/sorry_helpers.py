"""Scenario helpers for Sorry! Revenge tests: stacked decks and actions written in the game's notation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import veillee
from veillee.games.sorry import SorryState

SEED = 2026_12_03

FILLER = ("4", "5") * 6 + ("3", "6") * 4
"""Harmless draws (no SORRY! card among them) so that scenario hands stay under control."""


def stacked_game(
    hands: Sequence[Sequence[str]],
    draws: Sequence[str] = FILLER,
    *,
    first: int = 0,
    **options: Any,
) -> SorryState:
    """A match whose deck is stacked (Ruling 28): 5 cards per seat, then the draw pile from its top down."""
    assert all(len(hand) == 5 for hand in hands)
    deck = [card for hand in hands for card in hand] + list(draws)
    state = veillee.new_game("sorry", len(hands), SEED, deck=deck, first_player=first, **options)
    assert isinstance(state, SorryState)
    return state


def play(state: SorryState, *actions: str) -> None:
    """Apply actions written in notation (``"play 7"``, ``"sorry 1"``, ``"steal"``, ``"pass"``)."""
    for text in actions:
        state.apply(state.parse_action(text))


def legal(state: SorryState) -> set[str]:
    return {str(action) for action in state.legal_actions()}


def hand(state: SorryState, seat: int) -> list[str]:
    return sorted((str(card) for card in state.hands[seat]), key=_order)


def _order(text: str) -> tuple[int, str]:
    return (int(text), "") if text.isdigit() else (99, text)


def set_progress(state: SorryState, *progress: int) -> None:
    """Put pawns on HOME directly (scenario set-up: earlier rounds are not the point of the test)."""
    state.progress = list(progress)
