"""The ``ismcts`` research baseline: textbook SO-ISMCTS (random rollouts, availability counts, most visited)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import veillee
from bots.bots_helpers import short_game
from games.sorry.sorry_helpers import play, set_progress, stacked_game
from veillee.bots import RESEARCH_LEVELS, Decision, PlainISMCTSBot, decision_for, make_bot, play_match
from veillee.bots.baseline import plain_search
from veillee.bots.tournament import TournamentConfig, run_tournament, schedule
from veillee.games.sorry import Action, Card, Phase


def _decision(game: str, seed: int) -> Decision:
    state = short_game(game, seed)
    rng = random.Random(seed)
    while len(state.legal_actions()) < 3:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act
    assert seat is not None
    return decision_for(state, seat, rng)


def _two_card_win() -> Any:
    """Seat 0 on 11 with 3 pawns each: no single card makes 21, but Play 2 then 3 and 7 (or 7 and 3) does."""
    state = stacked_game([["6", "PLAY2", "3", "7", "2"], ["5", "4", "4", "5", "6"]])
    play(state, "play 6", "play 5")
    set_progress(state, 3, 3)
    assert state.total == 11 and state.to_act == 0
    assert sorted(str(c) for c in state.hands[0]) == ["2", "3", "4", "7", "PLAY2"]
    return state


def test_it_finds_a_forced_win_that_takes_two_cards() -> None:
    state = _two_card_win()
    bot = PlainISMCTSBot(iterations=300, seconds=None)
    choice = bot.act(decision_for(state, 0, random.Random(1)), random.Random(2))
    assert choice == Action.play(Card.PLAY_2)
    state.apply(choice)
    assert state.phase is Phase.PLAY2
    second = bot.act(decision_for(state, 0, random.Random(3)), random.Random(4))
    assert second in (Action.play(Card.N3), Action.play(Card.N7))


def test_the_winning_line_gets_the_visits_and_the_value() -> None:
    state = _two_card_win()
    root = plain_search(decision_for(state, 0, random.Random(1)), random.Random(5), iterations=400)
    play2 = root.children[Action.play(Card.PLAY_2)]
    assert play2.visits == max(child.visits for child in root.children.values())
    means = {action: child.reward / child.visits for action, child in root.children.items()}
    assert max(means, key=means.__getitem__) == Action.play(Card.PLAY_2)
    best_line = max(play2.children.values(), key=lambda child: child.visits)
    finish = max(best_line.children.values(), key=lambda child: child.visits)
    assert finish.reward / finish.visits > 0.7  # the match is won unless a random opponent steals it
    assert sum(child.visits for child in root.children.values()) == 400
    assert all(child.available >= child.visits for child in root.children.values())


@pytest.mark.parametrize("game", veillee.game_names())
def test_the_tree_is_one_observers_and_credits_each_seat(game: str) -> None:
    decision = _decision(game, 4)
    root = plain_search(decision, random.Random(1), iterations=60)
    assert set(root.children) <= set(decision.legal)
    assert sum(child.visits for child in root.children.values()) == 60
    seats = set()
    stack = list(root.children.values())
    while stack:
        node = stack.pop()
        assert 0.0 <= node.reward <= node.visits
        assert node.available >= node.visits
        assert sum(child.visits for child in node.children.values()) <= node.visits
        seats.add(node.seat)
        stack.extend(node.children.values())
    assert decision.seat in seats


def test_same_seed_same_move_and_the_true_state_is_untouched() -> None:
    state = short_game("soon", 6)
    seat = state.to_act
    assert seat is not None
    before = (state.zones(), list(state.history), state.event_count)
    moves = [
        PlainISMCTSBot(iterations=50, seconds=None).act(decision_for(state, seat, random.Random(7)), random.Random(8))
        for _ in range(2)
    ]
    assert moves[0] == moves[1]
    assert (state.zones(), list(state.history), state.event_count) == before


def test_the_time_budget_is_kept() -> None:
    """A clock that advances 10 ms per reading: with 0.1 s, the search stops after a handful of iterations,
    and never starts one that would end after the deadline (judging by the last one)."""
    ticks = iter(range(10**6))
    root = plain_search(
        _decision("sorry", 2), random.Random(1), iterations=None, seconds=0.1, clock=lambda: next(ticks) / 100
    )
    done = sum(child.visits for child in root.children.values())
    assert 1 <= done <= 5


def test_a_real_time_budget_stops_the_search() -> None:
    bot = make_bot("ismcts", "soon", seconds=0.05)
    decision = _decision("soon", 3)
    assert bot.act(decision, random.Random(3)) in decision.legal


def test_a_budget_is_required() -> None:
    with pytest.raises(ValueError, match="budget"):
        PlainISMCTSBot(iterations=None, seconds=None)
    with pytest.raises(ValueError, match="budget"):
        plain_search(_decision("sorry", 1), random.Random(1), iterations=None, seconds=None)


def test_it_is_a_research_level_in_tournaments_not_in_the_browser() -> None:
    assert "ismcts" in RESEARCH_LEVELS and "ismcts" not in veillee.bots.LEVELS
    assert make_bot("ismcts", "sorry").name == "ismcts"
    specs = schedule(TournamentConfig("sorry", ("ismcts", "normal"), games=2, seed=1))
    assert {s.seats for s in specs} == {("ismcts", "normal"), ("normal", "ismcts")}
    with pytest.raises(ValueError, match="budget"):
        schedule(TournamentConfig("sorry", ("ismcts", "normal"), games=2, seed=1, budgets={"normal": 5}))


def test_per_level_budgets_make_a_reproducible_tournament() -> None:
    config = TournamentConfig("sorry", ("ismcts", "hard"), games=2, seed=5, budgets={"ismcts": 10, "hard": 10})
    _summary, rows = run_tournament(config)
    _again, rows_again = run_tournament(config)
    assert [r["winners"] for r in rows] == [r["winners"] for r in rows_again]
    assert [r["decisions"] for r in rows] == [r["decisions"] for r in rows_again]


def test_it_beats_random_in_sorry() -> None:
    wins = 0
    for i in range(4):
        state = veillee.new_game("sorry", 2, 300 + i)
        bots = [PlainISMCTSBot(iterations=60, seconds=None), make_bot("random", "sorry")]
        seat = i % 2
        play_match(state, bots if seat == 0 else bots[::-1], seed=i)
        wins += seat in state.result().winners
    assert wins >= 3


def test_a_cpu_time_tournament_gives_both_searches_the_cpu_clock() -> None:
    config = TournamentConfig("sorry", ("ismcts", "hard"), games=1, seed=2, seconds=0.005, cpu_time=True)
    summary, rows = run_tournament(config)
    assert summary["search_budget"]["clock"] == "cpu" and len(rows) == 1
    ticks = iter(range(10**6))
    bot = make_bot("hard", "sorry", seconds=0.1, clock=lambda: next(ticks) / 100)
    decision = _decision("sorry", 5)
    assert bot.act(decision, random.Random(1)) in decision.legal
    assert next(ticks) < 20  # the search read the clock it was given, and stopped by it
