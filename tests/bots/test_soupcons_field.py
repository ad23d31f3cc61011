"""``hard``'s model of how the other Soupçons seats answer (``heuristics/soupcons_field.py``): from public
claims and answers only, a seat that takes second cards or claims anything but a Night turn is taken to
ignore claims, one that refuses second cards or claims Night turns to read them."""

from __future__ import annotations

import pytest

import veillee
from games.soupcons.soupcons_helpers import play, stacked_game
from veillee.bots import make_bot, play_match
from veillee.bots.heuristics.soupcons_field import (
    CLAIMS_NIGHT,
    FIRST_NIGHT,
    OTHERS_CLAIM_NIGHT,
    SECOND,
    answers,
    claims,
    ignores_claims,
)
from veillee.games.soupcons import SoupconsState

HANDS = (("5", "2", "S"), ("4", "1"), ("0", "3"))


def _views(state: SoupconsState) -> list[list[float]]:
    return [ignores_claims(state.seat_view(seat)) for seat in (None, 0, 1, 2)]


NIGHT_RATIO = CLAIMS_NIGHT / OTHERS_CLAIM_NIGHT
"""How much one claimed Night turn weighs for « plays like ``normal`` »."""


def test_even_odds_before_any_claim_or_answer() -> None:
    state = stacked_game(HANDS)
    assert ignores_claims(state.seat_view(0)) == [0.5, 0.5, 0.5]
    play(state, "choose 1", "offer 5 as 5")
    chances = ignores_claims(state.seat_view(0))
    assert chances[1:] == [0.5, 0.5]  # the pending card is not answered yet
    assert chances[0] == pytest.approx(1 / (1 + NIGHT_RATIO)) and chances[0] < 0.3  # claimed a Night turn


def test_a_claim_of_anything_but_a_night_turn_flags_the_giver() -> None:
    # ``normal`` claims a Night turn every time; ``ismcts`` names one in about a third of its claims.
    state = stacked_game(HANDS)
    play(state, "choose 1", "offer 5 as 5", "refuse", "offer 2 as 0", "refuse", "offer S as S")
    assert claims(state.seat_view(None)) == [[True, False, False], [], []]
    chances = _views(state)
    assert chances[0][0] > 0.99
    assert all(seen == chances[0] for seen in chances)  # public claims only: every seat reads the same


def test_a_seat_that_takes_a_second_card_ignores_claims() -> None:
    state = stacked_game(HANDS)
    play(state, "choose 1", "offer 5 as 5", "refuse", "offer 2 as 2", "accept")
    assert answers(state.seat_view(None))[1] == [(False, True), (True, False)]
    ratio = (1 - FIRST_NIGHT) / 0.5 * SECOND / 0.5
    chances = _views(state)
    assert chances[0][1] == pytest.approx(1 / (1 + ratio)) and chances[0][1] > 0.9
    assert chances[0][2] == 0.5  # a seat that neither claimed nor answered
    assert chances[0][0] == pytest.approx(1 / (1 + NIGHT_RATIO**2))  # claimed two Night turns, answered nothing
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


@pytest.mark.parametrize("seed", range(4))
def test_normal_claims_a_night_turn_every_time(seed: int) -> None:
    # The model's strongest evidence (``CLAIMS_NIGHT``): if ``normal`` ever claimed otherwise, a seat playing
    # like it would be taken for one that ignores claims after a single claim.
    state = veillee.new_game("soupcons", 3, 700 + seed, round_cap=20)
    play_match(state, [make_bot("normal", "soupcons") for _ in range(3)], seed)
    said = claims(state.seat_view(None))
    assert sum(len(seat) for seat in said) >= 10
    assert all(all(seat) for seat in said)
    assert max(ignores_claims(state.seat_view(None))) < 0.5
