"""Line discards (« défausser une ligne ou une colonne ») and round scoring, as small pure functions.

A grid is a list of 12 slots, row by row; a slot holds a ``GameCard`` or ``None`` once its card has been
discarded with a line. ``up[slot]`` says whether the card is face up (removed slots count as up, so that
``up.count(False)`` is the number of hidden cards). Lines are the rows 0–2 and the columns 3–6; a line is
« complete » when every card still in it is face up, and it can be discarded only with at least 3 cards
(rules R23–R27, rulings 14–17).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from veillee.games.skyjo.cards import IS_STAR, VALUE, GameCard

__all__ = [
    "ALL_LINES",
    "COLUMN_LINES",
    "LINE_SLOTS",
    "grid_points",
    "lines_with_copy",
    "natural_lines",
    "star_bonus",
    "star_lines",
]

LINE_SLOTS: tuple[tuple[int, ...], ...] = (
    (0, 1, 2, 3),
    (4, 5, 6, 7),
    (8, 9, 10, 11),
    (0, 4, 8),
    (1, 5, 9),
    (2, 6, 10),
    (3, 7, 11),
)
ALL_LINES: tuple[int, ...] = tuple(range(7))
COLUMN_LINES: tuple[int, ...] = (3, 4, 5, 6)
STAR = GameCard.STAR
MIN_LINE = 3

Grid = list[GameCard | None]


def natural_lines(grid: Grid, up: list[bool], lines: Sequence[int]) -> list[int]:
    """The lines whose cards (at least 3) are all face up and all the same number, with no Star (R25)."""
    out = []
    for line in lines:
        first = None
        count = 0
        for slot in LINE_SLOTS[line]:
            card = grid[slot]
            if card is None:
                continue
            if card is STAR or not up[slot] or (first is not None and card is not first):
                break
            first = card
            count += 1
        else:
            if count >= MIN_LINE:
                out.append(line)
    return out


def star_lines(grid: Grid, up: list[bool], lines: Sequence[int]) -> list[int]:
    """The lines that Stars could complete: at least 3 cards, all face up, at least one Star and one
    number, and all their numbers equal (R23, ruling 16). A line of Stars only is not among them."""
    out = []
    for line in lines:
        first = None
        count = 0
        stars = 0
        for slot in LINE_SLOTS[line]:
            card = grid[slot]
            if card is None:
                continue
            if not up[slot]:
                break
            count += 1
            if card is STAR:
                stars += 1
            elif first is None:
                first = card
            elif card is not first:
                break
        else:
            if count >= MIN_LINE and stars and first is not None:
                out.append(line)
    return out


def line_number(grid: Grid, line: int) -> GameCard:
    """The number card of a line that Stars may copy (the line is one of ``star_lines``)."""
    return next(c for c in (grid[s] for s in LINE_SLOTS[line]) if c is not None and c is not STAR)


def lines_with_copy(grid: Grid, up: list[bool], lines: Sequence[int], copied: int) -> list[int]:
    """The lines discarded when the Stars of line ``copied`` take its number: ``copied`` itself and every
    other line that this assignment completes (a Star has one value at a time; other Stars copy nothing)."""
    value = line_number(grid, copied)
    as_value = set(LINE_SLOTS[copied])
    out = []
    for line in lines:
        count = 0
        for slot in LINE_SLOTS[line]:
            card = grid[slot]
            if card is None:
                continue
            if not up[slot]:
                break
            if card is STAR:
                if slot not in as_value:
                    break
            elif card is not value:
                break
            count += 1
        else:
            if count >= MIN_LINE:
                out.append(line)
    return out


def grid_points(grid: Grid) -> int:
    """The sum of the cards still in a grid; a Star counts 0 (R30)."""
    return sum(VALUE[card] for card in grid if card is not None)


def star_bonus(grid: Grid) -> int:
    """The best (lowest) total of disjoint all-Star lines: −15 for a row of 4 Stars, −10 for a row or
    column of exactly 3; each Star counts in one line only (R24, ruling 17)."""
    found: list[tuple[frozenset[int], int]] = []
    for line_slots in LINE_SLOTS:
        present = [s for s in line_slots if grid[s] is not None]
        if len(present) >= MIN_LINE and all(IS_STAR[grid[s] or 0] for s in present):
            found.append((frozenset(present), -15 if len(present) == 4 else -10))
    best = 0
    for size in range(1, len(found) + 1):
        for chosen in combinations(found, size):
            used: set[int] = set()
            total = 0
            for slots, points in chosen:
                if used & slots:
                    break
                used |= slots
                total += points
            else:
                best = min(best, total)
    return best


def round_scores(grids: Sequence[Grid], action_cards: Sequence[int], triggerer: int | None) -> tuple[list[int], bool]:
    """Each seat's round score and whether the triggerer's was doubled (R30, R31).

    The triggerer must have the strictly lowest score; otherwise a positive score of theirs is doubled.
    """
    scores = [grid_points(grid) + star_bonus(grid) + 10 * held for grid, held in zip(grids, action_cards, strict=True)]
    doubled = False
    if triggerer is not None:
        mine = scores[triggerer]
        if mine > 0 and any(score <= mine for seat, score in enumerate(scores) if seat != triggerer):
            scores[triggerer] = mine * 2
            doubled = True
    return scores, doubled
