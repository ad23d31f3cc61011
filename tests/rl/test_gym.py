"""The Gymnasium environment: Gymnasium's checker, vector environments, action masks, opponents, bad input."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import veillee  # noqa: E402
from rl.rl_helpers import CASES, SHORT, SMALL  # noqa: E402
from veillee.rl import gym_env, observation_size  # noqa: E402


@pytest.mark.parametrize(("game", "players"), CASES)
def test_gymnasium_check_env(game: str, players: int) -> None:
    # check_env steps an action it sampled *before* resetting into another match; with state-dependent legal
    # actions that action may be illegal there, so the checked environment forfeits instead of raising.
    check_env(gym_env(game, players, opponents="random", illegal="lose", **SHORT[game]), skip_render_check=True)


@pytest.mark.parametrize(("game", "players"), SMALL)
def test_action_space_samples_are_legal_and_a_match_plays_to_its_end(game: str, players: int) -> None:
    env = gym_env(game, players, seat=players - 1, opponents="random", **SHORT[game])
    obs, _ = env.reset(seed=3)
    assert obs.shape == (observation_size(game, players, **SHORT[game]),)
    env.action_space.seed(3)
    for _ in range(100_000):
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and mask.any()
        action = env.action_space.sample()
        assert mask[action]
        obs, reward, terminated, _truncated, _ = env.step(action)
        assert env.observation_space.contains(obs)
        if terminated:
            break
    assert env.match.is_over
    assert reward == env.match.result().returns[players - 1]
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_vector_environments_sync_and_async() -> None:
    def make() -> gymnasium.Env:
        return gym_env("sorry", 2, opponents="random")

    for vector in (gymnasium.vector.SyncVectorEnv([make] * 2), gymnasium.vector.AsyncVectorEnv([make] * 2)):
        try:
            obs, _ = vector.reset(seed=4)
            assert obs.shape == (2, observation_size("sorry", 2))
            for _ in range(120):
                masks = np.stack(vector.call("action_masks"))
                # A sub-environment whose match just ended has no legal action: the vector environment resets
                # it on this step and ignores the action (Gymnasium's next-step autoreset).
                actions = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in masks])
                obs, rewards, _terminated, _truncated, _ = vector.step(actions)
                assert obs.shape[0] == 2 and rewards.shape == (2,)
        finally:
            vector.close()


def test_a_wrong_action_raises_and_changes_nothing() -> None:
    env = gym_env("soupcons", 4, opponents="random", **SHORT["soupcons"])
    env.reset(seed=2)
    record = env.match.record()
    masked = int(np.flatnonzero(~env.action_masks())[0])
    for bad in (masked, env.action_space.n, -1, 0.5, "1", None, True):
        with pytest.raises(veillee.VeilleeError):
            env.step(bad)
        assert env.match.record() == record


def test_illegal_lose_forfeits_the_match() -> None:
    env = gym_env("sorry", 2, opponents="random", illegal="lose")
    env.reset(seed=2)
    masked = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(masked)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"illegal_action": True})
    with pytest.raises(RuntimeError):
        env.step(int(np.flatnonzero(env.action_masks())[0]) if env.action_masks().any() else 0)


def test_reset_with_a_seed_is_reproducible() -> None:
    env = gym_env("skyjo", 3, opponents=["normal", "random"], **SHORT["skyjo"])
    first, _ = env.reset(seed=9)
    again, _ = env.reset(seed=9)
    assert np.array_equal(first, again)
    actions = [int(np.flatnonzero(env.action_masks())[0]) for _ in range(1)]
    a = env.step(actions[0])[0]
    env.reset(seed=9)
    assert np.array_equal(a, env.step(actions[0])[0])


def test_opponents_by_level_list_or_agent() -> None:
    from veillee.bots import RandomBot

    env = gym_env("sorry", 3, seat=1, opponents=["easy", None, RandomBot()])
    assert env.agents[1] is None and env.agents[0].name == "easy" and env.agents[2].name == "random"
    env = gym_env("sorry", 3, seat=2, opponents=["normal", "random"])
    assert [a.name if a else None for a in env.agents] == ["normal", "random", None]
    for bad in (["normal"], ["grandmaster", "random"], ["normal", "normal", "normal"], 5):
        with pytest.raises(ValueError):
            gym_env("sorry", 3, opponents=bad)
    with pytest.raises(ValueError, match="seat"):
        gym_env("sorry", 2, seat=2)
    with pytest.raises(ValueError, match="illegal"):
        gym_env("sorry", 2, illegal="ignore")


def test_render_ansi_shows_the_learners_screen() -> None:
    env = gym_env("sorry", 2, render_mode="ansi", opponents="random")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "Your hand" in text


@pytest.mark.parametrize(
    ("game", "options"), [("skyjo", {"target": 10}), ("sorry", {}), ("soon", {"length": "express"})]
)
def test_margin_shaping_pays_the_score_margin_in_the_games_direction(game: str, options: dict[str, object]) -> None:
    for seed in range(3):
        env = gym_env(game, 2, opponents="random", reward="margin", margin_scale=1000, **options)
        env.reset(seed=seed)
        env.action_space.seed(seed)
        while True:
            _, reward, terminated, _, info = env.step(env.action_space.sample())
            if terminated:
                break
        result = env.match.result()
        own, other = result.scores
        lower_wins = game == "skyjo"
        expected = ((other - own) if lower_wins else (own - other)) / 1000
        assert reward == pytest.approx(expected)
        assert info["return"] == result.returns[0]
        assert (reward > 0) == (result.ranks[0] < result.ranks[1]) or own == other
    with pytest.raises(ValueError, match="reward"):
        gym_env("sorry", 2, reward="score")
    with pytest.raises(ValueError, match="margin_scale"):
        gym_env("sorry", 2, reward="margin", margin_scale=0)
