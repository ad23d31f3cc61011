"""Sorry! Revenge hidden information (Rulings 22, 27, 29): views, redacted events, errors and determinize."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

import veillee
from games.sorry.sorry_helpers import FILLER, SEED, legal, play, set_progress, stacked_game
from veillee.games.sorry import Card, Phase, SorryState
from veillee.games.sorry.cards import IS_NUMBER

NO_EFFECT = (Card.PLAY_2, Card.STEAL, Card.DONT, Card.SORRY)


def _random_state(seed: int, steps: int, players: int, **options: object) -> SorryState:
    state = veillee.new_game("sorry", players, 10**12 + seed, **options)
    assert isinstance(state, SorryState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@given(seed=st.integers(0, 2**40), steps=st.integers(0, 300), players=st.integers(2, 4), viewer=st.integers(0, 3))
def test_ruling29_permuting_hidden_cards_never_changes_a_view_or_an_event(
    seed: int, steps: int, players: int, viewer: int
) -> None:
    """Shuffle the cards hidden from ``viewer`` (other hands and the draw pile) between their places: the
    viewer's view must not change, and its redacted events never hold a card it may not see."""
    state = _random_state(seed, steps, players)
    seat = viewer % players
    before = state.view(seat)
    twin = state.clone()
    hidden = list(twin.draw)
    for other in range(players):
        if other != seat:
            hidden.extend(twin.hands[other])
    random.Random(seed + 1).shuffle(hidden)
    for other in range(players):
        if other != seat:
            size = len(twin.hands[other])
            twin.hands[other] = [hidden.pop() for _ in range(size)]
    twin.draw = hidden
    assert twin.view(seat) == before
    assert str(state.seed) not in json.dumps(before)
    for event in state.events(seat):
        if event["type"] == "draw" and event["seat"] != seat:
            assert "cards" not in event, event
        if event["type"] == "deal":
            assert event["hand"] == [str(card) for card in state.raw_events()[0].hands[seat]]
    for event in state.events(None):
        assert "hand" not in event and (event["type"] != "draw" or "cards" not in event)


def test_a_view_shows_only_your_own_hand_and_no_draw_pile() -> None:
    state = stacked_game([["SORRY", "10", "1", "2", "3"], ["STEAL", "DONT", "7", "7", "6"]], ["SLIDE20", "TAKE2"])
    for seat, secret in ((0, "STEAL"), (1, "SORRY")):
        view = state.view(seat)
        assert sorted(view["hand"]) == sorted(str(card) for card in state.hands[seat])
        assert f'"{secret}"' not in json.dumps(view)
        assert '"SLIDE20"' not in json.dumps(view)  # the draw pile stays hidden
    assert state.view(None)["hand"] is None


def test_drawn_cards_are_told_only_to_the_one_who_drew() -> None:
    state = stacked_game([["10", "7", "1", "2", "3"], ["4", "6", "0", "0", "1"]], ["SLIDE20", "TAKE2"])
    play(state, "play 10")
    assert state.events(0)[-1] == {"type": "draw", "seat": 0, "count": 1, "cards": ["SLIDE20"]}
    assert state.events(1)[-1] == {"type": "draw", "seat": 0, "count": 1}
    assert "hand" not in state.events(None)[0]
    assert state.events(1)[0]["hand"] == ["4", "6", "0", "0", "1"]


def test_errors_name_no_hidden_card() -> None:
    state = stacked_game([["10", "7", "1", "2", "3"], ["STEAL", "DONT", "SORRY", "0", "1"]])
    for action in state.codec.actions:
        if action in state.legal_actions():
            continue
        try:
            state.apply(action)
        except veillee.IllegalAction as exc:
            text = str(exc)
            for secret in ("STEAL", "DONT", "SORRY"):
                assert secret not in text or secret.lower() in str(action).lower(), (action, text)
    play(state, "play 10", "play 1", "play 7", "play 0", "play 3", "pass")  # a 21; seat 1 lets it go
    assert state.progress == [1, 0]


def test_ruling27_a_dead_card_is_public_knowledge_that_determinize_keeps() -> None:
    state = stacked_game([["STEAL", "STEAL", "DONT", "PLAY2", "SORRY"], ["10", "7", "1", "2", "3"]], ["STEAL", *FILLER])
    play(state, "dead PLAY2")
    assert state.inert == [4, 0] and state.inert_sorry == [True, False]
    rng = random.Random(3)
    for _ in range(40):
        world = state.determinize(1, rng)
        assert sum(1 for card in world.hands[0] if card in NO_EFFECT) >= 4
        assert world.view(1) == state.view(1)
    play(state, "play 10", "dead STEAL")  # still nothing with an effect: the STEAL goes, the count is reset
    assert state.inert[0] == 4


def test_ruling27_playing_a_no_effect_card_lowers_the_known_count() -> None:
    state = stacked_game([["STEAL", "STEAL", "DONT", "PLAY2", "SORRY"], ["10", "7", "1", "2", "3"]], ["5"] * 9)
    play(state, "dead PLAY2", "play 10", "play 5")  # seat 0 drew a 5 and must play it
    assert state.inert[0] == 4
    set_progress(state, 0, 1)
    state._legal_cache = None
    play(state, "play 7", "sorry 1")
    assert state.inert[0] == 3  # SORRY counted among the cards without effect


def test_determinize_keeps_the_number_cards_of_a_play2_in_progress() -> None:
    state = stacked_game([["PLAY2", "3", "4", "STEAL", "DONT"], ["10", "7", "1", "2", "3"]])
    play(state, "play PLAY2")
    rng = random.Random(9)
    for _ in range(40):
        world = state.determinize(1, rng)
        assert sum(1 for card in world.hands[0] if IS_NUMBER[card]) >= 2
        assert world.legal_actions() and world.to_act == 0
    play(state, "play 3")
    for _ in range(20):
        world = state.determinize(1, rng)
        assert any(IS_NUMBER[card] for card in world.hands[0])


def test_determinize_resamples_and_draws_a_new_seed() -> None:
    state = veillee.new_game("sorry", 3, SEED)
    rng = random.Random(1)
    worlds = [state.determinize(0, rng) for _ in range(20)]
    assert len({tuple(sorted(world.hands[1])) for world in worlds}) > 1
    assert all(world.seed != state.seed for world in worlds)
    assert all(world.hands[0] == state.hands[0] and world.view(0) == state.view(0) for world in worlds)


@given(seed=st.integers(0, 2**40), steps=st.integers(0, 300), players=st.integers(2, 4), viewer=st.integers(0, 3))
def test_a_determinized_world_plays_on_to_the_end(seed: int, steps: int, players: int, viewer: int) -> None:
    """Searching bots play determinized worlds to the end: every seat must always have a legal action."""
    state = _random_state(seed, steps, players, long_game=seed % 2 == 1)
    if state.is_over:
        return
    rng = random.Random(seed)
    world = state.determinize(viewer % players, rng)
    for _ in range(20_000):
        if world.is_over:
            break
        world.apply(rng.choice(world.legal_actions()))
    assert world.is_over


def test_ruling22_windows_are_decisions_with_pass_always_legal() -> None:
    state = stacked_game([["SLIDE21", "1", "2", "3", "0"], ["STEAL", "1", "2", "7", "7"]])
    play(state, "play SLIDE21")
    assert state.view(1)["steal"] == {"scorer": 0, "stealer": None, "still_to_ask": []}
    assert legal(state) == {"steal", "pass"} and state.phase is Phase.STEAL
