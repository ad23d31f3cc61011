"""The PettingZoo AEC environment: PettingZoo's own API and seed tests for every game and player count,
rewards, rendering, bad input and the dead-step convention."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pettingzoo_test = pytest.importorskip("pettingzoo.test")

import veillee  # noqa: E402
from rl.rl_helpers import CASES, SHORT, SMALL  # noqa: E402
from veillee.rl import env, observation_size  # noqa: E402


def _legal(e: object) -> int:
    mask = e.observe(e.agent_selection)["action_mask"]  # type: ignore[attr-defined]
    return int(np.flatnonzero(mask)[0])


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")  # masked envs observe a dict, as classic's
@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_api_test(game: str, players: int) -> None:
    pettingzoo_test.api_test(env(game, players, **SHORT[game]), num_cycles=25)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_seed_test(game: str, players: int) -> None:
    pettingzoo_test.seed_test(lambda: env(game, players, **SHORT[game]), num_cycles=25)


@pytest.mark.parametrize(("game", "players"), SMALL)
def test_a_whole_match_ends_with_the_results_returns_and_dead_steps(game: str, players: int) -> None:
    e = env(game, players, **SHORT[game])
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    assert e.observation_space("player_0")["observation"].shape == (observation_size(game, players, **SHORT[game]),)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(100_000):
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            assert not obs["action_mask"].any()
            e.step(None)
            continue
        assert agent == f"player_{e.match.to_act}"
        others = [a for a in e.agents if a != agent]
        assert all(not e.observe(a)["action_mask"].any() for a in others)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.agents == []
    assert tuple(totals[a] for a in e.possible_agents) == e.match.result().returns


def test_reset_with_a_seed_is_reproducible_and_seeds_differ() -> None:
    e = env("soon", 3, **SHORT["soon"])
    e.reset(seed=7)
    first = e.match.record()
    e.reset(seed=7)
    assert e.match.record() == first
    e.reset(seed=8)
    assert e.match.seed != first["seed"]
    e.reset()
    assert e.match.seed != first["seed"]  # the stream goes on


@pytest.mark.parametrize("bad", [10_000, -1, 1.0, "3", None, True, np.float32(2.0), [0]])
def test_a_wrong_action_raises_and_changes_nothing(bad: object) -> None:
    e = env("sorry", 2)
    e.reset(seed=1)
    before = (e.match.record(), e.agent_selection, dict(e.rewards), e.observe(e.agent_selection)["observation"])
    with pytest.raises(veillee.VeilleeError):
        e.step(bad)  # type: ignore[arg-type]
    after = (e.match.record(), e.agent_selection, dict(e.rewards), e.observe(e.agent_selection)["observation"])
    assert before[:3] == after[:3] and np.array_equal(before[3], after[3])


def test_a_masked_out_action_raises_with_the_games_reason_and_changes_nothing() -> None:
    e = env("sorry", 2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    masked = int(np.flatnonzero(mask == 0)[0])
    record = e.match.record()
    with pytest.raises(veillee.IllegalAction, match=f"action {masked} .* is not legal now"):
        e.step(masked)
    assert e.match.record() == record
    e.step(np.int64(_legal(e)))  # numpy integers are accepted
    assert len(e.match.history) == 1


def test_render_ansi_shows_the_seat_to_act_and_none_without_a_mode() -> None:
    e = env("sorry", 2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "Your hand" in text
    quiet = env("sorry", 2)
    quiet.reset(seed=1)
    assert quiet.render() is None
    with pytest.raises(ValueError, match="render_mode"):
        env("sorry", 2, render_mode="human")


def test_max_steps_truncates_every_agent() -> None:
    e = env("soon", 2, max_steps=3, **SHORT["soon"])
    e.reset(seed=2)
    for _ in range(3):
        e.step(_legal(e))
    assert all(e.truncations.values()) and not any(e.terminations.values())


def test_bad_construction_is_refused() -> None:
    with pytest.raises(veillee.UnknownGame):
        env("chess")
    with pytest.raises(veillee.InvalidOption):
        env("soon", 2, length="forever")
    with pytest.raises(ValueError, match="max_steps"):
        env("soon", 2, max_steps=0)


def test_environments_play_with_the_unattended_defaults_unless_told_otherwise() -> None:
    from veillee.rl import gym_env

    e = env("soupcons", 3)
    e.reset(seed=1)
    assert e.match.options["round_cap"] == 20  # Soupçons' declared default for unattended play
    e = env("soupcons", 3, round_cap=4)
    e.reset(seed=1)
    assert e.match.options["round_cap"] == 4
    g = gym_env("soupcons", 3, opponents="random")
    g.reset(seed=1)
    assert g.match.options["round_cap"] == 20
