"""Tensor observations: fixed length per game, players and options; in [-1, 1]; built only from what the
seat may know (states that differ only in cards hidden from the seat give the same vector)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import veillee  # noqa: E402
from rl.rl_helpers import CASES, SHORT, SMALL, random_states  # noqa: E402
from veillee.rl import observation_size, observe  # noqa: E402
from veillee.rl.encoders import ENCODERS, encoder_for  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_vector_has_the_declared_length_and_lies_in_the_box(game: str, players: int) -> None:
    size = observation_size(game, players=players, **SHORT[game])
    for state in random_states(game, players, seed=players):
        for seat in range(players):
            vector = observe(state, seat)
            assert vector.dtype == np.float32 and vector.shape == (size,)
            assert np.isfinite(vector).all()
            assert vector.min() >= -1.0 and vector.max() <= 1.0


@pytest.mark.parametrize(("game", "players"), CASES)
def test_cards_hidden_from_the_seat_do_not_change_its_vector(game: str, players: int) -> None:
    rng = random.Random(11)
    resampled = 0
    for state in random_states(game, players, seed=100 + players, every=5):
        if state.is_over:
            continue
        for seat in range(players):
            world = state.determinize(seat, rng)
            if world.zones() != state.zones():
                resampled += 1  # the world really holds other hidden cards
            assert np.array_equal(observe(state, seat), observe(world, seat)), (game, players, seat)
    assert resampled > 0, "determinize never changed a hidden card: the test would prove nothing"


@pytest.mark.parametrize(("game", "players"), SMALL)
def test_the_vector_changes_with_what_the_seat_sees(game: str, players: int) -> None:
    states = list(random_states(game, players, seed=3, every=1, limit=40))
    vectors = {observe(state, 0).tobytes() for state in states}
    assert len(vectors) > len(states) // 4
    first = states[0]
    if players > 1:
        assert not np.array_equal(observe(first, 0), observe(first, 1))


def test_observe_refuses_a_seat_that_is_not_at_the_table() -> None:
    state = veillee.new_game("sorry", 2, 1)
    for seat in (-1, 2, None, "0", True):
        with pytest.raises(ValueError, match="seat must be"):
            observe(state, seat)  # type: ignore[arg-type]


def test_observation_size_validates_the_options_like_new_game() -> None:
    with pytest.raises(veillee.InvalidOption):
        observation_size("soon", players=2, length="forever")
    with pytest.raises(veillee.InvalidOption):
        observation_size("soon", players=9)


@pytest.mark.parametrize("game", sorted(ENCODERS))
def test_layout_blocks_tile_the_vector_and_are_documented(game: str) -> None:
    players = veillee.game_info(game).min_players
    state = veillee.new_game(game, players, 0)
    encoder = encoder_for(game, players, state.options)
    offset = 0
    for block in encoder.layout.blocks:
        assert block.offset == offset
        offset += block.size
    assert offset == encoder.size == observation_size(game, players=players)
    assert encoder.layout.markdown() in DOCS.read_text(encoding="utf-8"), f"docs/rl.md: regenerate {game}'s table"
