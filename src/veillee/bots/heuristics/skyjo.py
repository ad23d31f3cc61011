"""Skyjo (Action and classic) heuristic: keep low cards, complete lines, time the end, spend Action cards.

``choose`` scores each legal action from the seat's view and plays the best. Reasons behind the scores:

* A hidden card is worth the mean of the cards not yet seen (computed from the box's composition minus every
  visible card and the discard): replacing a hidden card pays only with a card clearly below that mean, and
  replacing a visible card pays by the exact difference. So a drawn 12 is discarded (a reveal instead),
  never swapped in, unless it completes a line of 12s.
* A card that completes a row or column of equal numbers (Stars copy) removes the whole line: that line's
  points are counted as gained. Two equal cards in a line with nothing against them get a small credit.
* The end trigger: revealing the last hidden card ends the round, and a triggerer who is not alone lowest
  has a positive score doubled. A move that would trigger is scored with the estimated scores of every
  grid (hidden cards at the mean): taken when clearly ahead, avoided otherwise.
* Action cards: each one still held when the round ends costs 10 points, and taking or dropping one costs a
  whole turn. So the market is used only for an Échange that swaps a high card against a low one, Star
  rights take the cards that pay back (Tour doublé, Échange, Tirez trois...), cards are played when their
  effect beats an ordinary turn, and every card is played or dropped as soon as any grid is close to
  running out of hidden cards. Rights are passed once the end is near.
* Line copies by Stars are taken when the line's points are positive (removing a line of −2s would cost).
* Tirez trois: keep the card that fits best; discard the others lowest first, so that the next player
  finds the worst one on top.

For the search: ``evaluate`` turns public totals and visible grids into each seat's chances, and rollouts
stop at the round's end or after ``SEARCH_DEPTH`` decisions (a Skyjo round is about 150 decisions of
``choose`` at 70 µs each: whole rounds would leave a one-second search a handful of worlds per move).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache
from typing import Any, cast

from veillee.bots.heuristics import best_of
from veillee.core import GameState
from veillee.games.skyjo import Action, ActionCard, GameCard, Kind, SkyjoOptions, SkyjoState, SkyjoView
from veillee.games.skyjo.cards import LINE_SLOTS, VALUE
from veillee.games.skyjo.phases import Phase
from veillee.games.skyjo.view import Cell

__all__ = ["SEARCH_DEPTH", "choose", "evaluate", "round_of"]

STAR = GameCard.STAR
A = ActionCard
DRAW_WORTH = 2.0
"""What an ordinary draw is worth on average (points gained): the bar a take or a played card must beat."""
NEAR_END = 2
"""A grid with this many hidden cards or fewer may end the round within a turn or two."""
HELD_COST = 10.0
"""Points an Action card still held at the end of the round costs (rules R20, R30)."""
TRIGGER_MARGIN = 2.0
"""How far below every other estimated score we want to be before ending the round ourselves."""

STAR_WORTH = {
    A.DOUBLE_TURN: 5.0,
    A.DRAW_THREE: 3.5,
    A.DEFENSE: 3.0,
    A.METEORS: 3.0,
    A.REACTIVATION: 2.5,
    A.EXCHANGE: 2.0,
    A.STEAL: 1.5,
    A.OWN_SWAP: 1.0,
    A.REVELATION: 0.5,
}
"""What a free Action card (Star's right) is worth, roughly in points; Échange is scored on the grids."""
STEAL_WORTH = {A.EXCHANGE: 4.0, A.DOUBLE_TURN: 3.5, A.METEORS: 3.0, A.DRAW_THREE: 2.5, A.DEFENSE: 2.0}


@cache
def _deck_stats(players: int, rules: str, box: str, stars: int) -> tuple[float, int]:
    deck = SkyjoOptions.parse(players, {"rules": rules, "box": box, "stars": stars}).game_deck()
    return float(sum(VALUE[c] for c in deck)), len(deck)


class _Table:
    """What the view tells, with the figures every score needs, worked out once per decision."""

    def __init__(self, view: SkyjoView) -> None:
        assert view.seat is not None
        self.me = view.seat
        self.players = view.players
        options = view.options
        self.lines = range(7) if options["lines"] == "rows_and_columns" else range(3, 7)
        self.action_rules = options["rules"] == "action"
        self.grids = view.grids
        seen_sum = 0.0
        seen = 0
        for grid in view.grids:
            for cell in grid:
                if cell is not None and cell.card is not None:
                    seen_sum += VALUE[cell.card]
                    seen += 1
        for card in view.discard:
            seen_sum += VALUE[card]
            seen += 1
        self.drawn = view.drawn
        if self.drawn is not None:
            seen_sum += VALUE[self.drawn]
            seen += 1
        total, count = _deck_stats(self.players, options["rules"], options["box"], options["stars"])
        unseen = count - seen
        self.mean = (total - seen_sum) / unseen if unseen > 0 else total / count
        self.hidden = view.hidden_counts
        self.held = [len(a.playable) + len(a.not_yet_playable) for a in view.action_cards]
        self.opp_cards = [(*a.playable, *a.not_yet_playable) for a in view.action_cards]
        self.triggerer = view.triggerer
        self.opponents = [p for p in range(self.players) if p != self.me]
        self.near_end = self.triggerer is not None or min(self.hidden) <= NEAR_END
        self.estimates = [self.estimate(p) for p in range(self.players)]

    def worth(self, cell: Cell) -> float:
        """Expected points of a card in a grid: its value when known, the unseen mean otherwise."""
        return float(VALUE[cell.card]) if cell.card is not None else self.mean

    def estimate(self, seat: int) -> float:
        """The round score ``seat`` would have now, hidden cards at the mean, held Action cards at 10."""
        points = sum(self.worth(c) for c in self.grids[seat] if c is not None)
        return points + HELD_COST * self.held[seat]

    def lowest_visible(self, seat: int) -> tuple[float, int] | None:
        """The lowest face-up card of ``seat`` and its slot (the best card to take away from them)."""
        best: tuple[float, int] | None = None
        for slot, cell in enumerate(self.grids[seat]):
            if cell is not None and cell.up and cell.card is not None:
                value = float(VALUE[cell.card])
                if best is None or value < best[0]:
                    best = (value, slot)
        return best

    def defended(self, seat: int) -> bool:
        return A.DEFENSE in self.opp_cards[seat]


def _line_value(cards: list[GameCard]) -> float | None:
    """If these face-up cards form a discardable line (at least 3, one number, the rest equal or Stars),
    the points removed with it; otherwise None."""
    if len(cards) < 3:
        return None
    number = None
    for card in cards:
        if card is STAR:
            continue
        if number is None:
            number = card
        elif card is not number:
            return None
    if number is None:
        return None
    return float(VALUE[number] * sum(1 for c in cards if c is not STAR))


def _potential(cards: list[Cell], pivot: GameCard) -> float:
    """A little credit for two or more equal face-up cards in a line that nothing blocks yet."""
    if pivot is STAR or VALUE[pivot] <= 0:
        return 0.0
    same = 0
    for cell in cards:
        if cell.up and cell.card is not None:
            if cell.card is not pivot and cell.card is not STAR:
                return 0.0
            same += 1
    return 0.2 * VALUE[pivot] * (same - 1) if same >= 2 else 0.0


def _place_gain(table: _Table, slot: int, card: GameCard) -> float:
    """Points saved by putting ``card`` face up at ``slot`` of our grid (lines completed included)."""
    grid = table.grids[table.me]
    old = grid[slot]
    assert old is not None
    gain = table.worth(old) - VALUE[card]
    new = Cell(card, True, True)
    for line in table.lines:
        slots = LINE_SLOTS[line]
        if slot not in slots:
            continue
        before = [c for c in (grid[s] for s in slots) if c is not None]
        after = [new if s == slot else grid[s] for s in slots]
        cells = [c for c in after if c is not None]
        if all(c.up and c.card is not None for c in cells):
            removed = _line_value([c.card for c in cells if c.card is not None])
            if removed is not None:
                gain += removed
                continue
        gain += _potential(cells, card)
        if old.up and old.card is not None:
            gain -= _potential(before, old.card)
    gain += _trigger(table, hidden_after=table.hidden[table.me] - (0 if old.up else 1), change=-gain)
    return gain


def _trigger(table: _Table, *, hidden_after: int, change: float) -> float:
    """Bonus or penalty for a move that leaves us ``hidden_after`` hidden cards (0: we end the round)."""
    if hidden_after > 0 or table.triggerer is not None:
        return 0.0
    mine = table.estimates[table.me] + change
    others = min(table.estimates[p] for p in table.opponents)
    if mine < others - TRIGGER_MARGIN:
        return 3.0
    return -5.0 - max(mine, 0.0)


def _best_place(table: _Table, card: GameCard) -> float:
    grid = table.grids[table.me]
    return max(_place_gain(table, s, card) for s in range(12) if grid[s] is not None)


def _reveal_score(table: _Table, slot: int) -> float:
    cell = table.grids[table.me][slot]
    assert cell is not None
    score = 0.0
    if cell.card is not None:  # known through Révélation: reveal the low ones
        score += table.mean - VALUE[cell.card]
    for line in table.lines:
        slots = LINE_SLOTS[line]
        if slot in slots:
            ups = [
                c.card
                for c in (table.grids[table.me][s] for s in slots)
                if c is not None and c.up and c.card is not None
            ]
            if len(ups) >= 2 and len(set(ups) - {STAR}) == 1:
                score += 0.5
    return score + _trigger(table, hidden_after=table.hidden[table.me] - 1, change=0.0)


def _exchange_gain(table: _Table) -> float:
    """What one Échange would swing: our worst card against the lowest visible card of an undefended opponent."""
    mine = max(table.worth(c) for c in table.grids[table.me] if c is not None)
    theirs = [low[0] for p in table.opponents if not table.defended(p) and (low := table.lowest_visible(p)) is not None]
    return mine - min(theirs) if theirs else 0.0


def _meteor_gain(table: _Table) -> float:
    total = 0.0
    for p in table.opponents:
        low = table.lowest_visible(p)
        if low is not None and not table.defended(p):
            total += max(0.0, table.mean - low[0])
    return total


def _own_swap_gain(table: _Table) -> float:
    """The best line that one swap of two of our face-up cards would complete."""
    grid = table.grids[table.me]
    best = 0.0
    for line in table.lines:
        slots = LINE_SLOTS[line]
        cells = [c for s in slots if (c := grid[s]) is not None]
        if len(cells) < 3 or not all(c.up and c.card is not None for c in cells):
            continue
        counts: dict[GameCard, int] = {}
        for c in cells:
            if c.card is not None and c.card is not STAR:
                counts[c.card] = counts.get(c.card, 0) + 1
        for card, count in counts.items():
            stars = sum(1 for c in cells if c.card is STAR)
            if count + stars == len(cells) - 1:
                outside = any(c is not None and c.up and c.card is card and s not in slots for s, c in enumerate(grid))
                if outside:
                    best = max(best, VALUE[card] * count - 2.0)
    return best


def _play_worth(table: _Table, card: ActionCard, discard: Sequence[ActionCard]) -> float:
    """Points a played Action card is expected to bring, against an ordinary turn's ``DRAW_WORTH``."""
    if card is A.DOUBLE_TURN:
        return 2.0 * DRAW_WORTH + 1.0
    if card is A.DEFENSE:
        attacks = any(c in (A.STEAL, A.EXCHANGE, A.METEORS) for p in table.opponents for c in table.opp_cards[p])
        return -1.0 if attacks and not table.near_end else DRAW_WORTH + 0.5
    if card is A.DRAW_THREE:
        return DRAW_WORTH + 1.5
    if card is A.EXCHANGE:
        return 1.5 * _exchange_gain(table)
    if card is A.METEORS:
        return _meteor_gain(table)
    if card is A.OWN_SWAP:
        return _own_swap_gain(table)
    if card is A.STEAL:
        return max((STEAL_WORTH.get(c, 1.0) for p in table.opponents for c in table.opp_cards[p]), default=0.0)
    if card is A.REACTIVATION:
        return max((_play_worth(table, c, ()) for c in discard if c is not A.REACTIVATION), default=0.0) - 0.5
    return 1.0  # Révélation: a look at our own hidden cards


def _choose_score(action: Action, table: _Table, view: SkyjoView) -> float:
    kind = action.kind
    if kind is Kind.DRAW:
        return DRAW_WORTH
    if kind is Kind.TAKE:
        return _best_place(table, view.discard[-1])
    if kind is Kind.ACTION:
        if table.near_end:
            return -20.0
        if action.slot is not None and view.market[action.slot] is A.EXCHANGE:
            return 0.6 * _exchange_gain(table) - 2.0
        return -5.0
    assert isinstance(action.card, ActionCard)
    urgency = HELD_COST if table.near_end else 0.0
    if kind is Kind.DROP:
        return urgency + 0.5 - DRAW_WORTH
    return urgency + _play_worth(table, action.card, view.action_discard)


def _star_score(action: Action, table: _Table, view: SkyjoView) -> float:
    if action.kind is Kind.PASS:
        return 1.0
    if table.near_end:
        return -10.0
    if action.slot is None:
        return 1.5  # the unknown top of the Action pile
    card = view.market[action.slot]
    assert card is not None
    if card is A.EXCHANGE:
        return max(STAR_WORTH[card], 0.5 * _exchange_gain(table))
    return STAR_WORTH[card]


def _copy_score(action: Action, table: _Table) -> float:
    if action.kind is Kind.PASS:
        return 0.0
    assert action.slot is not None
    grid = table.grids[table.me]
    cards = [c.card for c in (grid[s] for s in LINE_SLOTS[action.slot]) if c is not None and c.card is not None]
    return sum(VALUE[c] for c in cards) + 0.1


def _pick_score(action: Action, table: _Table, view: SkyjoView) -> float:
    """Échange: first our worst card, then the opponent's lowest; Averse: each opponent's lowest card."""
    assert action.target is not None and action.slot is not None
    cell = table.grids[action.target][action.slot]
    assert cell is not None
    worth = table.worth(cell)
    if view.phase is Phase.EXCHANGE:
        if not view.picks:
            return worth if action.target == table.me else -100.0 - worth
        return -worth if cell.up else -table.mean - 1.0
    if not cell.up:  # a meteor on a hidden card only shows it; on their last one it would end the round
        return -1.0 if table.hidden[action.target] > 1 else -50.0
    return table.mean - worth


def _effect_score(action: Action, table: _Table, view: SkyjoView) -> float:
    kind = action.kind
    if kind is Kind.KEEP:
        if action.card is None:
            return 0.0
        assert isinstance(action.card, GameCard)
        return _best_place(table, action.card)
    if kind is Kind.PUT:
        assert isinstance(action.card, GameCard)
        return -float(VALUE[action.card])
    if kind is Kind.OWN:
        assert action.slot is not None and action.slot2 is not None
        return _own_pair(table, action.slot, action.slot2)
    if kind is Kind.FACES:
        return 1.0 if action.up and action.up2 else 0.0
    if kind is Kind.LOOK:
        assert action.target is not None and action.slot is not None
        grid = table.grids[action.target]
        unknown = sum(1 for s in LINE_SLOTS[action.slot] if (c := grid[s]) is not None and c.card is None)
        return unknown + (2.0 if action.target == table.me else 0.0)
    if kind is Kind.REACTIVATE:
        if action.card is None:
            return 0.0
        assert isinstance(action.card, ActionCard)
        return _play_worth(table, action.card, ())
    if kind is Kind.PICK:
        return _pick_score(action, table, view)
    if kind is Kind.STEAL:
        assert isinstance(action.card, ActionCard)
        return STEAL_WORTH.get(action.card, 1.0)
    return 0.0


def _own_pair(table: _Table, a: int, b: int) -> float:
    """Points an own swap of slots ``a`` and ``b`` (both put face up) saves through completed lines."""
    grid = table.grids[table.me]
    ca, cb = grid[a], grid[b]
    assert ca is not None and cb is not None
    if ca.card is None or cb.card is None:
        return -1.0
    swapped = {a: cb, b: ca}
    gain = 0.0
    for line in table.lines:
        slots = LINE_SLOTS[line]
        if a in slots or b in slots:
            cells = [swapped.get(s, grid[s]) for s in slots]
            present = [c for c in cells if c is not None]
            if all(c.up and c.card is not None for c in present):
                removed = _line_value([c.card for c in present if c.card is not None])
                if removed is not None and not (a in slots and b in slots):
                    gain += removed
    return gain


def choose(view: SkyjoView, legal: Sequence[Action], rng: random.Random) -> Action:
    """The ``normal`` Skyjo move for this view (the reasons are in the module docstring)."""
    if len(legal) == 1:
        return legal[0]
    table = _Table(view)
    phase = view.phase
    me = table.me
    if phase == "setup":
        return legal[rng.randrange(len(legal))]
    if phase == "choose":
        scored = [(_choose_score(a, table, view), a) for a in legal]
    elif phase in ("place", "drawn"):
        assert table.drawn is not None
        drawn = table.drawn
        discard_score = max(
            (_reveal_score(table, s) for s in range(12) if (c := table.grids[me][s]) is not None and not c.up),
            default=-100.0,
        )
        scored = [
            (discard_score if a.kind is Kind.DISCARD else _place_gain(table, a.slot or 0, drawn), a) for a in legal
        ]
    elif phase == "reveal":
        scored = [(_reveal_score(table, a.slot or 0), a) for a in legal]
    elif phase == "star":
        scored = [(_star_score(a, table, view), a) for a in legal]
    elif phase == "copy":
        scored = [(_copy_score(a, table), a) for a in legal]
    else:
        scored = [(_effect_score(a, table, view), a) for a in legal]
    return best_of(scored, rng)


# -- search hooks ----------------------------------------------------------------------------------------
HIDDEN_GUESS = 4.5
"""A hidden card's worth in evaluation (the Action box's mean is about 4.4)."""


def _round_estimate(world: Any, seat: int) -> float:
    grid, up = world.grid[seat], world.up[seat]
    points = 0.0
    for slot in range(12):
        card = grid[slot]
        if card is not None:
            points += VALUE[card] if up[slot] else HIDDEN_GUESS
    return points + HELD_COST * (len(world.held[seat]) + len(world.fresh[seat]))


def evaluate(state: GameState[Any]) -> list[float]:
    """Each seat's chance from public facts: match totals plus the estimated score of the round under way
    (face-up cards, hidden ones at the mean, held Action cards at 10); lowest wins.

    Scale: 12 projected points of lead make about a 73 % favourite (a round moves totals by 20–30 points).
    """
    world = cast(SkyjoState, state)
    n = world.num_players
    totals = world.totals
    projected = [totals[p] + _round_estimate(world, p) for p in range(n)]
    low = min(projected)
    weights = [math.exp(-(p - low) / 12.0) for p in projected]
    norm = sum(weights)
    return [w / norm for w in weights]


SEARCH_DEPTH = 24
"""Decisions a search rollout plays before ``evaluate`` judges (measured: see ``docs/bots.md``)."""


def round_of(state: GameState[Any]) -> int:
    """The round under way (the search's rollouts stop when it ends)."""
    return cast(SkyjoState, state).round
