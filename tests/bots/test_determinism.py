"""Every level (the ``ismcts`` research baseline too), on every registered game, plays the same match twice
from the same seed."""

from __future__ import annotations

import random

import pytest

import veillee
from bots.bots_helpers import short_game
from veillee.bots import RESEARCH_LEVELS, make_bot, play_match
from veillee.bots.heuristics import evaluator_for, generic_choose, policy_for

GAMES = veillee.game_names()


def _history(game: str, level: str, seed: int) -> list[object]:
    state = short_game(game, seed)
    n = state.num_players
    search = {"hard": 8, "expert": 8, "ismcts": 2}
    bots = [make_bot(level, game, iterations=search.get(level)) for _ in range(n)]
    if level in search:
        # a whole search-vs-search match is long for CI: the search bot plays seat 0 against random ones
        bots = [bots[0], *(make_bot("random", game) for _ in range(n - 1))]
    random.seed(12345)  # disturbing the global RNG must change nothing
    play_match(state, bots, seed=seed, max_decisions=20_000)
    random.seed(999)
    return [action.to_json() for action in state.history]


@pytest.mark.parametrize("level", RESEARCH_LEVELS)
@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_match(game: str, level: str) -> None:
    first = _history(game, level, seed=21)
    assert first == _history(game, level, seed=21)


def test_a_different_seed_gives_a_different_match() -> None:
    assert _history("soon", "normal", 1) != _history("soon", "normal", 2)


def test_unknown_games_fall_back_to_generic_play() -> None:
    assert policy_for("no-such-game") is generic_choose
    assert evaluator_for("no-such-game")(short_game("soon", 1)) == [0.5, 0.5]


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="levels are"):
        make_bot("grandmaster", "soon")
