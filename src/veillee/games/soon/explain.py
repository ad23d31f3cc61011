"""Why a SOON action is refused now, in words for the player, naming only public facts and the action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from veillee.games.soon.actions import Action, Kind
from veillee.games.soon.rules import Phase

if TYPE_CHECKING:
    from veillee.games.soon.state import SoonState

__all__ = ["explain"]


def explain(state: SoonState, action: object) -> str:
    """Why an action is refused, naming only public facts and the action itself."""
    if not isinstance(action, Action):
        return f"{action!r} is not a SOON action; build one with Action or state.action_from_json"
    phase = state.phase
    kind = action.kind
    if phase is Phase.GIVE:
        return "the asked player must now give one of the matching Number cards they hold (give <card>)"
    if phase is Phase.START and kind not in (Kind.DRAW, Kind.TAKE, Kind.RENEW):
        return "first draw a card: from the pile (draw), the discard (take), or renew your hand"
    if phase is Phase.ACT and kind in (Kind.DRAW, Kind.TAKE, Kind.RENEW):
        return "you have already drawn this turn: now place, replace, play a special card or discard"
    if kind is Kind.TAKE:
        return "the discard's top card is a special card: it cannot be taken (draw from the pile)"
    if kind is Kind.RENEW:
        return "you may renew your hand only while your suite is empty, before drawing"
    if action.card is not None and action.card not in state.hands[state.turn]:
        return f"you have no {action.card} in your hand"
    if kind is Kind.PLACE:
        return f"{action.card} cannot be the next card of your suite ({len(state.suites[state.turn]) + 1} is next)"
    if kind is Kind.REPLACE:
        return f"{action.card} cannot replace the card at position {action.position} of your suite"
    if kind is Kind.LIGHTNING:
        return f"seat {action.target} has no card that Foudre can reach (empty or protected suite)"
    if kind is Kind.THIEF:
        return f"seat {action.target}'s suite has no Number card you need next, or is protected"
    if kind is Kind.EXPLORE:
        return "you may ask another player only for a Number card you can play at once"
    return f"{action} is not possible now"
