"""SOON: build a rising suite of 8 Number cards, Day and Night, while slowing your opponents down.

Rules: ``docs/rules/soon.md`` (English, with every ruling numbered), from the French seed text.
"""

from veillee.core import GameInfo
from veillee.games.soon.actions import Action, Kind
from veillee.games.soon.cards import Card, Colour
from veillee.games.soon.events import EVENTS
from veillee.games.soon.options import OPTIONS, Length
from veillee.games.soon.render import SPECIAL_NAMES
from veillee.games.soon.rules import Phase
from veillee.games.soon.scoring import SUITE_LENGTH
from veillee.games.soon.state import SoonState
from veillee.games.soon.view import SoonView

__all__ = ["GAME", "Action", "Card", "Colour", "Kind", "Length", "Phase", "SoonState", "SoonView"]

GAME = GameInfo(
    name="soon",
    title="SOON",
    min_players=2,
    max_players=6,
    state=SoonState,
    options=OPTIONS,
    events=EVENTS,
    view=SoonView,
    constants={"suite_length": SUITE_LENGTH, "special_names": SPECIAL_NAMES},
    presentation="veillee.games.soon.render",
    variants=({}, {"speed": True}, {"length": "express", "joker_replaces_thief": False}),
)
