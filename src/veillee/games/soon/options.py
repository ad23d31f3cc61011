"""SOON's options, declared once (``OPTIONS``), and the parsed value the rules read (``SoonOptions``).

The declaration gives each option's type, range, default, help and labels; ``SoonOptions.parse`` lets
``OPTIONS.parse`` validate them and then applies only what ties options together: the target follows the
length, and Speed counts round wins, never points (Ruling 29).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from veillee.core import JSON, InvalidOption, Option, OptionSet

__all__ = ["OPTIONS", "TARGETS", "Length", "SoonOptions"]


class Length(StrEnum):
    """How long a match lasts (R11)."""

    EXPRESS = "express"
    """Win one round alone (Ruling 28)."""
    CLASSIC = "classic"
    """« Classique »: reach 40 points."""
    ENDURANCE = "endurance"
    """Reach 80 points."""


TARGETS = {Length.CLASSIC: 40, Length.ENDURANCE: 80}
"""The points each length plays to; Express has none (one round decides)."""

OPTIONS = OptionSet(
    "soon",
    [
        Option(
            name="length",
            kind="choice",
            default=None,
            nullable=True,
            choices=tuple(str(length) for length in Length),
            help="express (one round won alone), classic (40 points) or endurance (80 points); "
            "null: classic, or express in Speed",
            label={"fr": "Durée", "en": "Length"},
            choice_labels={
                "fr": {"express": "Express", "classic": "Classique (40 pts)", "endurance": "Endurance (80 pts)"},
                "en": {"express": "Express", "classic": "Classic (40 pts)", "endurance": "Endurance (80 pts)"},
            },
        ),
        Option(
            name="target",
            kind="int",
            default=None,
            nullable=True,
            minimum=1,
            maximum=500,
            help="points to reach instead of the length's (round wins in the Speed variant); null: the length's",
            label={"fr": "Fin de partie à", "en": "Match ends at"},
        ),
        Option(
            name="speed",
            kind="bool",
            default=False,
            help="the Speed variant: 4 cards, the first complete suite wins the round",
            label={"fr": "Variante Speed", "en": "Speed variant"},
        ),
        Option(
            name="joker_replaces_thief",
            kind="bool",
            default=True,
            help="a Joker may replace a Voleur in your own suite (ruling 9)",
            label={"fr": "Un Joker peut remplacer un Voleur", "en": "A Joker may replace a Thief"},
        ),
        Option(
            name="first_player",
            kind="seat",
            default=None,
            nullable=True,
            help="the seat that starts the first round; null: drawn from the seed (ruling 23)",
            label={"fr": "Premier joueur", "en": "First player"},
        ),
    ],
)


@dataclass(frozen=True, kw_only=True, slots=True)
class SoonOptions:
    """The options of a SOON match, validated."""

    length: Length = Length.CLASSIC
    target: int | None = 40
    """Points to reach; ``None`` in Express (one round decides). In Speed: round wins to reach."""
    speed: bool = False
    joker_replaces_thief: bool = True
    first_player: int | None = None

    @classmethod
    def parse(cls, players: int, given: dict[str, Any]) -> SoonOptions:
        """Validate ``given`` with ``OPTIONS``, then apply the rules that tie options together."""
        options = OPTIONS.parse(given, players)
        speed: bool = options["speed"]
        length_text = options["length"]
        length = (Length.EXPRESS if speed else Length.CLASSIC) if length_text is None else Length(length_text)
        target: int | None = options["target"]
        if target is None:
            if speed and length is not Length.EXPRESS:
                raise InvalidOption("the Speed variant counts no points: play it express, or give target=N round wins")
            target = TARGETS.get(length)
        return cls(
            length=length,
            target=target,
            speed=speed,
            joker_replaces_thief=options["joker_replaces_thief"],
            first_player=options["first_player"],
        )

    def to_json(self) -> JSON:
        return {
            "length": str(self.length),
            "target": self.target,
            "speed": self.speed,
            "joker_replaces_thief": self.joker_replaces_thief,
            "first_player": self.first_player,
        }
