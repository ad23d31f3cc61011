"""Soupçons' options, declared once (``veillee.core.options``), and the parsed value the rules read.

The round cap (ruling 13) is the one option whose default differs between people and unattended play: a
table of people plays until a camp wins, as the printed rules do, while simulations, tournaments and
research environments take ``automated`` (20 rounds), because random or stubborn bots can pass cards that
change nothing for a very long time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from veillee.core import JSON, Option, OptionSet

__all__ = ["AUTOMATED_ROUND_CAP", "OPTIONS", "SoupconsOptions"]

AUTOMATED_ROUND_CAP = 20
"""The round cap RULINGS.md asks for automated play (ruling 13)."""

MAX_ROUND_CAP = 200
"""The largest cap accepted: a real game ends within a few rounds; 200 is already « never »."""

OPTIONS = OptionSet(
    "soupcons",
    [
        Option(
            name="round_cap",
            kind="int",
            nullable=True,
            default=None,
            minimum=1,
            maximum=MAX_ROUND_CAP,
            automated=AUTOMATED_ROUND_CAP,
            help=(
                "end the game as a draw after this many rounds without a winner (ruling 13); default none for "
                f"people, {AUTOMATED_ROUND_CAP} in simulations and tournaments"
            ),
            label={"fr": "Limite de manches (partie nulle)", "en": "Round limit (then a draw)"},
        ),
        Option(
            name="first_player",
            kind="seat",
            nullable=True,
            default=None,
            help="the seat left of the dealer, who gets three cards and starts (default: drawn from the seed)",
            label={"fr": "Premier joueur", "en": "First player"},
        ),
    ],
)


@dataclass(frozen=True, kw_only=True, slots=True)
class SoupconsOptions:
    """The options of a Soupçons game, validated (``None``: off, or drawn from the seed)."""

    round_cap: int | None = None
    first_player: int | None = None

    @classmethod
    def parse(cls, players: int, options: Mapping[str, Any]) -> SoupconsOptions:
        """The declared options checked (``InvalidOption`` naming the first bad one); no rule ties them."""
        parsed = OPTIONS.parse(options, players)
        return cls(round_cap=parsed["round_cap"], first_player=parsed["first_player"])

    def to_json(self) -> JSON:
        return {"round_cap": self.round_cap, "first_player": self.first_player}
