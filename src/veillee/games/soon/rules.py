"""SOON's rules: setup, legal actions, their effects, the end of a round and of the match.

Each function cites the rule or ruling it implements (``docs/rules/soon.md``). Functions take the
``SoonState`` and change it in place; ``SoonState.apply`` has checked legality before ``apply`` runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from veillee.core import Result, derive, stacked
from veillee.games.soon import events as ev
from veillee.games.soon.actions import (
    DISCARD,
    DRAW,
    GIVE,
    PLACE,
    RENEW,
    REPLACE,
    TAKE,
    Action,
    Kind,
    targeted,
)
from veillee.games.soon.cards import (
    COLOUR,
    DECK,
    EXPLORER,
    IS_JOKER,
    IS_NUMBER,
    IS_SPECIAL,
    LIGHTNING,
    NUMBERS,
    THIEF,
    VALUE,
    Card,
    parse_card,
)
from veillee.games.soon.scoring import SUITE_LENGTH, is_complete, match_decided, match_result, round_scores

if TYPE_CHECKING:
    from veillee.games.soon.state import SoonState

__all__ = [
    "Ask",
    "Phase",
    "apply",
    "legal_actions",
    "matches",
    "result",
    "start_match",
]


class Phase(StrEnum):
    """Where the seat to act is in its turn (R4–R5)."""

    START = "start"
    """Draw from the pile, take the discard, or renew the hand."""
    ACT = "act"
    """One of the four actions."""
    GIVE = "give"
    """The player asked by an Explorateur chooses which matching card to give."""
    OVER = "over"


_START, _ACT, _GIVE, _OVER = Phase.START, Phase.ACT, Phase.GIVE, Phase.OVER
_K_DRAW, _K_TAKE, _K_RENEW, _K_GIVE, _K_EXPLORE = Kind.DRAW, Kind.TAKE, Kind.RENEW, Kind.GIVE, Kind.EXPLORE
_K_PLACE, _K_DISCARD, _K_REPLACE, _K_LIGHTNING = Kind.PLACE, Kind.DISCARD, Kind.REPLACE, Kind.LIGHTNING
"""Phases and action kinds as module globals for the hot path (``Phase.ACT`` goes through the enum's
metaclass, about ten times a global's cost in CPython 3.11)."""


@dataclass(frozen=True, slots=True)
class Ask:
    """A pending Explorateur question: ``asker`` asked ``target`` for ``value`` (and ``colour``)."""

    asker: int
    target: int
    value: int
    colour: str | None


HAND_SIZE = 3
SPEED_HAND_SIZE = 4
LAST_JOKER_POSITION = 7


# -- setup ---------------------------------------------------------------------------------------------
def start_match(state: SoonState) -> None:
    """The first round: its starter is ``first_player`` or drawn from the seed (ruling 23)."""
    first = state.opts.first_player
    if first is None:
        first = derive(state.seed, "first player").randrange(state.num_players)
    deal(state, starter=first)


def deal(state: SoonState, starter: int) -> None:
    """Deal a round (R2): 3 cards each (4 in Speed), one card face up on the discard, the rest the pile.

    The deck's first card is dealt first: seat 0 gets cards 1–3, seat 1 cards 4–6..., then the discard's
    card, then the pile from its top down. Only the first round uses a stacked deck.
    """
    state.round += 1
    rng = derive(state.seed, "round", state.round, "deal")
    if state.round == 1 and state.first_deck is not None:
        deck = stacked(DECK, list(state.first_deck), rng, parse_card)
    else:
        deck = list(DECK)
        rng.shuffle(deck)
    size = SPEED_HAND_SIZE if state.opts.speed else HAND_SIZE
    n = state.num_players
    state.hands = [deck[seat * size : (seat + 1) * size] for seat in range(n)]
    state.suites = [[] for _ in range(n)]
    state.known = [[] for _ in range(n)]
    state.lacks = [()] * n
    state.pile_origin = None
    state.pile_drawn = [[] for _ in range(n)]
    state.discard = [deck[n * size]]
    state.pile = deck[n * size + 1 :]
    state.pile.reverse()
    state.reshuffles = 0
    state.finisher = None
    state.last_turns_left = 0
    state.ask = None
    state.starter = starter
    state.emit(ev.Deal(state.round, starter, state.discard[0], tuple(map(tuple, state.hands))))
    begin_turn(state, starter)


def begin_turn(state: SoonState, seat: int) -> None:
    """A turn starts by drawing, unless nothing can be drawn (ruling 19): then it goes straight to acting."""
    state.turn = seat
    state.to_act = seat
    state.turns += 1
    if state.pile or (state.discard and not IS_SPECIAL[state.discard[-1]]):
        state.phase = _START
    else:
        state.phase = _ACT


# -- legal actions -------------------------------------------------------------------------------------
def legal_actions(state: SoonState) -> list[Action]:
    phase = state.phase
    if phase is _START:
        return _start_actions(state)
    if phase is _ACT:
        return _act_actions(state)
    if phase is _GIVE:
        return [GIVE[card] for card in sorted(set(_matching(state)))]
    return []


def _start_actions(state: SoonState) -> list[Action]:
    """Draw from the pile; take the discard unless its top card is special (R4, ruling 18);
    renew the hand while the suite is empty (R6, ruling 20)."""
    seat = state.turn
    out = []
    if state.pile:
        out.append(DRAW)
    discard = state.discard
    if discard and not IS_SPECIAL[discard[-1]]:
        out.append(TAKE)
    if not state.suites[seat] and state.hands[seat] and state.pile:
        out.extend(RENEW[card] for card in sorted(set(state.hands[seat])))
    return out


def _act_actions(state: SoonState) -> list[Action]:
    """The four actions of R5, for each distinct card in hand."""
    seat = state.turn
    suite = state.suites[seat]
    length = len(suite)
    hand = sorted(set(state.hands[seat]))
    place: list[Action] = []
    replace: list[Action] = []
    special: list[Action] = []
    for card in hand:
        if card < FIRST_SPECIAL_ACTION_CARD:  # a Number card or a Joker
            placed, replaced = _OWN_SUITE_MOVES[card][length]
            place += placed
            if replaced and IS_JOKER[card] and not state.opts.joker_replaces_thief and THIEF in suite:
                replaced = tuple(a for a in replaced if suite[a.position - 1] is not THIEF)  # type: ignore[operator]
            replace += replaced
        elif card is LIGHTNING:
            special.extend(_lightning_actions(state))
        elif card is THIEF:
            special.extend(_thief_actions(state, seat, length))
        else:
            special.extend(_explore_actions(state, seat, length))
    return place + replace + special + [DISCARD[card] for card in hand]


def _own_suite_moves(card: Card, length: int) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """Where ``card`` (a Number card or a Joker) may go in a suite of ``length`` cards (R5.1, R5.2, rulings 3
    and 9), before the option ``joker_replaces_thief`` is applied."""
    if IS_NUMBER[card]:
        value = VALUE[card]
        if value == length + 1:
            return (PLACE[card],), ()
        return (), ((REPLACE[card, value],) if value <= length else ())
    placed = (PLACE[card],) if length < LAST_JOKER_POSITION else ()
    return placed, tuple(REPLACE[card, p] for p in range(1, min(length, LAST_JOKER_POSITION) + 1))


FIRST_SPECIAL_ACTION_CARD = EXPLORER
_OWN_SUITE_MOVES = tuple(
    tuple(_own_suite_moves(Card(card), length) for length in range(SUITE_LENGTH + 1)) for card in range(EXPLORER)
)
"""``_OWN_SUITE_MOVES[card][length]``: the place and replace actions of a Number card or a Joker, computed once."""


def _protected(state: SoonState, seat: int) -> bool:
    """Complete suites are untouchable once the round's end is triggered (R8, rulings 11, 13, 17)."""
    return state.finisher is not None and is_complete(state.suites[seat])


def _lightning_actions(state: SoonState) -> list[Action]:
    """Foudre on any seat with a card in its suite, yourself included, unless protected (ruling 13)."""
    lightning = targeted(state.num_players)[0]
    return [lightning[t] for t in range(state.num_players) if state.suites[t] and not _protected(state, t)]


def _thief_actions(state: SoonState, seat: int, length: int) -> list[Action]:
    """Voleur on an opponent holding a Number card at the position you need next (R7.4, ruling 11)."""
    if length >= SUITE_LENGTH:
        return []
    thief = targeted(state.num_players)[1]
    return [
        thief[t]
        for t in range(state.num_players)
        if t != seat
        and len(state.suites[t]) > length
        and IS_NUMBER[state.suites[t][length]]
        and not _protected(state, t)
    ]


def _explore_actions(state: SoonState, seat: int, length: int) -> list[Action]:
    """Explorateur: ask any other player for a Number card you can play at once (rulings 6–8)."""
    explore = targeted(state.num_players)[2]
    top = min(length + 1, SUITE_LENGTH)
    return [ask for t in range(state.num_players) if t != seat for per_value in explore[t][:top] for ask in per_value]


def matches(card: Card, value: int, colour: str | None) -> bool:
    """Whether ``card`` answers an Explorateur question for ``value`` (and ``colour``) (ruling 7)."""
    return IS_NUMBER[card] and VALUE[card] == value and (colour is None or COLOUR[card] == colour)


_ASKED: dict[tuple[int, str | None], tuple[Card, ...]] = {
    (value, colour): tuple(card for card in NUMBERS if matches(card, value, colour))
    for value in range(1, 9)
    for colour in (None, "day", "night")
}
"""The Number cards that answer each Explorateur question (value, colour)."""


def _matching(state: SoonState) -> list[Card]:
    ask = state.ask
    assert ask is not None
    return [card for card in state.hands[ask.target] if matches(card, ask.value, ask.colour)]


# -- effects -------------------------------------------------------------------------------------------
def apply(state: SoonState, action: Action) -> None:
    """Carry out a legal action of ``state.to_act``."""
    kind = action.kind
    seat = state.turn
    if kind is _K_DRAW:
        state.emit((ev.Draw, seat, draw_card(state, seat)))
        state.phase = _ACT
    elif kind is _K_TAKE:
        taken = state.discard.pop()
        state.hands[seat].append(taken)
        state.known[seat].append(taken)
        state.emit((ev.Take, seat, taken))
        state.phase = _ACT
    elif kind is _K_RENEW:
        _renew(state, seat, action.card)
    elif kind is _K_GIVE:
        _give(state, action.card)
    elif kind is _K_EXPLORE:
        _from_hand(state, seat, EXPLORER)
        _explore(state, seat, action)
    else:
        card = action.card
        assert card is not None
        _from_hand(state, seat, card)
        if kind is _K_PLACE:
            state.suites[seat].append(card)
            state.emit((ev.Place, seat, card))
        elif kind is _K_DISCARD:
            state.discard.append(card)
            state.emit((ev.Discard, seat, card))
        elif kind is _K_REPLACE:
            _replace(state, seat, card, action.position)
        elif kind is _K_LIGHTNING:
            _lightning(state, seat, action.target)
        else:
            _thief(state, seat, action.target)
        end_turn(state)


def _from_hand(state: SoonState, seat: int, card: Card) -> None:
    state.hands[seat].remove(card)
    known = state.known[seat]
    if card in known:
        known.remove(card)


def draw_card(state: SoonState, seat: int) -> Card:
    """Draw the pile's top card into ``seat``'s hand, rebuilding the pile first if it is empty (R12).

    What the table knows follows (Rulings 34, 35): a hand that drew may now hold any card, and the drawer
    knows one more card that the rebuilt pile no longer holds.
    """
    if not state.pile:
        reshuffle(state)
    card = state.pile.pop()
    state.hands[seat].append(card)
    if state.lacks[seat]:
        state.lacks[seat] = ()
    if state.pile_origin is not None:
        state.pile_drawn[seat].append(card)
    if not state.pile:
        reshuffle(state)
    return card


def reshuffle(state: SoonState) -> None:
    """« Épuisement de la pioche »: the discard but its top card, shuffled, is the new pile (R12)."""
    if len(state.discard) <= 1:
        return
    state.reshuffles += 1
    rng = derive(state.seed, "round", state.round, "reshuffle", state.reshuffles)
    top = state.discard.pop()
    pile = state.discard
    rng.shuffle(pile)
    state.pile = pile
    state.discard = [top]
    state.pile_origin = tuple(sorted(pile))
    state.pile_drawn = [[] for _ in range(state.num_players)]
    state.emit(ev.Reshuffle(len(pile)))


def _renew(state: SoonState, seat: int, top: Card | None) -> None:
    """« Renouveler sa main »: the hand goes to the discard with ``top`` last, as many cards are drawn,
    and the turn ends (R6, ruling 20)."""
    assert top is not None
    hand = state.hands[seat]
    hand.remove(top)
    thrown = (*sorted(hand), top)
    state.discard.extend(thrown)
    hand.clear()
    state.known[seat].clear()
    drawn = tuple(draw_card(state, seat) for _ in range(len(thrown)) if state.pile)
    state.emit((ev.Renew, seat, thrown, len(drawn), drawn))
    end_turn(state)


def _replace(state: SoonState, seat: int, card: Card, position: int | None) -> None:
    """Replace the card at ``position``; the old one goes to the discard (R5.2, ruling 9)."""
    assert position is not None
    suite = state.suites[seat]
    old = suite[position - 1]
    suite[position - 1] = card
    state.discard.append(old)
    state.emit((ev.Replace, seat, card, position, old))


def _lightning(state: SoonState, seat: int, target: int | None) -> None:
    """Foudre: the target's highest card goes to the discard, under the Foudre (R7.3, ruling 12)."""
    assert target is not None
    card = state.suites[target].pop()
    state.discard.append(card)
    state.discard.append(LIGHTNING)
    state.emit((ev.Lightning, seat, target, card))


def _thief(state: SoonState, seat: int, target: int | None) -> None:
    """Voleur: take the needed Number card, leave the Voleur in its place, play the card (R7.4)."""
    assert target is not None
    position = len(state.suites[seat])
    victim = state.suites[target]
    card = victim[position]
    victim[position] = THIEF
    state.suites[seat].append(card)
    state.emit((ev.Thief, seat, target, card))


def _explore(state: SoonState, seat: int, action: Action) -> None:
    """Explorateur: discarded, then the asked player answers truthfully (R7.2, rulings 6–8); a « no » is
    remembered by the whole table (Ruling 34).

    Whenever the asked player holds a matching card, they decide which one to give, even when there is one
    choice: otherwise the pause before a second-colour choice would tell everyone what they hold.
    """
    assert action.target is not None and action.value is not None
    state.discard.append(EXPLORER)
    colour = None if action.colour is None else str(action.colour)
    state.ask = Ask(seat, action.target, action.value, colour)
    found = bool(_matching(state))
    state.emit((ev.Explore, seat, action.target, action.value, colour, found))
    if found:
        state.phase = _GIVE
        state.to_act = action.target
    else:
        lacks = state.lacks[action.target]
        state.lacks[action.target] = tuple(sorted({*lacks, *_ASKED[action.value, colour]}))
        state.ask = None
        end_turn(state)


def _give(state: SoonState, card: Card | None) -> None:
    """The asked player gives ``card`` and draws; then the asker plays it at once (R7.2, rulings 10, 31)."""
    ask = state.ask
    assert ask is not None and card is not None
    _from_hand(state, ask.target, card)
    redraw = draw_card(state, ask.target) if state.pile or len(state.discard) > 1 else None
    suite = state.suites[ask.asker]
    if VALUE[card] == len(suite) + 1:
        suite.append(card)
        old = None
    else:
        old = suite[VALUE[card] - 1]
        suite[VALUE[card] - 1] = card
        state.discard.append(old)
    state.emit((ev.Give, ask.target, ask.asker, card, old))
    if redraw is not None:
        state.emit((ev.Redraw, ask.target, redraw))
    state.ask = None
    end_turn(state)


# -- end of turn, round and match ----------------------------------------------------------------------
def end_turn(state: SoonState) -> None:
    """Pass to the next seat; a completed suite triggers the end of the round (R8, rulings 17, 22)."""
    seat = state.turn
    n = state.num_players
    if state.finisher is None:
        if is_complete(state.suites[seat]):
            state.finisher = seat
            state.emit((ev.Complete, seat, True))
            if state.opts.speed:
                end_round(state)
                return
            state.last_turns_left = n - 1
    else:
        if is_complete(state.suites[seat]):
            state.emit((ev.Complete, seat, False))
        state.last_turns_left -= 1
        if state.last_turns_left == 0:
            end_round(state)
            return
    begin_turn(state, (seat + 1) % n)


def end_round(state: SoonState) -> None:
    """Score the round, then end the match or deal the next round (R11, rulings 21, 28)."""
    scores = round_scores(state.suites, state.finisher, speed=state.opts.speed)
    state.round_scores.append(scores)
    for seat, points in enumerate(scores):
        state.totals[seat] += points
    state.emit(ev.RoundEnd(state.round, tuple(scores), tuple(state.totals)))
    if match_decided(state.totals, scores, state.opts.target):
        state.phase = _OVER
        state.to_act = None
        state.is_over = True
        state.emit(ev.MatchEnd(result(state).winners))
        return
    deal(state, starter=next_starter(state))


def next_starter(state: SoonState) -> int:
    """The lowest total starts; among ties, the first clockwise after the last starter (ruling 21)."""
    n = state.num_players
    low = min(state.totals)
    return next(seat for seat in ((state.starter + k) % n for k in range(1, n + 1)) if state.totals[seat] == low)


def result(state: SoonState) -> Result:
    """The finished match's result (R11, rulings 28, 33)."""
    return match_result(state.totals, state.round_scores, state.opts.target)
