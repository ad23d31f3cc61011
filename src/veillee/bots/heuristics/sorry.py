"""Sorry! Revenge heuristic: make exactly 21, never hand the next player an easy 21, and hold the SORRY!
cards for the moment they count; and what the search needs to judge a move by the round it decides.

Reasons behind the scores (``choose`` plays the best legal action; it reads only the view):

* A card that makes the total exactly 21 wins the round: always played (a Play 2 whose two Number cards
  can reach 21 likewise). A Number card that busts gives every opponent a pawn: never, unless forced.
* Otherwise the total is left where the next player is least likely to make 21: the gap to 21 is scored
  by how many Number cards of that value the deck holds (a gap of 8 or 9, or more than 10, needs a Slide
  or two cards). Slides and Reverse are the safe moves when every Number card is dangerous.
* Among equally safe Number cards, the biggest goes first: the total climbs towards the zone where the
  next player must spend a safe card or bust, and the small cards stay in hand for the totals near 21.
  A Play 2 that cannot make 21 is judged by the safest total its best pair leaves (it empties the hand of
  two Number cards at once, and the refill brings new ones), and its first card by the second one it
  allows (the second must follow, and must not bust); Take 2 is the better of the two cards that
  leave the total as it is, since its two cards widen the next choices. (Measured against the first
  version of this heuristic, 2000 matches, seats alternated: 59.2 %, 95 % interval 57–61 %.)
* The steal SORRY! is played whenever a 21 can be stolen, and Don't be SORRY! whenever a SORRY! aims at
  us: both swing a pawn. The flip-back SORRY! is kept until an opponent leads (or nothing else is safe),
  and aims at the leader.
* Tie-break: add the biggest card that fits, stand when none does.

For the search (``hard``): a move's worth shows in the round it decides and the next one (where what it
left in hand is played), so the rollouts stop at the end of the next round (``round_of``: a 21 or a bust;
``ROLLOUT_ROUNDS``) and ``evaluate`` turns the pawns into each seat's chance of
winning the match; ``rollout`` plays ``choose``'s scores from the acting seat's own hand and the public
total in the sampled world, without building a view at every step; and rounds are short, so the tree
grows ``TREE_DEPTH`` plies (the replies and the next own move of the round). Measured in
``docs/bots.md``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache
from math import comb
from typing import Any, cast

from veillee.bots.heuristics import best_of
from veillee.core import GameState
from veillee.games.sorry import Action, Card, Kind, Phase, SorryState, SorryView
from veillee.games.sorry.cards import IS_NUMBER, SLIDE_TO, VALUE

__all__ = ["ROLLOUT_ROUNDS", "SEARCH_DEPTH", "TREE_DEPTH", "choose", "evaluate", "rollout", "round_of"]

WIN = 1000.0
SEARCH_DEPTH = 200
"""Longer than any two rounds: the search's rollouts play to a round's end (``round_of``)."""
TREE_DEPTH = 3
"""The search's tree: the root move, the reply, the next own move (a round lasts a few decisions)."""
ROLLOUT_ROUNDS = 2
"""The search's rollouts play on through the next round: what a move leaves in hand (a SORRY!, a Slide to
21, small Number cards) is worth something only there, and a rollout stopped at the round's end never saw
it (``hard`` against ``ismcts``, 0.1 s CPU a move: 10 of 20 with one round, 5 of 6 with two)."""
_NUMBER_COUNTS = {0: 5, 1: 5, 2: 5, 3: 7, 4: 9, 5: 9, 6: 7, 7: 7, 10: 5}
_WINDOWS = frozenset({Phase.STEAL, Phase.BLOCK_STEAL, Phase.BLOCK_SORRY})
_DEAD_SCORES = {Card.SORRY: 3.0, Card.PLAY_2: 2.0, Card.DONT: 1.0}


def _danger(total: int) -> float:
    """How likely the next player is to make 21 from ``total`` with one Number card (0..1, rough)."""
    gap = 21 - total
    return min(1.0, 5 * _NUMBER_COUNTS.get(gap, 0) / 93.0)


def _safety(total: int) -> float:
    """The score of leaving ``total`` (below 21) to the next player."""
    return 20.0 - 30.0 * _danger(total)


def _play_score(card: Card, total: int, hand: Sequence[Card], pair: bool) -> float:
    """The score of playing ``card``; ``pair``: it is the first Number card of a Play 2 (judged with the best
    second card the hand then has, since that one must follow)."""
    if IS_NUMBER[card]:
        after = total + VALUE[card]
        if after == 21:
            return WIN
        if after > 21:
            return -500.0
        if pair:
            rest = [VALUE[c] for c in hand if IS_NUMBER[c]]
            rest.remove(VALUE[card])
            best = -500.0
            for second in rest:
                if after + second == 21:
                    return WIN - 1
                if after + second < 21:
                    best = max(best, _safety(after + second) + 0.5 * VALUE[card])
            return best
        return _safety(after) + 0.5 * VALUE[card]
    slide = SLIDE_TO[card]
    if slide:
        return WIN if slide == 21 else 12.0 - 30.0 * _danger(slide)
    if card is Card.PLAY_2:
        numbers = [VALUE[c] for c in hand if IS_NUMBER[c]]
        gap = 21 - total
        best = -500.0
        for i, first in enumerate(numbers):
            for second in numbers[i + 1 :]:
                if first == gap or second == gap or first + second == gap:
                    return WIN - 1
                if first + second < gap:
                    best = max(best, _safety(total + first + second))
        return best
    if card is Card.TAKE_2:
        return 14.0 - 30.0 * _danger(total)
    if card is Card.REVERSE:
        return 6.0 - 30.0 * _danger(total)
    return 0.0


def _decide(
    me: int,
    hand: Sequence[Card],
    total: int,
    progress: Sequence[int],
    phase: Phase,
    play2_left: int,
    legal: Sequence[Action],
    rng: random.Random,
) -> Action:
    """The best-scored legal action (reasons in the module docstring)."""
    window = phase in _WINDOWS
    pair = phase is Phase.PLAY2 and play2_left == 2
    leader = max(p for s, p in enumerate(progress) if s != me)
    scored: list[tuple[float, Action]] = []
    for action in legal:
        kind = action.kind
        if kind is Kind.STEAL or kind is Kind.BLOCK:
            score = 100.0
        elif kind is Kind.PASS:
            score = 0.0 if window else -1.0
        elif kind is Kind.PLAY:
            assert action.card is not None
            score = _play_score(action.card, total, hand, pair)
        elif kind is Kind.SORRY:
            assert action.target is not None
            target = progress[action.target]
            score = (30.0 if target >= max(leader, progress[me]) and target >= 2 else -8.0) + 5.0 * target
        elif kind is Kind.DEAD:
            assert action.card is not None
            score = _DEAD_SCORES.get(action.card, 0.0)
        elif kind is Kind.ADD:
            assert action.card is not None
            score = 10.0 + VALUE[action.card]
        else:  # stand
            score = 0.0
        scored.append((score, action))
    return best_of(scored, rng)


def choose(view: SorryView, legal: Sequence[Action], rng: random.Random) -> Action:
    """The ``normal`` Sorry! Revenge move for this view (reasons in the module docstring)."""
    if len(legal) == 1:
        return legal[0]
    me = view.seat
    assert me is not None and view.hand is not None  # heuristics only ever get a seat's own view
    return _decide(me, view.hand, view.total, view.progress, view.phase, view.play2_left, legal, rng)


def rollout(world: GameState[Any], rng: random.Random) -> Action:
    """``choose`` for whoever acts in a sampled world, read from what that seat's view shows (its own hand,
    the public total, pawns and phase) without building the view."""
    state = cast(SorryState, world)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state.to_act
    assert me is not None
    return _decide(me, state.hands[me], state.total, state.progress, state.phase, state.play2_left, legal, rng)


def round_of(world: GameState[Any]) -> int:
    """The round a sampled world is in (it changes at a 21 or a bust): the search's rollouts stop there."""
    return cast(SorryState, world).round


@cache
def _match_chance(need: int, other_needs: int) -> float:
    """The chance of winning ``need`` rounds before the opponent wins ``other_needs``, each round even (the
    « problem of points »: at least ``need`` wins among the next ``need + other_needs - 1`` rounds)."""
    if need <= 0:
        return 1.0
    if other_needs <= 0:
        return 0.0
    rounds = need + other_needs - 1
    wins = sum(comb(rounds, k) for k in range(need, rounds + 1))
    return wins / float(2**rounds)


def evaluate(world: GameState[Any]) -> list[float]:
    """Each seat's chance from public pawn progress.

    Two players: every round gives one pawn to one of them (a bust gives it to the other), so from even
    rounds the chance is the problem of points on what each still needs. More players: a softmax where one
    pawn ahead is worth a lot (a pawn is a quarter of the goal: about a 73 % favourite).
    """
    state = cast(SorryState, world)
    progress = state.progress
    if len(progress) == 2:
        first = _match_chance(state.goal - progress[0], state.goal - progress[1])
        return [first, 1.0 - first]
    top = max(progress)
    weights = [math.exp(p - top) for p in progress]
    norm = sum(weights)
    return [w / norm for w in weights]
