"""Skyjo Action (Magilano), with the classic Skyjo rules as variants: the lowest total wins.

Rules: ``docs/rules/skyjo.md`` (English, with every rule and ruling numbered), from the French seed text and
``RULINGS.md`` §3. ``GAME`` declares the game once: options, events, the typed view and the constants the
browser draws with (the grid's shape, slot and line names, the Action cards' short names).
"""

from veillee.core import GameInfo
from veillee.games.skyjo.actions import Action, Kind
from veillee.games.skyjo.cards import (
    COLUMNS,
    LINE_NAMES,
    ROWS,
    SLOT_NAMES,
    VALUE,
    ActionCard,
    GameCard,
    Line,
    Slot,
)
from veillee.games.skyjo.events import EVENTS
from veillee.games.skyjo.options import OPTIONS, SkyjoOptions
from veillee.games.skyjo.phases import Phase
from veillee.games.skyjo.render import ACTION_SHORT
from veillee.games.skyjo.state import SkyjoState
from veillee.games.skyjo.view import SkyjoView

__all__ = [
    "GAME",
    "Action",
    "ActionCard",
    "GameCard",
    "Kind",
    "Line",
    "Phase",
    "SkyjoOptions",
    "SkyjoState",
    "SkyjoView",
    "Slot",
]

GAME = GameInfo(
    name="skyjo",
    title="Skyjo Action",
    min_players=2,
    max_players=8,
    state=SkyjoState,
    options=OPTIONS,
    events=EVENTS,
    view=SkyjoView,
    constants={
        "rows": ROWS,
        "columns": COLUMNS,
        "slots": list(SLOT_NAMES),
        "lines": list(LINE_NAMES),
        "action_short": {lang: dict(names) for lang, names in ACTION_SHORT.items()},
        "values": {str(card): VALUE[card] for card in GameCard},
    },
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
