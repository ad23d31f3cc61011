"""SOON bot scenarios: the obvious move is found (complete the suite; stop an opponent about to complete)."""

from __future__ import annotations

import random

import pytest

import veillee
from veillee.bots import Agent, decision_for, make_bot
from veillee.bots.heuristics import soon as soon_heuristic
from veillee.games.soon import Action, Card, Phase, SoonState

D = [Card(v - 1) for v in range(1, 9)]
N = [Card(v + 7) for v in range(1, 9)]


def _acting(hand: list[Card], suites: list[list[Card]], seed: int = 4) -> SoonState:
    """Seat 0 to act (already drawn) with ``hand`` and these suites; cards come off the pile to stay whole."""
    state = veillee.new_game("soon", 2, seed, length="express", first_player=0)
    assert isinstance(state, SoonState)
    pool = list(state.pile) + [c for h in state.hands for c in h]
    for card in [*hand, *(c for s in suites for c in s)]:
        pool.remove(card)
    state.hands = [list(hand), [pool.pop() for _ in range(3)]]
    state.suites = [list(s) for s in suites]
    state.known = [[], []]
    state.pile = pool
    state.turn = state.to_act = 0
    state.phase = Phase.ACT
    state._legal_cache = None
    return state


BOTS: list[tuple[str, Agent]] = [
    ("easy-without-slips", make_bot("normal", "soon")),
    ("hard", make_bot("hard", "soon", iterations=400)),
]


@pytest.mark.parametrize(("label", "bot"), BOTS)
def test_one_card_from_completing_completes(label: str, bot: Agent) -> None:
    state = _acting([D[7], N[2], Card.EXPLORER, N[5]], [D[:7], N[:3]])
    decision = decision_for(state, 0, random.Random(1))
    assert bot.act(decision, random.Random(2)) == Action.place(D[7]), label


@pytest.mark.parametrize(("label", "bot"), BOTS)
def test_replacing_the_thief_that_blocks_completion(label: str, bot: Agent) -> None:
    suite = [D[0], D[1], Card.THIEF, D[3], D[4], D[5], D[6], D[7]]
    state = _acting([N[2], N[6], N[7], Card.EXPLORER], [suite, N[:2]])
    decision = decision_for(state, 0, random.Random(1))
    assert bot.act(decision, random.Random(3)) == Action.replace(N[2], 3), label


def test_foudre_stops_an_opponent_one_card_from_completing() -> None:
    state = _acting([Card.LIGHTNING, N[7], D[6], N[4]], [D[:2], N[:7]])
    decision = decision_for(state, 0, random.Random(1))
    assert make_bot("normal", "soon").act(decision, random.Random(0)) == Action.lightning(1)


def test_foudre_is_kept_when_nobody_is_close() -> None:
    state = _acting([Card.LIGHTNING, D[2], D[6], N[4]], [D[:2], N[:2]])
    decision = decision_for(state, 0, random.Random(1))
    assert make_bot("normal", "soon").act(decision, random.Random(0)) == Action.place(D[2])


def test_keeps_its_colour_when_both_colours_fit() -> None:
    state = _acting([N[3], D[3], Card.EXPLORER, N[7]], [D[:3], N[:1]])
    decision = decision_for(state, 0, random.Random(1))
    assert make_bot("normal", "soon").act(decision, random.Random(0)) == Action.place(D[3])


def test_evaluation_favours_the_seat_that_is_ahead() -> None:
    state = _acting([N[3], D[3], Card.EXPLORER, N[7]], [D[:6], N[:1]])
    values = soon_heuristic.evaluate(state)
    assert values[0] > 0.8 > values[1]
    assert sum(values) == pytest.approx(1.0)
