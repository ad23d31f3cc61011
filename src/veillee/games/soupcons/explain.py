"""Why a Soupçons action is illegal now, in words for the player (``IllegalAction``'s message).

The text names only public facts (whose turn, which Portes are down, the claims allowed) and the action
itself: never a card the player may not see. An offer of a card one does not hold says so without listing
the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from veillee.games.soupcons.actions import Action, Kind
from veillee.games.soupcons.rules import Phase

if TYPE_CHECKING:
    from veillee.games.soupcons.state import SoupconsState

__all__ = ["explain"]


def explain(state: SoupconsState, action: object) -> str:
    """Why ``action`` is refused now (R5–R6, rulings 3, 5 and 6)."""
    if not isinstance(action, Action):
        return f"{action!r} is not a Soupçons action; build one with Action or state.action_from_json"
    phase = state.phase
    kind = action.kind
    if phase is Phase.CHOOSE:
        if kind is not Kind.CHOOSE:
            return f"seat {state.active} must first choose a player whose Porte is still open (choose <seat>)"
        if action.target == state.active:
            return "you cannot choose yourself: choose another player whose Porte is still open"
        return f"seat {action.target}'s Porte is already on the table: choose a player whose Porte is open"
    if phase is Phase.RESPOND:
        return f"seat {state.receiver} must accept or refuse the offered card (accept / refuse)"
    if kind is not Kind.OFFER:
        return f"seat {state.active} must offer a card to seat {state.receiver} (offer <card> as <claim>)"
    card = action.card
    if card is None or card not in state.hands[state.active]:
        refused = " (a refused card cannot be offered again in this offer)" if state.refused else ""
        return f"you have no {card} in your hand to offer{refused}"
    return f"{action.claim} is not a claim in this game: announce a Masque 0–{state.material.top} or S"
