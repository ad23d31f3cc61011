"""Soupçons' rules: the deal, legal actions, their effects, the end of a round and of the game.

Each function cites the rule or ruling it implements (``docs/rules/soupcons.md``). Functions take the
``SoupconsState`` and change it in place; ``GameState.apply`` has checked legality before ``apply`` runs.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from veillee.core import Result, derive, stacked
from veillee.games.soupcons.actions import RESPONSES, Action, Kind, tables
from veillee.games.soupcons.cards import DAY, GONE, NIGHT, Card, parse_card

if TYPE_CHECKING:
    from veillee.games.soupcons.state import SoupconsState

__all__ = [
    "Camp",
    "Exchange",
    "Phase",
    "apply",
    "deal",
    "explain",
    "first_player",
    "legal_actions",
    "match_result",
    "stats",
]


class Phase(StrEnum):
    """Which decision is awaited (R5–R7)."""

    CHOOSE = "choose"
    """The holder of three cards chooses a seat whose Porte is still open."""
    OFFER = "offer"
    """The holder offers a card face down and announces it."""
    RESPOND = "respond"
    """The chosen seat accepts or refuses the offered card."""
    OVER = "over"


class Camp(StrEnum):
    """How the game ended (R10–R11, ruling 13)."""

    SERPENTS = "serpents"
    """Exactly one Nuit/Jour card is left and it shows Night: every holder of a Serpent wins."""
    NO_SERPENT = "no-serpent"
    """The last Night card turned to Day: every player without a Serpent wins."""
    DRAW = "draw"
    """The optional round cap was reached (ruling 13)."""


Exchange = tuple[int, int, int, tuple[Card, ...], tuple[Card, ...], bool, str, int | None]
"""A finished exchange: (round, giver, receiver, claims, offered cards (the last one accepted), forced third
card, effect ``day``/``removed``/``nothing``, value or None). Holds true cards: views redact it."""

MAX_OFFERS = 3
"""The holder offers at most three cards; after two refusals the third is accepted (R6, ruling 5)."""


# -- setup ---------------------------------------------------------------------------------------------
def first_player(seed: int, players: int, option: int | None) -> int:
    """The seat left of the dealer, who gets the third card and starts (ruling 12, ruling 17)."""
    if option is not None:
        return option
    dealer = derive(seed, "dealer").randrange(players)
    return (dealer + 1) % players


def deal(state: SoupconsState) -> None:
    """Lay out the table and deal the Masques (R3–R4).

    Card ``j`` of the (stacked, then shuffled) deck goes to seat ``(starter + j) % n``: one at a time,
    clockwise from the dealer's left, so the starter gets cards 0, n and 2n (ruling 18).
    """
    n = state.num_players
    material = state.material
    rng = derive(state.seed, "deal")
    if state._stack is not None:
        deck = stacked(material.deck, state._stack, rng, parse_card)
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
    state._log.append(("deal", (starter - 1) % n, starter, state.dealt))
    begin_round(state, starter)


def begin_round(state: SoupconsState, starter: int) -> None:
    """Every Porte back in hand, open side out; the holder of three cards chooses first (R5, R9)."""
    state.doors = [True] * state.num_players
    state.given_in_round = 0
    state.active = starter
    state.receiver = None
    state.phase = Phase.CHOOSE
    state.to_act = starter


# -- legal actions -------------------------------------------------------------------------------------
def legal_actions(state: SoupconsState) -> list[Action]:
    phase = state.phase
    if phase is Phase.RESPOND:
        return list(RESPONSES)
    if phase is Phase.OFFER:
        offers = tables(state.num_players).offers
        hand = state.hands[state.active]
        out: list[Action] = []
        for card in sorted(set(hand)):
            out.extend(offers[card])
        return out
    if phase is Phase.CHOOSE:
        choose = tables(state.num_players).choose
        active = state.active
        return [choose[t] for t, open_ in enumerate(state.doors) if open_ and t != active]
    return []


# -- effects -------------------------------------------------------------------------------------------
def apply(state: SoupconsState, action: Action) -> None:
    """Carry out a legal action of ``state.to_act``."""
    kind = action.kind
    if kind is Kind.OFFER:
        _offer(state, action)
    elif kind is Kind.ACCEPT:
        accept(state, forced=False)
    elif kind is Kind.REFUSE:
        _refuse(state)
    else:
        _choose(state, action.target)


def _choose(state: SoupconsState, target: int | None) -> None:
    """The chosen seat lays its Porte on the table, closed side up (R5)."""
    assert target is not None
    state.doors[target] = False
    state.receiver = target
    state.claims = []
    state.phase = Phase.OFFER
    state._log.append(("choose", state.active, target))


def _offer(state: SoupconsState, action: Action) -> None:
    """A card goes face down in front of the receiver with its claim (R6); the third one is accepted at once
    (ruling 5): the holder still announces it, and nobody has a choice to make."""
    card = action.card
    assert card is not None and action.claim is not None
    giver = state.active
    state.hands[giver].remove(card)
    state.offered = card
    state.claim = action.claim
    state.claims.append(action.claim)
    state.offers += 1
    if action.claim != card:
        state.lies += 1
    number = len(state.refused) + 1
    state._log.append(("offer", giver, state.receiver, card, action.claim, number))
    if number == MAX_OFFERS:
        state.forced += 1
        accept(state, forced=True)
    else:
        state.phase = Phase.RESPOND
        state.to_act = state.receiver


def _refuse(state: SoupconsState) -> None:
    """A refused card stays face down in front of the holder, who offers another one (R6, ruling 5)."""
    offered = state.offered
    assert offered is not None
    state.refused.append(offered)
    state.offered = None
    state.claim = None
    state.refusals += 1
    state._log.append(("refuse", state.receiver))
    state.phase = Phase.OFFER
    state.to_act = state.active


def accept(state: SoupconsState, *, forced: bool) -> None:
    """The card joins the receiver's hand, refused cards go back to the holder's, the table reacts (R7),
    the game may end (R10–R11), and the receiver, now holding three cards, acts next (ruling 2)."""
    card = state.offered
    receiver = state.receiver
    assert card is not None and receiver is not None
    giver = state.active
    state.hands[receiver].append(card)
    offered = (*state.refused, card)
    if state.refused:
        state.hands[giver].extend(state.refused)
        state.refused = []
    state.offered = None
    state.claim = None
    state.exchanges += 1
    log = state._log
    log.append(("accept", giver, receiver, card, forced))
    table = state.table
    camp = None
    value: int | None = None
    if card is not Card.SERPENT and table[card] != GONE:
        value = int(card)
        if table[card] == NIGHT:
            table[card] = DAY
            state.night -= 1
            effect = "day"
            if state.night == 0:
                camp = Camp.NO_SERPENT
        else:
            table[card] = GONE
            state.on_table -= 1
            effect = "removed"
            if state.on_table == 1 and state.night == 1:
                camp = Camp.SERPENTS
    else:
        effect = "nothing"
    log.append(("effect", effect, value))
    state.past.append((state.round, giver, receiver, tuple(state.claims), offered, forced, effect, value))
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


def end_round(state: SoupconsState, next_starter: int) -> None:
    """Every Porte is on the table: the round ends and the holder of three cards starts the next (R9,
    ruling 11), unless the optional round cap is reached (ruling 13)."""
    state._log.append(("round_end", state.round, next_starter))
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
    state._log.append(("end", str(camp), match_result(state).winners))


def holds_serpent(state: SoupconsState, seat: int) -> bool:
    return Card.SERPENT in state.hands[seat]


def match_result(state: SoupconsState) -> Result:
    """1 point to each winner, 0 to the others. A draw (round cap) scores 0 for all, so all share rank 1
    and the result lists every seat as a winner (the protocol wants a non-empty list; ruling 20)."""
    camp = state.camp
    n = state.num_players
    if camp is Camp.SERPENTS:
        scores = [int(holds_serpent(state, s)) for s in range(n)]
    elif camp is Camp.NO_SERPENT:
        scores = [int(not holds_serpent(state, s)) for s in range(n)]
    else:
        scores = [0] * n
    return Result.from_scores(scores)


# -- explanations and statistics -----------------------------------------------------------------------
def explain(state: SoupconsState, action: object) -> str:
    """Why an action is refused, naming only public facts and the action itself."""
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


def stats(state: SoupconsState) -> dict[str, float]:
    """What a simulation summary reports of one game: who won, how long it took, how people played."""
    camp = state.camp
    return {
        "serpent camp won": float(camp is Camp.SERPENTS),
        "no-serpent camp won": float(camp is Camp.NO_SERPENT),
        "draw": float(camp is Camp.DRAW),
        "winners": float(len(match_result(state).winners)) if state.is_over and camp is not Camp.DRAW else 0.0,
        "rounds": float(state.round),
        "exchanges": float(state.exchanges),
        "decisions": float(len(state._history)),
        "refusals": float(state.refusals),
        "forced third cards": float(state.forced),
        "lies": float(state.lies),
        "offers": float(state.offers),
        "table cards left": float(state.on_table),
    }
