"""The ``expert`` level: offered everywhere levels are, plays with its shipped weights, refuses weights that
do not fit its game (clear error, ``hard`` instead, with a warning), and trains, checkpoints and resumes."""

from __future__ import annotations

import random
import warnings
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import veillee
from veillee.bots import LEVELS, RESEARCH_LEVELS, decision_for, make_bot, play_match
from veillee.bots.ismcts import ISMCTSBot
from veillee.expert.bot import ExpertBot
from veillee.expert.net import WEIGHTS_DIR, Network, WeightsMismatch, check, load, untrained, write
from veillee.rl.options import unattended

SHIPPED = sorted(path.stem for path in WEIGHTS_DIR.glob("*.npz"))
"""The weights the package ships (``<game>-<players>p``)."""


def _state(game: str, players: int = 2, seed: int = 4) -> veillee.GameState:  # type: ignore[type-arg]
    options = {"length": "express"} if game == "soon" else {}
    state = veillee.new_game(game, players, seed, **unattended(game, options))
    rng = random.Random(seed)
    while len(state.legal_actions()) < 3:  # a decision with a real choice
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_expert_is_a_level_of_every_front_end() -> None:
    assert "expert" in LEVELS and "expert" in RESEARCH_LEVELS
    assert isinstance(make_bot("expert", "soon"), ExpertBot)
    from veillee.server import bots as server_bots

    assert "expert" in server_bots.LEVELS


def test_four_games_ship_weights_that_fit_and_are_small() -> None:
    assert {"soon-2p", "skyjo-2p", "sorry-2p", "soupcons-3p"} <= set(SHIPPED)
    for stem in SHIPPED:
        path = WEIGHTS_DIR / f"{stem}.npz"
        assert path.stat().st_size < 4_000_000, f"{stem}: {path.stat().st_size} bytes"
        game, players = stem.rsplit("-", 1)
        check(load(path), _state(game, int(players.removesuffix("p"))))


def test_a_short_match_with_the_shipped_weights() -> None:
    """Sorry! at 2 players: expert (shipped weights, a small fixed budget) against hard; no warning (the
    weights fit), a finished match, and the same match again from the same seed."""
    results = []
    for _ in range(2):
        state = veillee.new_game("sorry", 2, 31)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            outcome = play_match(
                state, [make_bot("expert", "sorry", iterations=40), make_bot("hard", "sorry", iterations=40)], seed=31
            )
        assert state.is_over
        results.append((outcome.result.scores, [str(a) for a in state.history]))
    assert results[0] == results[1]


def _with(network: Network, **changes: object) -> Network:
    return replace(network, meta={**network.meta, **changes})


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"rules_version": "0"}, "rules_version '0'"),
        ({"layout_hash": "0123456789abcdef"}, "layout_hash"),
        ({"obs_size": 7}, "obs_size 7"),
        ({"players": 3}, "players 3"),
    ],
)
def test_weights_that_do_not_fit_are_refused_and_expert_plays_hard(change: dict[str, object], named: str) -> None:
    state = _state("soon")
    wrong = _with(untrained(state), **change)
    with pytest.raises(WeightsMismatch, match=named):
        check(wrong, state)
    seat = state.to_act
    assert seat is not None
    decision = decision_for(state, seat, random.Random(3))
    expert = ExpertBot("soon", iterations=60, seconds=None, network=wrong)
    with pytest.warns(UserWarning, match=f"do not fit.*{named}.*expert plays as hard"):
        chosen = expert.act(decision, random.Random(9))
    assert chosen == ISMCTSBot("soon", iterations=60, seconds=None).act(decision, random.Random(9))


def test_no_weights_for_a_player_count_means_hard_with_a_warning() -> None:
    state = _state("soon", players=5)
    decision = decision_for(state, state.to_act or 0, random.Random(1))
    with pytest.warns(UserWarning, match="no expert weights for soon at 5 players"):
        chosen = ExpertBot("soon", iterations=20, seconds=None).act(decision, random.Random(2))
    assert chosen == ISMCTSBot("soon", iterations=20, seconds=None).act(decision, random.Random(2))


def test_a_file_that_is_not_weights_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    np.savez(bad, w1=np.zeros(3))
    with pytest.raises(WeightsMismatch, match="not an expert weights file"):
        load(bad)
    good = tmp_path / "good.npz"
    network = untrained(_state("skyjo"))
    write(_with(network, format=99), good)
    with pytest.raises(WeightsMismatch, match="format 99"):
        load(good)


def test_the_network_focuses_the_search_and_the_numpy_file_round_trips(tmp_path: Path) -> None:
    state = _state("skyjo")
    network = untrained(state, hidden=8, seed=5)
    write(network, tmp_path / "w.npz")
    again = load(tmp_path / "w.npz")
    x = np.ones((1, network.arrays["w1"].shape[0]), dtype=np.float32)
    for a, b in zip(network.forward(x), again.forward(x), strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-6)
    decision = decision_for(state, state.to_act or 0, random.Random(2))
    bot = ExpertBot("skyjo", iterations=30, seconds=None, network=again, width=2, keep_root=True)
    assert bot.act(decision, random.Random(1)) in decision.legal
    assert bot.last_root is not None and len(bot.last_root.children) <= 3 < len(decision.legal)


def test_batched_leaves_equal_one_leaf_at_a_time() -> None:
    """``leaf_values`` (one network pass for many leaves) gives each leaf the values ``leaf_evaluator``
    gives it alone."""
    from veillee.expert.bot import leaf_evaluator, leaf_values

    state = _state("sorry")
    network = untrained(state, hidden=8, seed=3)
    seat = state.to_act or 0
    rng = random.Random(4)
    leaves = []
    world = state.determinize(seat, rng)
    for _ in range(5):
        world = world.clone()
        for _ in range(3):
            if not world.is_over:
                world.apply(rng.choice(world.legal_actions()))
        leaves.append(world)
    many = leaf_values(network, state, seat, 0.5)
    assert many is not None and leaf_values(network, state, seat, 0.0) is None
    one = leaf_evaluator(network, state, seat, 0.5)
    assert [list(values) for values in many(leaves)] == [one(leaf) for leaf in leaves]


def test_expert_races_the_moves_hard_compares() -> None:
    """Soupçons' search compares one claim per offered card (the game's ``candidates``): ``expert`` races
    those too, not every card-and-claim pair (it raced all 21 before, which cost it worlds)."""
    from veillee.bots.heuristics import candidates_for, policy_for
    from veillee.games.soupcons import Phase

    state = veillee.new_game("soupcons", 3, 9, **unattended("soupcons", {}))
    rng = random.Random(9)
    while not (state.phase is Phase.OFFER and len(state.legal_actions()) > 3):  # type: ignore[attr-defined]
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act
    assert seat is not None
    decision = decision_for(state, seat, random.Random(1))
    network = untrained(state, hidden=8, seed=2)
    bot = ExpertBot("soupcons", iterations=20, seconds=None, network=network, mix=0.5, keep_root=True)
    bot.act(decision, random.Random(3))
    candidates = candidates_for("soupcons")
    assert candidates is not None
    usual = policy_for("soupcons")(decision, random.Random(3))
    expected = set(candidates(decision.seat_view, decision.legal)) | {usual}
    assert bot.last_root is not None and set(bot.last_root.children) == expected
    assert len(expected) < len(decision.legal)


def test_the_network_runs_on_one_blas_thread_during_a_move() -> None:
    """A threaded BLAS spins on a shared machine and bills the move's CPU budget: ``expert`` holds numpy's BLAS
    to one thread while it plays, and gives the process its threads back afterwards."""
    from threadpoolctl import threadpool_info

    def blas_threads() -> list[int]:
        return [int(pool["num_threads"]) for pool in threadpool_info() if pool["user_api"] == "blas"]

    state = _state("sorry")
    network = untrained(state, hidden=8, seed=3)
    seen: list[list[int]] = []
    value = network.value

    class Watched(Network):
        def value(self, x: np.ndarray) -> np.ndarray:
            seen.append(blas_threads())
            return value(x)

    watched = Watched(network.arrays, network.meta)
    before = blas_threads()
    decision = decision_for(state, state.to_act or 0, random.Random(2))
    ExpertBot("sorry", iterations=30, seconds=None, network=watched, mix=0.5).act(decision, random.Random(1))
    assert seen and all(threads == [1] * len(threads) for threads in seen)
    assert blas_threads() == before
