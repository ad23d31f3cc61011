"""SOON heuristic: build fast, keep one colour, and time the Foudre, the Voleur and the Explorateur.

The policy scores each legal action and plays the best (``choose``). It reads only the seat's view and the
legal actions. What a sensible player does, and the reasons behind the weights:

* Completing the suite wins the round's bonuses and ends it: always done when possible.
* Progress comes first (the round ends when anybody completes), but a one-colour suite scores ×2, so among
  cards of the needed number the main colour is preferred, and a card of the main colour replaces an
  off-colour one when nothing better is on.
* The Voleur is progress *and* a blow to the leader: played whenever it has a target.
* The Foudre is held until an opponent is close to completing (6 or 7 cards) or the last turns come.
* The Explorateur asks for the next number, in the main colour once the suite is one colour.
* Discards throw the least useful card, never the number an opponent needs next (they could take it).
* When asked, give the copy of the other colour than the asker's suite.

For the search bot: ``evaluate`` estimates each seat's chances from public totals and suites, and
rollouts play to the round's end (``round_of``), where a move's worth shows in the round's points.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

from veillee.bots.heuristics import best_of
from veillee.core import GameState
from veillee.games.soon import Action, Card, Colour, Kind, Phase, SoonState, SoonView
from veillee.games.soon.cards import COLOUR, IS_JOKER, IS_NUMBER, VALUE

__all__ = ["SEARCH_DEPTH", "choose", "evaluate", "round_of", "suite_estimate"]

COMPLETE = 1000.0


class _Table:
    """What a decision reads of the typed view, with the derived facts computed once."""

    def __init__(self, view: SoonView) -> None:
        assert view.seat is not None and view.hand is not None
        self.me = view.seat
        self.players = view.players
        self.suites = view.suites
        self.hand = view.hand
        self.discard = view.discard
        self.known = view.known_in_hand
        self.last_turns = view.finisher is not None
        self.suite = self.suites[self.me]
        self.length = len(self.suite)
        self.main = _main_colour(self.suite, self.hand)
        self.mono = _is_mono(self.suite)
        self.opponents = [s for s in range(self.players) if s != self.me]
        self.needed = {len(self.suites[s]) + 1 for s in self.opponents}


def _main_colour(suite: Sequence[Card], hand: Sequence[Card]) -> Colour | None:
    colours = Counter(COLOUR[c] for c in suite if COLOUR[c] is not None)
    if not colours:
        colours = Counter(COLOUR[c] for c in hand if IS_NUMBER[c] or IS_JOKER[c])
    if not colours:
        return None
    (top, count), *rest = colours.most_common()
    if rest and rest[0][1] == count and not suite:
        return None
    return top


def _is_mono(suite: Sequence[Card]) -> bool:
    return len({COLOUR[c] for c in suite if c is not Card.THIEF}) <= 1


def _fits_colour(card: Card, table: _Table) -> bool:
    return table.main is None or COLOUR[card] == table.main


def _after(suite: Sequence[Card], position: int, card: Card) -> list[Card]:
    changed = list(suite)
    if position <= len(changed):
        changed[position - 1] = card
    else:
        changed.append(card)
    return changed


def _complete(suite: Sequence[Card]) -> bool:
    return len(suite) == 8 and Card.THIEF not in suite


def _usefulness(card: Card, table: _Table) -> float:
    """How much keeping ``card`` is worth (the discard throws the least useful)."""
    if IS_JOKER[card]:
        return 25.0 if _fits_colour(card, table) else 18.0
    if card is Card.THIEF:
        return 22.0
    if card is Card.LIGHTNING:
        return 16.0
    if card is Card.EXPLORER:
        return 12.0
    value = VALUE[card]
    colour_bonus = 4.0 if _fits_colour(card, table) else 0.0
    if value == table.length + 1:
        return 40.0 + colour_bonus
    if value > table.length + 1:
        return max(0.0, 14.0 - 3.0 * (value - table.length - 2)) + colour_bonus
    old = table.suite[value - 1]
    if old is Card.THIEF or (COLOUR[old] != table.main and _fits_colour(card, table)):
        return 20.0
    return -2.0


def _discard_score(card: Card, table: _Table) -> float:
    score = -_usefulness(card, table)
    if IS_NUMBER[card] and VALUE[card] in table.needed:
        score -= 8.0
    if not IS_NUMBER[card]:
        score += 3.0  # a special card on top blocks the discard for the next player
    return score


def _start_score(action: Action, table: _Table) -> float:
    if action.kind is Kind.DRAW:
        return 0.0
    if action.kind is Kind.TAKE:
        top = table.discard[-1]
        value = VALUE[top]
        holds_next = any(IS_NUMBER[c] and VALUE[c] == table.length + 1 for c in table.hand)
        if value == table.length + 1 and not (holds_next and not _fits_colour(top, table)):
            return 10.0 + (2.0 if _fits_colour(top, table) else 0.0) - (6.0 if holds_next else 0.0)
        if value == table.length + 2 and holds_next:
            return 5.0
        if value <= table.length and _usefulness(top, table) >= 20.0:
            return 4.0
        return -1.0
    # renew: worth it only with a hand that cannot start a suite
    assert action.card is not None
    starters = any(
        VALUE[c] == 1 or IS_JOKER[c] or c is Card.EXPLORER or (c is Card.THIEF and _thief_possible(table))
        for c in table.hand
    )
    if starters:
        return -5.0
    top = action.card
    return 2.0 + (1.0 if not IS_NUMBER[top] else 0.0) - (2.0 if VALUE[top] in table.needed else 0.0)


def _thief_possible(table: _Table) -> bool:
    return any(
        len(table.suites[s]) > table.length and IS_NUMBER[table.suites[s][table.length]] for s in table.opponents
    )


def _act_score(action: Action, table: _Table) -> float:
    kind = action.kind
    card = action.card
    if kind is Kind.PLACE:
        assert card is not None
        if _complete([*table.suite, card]):
            return COMPLETE
        base = 40.0 if IS_JOKER[card] else 50.0
        if _fits_colour(card, table):
            return base + 10.0
        return base - (15.0 if table.mono and table.length >= 3 else 0.0)
    if kind is Kind.REPLACE:
        assert card is not None and action.position is not None
        old = table.suite[action.position - 1]
        if _complete(_after(table.suite, action.position, card)):
            return COMPLETE
        if old is Card.THIEF:
            return 45.0
        if _fits_colour(card, table) and COLOUR[old] != table.main:
            return 30.0 + (15.0 if _is_mono(_after(table.suite, action.position, card)) else 0.0)
        return -20.0
    if kind is Kind.THIEF:
        assert action.target is not None
        stolen = table.suites[action.target][table.length]
        if _complete([*table.suite, stolen]):
            return COMPLETE
        return 55.0 + (10.0 if _fits_colour(stolen, table) else 0.0) + 2.0 * len(table.suites[action.target])
    if kind is Kind.LIGHTNING:
        assert action.target is not None
        if action.target == table.me:
            return -100.0
        size = len(table.suites[action.target])
        if table.last_turns:
            return 25.0 + size
        if size >= 7:
            return 80.0
        if size == 6:
            return 48.0
        return -30.0 + size
    if kind is Kind.EXPLORE:
        return _explore_score(action, table)
    if kind is Kind.DISCARD:
        assert card is not None
        return _discard_score(card, table)
    return 0.0


def _explore_score(action: Action, table: _Table) -> float:
    assert action.target is not None and action.value is not None
    value, colour = action.value, action.colour
    wanted = [
        c for c in table.known[action.target] if VALUE[c] == value and IS_NUMBER[c] and colour in (None, COLOUR[c])
    ]
    if value == table.length + 1:
        score = 35.0
        if table.mono and table.length >= 2:
            score += 3.0 if colour == table.main else (-10.0 if colour is None else -20.0)
        elif colour is None:
            score += 3.0
        if table.length == 7 and colour is None:
            score += 5.0
    else:
        old = table.suite[value - 1]
        if old is Card.THIEF:
            score = 60.0 if table.length == 8 and colour is None else 25.0
        elif COLOUR[old] != table.main and colour == table.main:
            score = 22.0
        else:
            return -50.0
    return score + (30.0 if wanted else 0.0)


def _give_score(action: Action, table: _Table, view: SoonView) -> float:
    ask = view.ask
    assert action.card is not None and ask is not None
    asker_suite = table.suites[ask.asker]
    asker_main = _main_colour(asker_suite, [])
    return 1.0 if asker_main is not None and COLOUR[action.card] != asker_main else 0.0


def choose(view: SoonView, legal: Sequence[Action], rng: random.Random) -> Action:
    """The ``normal`` SOON move for this view (see the module docstring for the reasoning)."""
    if len(legal) == 1:
        return legal[0]
    table = _Table(view)
    phase = view.phase
    if phase is Phase.GIVE:
        return best_of([(_give_score(a, table, view), a) for a in legal], rng)
    if phase is Phase.START:
        return best_of([(_start_score(a, table), a) for a in legal], rng)
    return best_of([(_act_score(a, table), a) for a in legal], rng)


def suite_estimate(suite: Sequence[Card]) -> float:
    """Round points a suite is worth now, with credit for being near completion (the round's end)."""
    cards = sum(1 for c in suite if c is not Card.THIEF)
    mono = cards > 0 and _is_mono(suite)
    points = cards * (1.8 if mono else 1.0)
    if _complete(suite):
        points += 2.0
    return points + 0.15 * cards * cards


def evaluate(world: GameState[Any]) -> list[float]:
    """Each seat's chance to win the match, from public totals and suites (softmax of projected totals).

    Scale: a gap of 6 projected points is about a 73 % favourite in a 2-player match.
    """
    public = cast(SoonState, world).seat_view(None)
    projected = [total + suite_estimate(suite) for total, suite in zip(public.totals, public.suites, strict=True)]
    top = max(projected)
    weights = [math.exp((p - top) / 6.0) for p in projected]
    norm = sum(weights)
    return [w / norm for w in weights]


SEARCH_DEPTH = 400
"""Longer than any round: the search's rollouts play to the round's end."""


def round_of(state: GameState[Any]) -> int:
    """The round under way (the search's rollouts stop when it ends)."""
    return cast(SoonState, state).round
