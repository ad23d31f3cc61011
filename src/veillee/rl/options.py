"""The options research environments play with: the game's declared unattended defaults, then the caller's.

A game declares, per option, the default for unattended play where it differs from people's
(``Option.automated``: Soupçons ends a game after 20 rounds, as RULINGS.md asks of automated play, where a
table of people plays on). Learners and search bots are unattended play, so every environment applies those
defaults unless the caller gives the option.
"""

from __future__ import annotations

from typing import Any

import veillee

__all__ = ["unattended"]


def unattended(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` over the game's unattended defaults."""
    return {**veillee.game_info(game).options.automated_defaults(), **options}
