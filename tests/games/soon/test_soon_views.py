"""SOON hidden information (Ruling 30): views, redacted events and determinize never reveal a hidden card."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

import veillee
from games.soon.soon_helpers import SEED, play, stacked_game
from veillee.games.soon import Card, Phase, SoonState
from veillee.games.soon.events import Deal


def _random_state(seed: int, steps: int, players: int) -> SoonState:
    state = veillee.new_game("soon", players, 10**12 + seed)
    assert isinstance(state, SoonState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@given(seed=st.integers(0, 2**40), steps=st.integers(0, 500), players=st.integers(2, 6), viewer=st.integers(0, 5))
def test_permuting_hidden_cards_never_changes_a_view_or_an_event(
    seed: int, steps: int, players: int, viewer: int
) -> None:
    """Swap cards between the pile and the hands hidden from ``viewer`` (keeping publicly known cards):
    the viewer's view and its redacted events for the current turn must not change."""
    state = _random_state(seed, steps, players)
    seat = viewer % players
    before_view = state.view(seat)
    start = state.event_count
    twin = state.clone()
    rng = random.Random(seed + 1)
    hidden = list(twin.pile)
    slots: list[tuple[int, int]] = []
    for other in range(players):
        if other == seat:
            continue
        free = list(twin.hands[other])
        for card in twin.known[other]:
            free.remove(card)
        hidden.extend(free)
        slots.extend((other, 0) for _ in free)
    rng.shuffle(hidden)
    for other in range(players):
        if other != seat:
            free = len(twin.hands[other]) - len(twin.known[other])
            twin.hands[other] = list(twin.known[other]) + [hidden.pop() for _ in range(free)]
    twin.pile = hidden
    if twin.phase is Phase.GIVE:
        return  # the asked player's matching card is public knowledge; covered by determinize tests
    assert twin.view(seat) == before_view
    assert str(state.seed) not in json.dumps(before_view)
    assert start == twin.event_count
    for event in state.events(seat):
        if event["type"] in ("draw", "redraw", "renew") and event["seat"] != seat:
            assert "card" not in event and "cards" not in event, event
        if event["type"] == "deal":
            assert event["hand"] == [str(c) for c in event_hand(state, seat, event["round"])]


def event_hand(state: SoonState, seat: int, round_no: int) -> list[Card]:
    """The hand ``seat`` was dealt in ``round_no``, from the raw log."""
    raw = next(e for e in state.raw_events() if isinstance(e, Deal) and e.round == round_no)
    return list(raw.hands[seat])


def test_a_view_shows_only_your_own_hand() -> None:
    state = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"], ["DJ", "NJ", "THIEF"]], "N7", ["EXPLORER"])
    for seat in range(3):
        view = state.view(seat)
        others = [card for other in range(3) if other != seat for card in map(str, state.hands[other])]
        assert sorted(view["hand"]) == sorted(map(str, state.hands[seat]))
        text = json.dumps({k: v for k, v in view.items() if k != "hand"})
        assert not any(f'"{card}"' in text for card in others if card != "N7")
    assert state.view(None)["hand"] is None
    assert "EXPLORER" not in json.dumps(state.view(None))  # the pile's top card stays hidden


def test_ruling_30_a_card_taken_from_the_discard_is_known_until_played() -> None:
    state = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"]], "N7", ["D4"])
    play(state, "take", "discard D3")
    assert state.view(1)["known_in_hand"] == [["N7"], []]
    play(state, "draw", "place N1", "draw")
    play(state, "discard N7")
    assert state.view(1)["known_in_hand"] == [[], []]


def test_drawn_cards_are_told_only_to_the_one_who_drew() -> None:
    state = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"]], "N7", ["THIEF"])
    play(state, "draw")
    assert state.events(0)[-1] == {"type": "draw", "seat": 0, "card": "THIEF"}
    assert state.events(1)[-1] == {"type": "draw", "seat": 0}
    assert state.events(None)[-1] == {"type": "draw", "seat": 0}
    assert state.events(0)[0]["hand"] == ["D1", "D2", "D3"]
    assert state.events(1)[0]["hand"] == ["N1", "N2", "N3"]
    assert "hand" not in state.events(None)[0]


def test_the_explorer_redraw_is_private_and_errors_name_no_hidden_card() -> None:
    state = stacked_game([["EXPLORER", "D5", "D6"], ["N1", "N5", "N6"]], "N7", ["D4", "THIEF"])
    play(state, "draw", "explore 1 1", "give N1")
    assert state.events(1)[-1] == {"type": "redraw", "seat": 1, "card": "THIEF"}
    assert state.events(0)[-1] == {"type": "redraw", "seat": 1}
    try:
        play(state, "draw", "place N8")
    except veillee.IllegalAction as exc:
        assert "N8" in str(exc)  # the card the player named, and nothing from other hands
        assert all(str(card) not in str(exc) for card in state.hands[0] if str(card) != "N8")


def test_determinize_keeps_known_cards_and_a_pending_yes() -> None:
    state = stacked_game([["EXPLORER", "D5", "D6"], ["N1", "D1", "N6"]], "N7", ["D4", "N8"])
    play(state, "draw")
    state_before_ask = state.clone()
    play(state, "explore 1 1")
    rng = random.Random(5)
    for _ in range(50):
        world = state.determinize(0, rng)
        assert any(card in (Card.DAY_1, Card.NIGHT_1) for card in world.hands[1])
        assert world.view(0) == state.view(0)
    taken = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"]], "N7", ["D4"])
    play(taken, "draw", "discard D3", "take")
    for _ in range(20):
        assert Card.DAY_3 in taken.determinize(0, rng).hands[1]
    worlds = {tuple(sorted(state_before_ask.determinize(0, rng).hands[1])) for _ in range(30)}
    assert len(worlds) > 1  # hidden cards really are resampled


def test_determinize_draws_a_new_seed() -> None:
    state = veillee.new_game("soon", 3, SEED)
    world = state.determinize(0, random.Random(1))
    assert world.seed != state.seed
