"""Soupçons declared once (issue 14): options with their ranges and labels, typed events and their
redaction, the typed view and its JSON form, statistics counted from the exchanges."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import veillee
from games.soupcons.soupcons_helpers import SEED, play, random_state, stacked_game
from veillee.core import View
from veillee.games.soupcons import OPTIONS, Card, SoupconsState, SoupconsView
from veillee.games.soupcons.cards import Side
from veillee.games.soupcons.events import EVENTS, Accept, Deal, Offer, Refuse

INFO = veillee.game_info("soupcons")


# -- options -----------------------------------------------------------------------------------------------
def test_ruling_13_round_cap_is_off_for_people_and_20_for_automated_play() -> None:
    assert OPTIONS["round_cap"].default is None
    assert INFO.option_set().automated_defaults() == {"round_cap": 20}
    assert veillee.new_game("soupcons", 4, SEED).options["round_cap"] is None
    rng = random.Random(4)
    for seed in range(30):
        state = veillee.new_game("soupcons", 3 + seed % 4, seed, **INFO.option_set().automated_defaults())
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        assert state.stats()["rounds"] <= 20


@pytest.mark.parametrize("cap", [0, 201, -1, True, "3", 2.5])
def test_ruling_13_round_cap_outside_its_range_is_refused(cap: object) -> None:
    with pytest.raises(veillee.InvalidOption, match="round_cap must be a whole number from 1 to 200"):
        veillee.new_game("soupcons", 3, SEED, round_cap=cap)


def test_ruling_13_round_cap_bounds_are_accepted() -> None:
    assert veillee.new_game("soupcons", 3, SEED, round_cap=200).options["round_cap"] == 200
    assert veillee.new_game("soupcons", 3, SEED, round_cap=1.0).options["round_cap"] == 1


def test_ruling_17_first_player_is_a_seat_or_none() -> None:
    with pytest.raises(veillee.InvalidOption, match="first_player must be a seat from 0 to 2"):
        veillee.new_game("soupcons", 3, SEED, first_player=3)
    with pytest.raises(veillee.InvalidOption, match="unknown soupcons option"):
        veillee.new_game("soupcons", 3, SEED, round_limit=3)


def test_every_option_is_labelled_in_french_and_english_and_served() -> None:
    served = {option["name"]: option for option in INFO.to_json()["options"]}
    assert list(served) == ["round_cap", "first_player"]
    for option in OPTIONS:
        assert option.label.keys() == {"fr", "en"} and all(option.label.values()), option.name
        assert option.help
    assert served["round_cap"]["automated"] == 20
    assert (served["round_cap"]["minimum"], served["round_cap"]["maximum"]) == (1, 200)
    assert "automated" not in served["first_player"]


def test_the_browser_constants_come_from_the_declaration() -> None:
    assert INFO.to_json()["constants"] == {"serpent": str(Card.SERPENT)} == {"serpent": "S"}


# -- events --------------------------------------------------------------------------------------------------
def test_ruling_19_an_offered_card_is_shown_to_its_giver_only() -> None:
    state = stacked_game((("1", "2", "3"), ("4", "5"), ("0", "S")))
    play(state, "choose 1", "offer 3 as S")
    offer = state.raw_events()[-1]
    assert isinstance(offer, Offer) and offer.card is Card.MASK_3
    seen = {seat: state.events(seat, state.event_count - 1)[0] for seat in (None, 0, 1, 2)}
    assert seen[0] == {"type": "offer", "seat": 0, "to": 1, "claim": "S", "number": 1, "card": "3"}
    for seat in (None, 1, 2):  # the receiver included: a refused card is never shown to them
        assert seen[seat] == {"type": "offer", "seat": 0, "to": 1, "claim": "S", "number": 1}


def test_ruling_19_an_accepted_card_is_shown_to_giver_and_receiver() -> None:
    state = stacked_game((("1", "2", "3"), ("4", "5"), ("0", "S")))
    play(state, "choose 2", "offer 3 as 3", "refuse", "offer 1 as 1", "accept")
    start = next(i for i, e in enumerate(state.raw_events()) if isinstance(e, Accept))
    accept = {seat: state.events(seat, start)[0] for seat in (None, 0, 1, 2)}
    public = {"type": "accept", "seat": 2, "from": 0, "forced": False}
    assert accept[0] == accept[2] == {**public, "card": "1"}
    assert accept[1] == accept[None] == public
    assert state.events(None, start - 2)[0] == {"type": "refuse", "seat": 2}


def test_r4_the_deal_shows_each_seat_its_own_sorted_hand() -> None:
    state = stacked_game((("S", "3", "1"), ("5", "4"), ("2", "0")), first=0)
    deal = state.raw_events()[0]
    assert isinstance(deal, Deal) and deal.hand_sizes == (3, 2, 2)
    assert state.events(0)[0]["hand"] == ["1", "3", "S"] and state.events(2)[0]["hand"] == ["0", "2"]
    assert "hand" not in state.events(None)[0]


def test_every_event_is_declared() -> None:
    assert set(INFO.events) == set(EVENTS)
    for seed in range(8):
        state = random_state(seed, 10_000, 3 + seed % 4)
        assert {type(event) for event in state.raw_events()} <= set(EVENTS)


# -- the typed view ------------------------------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120), players=st.integers(3, 6))
def test_the_typed_view_reads_back_from_its_json_and_writes_like_the_generic_encoder(
    seed: int, steps: int, players: int
) -> None:
    state = random_state(seed, steps, players)
    for seat in (None, *range(players)):
        typed = state.seat_view(seat)
        assert isinstance(typed, SoupconsView)
        wire = state.view(seat)
        assert wire == typed.to_json() == View.to_json(typed)  # the written-out encoder is the generic one
        assert SoupconsView.from_json(wire) == typed


def test_the_typed_view_holds_cards_not_text() -> None:
    state = stacked_game((("1", "2", "3"), ("4", "5"), ("0", "S")))
    play(state, "choose 1", "offer 3 as S", "refuse")
    view = state.seat_view(0)
    assert view.hand == (Card.MASK_1, Card.MASK_2)
    assert view.offer is not None and view.offer.refused_cards == (Card.MASK_3,)
    assert view.table[3] is Side.NIGHT and view.table.side(Card.SERPENT) is Side.GONE
    other = state.seat_view(1)
    assert other.offer is not None and other.offer.refused_cards is None and other.exchanges[0].offered is None


def test_card_notation_reads_back_strictly() -> None:
    assert [Card.from_json(str(card)) for card in Card] == list(Card)
    with pytest.raises(ValueError, match="not a Soupçons card"):
        Card.from_json("10")
    with pytest.raises(ValueError, match="not a Nuit/Jour side"):
        Side.from_json("dusk")


# -- statistics ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_statistics_agree_with_the_events(seed: int) -> None:
    state = random_state(seed, 20 + 37 * seed, 3 + seed % 4)
    kinds = Counter(type(event) for event in state.raw_events())
    offers = [event for event in state.raw_events() if isinstance(event, Offer)]
    stats = state.stats()
    assert stats["offers"] == kinds[Offer] and stats["refusals"] == kinds[Refuse]
    assert stats["exchanges"] == kinds[Accept] == state.exchanges
    assert stats["forced third cards"] == sum(1 for o in offers if o.number == 3)
    assert stats["lies"] == sum(1 for o in offers if o.card != o.claim)


def test_a_determinized_world_has_no_past_and_the_same_view() -> None:
    state = random_state(3, 40, 5)
    assert isinstance(state, SoupconsState) and state.to_act is not None
    world = state.determinize(state.to_act, random.Random(1))
    assert world.event_count == 0 and world.history == () and world.seed != state.seed
    assert world.seat_view(state.to_act) == state.seat_view(state.to_act)
