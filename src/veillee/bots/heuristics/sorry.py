"""Sorry! Revenge heuristic: make exactly 21, never hand the next player an easy 21, and hold the SORRY!
cards for the moment they count.

Reasons behind the scores (``choose`` plays the best legal action; it reads only the view):

* A card that makes the total exactly 21 wins the round: always played (a Play 2 whose two Number cards
  can reach 21 likewise). A Number card that busts gives every opponent a pawn: never, unless forced.
* Otherwise the total is left where the next player is least likely to make 21: the gap to 21 is scored
  by how many Number cards of that value the deck holds (a gap of 8 or 9, or more than 10, needs a Slide
  or two cards). Slides and Reverse are the safe moves when every Number card is dangerous.
* The steal SORRY! is played whenever a 21 can be stolen, and Don't be SORRY! whenever a SORRY! aims at
  us: both swing a pawn. The flip-back SORRY! is kept until an opponent leads (or nothing else is safe),
  and aims at the leader.
* Tie-break: add the biggest card that fits, stand when none does.

``evaluate`` gives each seat's chances from public pawn progress, for the search bot, whose rollouts play
to the end of the match (about 60 decisions at 12 µs each).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from veillee.bots.heuristics import best_of
from veillee.core import GameState
from veillee.games.sorry import Action, Card, Kind, Phase, SorryView
from veillee.games.sorry.cards import IS_NUMBER, SLIDE_TO, VALUE

__all__ = ["SEARCH_DEPTH", "choose", "evaluate"]

WIN = 1000.0
SEARCH_DEPTH = 200
"""Longer than almost every match: the search's rollouts play to the end."""
_NUMBER_COUNTS = {0: 5, 1: 5, 2: 5, 3: 7, 4: 9, 5: 9, 6: 7, 7: 7, 10: 5}


def _danger(total: int) -> float:
    """How likely the next player is to make 21 from ``total`` with one Number card (0..1, rough)."""
    gap = 21 - total
    return min(1.0, 5 * _NUMBER_COUNTS.get(gap, 0) / 93.0)


def _play_score(card: Card, total: int, hand: Sequence[Card], leader_progress: int) -> float:
    if IS_NUMBER[card]:
        after = total + VALUE[card]
        if after == 21:
            return WIN
        if after > 21:
            return -500.0
        return 20.0 - 30.0 * _danger(after) - 0.5 * VALUE[card]
    slide = SLIDE_TO[card]
    if slide:
        return WIN if slide == 21 else 12.0 - 30.0 * _danger(slide)
    if card is Card.PLAY_2:
        numbers = [VALUE[c] for c in hand if IS_NUMBER[c]]
        gap = 21 - total
        for i, first in enumerate(numbers):
            if first == gap or any(first + second == gap for second in numbers[i + 1 :]):
                return WIN - 1
        return -5.0
    if card is Card.TAKE_2:
        return 8.0 - 30.0 * _danger(total)
    if card is Card.REVERSE:
        return 6.0 - 30.0 * _danger(total)
    return 0.0


_WINDOWS = frozenset({Phase.STEAL, Phase.BLOCK_STEAL, Phase.BLOCK_SORRY})


def choose(view: SorryView, legal: Sequence[Action], rng: random.Random) -> Action:
    """The ``normal`` Sorry! Revenge move for this view (reasons in the module docstring)."""
    if len(legal) == 1:
        return legal[0]
    me = view.seat
    assert me is not None and view.hand is not None  # heuristics only ever get a seat's own view
    hand = view.hand
    total = view.total
    progress = view.progress
    leader = max(p for s, p in enumerate(progress) if s != me)
    scored: list[tuple[float, Action]] = []
    for action in legal:
        kind = action.kind
        if kind in (Kind.STEAL, Kind.BLOCK):
            score = 100.0
        elif kind is Kind.PASS:
            score = 0.0 if view.phase in _WINDOWS else -1.0
        elif kind is Kind.PLAY:
            assert action.card is not None
            score = _play_score(action.card, total, hand, leader)
        elif kind is Kind.SORRY:
            assert action.target is not None
            target = progress[action.target]
            score = (30.0 if target >= max(leader, progress[me]) and target >= 2 else -8.0) + 5.0 * target
        elif kind is Kind.DEAD:
            assert action.card is not None
            score = {Card.SORRY: 3.0, Card.PLAY_2: 2.0, Card.DONT: 1.0}.get(action.card, 0.0)
        elif kind is Kind.ADD:
            assert action.card is not None
            score = 10.0 + VALUE[action.card]
        else:  # stand
            score = 0.0
        scored.append((score, action))
    return best_of(scored, rng)


def evaluate(world: GameState[Any]) -> list[float]:
    """Each seat's chance from public pawn progress: a softmax where one pawn ahead is worth a lot.

    A pawn is a quarter of the goal (four pawns), so one pawn of lead makes about a 73 % favourite.
    """
    public = world.seat_view(None)
    assert isinstance(public, SorryView)
    progress = public.progress
    top = max(progress)
    weights = [math.exp(p - top) for p in progress]
    norm = sum(weights)
    return [w / norm for w in weights]
