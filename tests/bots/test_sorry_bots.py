"""Sorry! Revenge bot scenarios: make exactly 21 when possible; steal and block when the chance comes."""

from __future__ import annotations

import itertools
import random

import pytest

import veillee
from veillee.bots import Agent, decision_for, make_bot
from veillee.bots.heuristics import sorry as sorry_heuristic
from veillee.bots.ismcts import ISMCTSBot
from veillee.games.sorry import Action, Card, Phase, SorryState
from veillee.games.sorry.cards import VALUE


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


def test_the_biggest_of_equally_safe_numbers_goes_first() -> None:
    state = _acting([Card.N2, Card.N3, Card.N6, Card.REVERSE, Card.TAKE_2], total=0)
    choice = make_bot("normal", "sorry").act(decision_for(state, 0, random.Random(1), world=False), random.Random(0))
    assert choice == Action.play(Card.N6)


def test_the_first_card_of_a_play_2_leaves_a_second_that_does_not_bust() -> None:
    """Every three-number hand on every total: if some pair fits under 21, the first card chosen has a second
    card that fits (``normal`` judges the first card with the second that must follow)."""
    numbers = [Card.N0, Card.N2, Card.N4, Card.N6, Card.N7, Card.N10]
    for total in range(0, 16):
        for a, b, c in itertools.combinations_with_replacement(numbers, 3):
            hand = [a, b, c]
            pairs = [(x, y) for x, y in itertools.permutations(hand, 2)]
            if any(total + VALUE[x] + VALUE[y] == 21 or total + VALUE[x] == 21 for x, y in pairs):
                continue
            if not any(total + VALUE[x] + VALUE[y] < 21 for x, y in pairs):
                continue
            legal = [Action.play(card) for card in sorted(set(hand))]
            first = sorry_heuristic._decide(0, hand, total, (0, 0), Phase.PLAY2, 2, legal, random.Random(1))
            rest = list(hand)
            assert first.card is not None
            rest.remove(first.card)
            assert any(total + VALUE[first.card] + VALUE[y] < 21 for y in rest), (total, hand, first)


def test_search_rollouts_play_what_normal_plays_and_stop_at_the_round_end() -> None:
    rng = random.Random(4)
    for seed in range(6):
        state = veillee.new_game("sorry", 2, seed)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            draw = rng.getrandbits(32)
            fast = sorry_heuristic.rollout(state, random.Random(draw))
            assert fast == sorry_heuristic.choose(state.seat_view(seat), legal, random.Random(draw))
            before = sorry_heuristic.round_of(state)
            state.apply(fast)
            assert sorry_heuristic.round_of(state) in (before, before + 1)


def test_two_player_chances_are_the_problem_of_points() -> None:
    state = veillee.new_game("sorry", 2, 3)
    assert isinstance(state, SorryState)
    state.progress = [3, 0]
    assert sorry_heuristic.evaluate(state) == pytest.approx([15 / 16, 1 / 16])
    state.progress = [2, 2]
    assert sorry_heuristic.evaluate(state) == pytest.approx([0.5, 0.5])
    state.progress = [1, 3]
    assert sorry_heuristic.evaluate(state) == pytest.approx([1 / 8, 7 / 8])
    three = veillee.new_game("sorry", 3, 3)
    assert sum(sorry_heuristic.evaluate(three)) == pytest.approx(1.0)


def test_hard_grows_a_three_ply_tree_in_sorry() -> None:
    hard = make_bot("hard", "sorry")
    assert isinstance(hard, ISMCTSBot) and hard.tree_depth == sorry_heuristic.TREE_DEPTH == 3
    soon = make_bot("hard", "soon")
    assert isinstance(soon, ISMCTSBot) and soon.tree_depth == 1
