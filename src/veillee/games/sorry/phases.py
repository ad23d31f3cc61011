"""Whose decision a Sorry! Revenge match awaits, and of which kind (read by the rules, views and explanations)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase"]


class Phase(StrEnum):
    """Whose decision is awaited, and of which kind."""

    PLAY = "play"
    """The active player plays one card (R3)."""
    PLAY2 = "play2"
    """The active player plays the Number cards of a Play 2, one at a time (R9, Ruling 5)."""
    STEAL = "steal"
    """An opponent of the player who reached 21 may steal it (R15); asked one by one in play order (Rulings 9,
    22)."""
    BLOCK_STEAL = "block_steal"
    """The player whose 21 is being stolen may answer with Don't be SORRY! (R16, Ruling 10)."""
    BLOCK_SORRY = "block_sorry"
    """The target of a flip-back SORRY! may answer with Don't be SORRY! (R16, Ruling 10)."""
    TIEBREAK = "tiebreak"
    """Tied winners build their own piles toward 21 (R19, Rulings 18, 23)."""
    OVER = "over"
