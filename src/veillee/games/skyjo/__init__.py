"""Skyjo Action (Magilano), with the classic Skyjo rules as variants: the lowest total wins.

Rules: ``docs/rules/skyjo.md`` (English, with every rule and ruling numbered), from the French seed text and
``RULINGS.md`` §3.
"""

from typing import Any

from veillee.core import GameInfo
from veillee.games.skyjo.actions import Action, Kind
from veillee.games.skyjo.cards import ActionCard, GameCard
from veillee.games.skyjo.phases import Phase
from veillee.games.skyjo.state import OPTIONS, SkyjoState

__all__ = ["GAME", "Action", "ActionCard", "GameCard", "Kind", "Phase", "SkyjoState"]


def _new(*, players: int, seed: int, deck: Any = None, **options: Any) -> SkyjoState:
    return SkyjoState(players, seed, deck, **options)


GAME = GameInfo(
    name="skyjo",
    title="Skyjo Action",
    min_players=2,
    max_players=8,
    factory=_new,
    options=OPTIONS,
    presentation="veillee.games.skyjo.render",
    variants=(
        {},
        {"first_game": True, "double_turn_extra": 1, "first_player": "highest"},
        {
            "stolen_playable_at_once": True,
            "defense_blocks_exchange": False,
            "steal_blocked_extra_turn": False,
            "lines": "columns",
            "stars": 20,
            "action_copies": 2,
        },
        {"rules": "classic"},
        {"rules": "classic", "box": "classic", "lines": "rows_and_columns", "target": 60},
    ),
)
