"""The phases of a Skyjo turn: which decision the seat to act faces."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase"]


class Phase(StrEnum):
    """Which decision the seat to act faces."""

    SETUP = "setup"
    """Each player turns 2 cards of their grid face up (R5)."""
    CHOOSE = "choose"
    """The three choices of a turn (R6)."""
    PLACE = "place"
    """Holding a card that must be swapped into the grid (from the discard, or kept with Tirez trois)."""
    DRAWN = "drawn"
    """Holding a card drawn from the pile: swap it, or discard it."""
    REVEAL = "reveal"
    """Turn one of your hidden cards face up."""
    STAR = "star"
    """A Star's right: take an Action card, or pass (R22, ruling 38)."""
    COPY = "copy"
    """Stars may copy a number so that a line is discarded (R23, ruling 35)."""
    OWN = "own"
    FACES = "faces"
    KEEP = "keep"
    PUT = "put"
    LOOK = "look"
    REACTIVATE = "reactivate"
    EXCHANGE = "exchange"
    STEAL = "steal"
    METEORS = "meteors"
    OVER = "over"
