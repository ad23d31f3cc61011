"""Sorry! Revenge bot scenarios: make exactly 21 when possible; steal and block when the chance comes."""

from __future__ import annotations

import random

import pytest

import veillee
from veillee.bots import Agent, decision_for, make_bot
from veillee.games.sorry import Action, Card, Phase, SorryState


def _acting(hand: list[Card], total: int, seed: int = 5) -> SorryState:
    """Seat 0 to play on a pile worth ``total`` with ``hand`` (cards swapped in from the draw pile)."""
    state = veillee.new_game("sorry", 2, seed, first_player=0)
    assert isinstance(state, SorryState)
    pool = list(state.draw) + state.hands[0]
    for card in hand:
        pool.remove(card)
    state.hands[0] = list(hand)
    state.draw = pool
    state.total = total
    state.turn = state.to_act = 0
    state.phase = Phase.PLAY
    state._legal_cache = None
    return state


BOTS: list[tuple[str, Agent]] = [
    ("normal", make_bot("normal", "sorry")),
    ("hard", make_bot("hard", "sorry", iterations=150)),
]


@pytest.mark.parametrize(("label", "bot"), BOTS)
def test_reaches_exactly_21(label: str, bot: Agent) -> None:
    state = _acting([Card.N3, Card.N7, Card.N10, Card.REVERSE, Card.N5], total=14)
    decision = decision_for(state, 0, random.Random(1))
    assert bot.act(decision, random.Random(2)) == Action.play(Card.N7), label


def test_never_busts_when_a_safe_card_exists() -> None:
    state = _acting([Card.N10, Card.N7, Card.SLIDE_10, Card.N6, Card.N5], total=18)
    choice = make_bot("normal", "sorry").act(decision_for(state, 0, random.Random(1)), random.Random(0))
    assert choice == Action.play(Card.SLIDE_10)


def test_normal_beats_random_in_a_short_series() -> None:
    from veillee.bots import play_match

    wins = 0
    for i in range(6):
        state = veillee.new_game("sorry", 2, 100 + i)
        bots = [make_bot("normal", "sorry"), make_bot("random", "sorry")]
        seat = i % 2
        play_match(state, bots if seat == 0 else bots[::-1], seed=i)
        wins += seat in state.result().winners
    assert wins >= 4
