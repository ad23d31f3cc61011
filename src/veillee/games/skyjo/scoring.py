"""Skyjo's scoring as small pure functions (rules R30–R32, ruling 17), and a match's summary numbers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from veillee.games.skyjo.actions import Kind
from veillee.games.skyjo.cards import IS_STAR, LINE_SLOTS, VALUE, ActionCard, GameCard
from veillee.games.skyjo.events import Lines, Reshuffle

if TYPE_CHECKING:
    from veillee.games.skyjo.state import SkyjoState

__all__ = ["grid_points", "round_scores", "star_bonus", "stats"]

MIN_LINE = 3

Grid = list[GameCard | None]


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


def stats(state: SkyjoState) -> dict[str, float]:
    """What a simulation summary reports of one match."""
    history = state.history
    kinds = Counter(action.kind for action in history)
    played = Counter(action.card for action in history if action.kind is Kind.PLAY)
    events = state.raw_events()
    out: dict[str, float] = {
        "rounds": state.round,
        "turns": state.turns,
        "decisions": len(history),
        "action cards taken": kinds[Kind.ACTION],
        "lines discarded": sum(len(e.lines) for e in events if isinstance(e, Lines)),
        "reshuffles": sum(1 for e in events if isinstance(e, Reshuffle)),
    }
    for card in ActionCard:
        out[f"played {card}"] = played[card]
    return out
