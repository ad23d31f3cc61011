"""Sorry! Revenge (Hasbro, 2009): play cards onto a pile, reach exactly 21 to flip a pawn HOME.

Rules: ``docs/rules/sorry.md`` (English, with every ruling numbered), from the French-Canadian manual.
"""

from veillee.core import GameInfo
from veillee.games.sorry.actions import Action, Kind
from veillee.games.sorry.cards import PAWN_COLOURS, PAWNS, TARGET, Card, DeckList
from veillee.games.sorry.events import EVENTS
from veillee.games.sorry.options import OPTIONS
from veillee.games.sorry.phases import Phase
from veillee.games.sorry.state import SorryState
from veillee.games.sorry.view import SorryView

__all__ = ["GAME", "Action", "Card", "DeckList", "Kind", "Phase", "SorryState", "SorryView"]

GAME = GameInfo(
    name="sorry",
    title="Sorry! Revenge",
    min_players=2,
    max_players=4,
    state=SorryState,
    options=OPTIONS,
    events=EVENTS,
    view=SorryView,
    constants={"target": TARGET, "pawns": PAWNS, "colours": list(PAWN_COLOURS)},
    presentation="veillee.games.sorry.render",
    variants=({}, {"long_game": True}, {"play2_check": "end", "deck_list": "gamingpack"}),
)
