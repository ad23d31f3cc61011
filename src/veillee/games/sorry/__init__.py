"""Sorry! Revenge (Hasbro, 2009): play cards onto a pile, reach exactly 21 to flip a pawn HOME.

Rules: ``docs/rules/sorry.md`` (English, with every ruling numbered), from the French-Canadian manual.
"""

from typing import Any

from veillee.core import GameInfo
from veillee.games.sorry.actions import Action, Kind
from veillee.games.sorry.cards import Card, DeckList
from veillee.games.sorry.rules import Phase
from veillee.games.sorry.state import OPTIONS, SorryState

__all__ = ["GAME", "Action", "Card", "DeckList", "Kind", "Phase", "SorryState"]


def _new(*, players: int, seed: int, deck: Any = None, **options: Any) -> SorryState:
    return SorryState(players, seed, deck, **options)


GAME = GameInfo(
    name="sorry",
    title="Sorry! Revenge",
    min_players=2,
    max_players=4,
    factory=_new,
    options=OPTIONS,
    presentation="veillee.games.sorry.render",
    variants=({}, {"long_game": True}, {"play2_check": "end", "deck_list": "gamingpack"}),
)
