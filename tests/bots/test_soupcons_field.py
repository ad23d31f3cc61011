"""``hard``'s model of how the other Soupçons seats answer (``heuristics/soupcons_field.py``): from public
answers only, a seat that takes second cards is taken to ignore claims, one that refuses them to read them."""

from __future__ import annotations

import pytest

from games.soupcons.soupcons_helpers import play, stacked_game
from veillee.bots.heuristics.soupcons_field import FIRST_NIGHT, SECOND, answers, ignores_claims
from veillee.games.soupcons import SoupconsState

HANDS = (("5", "2", "S"), ("4", "1"), ("0", "3"))


def _views(state: SoupconsState) -> list[list[float]]:
    return [ignores_claims(state.seat_view(seat)) for seat in (None, 0, 1, 2)]


def test_even_odds_before_any_answer() -> None:
    state = stacked_game(HANDS)
    play(state, "choose 1", "offer S as S")
    assert ignores_claims(state.seat_view(0)) == [0.5, 0.5, 0.5]  # the pending card is not answered yet


def test_a_seat_that_takes_a_second_card_ignores_claims() -> None:
    state = stacked_game(HANDS)
    play(state, "choose 1", "offer 5 as 5", "refuse", "offer 2 as 2", "accept")
    assert answers(state.seat_view(None))[1] == [(False, True), (True, False)]
    ratio = (1 - FIRST_NIGHT) / 0.5 * SECOND / 0.5
    chances = _views(state)
    assert chances[0][1] == pytest.approx(1 / (1 + ratio)) and chances[0][1] > 0.9
    assert chances[0][0] == chances[0][2] == 0.5  # seats that answered nothing
    assert all(seen == chances[0] for seen in chances)  # public answers only: every seat reads the same


def test_a_seat_that_refuses_second_cards_reads_claims() -> None:
    state = stacked_game(HANDS)
    play(state, "choose 1", "offer 5 as 5", "refuse", "offer 2 as 2", "refuse", "offer S as 1")
    assert answers(state.seat_view(None))[1] == [(False, True), (False, False)]  # the forced card is no answer
    assert ignores_claims(state.seat_view(2))[1] < 0.35


def test_a_first_card_claimed_as_anything_but_a_night_turn_says_nothing() -> None:
    # ``normal`` almost never claims anything else, so how it answers such claims was not measured.
    state = stacked_game(HANDS)
    play(state, "choose 1", "offer S as S", "accept")
    assert answers(state.seat_view(0))[1] == []
    assert ignores_claims(state.seat_view(0))[1] == 0.5
