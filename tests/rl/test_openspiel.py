"""The OpenSpiel games: registration, OpenSpiel's random simulation test, observers, its algorithms (the
uniform random bot, IS-MCTS resampling hidden cards), serialization and parameters."""

from __future__ import annotations

import json

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import evaluate_bots  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

import veillee  # noqa: E402
from rl.rl_helpers import SHORT, SMALL  # noqa: E402
from veillee.rl import observe, openspiel  # noqa: E402

openspiel.register()
openspiel.register()  # idempotent


def _load(game: str, players: int) -> object:
    return pyspiel.load_game(f"veillee_{game}", {"players": players, **SHORT[game]})


@pytest.mark.parametrize(("game", "players"), SMALL)
def test_random_sim_test(game: str, players: int) -> None:
    pyspiel.random_sim_test(_load(game, players), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize(("game", "players"), SMALL)
def test_evaluate_bots_with_openspiels_uniform_random_bot(game: str, players: int) -> None:
    spiel = _load(game, players)
    bots = [uniform_random.UniformRandomBot(p, np.random.RandomState(p)) for p in range(players)]
    returns = evaluate_bots.evaluate_bots(spiel.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == players and set(returns) <= {0.0, 1.0}


@pytest.mark.parametrize(("game", "players"), [("sorry", 2), ("soupcons", 3)])
def test_openspiels_ismcts_resamples_hidden_cards_and_plays(game: str, players: int) -> None:
    spiel = _load(game, players)
    search = openspiel.ismcts_bot(spiel, simulations=15, seed=1)
    bots = [search] + [uniform_random.UniformRandomBot(p, np.random.RandomState(p)) for p in range(1, players)]
    returns = evaluate_bots.evaluate_bots(spiel.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == players


@pytest.mark.parametrize(("game", "players"), SMALL)
def test_resampled_worlds_keep_the_information_state_and_differ_in_hidden_cards(game: str, players: int) -> None:
    spiel = _load(game, players)
    state = spiel.new_initial_state()
    rng = np.random.RandomState(3)
    changed = 0
    for _ in range(30):
        if state.is_terminal():
            break
        player = state.current_player()
        world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        changed += world.match.zones() != state.match.zones()
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert changed > 0


def test_observer_tensors_are_our_observations_with_named_blocks() -> None:
    spiel = _load("sorry", 3)
    state = spiel.new_initial_state()
    for p in range(3):
        assert np.array_equal(np.array(state.observation_tensor(p), np.float32), observe(state.match, p))
        assert json.loads(state.observation_string(p)) == state.match.view(p)
    from open_spiel.python.observation import make_observation

    observation = make_observation(spiel)
    observation.set_from(state, 1)
    assert observation.dict["hand"].shape == (19,)
    assert np.array_equal(observation.tensor, observe(state.match, 1))


def test_clone_and_serialization_round_trip_and_new_states_are_reproducible() -> None:
    spiel = _load("soon", 2)
    state = spiel.new_initial_state()
    for _ in range(12):
        state.apply_action(state.legal_actions()[-1])
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert len(state.history()) == 12 and len(twin.history()) == 13
    copy = spiel.deserialize_state(state.serialize())
    assert str(copy) == str(state) and copy.history() == state.history()
    seeds = [_load("soon", 2).new_initial_state().match.seed for _ in range(2)]
    assert seeds[0] == seeds[1]  # same rng_seed, same first match
    again = _load("soon", 2)
    assert again.new_initial_state().match.seed != again.new_initial_state().match.seed
    other = pyspiel.load_game("veillee_soon", {"players": 2, "rng_seed": 5})
    assert other.new_initial_state().match.seed != seeds[0]


def test_parameters_left_at_their_default_let_the_game_derive_them() -> None:
    express = pyspiel.load_game("veillee_soon", {"players": 3, "length": "express"})
    assert express.new_initial_state().match.options["target"] is None
    assert pyspiel.load_game("veillee_soon").new_initial_state().match.options["target"] == 40
    capped = pyspiel.load_game("veillee_soupcons", {"players": 4})
    assert capped.new_initial_state().match.options["round_cap"] == 20  # the unattended default
    assert express.num_players() == 3
    assert express.num_distinct_actions() == veillee.new_game("soon", 3, 0).num_distinct_actions
    with pytest.raises(veillee.InvalidOption):
        pyspiel.load_game("veillee_soon", {"players": 3, "length": "forever"})


def test_max_game_length_truncates_as_a_draw() -> None:
    spiel = pyspiel.load_game("veillee_soon", {"players": 2, "max_game_length": 5})
    state = spiel.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 5 and state.returns() == [0.0, 0.0]
