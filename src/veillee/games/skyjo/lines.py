"""Line discards (« défausser une ligne ou une colonne »), as small pure functions.

A grid is a list of 12 slots, row by row; a slot holds a ``GameCard`` or ``None`` once its card has been
discarded with a line. ``up[slot]`` says whether the card is face up (removed slots count as up, so that
``up.count(False)`` is the number of hidden cards). Lines are the rows 0–2 and the columns 3–6; a line is
« complete » when every card still in it is face up, and it can be discarded only with at least 3 cards
(rules R23–R27, rulings 14–17).
"""

from __future__ import annotations

from collections.abc import Sequence

from veillee.games.skyjo.cards import LINE_SLOTS, GameCard

__all__ = [
    "ALL_LINES",
    "COLUMN_LINES",
    "LINE_SLOTS",
    "lines_with_copy",
    "natural_lines",
    "star_lines",
]

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
