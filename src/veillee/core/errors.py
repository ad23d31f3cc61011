"""The errors every game raises, so front-ends can tell a player what went wrong.

All of them are ``ValueError`` subclasses (as python-chess does for illegal moves): bad input is a value
problem, and callers that only know ``ValueError`` still catch them. Messages speak to the player and never
name a card that the reader may not see.
"""

from __future__ import annotations

__all__ = [
    "IllegalAction",
    "InvalidAction",
    "InvalidOption",
    "InvalidRecord",
    "UnknownGame",
    "VeilleeError",
]


class VeilleeError(ValueError):
    """Base class of every error veillée raises on purpose."""


class InvalidAction(VeilleeError):
    """An action that is not well-formed for this game (bad JSON, unknown index, unknown card)."""


class IllegalAction(VeilleeError):
    """A well-formed action that the rules do not allow now; the state is left unchanged."""


class InvalidOption(VeilleeError):
    """A game option, player count or stacked deck that the game does not accept."""


class InvalidRecord(VeilleeError):
    """A game record that cannot be replayed: malformed, another game, or an illegal action in it."""


class UnknownGame(VeilleeError):
    """A game name that is not in the registry."""
