"""Soupçons: pass Masques face down with a claim, true or false; the Serpents want one Night card left.

Rules: ``docs/rules/soupcons.md`` (English, with every ruling numbered), from the French seed text.
"""

from typing import Any

from veillee.core import GameInfo
from veillee.games.soupcons.actions import Action, Kind
from veillee.games.soupcons.cards import Card
from veillee.games.soupcons.rules import Camp, Phase
from veillee.games.soupcons.state import BOT_ROUND_CAP, OPTIONS, SoupconsState

__all__ = ["BOT_ROUND_CAP", "GAME", "Action", "Camp", "Card", "Kind", "Phase", "SoupconsState"]


def _new(*, players: int, seed: int, deck: Any = None, **options: Any) -> SoupconsState:
    return SoupconsState(players, seed, deck, **options)


GAME = GameInfo(
    name="soupcons",
    title="Soupçons",
    min_players=3,
    max_players=6,
    factory=_new,
    options=OPTIONS,
    presentation="veillee.games.soupcons.render",
    variants=({}, {"round_cap": BOT_ROUND_CAP}, {"round_cap": 1, "first_player": 0}),
)
