"""Table primitives shared by the turn flow and the Action effects: piles, the market, reveals, Défense.

Each function changes the ``SkyjoState`` in place and emits what happens (``events.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from veillee.core import derive
from veillee.games.skyjo.cards import ActionCard, GameCard
from veillee.games.skyjo.events import Blocked, Refill, Reshuffle, TakeAction

if TYPE_CHECKING:
    from veillee.games.skyjo.state import SkyjoState

__all__ = [
    "draw_game",
    "holds_defense",
    "refill_market",
    "reshuffle_game",
    "take_action_card",
    "use_defense",
]

STAR = GameCard.STAR
DEFENSE = ActionCard.DEFENSE


def reshuffle_game(state: SkyjoState) -> None:
    """The game pile ran out: the discard but its top card, shuffled, is the new pile (ruling 2).

    From then on the pile's cards are known to all as a set (only their order is hidden).
    """
    if len(state.discard) <= 1:
        return
    state.reshuffles += 1
    rng = derive(state.seed, "round", state.round, "reshuffle", state.reshuffles)
    top = state.discard.pop()
    pile = state.discard
    rng.shuffle(pile)
    state.pile = pile
    state.discard = [top]
    state.pile_public = True
    state.emit((Reshuffle, "game", len(pile)))


def draw_game(state: SkyjoState) -> GameCard | None:
    """The top card of the game pile, rebuilding the pile when it runs out; ``None`` if nothing is left."""
    if not state.pile:
        reshuffle_game(state)
        if not state.pile:
            return None
    card = state.pile.pop()
    if not state.pile:
        reshuffle_game(state)
    return card


def _reshuffle_actions(state: SkyjoState) -> None:
    """The Action pile ran out: the Action discard but its top card becomes the new pile (ruling 3)."""
    if len(state.action_discard) <= 1:
        return
    state.reshuffles += 1
    rng = derive(state.seed, "round", state.round, "action reshuffle", state.reshuffles)
    top = state.action_discard.pop()
    pile = state.action_discard
    rng.shuffle(pile)
    state.action_pile = pile
    state.action_discard = [top]
    state.emit((Reshuffle, "action", len(pile)))


def _draw_action(state: SkyjoState) -> ActionCard | None:
    if not state.action_pile:
        _reshuffle_actions(state)
        if not state.action_pile:
            return None
    return state.action_pile.pop()


def refill_market(state: SkyjoState) -> None:
    """Every empty market slot is refilled at once from the Action pile, if any card is left (R3, rulings 3, 40)."""
    market = state.market
    if None not in market:
        return
    for i in range(4):
        if market[i] is None:
            pile = state.action_pile
            card = pile.pop() if pile else _draw_action(state)
            if card is None:
                return
            market[i] = card
            state.emit((Refill, i + 1, card))


def take_action_card(state: SkyjoState, seat: int, market: int | None) -> None:
    """Take a market card or the Action pile's top card: it lies face up before ``seat``, not playable
    before its next turn that follows another player's turn (R9, ruling 4)."""
    if market is None:
        card = _draw_action(state)
        assert card is not None
    else:
        card = state.market[market]
        assert card is not None
        state.market[market] = None
    state.fresh[seat].append(card)
    state.emit((TakeAction, seat, "pile" if market is None else market + 1, card))
    refill_market(state)


def holds_defense(state: SkyjoState, seat: int) -> bool:
    return DEFENSE in state.held[seat] or DEFENSE in state.fresh[seat]


def use_defense(state: SkyjoState, attacker: int, seat: int, attack: ActionCard) -> None:
    """A Défense in front of ``seat`` blocks the attack and goes to the Action discard (rulings 5, 6).

    A not-yet-playable copy goes first, as its holder would choose: the playable one keeps its active use (ruling 31).
    """
    if DEFENSE in state.fresh[seat]:
        state.fresh[seat].remove(DEFENSE)
    else:
        state.held[seat].remove(DEFENSE)
    state.action_discard.append(DEFENSE)
    state.emit((Blocked, attacker, seat, attack))
    refill_market(state)
