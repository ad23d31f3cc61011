"""Why an action is refused, in words for the player (public facts only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from veillee.games.skyjo.actions import Action, Kind
from veillee.games.skyjo.phases import Phase

if TYPE_CHECKING:
    from veillee.games.skyjo.state import SkyjoState

__all__ = ["explain"]


# -- explanations -----------------------------------------------------------------------------------
_PHASE_HINTS = {
    Phase.SETUP: "each player first turns 2 of their own hidden cards face up (reveal <slot>)",
    Phase.CHOOSE: "choose: take, draw, take an Action card (action 1-4 / action pile), play or drop one",
    Phase.PLACE: "the card you hold must be swapped with a card of your grid (swap <slot>)",
    Phase.DRAWN: "swap the drawn card into your grid (swap <slot>) or discard it (discard)",
    Phase.REVEAL: "turn one of your hidden cards face up (reveal <slot>)",
    Phase.STAR: "your Star lets you take an Action card (action 1-4 / action pile) or pass",
    Phase.COPY: "your Stars may copy a number to discard a line (copy <line>) or pass",
    Phase.OWN: "choose the two cards of your grid to swap (own <slot> <slot>)",
    Phase.FACES: "choose the faces of the two swapped cards (faces up|down up|down)",
    Phase.KEEP: "keep one of the three cards you looked at (keep <card>) or none (keep none)",
    Phase.PUT: "discard the cards you did not keep, one by one (put <card>)",
    Phase.LOOK: "choose a row or column of a grid with hidden cards (look <seat> <line>)",
    Phase.REACTIVATE: "choose a card of the Action discard to play (reactivate <card>)",
    Phase.EXCHANGE: "choose a card in a grid, then one in another player's grid (pick <seat> <slot>)",
    Phase.STEAL: "choose an opponent's Action card to steal (steal <seat> <card>)",
    Phase.METEORS: "choose the card of this opponent's grid that is replaced (pick <seat> <slot>)",
}


def explain(state: SkyjoState, action: object) -> str:
    """Why an action is refused, naming only public facts and the action itself."""
    if not isinstance(action, Action):
        return f"{action!r} is not a Skyjo action; build one with Action or state.action_from_json"
    phase = state.phase
    kind = action.kind
    if kind is Kind.PLAY and phase is Phase.CHOOSE:
        if state.triggerer is not None:
            return "the end of the round is triggered: Action cards may no longer be played or discarded"
        if action.card in state.fresh[state.turn] and action.card not in state.held[state.turn]:
            return f"{action.card} is playable only from your next turn, after another player's turn"
        if action.card not in state.held[state.turn]:
            return f"you hold no {action.card} card"
        return f"{action.card} has no possible target now"
    if kind is Kind.DROP and phase is Phase.CHOOSE:
        if state.triggerer is not None:
            return "the end of the round is triggered: Action cards may no longer be played or discarded"
        return f"you hold no playable {action.card} card"
    if kind is Kind.DISCARD and phase is Phase.DRAWN:
        return "you have no hidden card left to reveal: the drawn card must be swapped"
    if kind is Kind.ACTION and phase in (Phase.CHOOSE, Phase.STAR):
        return "that Action card is not available (empty market slot or empty Action pile)"
    hint = _PHASE_HINTS.get(phase)
    if hint is None:
        return "the match is over"
    return f"{action} is not possible now: {hint}"
