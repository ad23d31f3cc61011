"""Hidden information (ruling 42): views, redacted events and determinization never leak a hidden card."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import veillee
from games.skyjo.skyjo_helpers import PLAIN, SEED, deck, hand_over, new, play, setup
from veillee.games.skyjo import ActionCard, SkyjoState

A = ActionCard


def _random_state(players: int, seed: int, steps: int, **options: object) -> SkyjoState:
    state = veillee.new_game("skyjo", players, seed, **options)
    assert isinstance(state, SkyjoState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _permute_hidden(state: SkyjoState, seat: int, rng: random.Random) -> SkyjoState:
    """Shuffle every card hidden from ``seat``: the pile, and the face-down grid cards it does not know."""
    twin = state.clone()
    bit = 1 << seat
    slots = [
        (p, s)
        for p in range(twin.num_players)
        for s in range(12)
        if twin.grid[p][s] is not None and not twin.up[p][s] and not twin.knowers[p][s] & bit
    ]
    private = bool(twin.three) and twin.turn != seat
    pool = [twin.grid[p][s] for p, s in slots] + list(twin.pile) + (list(twin.three) if private else [])
    rng.shuffle(pool)
    for p, s in slots:
        twin.grid[p][s] = pool.pop()
    if private:
        twin.three = [pool.pop() for _ in twin.three]  # type: ignore[misc]
    twin.pile = pool  # type: ignore[assignment]
    rng.shuffle(twin.action_pile)
    return twin


@settings(max_examples=40)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**40), steps=st.integers(0, 400), salt=st.integers(0, 99))
def test_ruling_42_no_leak_when_hidden_cards_are_permuted(players: int, seed: int, steps: int, salt: int) -> None:
    state = _random_state(players, seed, steps)
    rng = random.Random(salt)
    for seat in range(players):
        twin = _permute_hidden(state, seat, rng)
        assert twin.view(seat) == state.view(seat)
        assert twin.events(seat) == state.events(seat)
        assert twin.legal_actions() == state.legal_actions() or twin.to_act != seat


def test_ruling_42_private_events_are_redacted() -> None:
    s = new(2, deck(PLAIN, ["0", *PLAIN[1:]], pile=["5", "7", "9"]))
    setup(s)
    hand_over(s, 0, A.DRAW_THREE)
    hand_over(s, 0, A.REVELATION)
    play(s, "play draw-three")
    mine = s.events(0)[-1]
    theirs = s.events(1)[-1]
    assert mine["cards"] == ["5", "7", "9"] and "cards" not in theirs and theirs["count"] == 3
    assert "cards" not in s.events(None)[-1]
    play(s, "keep none", "put 5", "put 7", "reveal r3c3", "take", "swap r2c2", "play revelation", "look 1 row1")
    look = next(e for e in s.events(0) if e["type"] == "look")
    assert set(look["cards"]) == {"r1c3", "r1c4"} and look["cards"]["r1c3"] == "3"
    other = next(e for e in s.events(1) if e["type"] == "look")
    assert "cards" not in other


@pytest.mark.parametrize("players", [2, 5, 8])
def test_views_are_json_and_hold_no_seed(players: int) -> None:
    state = _random_state(players, SEED, 150)
    for seat in [None, *range(players)]:
        text = json.dumps(state.view(seat))
        assert str(SEED) not in text
        assert json.loads(text) == state.view(seat)


def test_determinize_keeps_known_cards_and_a_public_pile_set() -> None:
    s = new(2, deck(PLAIN, PLAIN))
    setup(s)
    hand_over(s, 0, A.REVELATION)
    play(s, "play revelation", "look 1 row3")
    rng = random.Random(3)
    for _ in range(5):
        world = s.determinize(0, rng)
        assert world.grid[1][8:12] == s.grid[1][8:12]
        assert world.view(0) == s.view(0) and world.seed != s.seed
    s.discard = [*s.pile[:-1], *s.discard]
    s.pile = s.pile[-1:]
    play(s, "take", "swap r1c1", "draw")
    assert s.pile_public
    world = s.determinize(0, random.Random(9))
    assert sorted(world.pile) == sorted(s.pile)


def test_bad_options_are_refused_with_clear_messages() -> None:
    for options in (
        {"rules": "modern"},
        {"double_turn_extra": 3},
        {"target": 0},
        {"first_game": "yes"},
        {"rules": "classic", "stars": 10},
        {"first_player": "youngest"},
    ):
        with pytest.raises(veillee.InvalidOption):
            veillee.new_game("skyjo", 2, 1, **options)
    with pytest.raises(veillee.InvalidOption):
        veillee.new_game("skyjo", 2, 1, deck=["13"])
    with pytest.raises(veillee.InvalidOption):
        veillee.new_game("skyjo", 2, 1, deck=["defense"], rules="classic")


def test_illegal_action_explains_without_changing_anything() -> None:
    s = new(2, deck(PLAIN, PLAIN))
    setup(s)
    hand_over(s, 0, A.STEAL, playable=False)
    before = json.dumps(s.view(None))
    with pytest.raises(veillee.IllegalAction, match="next turn"):
        play(s, "play steal")
    with pytest.raises(veillee.IllegalAction, match="take"):
        play(s, "swap r1c1")
    assert json.dumps(s.view(None)) == before
