"""Soupçons' rules: the deal, legal actions, their effects, the end of a round and of the game.

Each function cites the rule or ruling it implements (``docs/rules/soupcons.md``). Functions take the
``SoupconsState`` and change it in place, and ``emit`` what happened (``events.py``); ``GameState.apply``
has checked legality before ``apply`` runs. Scores are in ``scoring.py``, explanations in ``explain.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from veillee.core import derive, stacked
from veillee.games.soupcons.actions import RESPONSES, Action, Kind, tables
from veillee.games.soupcons.cards import DAY, GONE, NIGHT, Card, parse_card
from veillee.games.soupcons.events import (
    CHOOSES,
    NOTHING_HAPPENS,
    REFUSALS,
    REMOVED,
    TURNED,
    Accept,
    Deal,
    End,
    Offer,
    Outcome,
    RoundEnd,
)
from veillee.games.soupcons.scoring import Camp, match_result

if TYPE_CHECKING:
    from veillee.games.soupcons.state import SoupconsState

__all__ = ["MAX_OFFERS", "Exchange", "Phase", "apply", "deal", "first_player", "legal_actions"]


class Phase(StrEnum):
    """Which decision is awaited (R5–R7)."""

    CHOOSE = "choose"
    """The holder of three cards chooses a seat whose Porte is still open."""
    OFFER = "offer"
    """The holder offers a card face down and announces it."""
    RESPOND = "respond"
    """The chosen seat accepts or refuses the offered card."""
    OVER = "over"


class Exchange(NamedTuple):
    """A finished exchange: one holder offered up to three cards to one chosen seat. Holds the true cards:
    views redact it (``view.py``)."""

    round: int
    giver: int
    receiver: int
    claims: tuple[Card, ...]
    offered: tuple[Card, ...]
    """The cards behind the claims; all but the last were refused, the last was accepted."""
    forced: bool
    """Whether the last card was the forced third one (ruling 5)."""
    effect: Outcome
    value: int | None
    """The value of the Nuit/Jour card that turned or left, or None."""


MAX_OFFERS = 3
"""The holder offers at most three cards; after two refusals the third is accepted (R6, ruling 5)."""


# -- setup ---------------------------------------------------------------------------------------------
def first_player(seed: int, players: int, option: int | None) -> int:
    """The seat left of the dealer, who gets the third card and starts (ruling 12, ruling 17)."""
    if option is not None:
        return option
    dealer = derive(seed, "dealer").randrange(players)
    return (dealer + 1) % players


def deal(state: SoupconsState, stack: Sequence[str] | None) -> None:
    """Lay out the table and deal the Masques (R3–R4).

    Card ``j`` of the (``stack``ed, then shuffled) deck goes to seat ``(starter + j) % n``: one at a time,
    clockwise from the dealer's left, so the starter gets cards 0, n and 2n (ruling 18).
    """
    n = state.num_players
    material = state.material
    rng = derive(state.seed, "deal")
    if stack is not None:
        deck = stacked(material.deck, list(stack), rng, parse_card)
    else:
        deck = list(material.deck)
        rng.shuffle(deck)
    starter = state.starter
    hands: list[list[Card]] = [[] for _ in range(n)]
    for j, card in enumerate(deck):
        hands[(starter + j) % n].append(card)
    state.hands = hands
    state.dealt = tuple(tuple(hand) for hand in hands)
    state.table = [GONE] + [NIGHT] * material.top
    state.night = material.top
    state.on_table = material.top
    shown = tuple(tuple(sorted(hand)) for hand in hands)
    state.emit(Deal((starter - 1) % n, starter, tuple(len(hand) for hand in hands), shown))
    begin_round(state, starter)


def begin_round(state: SoupconsState, starter: int) -> None:
    """Every Porte back in hand, open side out; the holder of three cards chooses first (R5, R9)."""
    state.open_doors = (1 << state.num_players) - 1
    state.given_in_round = 0
    state.active = starter
    state.receiver = None
    state.phase = Phase.CHOOSE
    state.to_act = starter


# -- legal actions -------------------------------------------------------------------------------------
def legal_actions(state: SoupconsState) -> list[Action]:
    """The legal actions of ``to_act``, looked up in the player count's tables (R5–R6)."""
    phase = state.phase
    if phase is Phase.RESPOND:
        return list(RESPONSES)
    if phase is Phase.OFFER:
        return list(tables(state.num_players).offers_for[frozenset(state.hands[state.active])])
    if phase is Phase.CHOOSE:
        return list(tables(state.num_players).choices[state.active][state.open_doors])
    return []


# -- effects -------------------------------------------------------------------------------------------
def apply(state: SoupconsState, action: Action) -> None:
    """Carry out a legal action of ``state.to_act``."""
    _EFFECTS[action.kind](state, action)


def _choose(state: SoupconsState, action: Action) -> None:
    """The chosen seat lays its Porte on the table, closed side up (R5)."""
    target = action.target
    assert target is not None
    state.open_doors &= ~(1 << target)
    state.receiver = target
    state.claims = []
    state.phase = Phase.OFFER
    state.emit(CHOOSES[state.active][target])


def _offer(state: SoupconsState, action: Action) -> None:
    """A card goes face down in front of the receiver with its claim (R6); the third one is accepted at once
    (ruling 5): the holder still announces it, and nobody has a choice to make."""
    _, _, card, claim = action
    assert card is not None and claim is not None
    giver = state.active
    state.hands[giver].remove(card)
    state.offered = card
    state.claim = claim
    state.claims.append(claim)
    number = len(state.refused) + 1
    receiver = state.receiver
    assert receiver is not None
    state.emit(Offer(giver, receiver, claim, number, card))
    if number == MAX_OFFERS:
        accept(state, forced=True)
    else:
        state.phase = Phase.RESPOND
        state.to_act = receiver


def _refuse(state: SoupconsState, action: Action) -> None:
    """A refused card stays face down in front of the holder, who offers another one (R6, ruling 5)."""
    offered = state.offered
    receiver = state.receiver
    assert offered is not None and receiver is not None
    state.refused.append(offered)
    state.offered = None
    state.claim = None
    state.emit(REFUSALS[receiver])
    state.phase = Phase.OFFER
    state.to_act = state.active


def _accept(state: SoupconsState, action: Action) -> None:
    accept(state, forced=False)


def accept(state: SoupconsState, *, forced: bool) -> None:
    """The card joins the receiver's hand, refused cards go back to the holder's, the table reacts (R7),
    the game may end (R10–R11), and the receiver, now holding three cards, acts next (ruling 2)."""
    card = state.offered
    receiver = state.receiver
    assert card is not None and receiver is not None
    giver = state.active
    state.hands[receiver].append(card)
    refused = state.refused
    if refused:
        offered = (*refused, card)
        state.hands[giver].extend(refused)
        state.refused = []
    else:
        offered = (card,)
    state.offered = None
    state.claim = None
    emit = state.emit
    emit(Accept(receiver, giver, forced, card))
    table = state.table
    camp = None
    side = table[card] if card is not Card.SERPENT else GONE
    if side == NIGHT:
        table[card] = DAY
        state.night -= 1
        happened = TURNED[card]
        if state.night == 0:
            camp = Camp.NO_SERPENT
    elif side == DAY:
        table[card] = GONE
        state.on_table -= 1
        happened = REMOVED[card]
        if state.on_table == 1 and state.night == 1:
            camp = Camp.SERPENTS
    else:
        happened = NOTHING_HAPPENS
    emit(happened)
    state.past.append(
        Exchange(state.round, giver, receiver, tuple(state.claims), offered, forced, happened.effect, happened.value)
    )
    if camp is not None:
        finish(state, camp)
        return
    state.active = receiver
    state.receiver = None
    state.given_in_round += 1
    if state.given_in_round == state.num_players:
        end_round(state, receiver)
    else:
        state.phase = Phase.CHOOSE
        state.to_act = receiver


_EFFECTS = {Kind.CHOOSE: _choose, Kind.OFFER: _offer, Kind.REFUSE: _refuse, Kind.ACCEPT: _accept}
"""What each kind of action does (``apply``)."""


def end_round(state: SoupconsState, next_starter: int) -> None:
    """Every Porte is on the table: the round ends and the holder of three cards starts the next (R9,
    ruling 11), unless the optional round cap is reached (ruling 13)."""
    state.emit(RoundEnd(state.round, next_starter))
    cap = state.opts.round_cap
    if cap is not None and state.round >= cap:
        finish(state, Camp.DRAW)
        return
    state.round += 1
    begin_round(state, next_starter)


def finish(state: SoupconsState, camp: Camp) -> None:
    """The game is over; winners are read from the hands right now (ruling 10)."""
    state.camp = camp
    state.phase = Phase.OVER
    state.to_act = None
    state.is_over = True
    state.receiver = None
    state.emit(End(camp, match_result(state).winners))
