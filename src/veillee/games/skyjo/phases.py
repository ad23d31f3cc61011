"""The phases of a Skyjo turn: which decision the seat to act faces."""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "P_CHOOSE",
    "P_COPY",
    "P_DRAWN",
    "P_EXCHANGE",
    "P_FACES",
    "P_KEEP",
    "P_LOOK",
    "P_METEORS",
    "P_OVER",
    "P_OWN",
    "P_PLACE",
    "P_PUT",
    "P_REACTIVATE",
    "P_REVEAL",
    "P_SETUP",
    "P_STAR",
    "P_STEAL",
    "Phase",
]


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


# Module-level names of the phases for the rules' hot path: ``Phase.CHOOSE`` is looked up through the enum's
# metaclass, several times the cost of a global name, and the rules test the phase on every decision.
P_SETUP = Phase.SETUP
P_CHOOSE = Phase.CHOOSE
P_PLACE = Phase.PLACE
P_DRAWN = Phase.DRAWN
P_REVEAL = Phase.REVEAL
P_STAR = Phase.STAR
P_COPY = Phase.COPY
P_OWN = Phase.OWN
P_FACES = Phase.FACES
P_KEEP = Phase.KEEP
P_PUT = Phase.PUT
P_LOOK = Phase.LOOK
P_REACTIVATE = Phase.REACTIVATE
P_EXCHANGE = Phase.EXCHANGE
P_STEAL = Phase.STEAL
P_METEORS = Phase.METEORS
P_OVER = Phase.OVER
