"""The conformance suite of ARCHITECTURE.md, run over every registered game, player count and variant."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import veillee
from veillee.core import testing
from veillee.games import REGISTRY

BIG_SEED = 10**15 + 4242
"""Tests use long seeds so that a view holding the seed would show it unmistakably."""

CASES = [
    pytest.param(name, players, variant, id=f"{name}-{players}p-{json.dumps(variant, sort_keys=True)}")
    for name in veillee.game_names()
    for players in REGISTRY.get(name).player_counts
    for variant in REGISTRY.get(name).variants
]


def _new(name: str, players: int, variant: dict[str, Any], seed: int) -> veillee.GameState[Any]:
    return veillee.new_game(name, players, seed, **variant)


def _states_along(state: veillee.GameState[Any], rng: random.Random, every: int) -> list[veillee.GameState[Any]]:
    """Clones of the states a random playout passes through, one every ``every`` decisions."""
    out = []
    steps = 0
    while not state.is_over:
        if steps % every == 0:
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    out.append(state)
    return out


@pytest.mark.parametrize(("name", "players", "variant"), CASES)
def test_random_playouts_terminate_and_keep_invariants(name: str, players: int, variant: dict[str, Any]) -> None:
    for k in range(3):
        state = _new(name, players, variant, BIG_SEED + k)
        testing.check_playout(state, random.Random(k), max_decisions=200_000, every=7)


@pytest.mark.parametrize(("name", "players", "variant"), CASES)
def test_illegal_actions_clone_replay_determinize(name: str, players: int, variant: dict[str, Any]) -> None:
    rng = random.Random(players)
    states = _states_along(_new(name, players, variant, BIG_SEED), random.Random(1), every=97)
    for state in states[:: max(1, len(states) // 12)]:
        testing.check_illegal_actions(state, rng)
        testing.check_clone_isolation(state, rng)
        if not state.is_over:
            testing.check_determinize(state, rng, samples=2)
            testing.check_resamples(state, rng)
    testing.check_replay(states[-1], REGISTRY)
    testing.check_replay(states[len(states) // 2], REGISTRY)


@pytest.mark.parametrize("name", veillee.game_names())
def test_codec_is_a_bijection(name: str) -> None:
    info = REGISTRY.get(name)
    for players in (info.min_players, info.max_players):
        testing.check_codec(veillee.new_game(name, players, BIG_SEED))


@pytest.mark.parametrize("name", veillee.game_names())
@given(seed=st.integers(0, 2**62), steps=st.integers(0, 400), disturb=st.integers(0, 2**32))
def test_determinism_with_global_rng_disturbed(name: str, seed: int, steps: int, disturb: int) -> None:
    """Same seed and actions give the same match, whatever happens to the global ``random``."""
    info = REGISTRY.get(name)
    players = info.min_players + seed % (info.max_players - info.min_players + 1)
    first = veillee.new_game(name, players, seed)
    second = veillee.new_game(name, players, seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if first.is_over:
            break
        random.seed(disturb)
        random.random()
        action = chooser.choice(first.legal_actions())
        first.apply(action)
        random.seed(disturb + 1)
        second.apply(second.action_from_json(action.to_json()))
    assert testing.snapshot(first) == testing.snapshot(second)


@pytest.mark.parametrize("name", veillee.game_names())
@given(seed=st.integers(0, 2**62), steps=st.integers(0, 600), choice=st.integers(0, 2**32))
def test_determinize_consistent_with_view(name: str, seed: int, steps: int, choice: int) -> None:
    """``determinize(seat).view(seat) == view(seat)`` at any point of any match (hypothesis)."""
    info = REGISTRY.get(name)
    players = info.min_players + seed % (info.max_players - info.min_players + 1)
    state = veillee.new_game(name, players, seed)
    rng = random.Random(choice)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    if not state.is_over:
        testing.check_determinize(state, rng, samples=1)


@pytest.mark.parametrize("name", veillee.game_names())
def test_bad_options_and_player_counts_are_refused(name: str) -> None:
    info = REGISTRY.get(name)
    for players in (info.min_players - 1, info.max_players + 1, "3", 2.0):
        with pytest.raises(veillee.InvalidOption):
            veillee.new_game(name, players, 1)  # type: ignore[arg-type]
    with pytest.raises(veillee.InvalidOption):
        veillee.new_game(name, info.min_players, 1, no_such_option=True)
    with pytest.raises(veillee.InvalidOption):
        veillee.new_game(name, info.min_players, "seed")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", veillee.game_names())
def test_view_seat_must_be_a_seat(name: str) -> None:
    state = veillee.new_game(name, REGISTRY.get(name).min_players, 1)
    for bad in (-1, state.num_players, "0", True):
        with pytest.raises(ValueError):
            state.view(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "players", "variant"), CASES)
def test_determinize_anywhere_for_any_seat(name: str, players: int, variant: dict[str, Any]) -> None:
    """Issue 20: any seat, acting or waiting, can sample a world at every decision, and play goes on in it."""
    for k in range(2):
        state = _new(name, players, variant, BIG_SEED + 31 * k)
        testing.check_determinize_anywhere(state, random.Random(1000 + k), max_decisions=200_000, every=40)


def test_determinize_waiting_seat_with_explorer_question_pending() -> None:
    """Issue 20's reproduction: seat 4 waits while seat 2 must answer an Explorateur question."""
    state, rng = veillee.new_game("soon", players=6, seed=9060), random.Random(9060)
    for _ in range(746):
        state.apply(rng.choice(state.legal_actions()))
    world = state.determinize(4, random.Random(9060 * 1_000_003 + 746 * 7))
    assert world.view(4) == state.view(4)
