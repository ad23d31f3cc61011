"""SOON: build a rising suite of 8 Number cards, Day and Night, while slowing your opponents down.

Rules: ``docs/rules/soon.md`` (English, with every ruling numbered), from the French seed text.
"""

from typing import Any

from veillee.core import GameInfo
from veillee.games.soon.actions import Action, Kind
from veillee.games.soon.cards import Card, Colour
from veillee.games.soon.rules import Phase
from veillee.games.soon.state import OPTIONS, Length, SoonState

__all__ = ["GAME", "Action", "Card", "Colour", "Kind", "Length", "Phase", "SoonState"]


def _new(*, players: int, seed: int, deck: Any = None, **options: Any) -> SoonState:
    return SoonState(players, seed, deck, **options)


GAME = GameInfo(
    name="soon",
    title="SOON",
    min_players=2,
    max_players=6,
    factory=_new,
    options=OPTIONS,
    presentation="veillee.games.soon.render",
    variants=({}, {"speed": True}, {"length": "express", "joker_replaces_thief": False}),
)
