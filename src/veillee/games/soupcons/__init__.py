"""Soupçons: pass Masques face down with a claim, true or false; the Serpents want one Night card left.

Rules: ``docs/rules/soupcons.md`` (English, with every ruling numbered), from the French seed text. ``GAME``
is the declaration every front-end reads: options (``options.py``), events (``events.py``), the typed view
(``view.py``) and the constants the browser draws with.
"""

from veillee.core import GameInfo
from veillee.games.soupcons.actions import Action, Kind
from veillee.games.soupcons.cards import Card
from veillee.games.soupcons.events import EVENTS
from veillee.games.soupcons.options import OPTIONS, SoupconsOptions
from veillee.games.soupcons.rules import Phase
from veillee.games.soupcons.scoring import Camp
from veillee.games.soupcons.state import SoupconsState
from veillee.games.soupcons.view import SoupconsView

__all__ = [
    "GAME",
    "OPTIONS",
    "Action",
    "Camp",
    "Card",
    "Kind",
    "Phase",
    "SoupconsOptions",
    "SoupconsState",
    "SoupconsView",
]

GAME = GameInfo(
    name="soupcons",
    title="Soupçons",
    min_players=3,
    max_players=6,
    state=SoupconsState,
    options=OPTIONS,
    events=EVENTS,
    view=SoupconsView,
    constants={"serpent": str(Card.SERPENT)},
    presentation="veillee.games.soupcons.render",
    variants=({}, OPTIONS.automated_defaults(), {"round_cap": 1, "first_player": 0}),
)
