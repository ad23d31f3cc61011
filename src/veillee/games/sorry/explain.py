"""Why an action is refused now, in words for the player: only public facts and the action itself, never a
card the player may not see (Ruling 29)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from veillee.games.sorry.actions import Action, Kind
from veillee.games.sorry.cards import Card
from veillee.games.sorry.phases import Phase

if TYPE_CHECKING:
    from veillee.games.sorry.state import SorryState

__all__ = ["explain"]


def explain(state: SorryState, action: object) -> str:
    """Why an action is refused, naming only public facts and the action itself."""
    if not isinstance(action, Action):
        return f"{action!r} is not a Sorry! Revenge action; build one with Action or state.action_from_json"
    phase = state.phase
    kind = action.kind
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    if phase is Phase.STEAL:
        return f"seat {state.turn} has just reached 21: steal it with a SORRY! card (steal) or let it go (pass)"
    if phase is Phase.BLOCK_STEAL or phase is Phase.BLOCK_SORRY:
        return "a SORRY! card is played against you: block it with Don't be SORRY! (block) or let it go (pass)"
    if phase is Phase.TIEBREAK:
        if kind is Kind.ADD and action.card in hand:
            return f"{action.card} would take your tie-break pile above 21"
        return "tie-break: add a Number card from your hand to your pile (add <card>) or stop (stand)"
    if phase is Phase.PLAY2:
        return f"Play 2: play {state.play2_left} more Number card(s) from your hand (play <number>)"
    if kind in (Kind.STEAL, Kind.BLOCK, Kind.ADD, Kind.STAND):
        return "this is not possible on your own turn: play one card from your hand"
    if kind is Kind.PASS:
        return "you must play one card from your hand on your turn"
    if action.card not in hand:
        return f"you have no {action.card} in your hand"
    if kind is Kind.SORRY:
        if action.target == seat:
            return "a SORRY! card is played against an opponent, not yourself"
        return f"seat {action.target} has no pawn on HOME to flip back"
    if kind is Kind.DEAD:
        return "a card may be played without effect only when no card in your hand has an effect"
    if action.card is Card.PLAY_2:
        return "Play 2 needs 2 Number cards in your hand besides it"
    return f"{action} is not possible now"
