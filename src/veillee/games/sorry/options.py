"""Sorry! Revenge's options, declared once: the state, ``GET /api/games``, the browser's forms and
``veillee games`` all read this declaration (``veillee.core.options``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from veillee.core import JSON, Option, OptionSet
from veillee.games.sorry.cards import DeckList

__all__ = ["OPTIONS", "SorryOptions"]

OPTIONS = OptionSet(
    "Sorry! Revenge",
    [
        Option(
            name="deck_list",
            kind="choice",
            default="standard",
            choices=("standard", "gamingpack"),
            help="standard (93 cards: 6 Reverse, the default) or gamingpack (91 cards: 4 Reverse, as [SRC 7])",
            label={"fr": "Paquet", "en": "Deck"},
            choice_labels={
                "fr": {"standard": "Standard (93 cartes)", "gamingpack": "GamingPack (91 cartes)"},
                "en": {"standard": "Standard (93 cards)", "gamingpack": "GamingPack (91 cards)"},
            },
        ),
        Option(
            name="play2_check",
            kind="choice",
            default="each",
            choices=("each", "end"),
            help="each (the total is checked after each card of a Play 2, the default) or end (after both)",
            label={"fr": "Jouez-en 2 : total vérifié", "en": "Play 2: total checked"},
            choice_labels={
                "fr": {"each": "Après chaque carte", "end": "Après les deux cartes"},
                "en": {"each": "After each card", "end": "After both cards"},
            },
        ),
        Option(
            name="long_game",
            kind="bool",
            default=False,
            help="the longer game: once all 4 pawns are HOME, flip them back to START (default false)",
            label={"fr": "Partie longue", "en": "Long game"},
        ),
        Option(
            name="first_player",
            kind="seat",
            default=None,
            nullable=True,
            help="the seat that plays first (default: drawn from the seed)",
            label={"fr": "Premier joueur", "en": "First player"},
        ),
    ],
)


@dataclass(frozen=True, slots=True)
class SorryOptions:
    """The options of a Sorry! Revenge match as the rules read them (validated by ``OPTIONS``)."""

    deck_list: DeckList
    play2_each: bool
    long_game: bool
    first_player: int | None

    @classmethod
    def parse(cls, players: int, given: dict[str, Any]) -> SorryOptions:
        """The options ``given`` for ``players`` seats; ``InvalidOption`` on an unknown name or a refused value."""
        values = OPTIONS.parse(given, players)
        return cls(
            deck_list=DeckList(values["deck_list"]),
            play2_each=values["play2_check"] == "each",
            long_game=values["long_game"],
            first_player=values["first_player"],
        )

    def to_json(self) -> JSON:
        return {
            "deck_list": str(self.deck_list),
            "play2_check": "each" if self.play2_each else "end",
            "long_game": self.long_game,
            "first_player": self.first_player,
        }
