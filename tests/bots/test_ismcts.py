"""The search bot's mechanics: common worlds at the root, the optional tree, rollouts that stop at the round's
end, and the rule that overrides the ``normal`` move only on evidence."""

from __future__ import annotations

import random

import pytest

import veillee
from bots.bots_helpers import SHORT_OPTIONS
from veillee.bots import Decision, decision_for, make_bot
from veillee.bots.heuristics import evaluator_for, policy_for, rollout_for, round_for
from veillee.bots.ismcts import MIN_WORLDS, ISMCTSBot, Node, _Game, _iterate, _lower_bound, search


def _decision(game: str, seed: int, **options: object) -> Decision:
    state = veillee.new_game(game, 2, seed, **options)
    rng = random.Random(seed)
    while len(state.legal_actions()) < 3:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act
    assert seat is not None
    return decision_for(state, seat, rng)


@pytest.mark.parametrize("game", ["soon", "skyjo", "sorry"])
def test_every_root_action_is_judged_on_the_same_worlds(game: str) -> None:
    decision = _decision(game, 3, **SHORT_OPTIONS.get(game, {}))
    root = search(decision, random.Random(1), iterations=4 * len(decision.legal))
    assert set(root.children) == set(decision.legal)
    assert root.visits == 4
    for child in root.children.values():
        assert len(child.samples) == child.visits == 4
        assert all(0.0 <= value <= 1.0 for value in child.samples)
        assert not child.children  # tree_depth=1: the root's children are leaves


def test_a_deeper_tree_grows_below_the_root() -> None:
    decision = _decision("soon", 5, length="express")
    root = search(decision, random.Random(2), iterations=40 * len(decision.legal), tree_depth=3)
    grandchildren = [g for child in root.children.values() for g in child.children.values()]
    assert grandchildren
    assert all(g.visits <= root.visits for g in grandchildren)


def test_rollouts_stop_when_the_round_ends() -> None:
    state = veillee.new_game("soon", 2, 8)  # classic: several rounds
    round_of = round_for("soon")
    game = _Game(evaluator_for("soon"), rollout_for("soon"), round_of, depth=10_000)
    world = state.determinize(0, random.Random(1))
    values = _iterate(Node(0), world, round_of(world), random.Random(2), 0, game)
    assert round_of(world) == round_of(state) + 1 or world.is_over
    assert len(values) == 2


def test_a_gain_must_clear_the_noise() -> None:
    baseline = [0.5] * 20
    assert _lower_bound(list(baseline), baseline, 1.0) == 0.0
    assert _lower_bound([0.6] * 20, baseline, 1.0) == pytest.approx(0.1)
    noisy = [0.5 + (0.3 if i % 2 else -0.28) for i in range(20)]
    assert _lower_bound(noisy, baseline, 1.0) < 0.0 < sum(noisy) / 20 - 0.5


def test_without_enough_worlds_hard_plays_the_normal_move() -> None:
    decision = _decision("skyjo", 11)
    budget = (MIN_WORLDS - 1) * len(decision.legal)
    hard = ISMCTSBot("skyjo", iterations=budget, seconds=None)
    usual = policy_for("skyjo")(decision, random.Random(4))
    assert hard.act(decision, random.Random(4)) == usual


def test_a_budget_is_required() -> None:
    with pytest.raises(ValueError, match="budget"):
        search(_decision("sorry", 1), random.Random(1), iterations=None, seconds=None)


def test_the_time_budget_is_kept() -> None:
    """Not a timing test of speed: a time-only budget must stop the search (one batch at least)."""
    bot = make_bot("hard", "sorry", seconds=0.05)
    decision = _decision("sorry", 2)
    assert bot.act(decision, random.Random(3)) in decision.legal


def test_rollouts_may_play_through_more_rounds() -> None:
    """``rounds``: a rollout plays through that many round ends before the evaluator judges."""
    state = veillee.new_game("sorry", 2, 8)
    round_of = round_for("sorry")
    game = _Game(evaluator_for("sorry"), rollout_for("sorry"), round_of, depth=10_000, rounds=2)
    world = state.determinize(0, random.Random(1))
    _iterate(Node(0), world, round_of(world), random.Random(2), 0, game)
    assert round_of(world) == round_of(state) + 2 or world.is_over


def test_mixed_rollouts_stay_legal_and_reproducible() -> None:
    decision = _decision("sorry", 4)
    first = search(decision, random.Random(3), iterations=6 * len(decision.legal), mix=0.5, drop=None)
    again = search(decision, random.Random(3), iterations=6 * len(decision.legal), mix=0.5, drop=None)
    assert [c.samples for c in first.children.values()] == [c.samples for c in again.children.values()]


def test_a_batch_evaluator_judges_the_same_rollouts_in_groups() -> None:
    """``evaluate_many`` (``expert``'s network) judges the leaves of a group of worlds in one call: the
    worlds, rollouts and values are those of the one-leaf evaluator; only how many leaves a call sees grows."""
    decision = _decision("skyjo", 6)
    evaluate = evaluator_for("skyjo")
    sizes: list[int] = []

    def evaluate_many(leaves: object) -> list[list[float]]:
        assert isinstance(leaves, list)
        sizes.append(len(leaves))
        return [evaluate(leaf) for leaf in leaves]

    budget = 2 * MIN_WORLDS * len(decision.legal)
    one = search(decision, random.Random(5), iterations=budget, drop=None, depth=4)
    grouped = search(decision, random.Random(5), iterations=budget, drop=None, depth=4, evaluate_many=evaluate_many)
    assert [c.samples for c in grouped.children.values()] == [c.samples for c in one.children.values()]
    assert grouped.visits == one.visits == 2 * MIN_WORLDS
    assert sizes[0] == len(decision.legal)  # the first group is one world (it times a world)
    assert max(sizes) > len(decision.legal)  # later groups hold several worlds' leaves
    assert sum(sizes) == budget  # every rollout in Skyjo stops before the match's end here


def test_groups_stop_at_the_first_race_check() -> None:
    """With racing on, a group never runs past ``MIN_WORLDS`` before the first race check."""
    decision = _decision("skyjo", 6)
    evaluate = evaluator_for("skyjo")
    seen: list[int] = []

    def evaluate_many(leaves: object) -> list[list[float]]:
        assert isinstance(leaves, list)
        seen.append(len(leaves))
        return [evaluate(leaf) for leaf in leaves]

    search(
        decision, random.Random(5), iterations=MIN_WORLDS * len(decision.legal), depth=4, evaluate_many=evaluate_many
    )
    assert sum(seen) == MIN_WORLDS * len(decision.legal)
