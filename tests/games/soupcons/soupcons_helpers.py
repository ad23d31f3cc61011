"""Scenario helpers for Soupçons tests: stacked deals and actions written in the game's notation."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import veillee
from veillee.games.soupcons import SoupconsState

SEED = 2026_12_03

DEAL3_HANDS = (("1", "2", "3"), ("4", "5"), ("0", "S"))
"""A 3-player deal: seat 0 starts with 1 2 3, seat 1 has 4 5, seat 2 has 0 S."""


def deal_order(hands: Sequence[Sequence[str]], first: int) -> list[str]:
    """The stacked deck (Ruling 18) that deals ``hands[seat]`` to each seat, ``first`` getting three cards."""
    n = len(hands)
    assert len(hands[first]) == 3 and all(len(h) == 2 for s, h in enumerate(hands) if s != first)
    order = [""] * (2 * n + 1)
    for seat, hand in enumerate(hands):
        for i, card in enumerate(hand):
            order[(seat - first) % n + i * n] = card
    return order


def stacked_game(hands: Sequence[Sequence[str]], *, first: int = 0, **options: Any) -> SoupconsState:
    """A game whose deal is ``hands`` (by seat); ``first`` holds three cards and starts."""
    state = veillee.new_game("soupcons", len(hands), SEED, deck=deal_order(hands, first), first_player=first, **options)
    assert isinstance(state, SoupconsState)
    return state


def play(state: SoupconsState, *actions: str) -> None:
    """Apply actions written in notation (``"choose 1"``, ``"offer 5 as S"``, ``"accept"``)."""
    for text in actions:
        state.apply(state.parse_action(text))


def give(state: SoupconsState, target: int, card: str, claim: str | None = None) -> None:
    """One exchange where the first card offered is accepted: choose, offer, accept."""
    play(state, f"choose {target}", f"offer {card} as {claim or card}", "accept")


def hand(state: SoupconsState, seat: int) -> list[str]:
    return sorted((str(card) for card in state.hands[seat]), key=lambda c: (c == "S", c))


def table(state: SoupconsState) -> dict[str, str]:
    return dict(state.view(None)["table"])


def legal(state: SoupconsState) -> set[str]:
    return {str(action) for action in state.legal_actions()}


def random_state(seed: int, steps: int, players: int, *, free_bias: float = 0.0) -> SoupconsState:
    """A game after ``steps`` random decisions; ``free_bias`` makes offerers prefer cards that change
    nothing on the table (long « nothing happens » chains, the hard case for determinize)."""
    state = veillee.new_game("soupcons", players, 10**12 + seed)
    assert isinstance(state, SoupconsState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal_actions = state.legal_actions()
        if state.phase == "offer" and rng.random() < free_bias:
            free = [a for a in legal_actions if a.card is not None and (a.card == 10 or state.table[a.card] == 2)]
            legal_actions = free or legal_actions
        state.apply(rng.choice(legal_actions))
    return state
