"""Sorry! Revenge's rules: setup, legal actions, their effects, rounds, windows and the end of the match.

Each function cites the rule or ruling it implements (``docs/rules/sorry.md``). Functions take the
``SorryState`` and change it in place; ``SorryState.apply`` has checked legality before ``apply`` runs.

The hot path (``legal_actions`` and ``apply`` in the PLAY phase) picks precomputed actions from tables and
compares phases and cards by identity: random playouts run well over 150,000 decisions per second.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from veillee.core import derive, stacked
from veillee.games.sorry import tiebreak
from veillee.games.sorry.actions import ADD, BLOCK, DEAD, PASS, PLAY, STAND, STEAL, Action, Kind, sorry_actions
from veillee.games.sorry.cards import DECKS, IS_NUMBER, SLIDE_TO, VALUE, Card, parse_card

if TYPE_CHECKING:
    from veillee.games.sorry.state import SorryState

__all__ = [
    "HAND_LIMIT",
    "HAND_SIZE",
    "Phase",
    "apply",
    "draw_cards",
    "end_match",
    "legal_actions",
    "start_match",
    "take_from_hand",
]


class Phase(StrEnum):
    """Whose decision is awaited, and of which kind."""

    PLAY = "play"
    """The active player plays one card (R3)."""
    PLAY2 = "play2"
    """The active player plays the Number cards of a Play 2, one at a time (R8)."""
    STEAL = "steal"
    """An opponent of the player who reached 21 may steal it (R11); asked one by one in play order."""
    BLOCK_STEAL = "block_steal"
    """The player whose 21 is being stolen may answer with Don't be SORRY! (R12)."""
    BLOCK_SORRY = "block_sorry"
    """The target of a flip-back SORRY! may answer with Don't be SORRY! (R12)."""
    TIEBREAK = "tiebreak"
    """Tied winners build their own piles toward 21 (R16)."""
    OVER = "over"


HAND_SIZE = 5
"""Deal 5 cards; refill to 5 after each turn and after any SORRY! or Don't be SORRY! (R2, R5, R13)."""
HAND_LIMIT = 7
"""Never more than 7 cards at the end of your turn (R5, ruling 2)."""
TARGET = 21
PAWNS = 4

_PLAY2_CARD = Card.PLAY_2
_SORRY = Card.SORRY
_STEAL = Card.STEAL
_DONT = Card.DONT
_TAKE_2 = Card.TAKE_2
_REVERSE = Card.REVERSE
_SIMPLE = frozenset(PLAY) - {_PLAY2_CARD}
"""Cards that always have an effect on your turn: Number cards, Slides, Take 2, Reverse."""
_INERT = frozenset({_PLAY2_CARD, _STEAL, _DONT})
"""Cards that may be left in a hand that had no card with an effect (with SORRY! when it had no target)."""


# -- setup ---------------------------------------------------------------------------------------------
def start_match(state: SorryState) -> None:
    """Deal 5 cards to each seat; the rest is the draw pile (R2). The first player is ``first_player`` or
    drawn from the seed (ruling 21).

    Dealing order (ruling 28): the deck's first 5 cards go to seat 0, the next 5 to seat 1..., then the
    draw pile from its top down. A stacked deck puts its cards first in that order.
    """
    rng = derive(state.seed, "deal")
    full = DECKS[state.opts.deck_list]
    deck = stacked(full, state._stack, rng, parse_card) if state._stack is not None else list(full)
    if state._stack is None:
        rng.shuffle(deck)
    n = state.num_players
    state.hands = [deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(n)]
    state.draw = deck[n * HAND_SIZE :]
    state.draw.reverse()
    first = state.opts.first_player
    if first is None:
        first = derive(state.seed, "first player").randrange(n)
    state._log.append(("deal", first, tuple(tuple(hand) for hand in state.hands)))
    begin_turn(state, first)


def begin_turn(state: SorryState, seat: int) -> None:
    state.turn = seat
    state.to_act = seat
    state.phase = Phase.PLAY
    state.turns += 1


# -- legal actions -------------------------------------------------------------------------------------
def legal_actions(state: SorryState) -> list[Action]:
    phase = state.phase
    if phase is Phase.PLAY:
        return _play_actions(state)
    seat = state.to_act
    if seat is None:
        return []
    hand = state.hands[seat]
    if phase is Phase.PLAY2:
        return [PLAY[card] for card in sorted(set(hand)) if IS_NUMBER[card]]
    if phase is Phase.STEAL:
        return [STEAL, PASS] if _STEAL in hand else [PASS]
    if phase is Phase.BLOCK_STEAL or phase is Phase.BLOCK_SORRY:
        return [BLOCK, PASS] if _DONT in hand else [PASS]
    if phase is Phase.TIEBREAK:
        room = TARGET - state.tb_totals[seat]
        return [ADD[card] for card in sorted(set(hand)) if IS_NUMBER[card] and VALUE[card] <= room] + [STAND]
    return []


def _play_actions(state: SorryState) -> list[Action]:
    """One card per distinct card in hand (R3); dead cards only when no card has an effect (ruling 14)."""
    seat = state.turn
    hand = state.hands[seat]
    if not hand:
        return [PASS]
    out: list[Action] = []
    kept: list[Card] = []
    simple = _SIMPLE
    for card in sorted(set(hand)):
        if card in simple:
            out.append(PLAY[card])
        elif card is _PLAY2_CARD:
            if sum(1 for c in hand if IS_NUMBER[c]) >= 2:
                out.append(PLAY[card])
            else:
                kept.append(card)
        elif card is _SORRY:
            targets = sorry_targets(state, seat)
            if targets:
                out.extend(targets)
            else:
                kept.append(card)
        else:
            kept.append(card)
    if out:
        return out
    return [DEAD[card] for card in kept]


def sorry_targets(state: SorryState, seat: int) -> list[Action]:
    """Flip-back SORRY! targets: opponents with a step of progress to undo (ruling 8, ruling 25)."""
    actions = sorry_actions(state.num_players)
    progress = state.progress
    return [actions[t] for t in range(state.num_players) if t != seat and progress[t] > 0]


# -- effects -------------------------------------------------------------------------------------------
def apply(state: SorryState, action: Action) -> None:
    """Carry out a legal action of ``state.to_act``."""
    kind = action.kind
    if kind is Kind.PLAY:
        card = action.card
        assert card is not None
        if state.phase is Phase.PLAY:
            _play(state, card)
        else:
            _play2_number(state, card)
    elif kind is Kind.PASS:
        _pass(state)
    elif kind is Kind.SORRY:
        _sorry(state, action.target)
    elif kind is Kind.STEAL:
        _steal(state)
    elif kind is Kind.BLOCK:
        _block(state)
    elif kind is Kind.DEAD:
        _dead(state, action.card)
    elif kind is Kind.ADD:
        tiebreak.add(state, action.card)
    else:
        tiebreak.stand(state)


def take_from_hand(state: SorryState, seat: int, card: Card) -> None:
    """Remove ``card`` from ``seat``'s hand, keeping the public dead-card knowledge up to date (ruling 27)."""
    state.hands[seat].remove(card)
    if state.inert[seat] and (card in _INERT or (card is _SORRY and state.inert_sorry[seat])):
        state.inert[seat] -= 1


def _play(state: SorryState, card: Card) -> None:
    """One card from the active hand onto the play pile (R3, R4, R6–R8)."""
    seat = state.turn
    take_from_hand(state, seat, card)
    state.pile.append(card)
    if IS_NUMBER[card]:
        state.total += VALUE[card]
        state._log.append(("play", seat, card, state.total))
        _check_total(state, seat)
    elif SLIDE_TO[card]:
        state.total = SLIDE_TO[card]
        state._log.append(("play", seat, card, state.total))
        _check_total(state, seat)
    elif card is _PLAY2_CARD:
        state._log.append(("play", seat, card, state.total))
        state.phase = Phase.PLAY2
        state.play2_left = 2
    else:
        state._log.append(("play", seat, card, state.total))
        if card is _TAKE_2:
            draw_cards(state, seat, min(2, HAND_LIMIT - len(state.hands[seat])))
        else:
            state.direction = -state.direction
        end_turn(state)


def _check_total(state: SorryState, seat: int) -> None:
    """Exactly 21 wins the round (R9), more than 21 busts (R10); otherwise the turn ends."""
    total = state.total
    if total == TARGET:
        _reach_21(state, seat)
    elif total > TARGET:
        _bust(state, seat)
    else:
        end_turn(state)


def _play2_number(state: SorryState, card: Card) -> None:
    """A Number card of a Play 2; the total is checked after each card by default (R8, ruling 5)."""
    seat = state.turn
    take_from_hand(state, seat, card)
    state.pile.append(card)
    state.total += VALUE[card]
    state.play2_left -= 1
    state._log.append(("play", seat, card, state.total))
    total = state.total
    if state.play2_left and (total < TARGET or not state.opts.play2_each):
        return
    _check_total(state, seat)


def _dead(state: SorryState, card: Card | None) -> None:
    """A card played for no effect when no card had one (ruling 14). What stays in the hand is public
    knowledge from now on: cards without an effect (ruling 27)."""
    assert card is not None
    seat = state.turn
    no_target = not sorry_targets(state, seat)
    state.hands[seat].remove(card)
    state.pile.append(card)
    state.inert[seat] = len(state.hands[seat])
    state.inert_sorry[seat] = no_target
    state._log.append(("dead", seat, card))
    end_turn(state)


def _sorry(state: SorryState, target: int | None) -> None:
    """The flip-back SORRY!: its target decides whether to block (R11, rulings 8, 10)."""
    assert target is not None
    seat = state.turn
    take_from_hand(state, seat, _SORRY)
    state.pile.append(_SORRY)
    state._log.append(("sorry", seat, target))
    state.phase = Phase.BLOCK_SORRY
    state.sorry_target = target
    state.to_act = target


def _reach_21(state: SorryState, scorer: int) -> None:
    """Open the steal window: every opponent, in play order from the scorer, is asked (R11, ruling 9, 26)."""
    state._log.append(("twenty_one", scorer))
    n = state.num_players
    d = state.direction
    state.window = [(scorer + d * k) % n for k in range(n - 1, 0, -1)]
    state.phase = Phase.STEAL
    state.to_act = state.window.pop()


def _pass(state: SorryState) -> None:
    phase = state.phase
    seat = state.to_act
    assert seat is not None
    if phase is Phase.PLAY:
        state._log.append(("pass", seat))
        end_turn(state)
        return
    state._log.append(("pass", seat))
    if phase is Phase.STEAL:
        if state.window:
            state.to_act = state.window.pop()
        else:
            _win_round(state, state.turn)
    elif phase is Phase.BLOCK_STEAL:
        stealer = state.stealer
        assert stealer is not None
        _win_round(state, stealer)
    else:
        target = state.sorry_target
        assert target is not None
        _move_pawn(state, target, -1)
        _after_sorry(state)


def _steal(state: SorryState) -> None:
    """A steal-a-21 SORRY!: the stealer refills to 5 at once; the scorer may block (R11, R13, ruling 12)."""
    seat = state.to_act
    assert seat is not None
    take_from_hand(state, seat, _STEAL)
    state.pile.append(_STEAL)
    state._log.append(("steal", seat, state.turn))
    draw_cards(state, seat, HAND_SIZE - len(state.hands[seat]))
    state.window = []
    state.stealer = seat
    state.phase = Phase.BLOCK_STEAL
    state.to_act = state.turn


def _block(state: SorryState) -> None:
    """Don't be SORRY!: the SORRY! is cancelled, and nobody may answer it (R12, rulings 10, 11)."""
    seat = state.to_act
    assert seat is not None
    take_from_hand(state, seat, _DONT)
    state.pile.append(_DONT)
    attacker = state.stealer if state.phase is Phase.BLOCK_STEAL else state.turn
    state._log.append(("block", seat, attacker))
    draw_cards(state, seat, HAND_SIZE - len(state.hands[seat]))
    if state.phase is Phase.BLOCK_STEAL:
        _win_round(state, seat)
    else:
        _after_sorry(state)


def _after_sorry(state: SorryState) -> None:
    """After any flip-back SORRY!, blocked or not, the play pile is set aside (R13, ruling 13)."""
    state.sorry_target = None
    set_aside_pile(state)
    end_turn(state)


def _move_pawn(state: SorryState, seat: int, step: int) -> None:
    """One step of progress: a pawn flipped to HOME (or, in the longer game, back to START) (R9, R17)."""
    state.progress[seat] += step
    state._log.append(("pawn", seat, step, state.progress[seat]))


def _win_round(state: SorryState, winner: int) -> None:
    """The round's winner flips a pawn; the next player starts the next round (R9, ruling 16)."""
    state.stealer = None
    _move_pawn(state, winner, 1)
    if state.progress[winner] >= state.goal:
        end_match(state, winner)
        return
    set_aside_pile(state)
    state.round += 1
    end_turn(state)


def _bust(state: SorryState, buster: int) -> None:
    """Over 21: every other player flips a pawn (R10, ruling 19); a shared finish goes to a tie-break (R16)."""
    state._log.append(("bust", buster, state.total))
    n = state.num_players
    d = state.direction
    order = [(buster + d * k) % n for k in range(1, n)]
    for seat in order:
        _move_pawn(state, seat, 1)
    set_aside_pile(state)
    state.round += 1
    finished = [seat for seat in order if state.progress[seat] >= state.goal]
    if len(finished) == 1:
        end_match(state, finished[0])
    elif finished:
        draw_cards(state, buster, HAND_SIZE - len(state.hands[buster]))
        tiebreak.start(state, finished)
    else:
        end_turn(state)


def set_aside_pile(state: SorryState) -> None:
    """« Mettez cette pile de jeu de côté »: the next card starts a new pile from 0 (R10, R13)."""
    if state.pile:
        state.set_aside.extend(state.pile)
        state._log.append(("set_aside", len(state.pile)))
        state.pile = []
    state.total = 0


def end_turn(state: SorryState) -> None:
    """Refill to 5 (R5), then the next player in the current direction plays."""
    seat = state.turn
    hand = state.hands[seat]
    if len(hand) < HAND_SIZE:
        draw_cards(state, seat, HAND_SIZE - len(hand))
    nxt = (seat + state.direction) % state.num_players
    state.turn = nxt
    state.to_act = nxt
    state.phase = Phase.PLAY
    state.turns += 1


def draw_cards(state: SorryState, seat: int, count: int) -> None:
    """Draw ``count`` cards from the draw pile, rebuilding it from the set-aside piles when it runs out
    (R15, ruling 24); if even that is empty, draw what there is (ruling 17)."""
    if count <= 0:
        return
    draw = state.draw
    hand = state.hands[seat]
    if len(draw) >= count:
        drawn = draw[-count:]
        del draw[-count:]
        drawn.reverse()
    else:
        drawn = []
        for _ in range(count):
            if not draw:
                if not _reshuffle(state):
                    break
                draw = state.draw
            drawn.append(draw.pop())
        if not drawn:
            return
    hand.extend(drawn)
    state._log.append(("draw", seat, tuple(drawn)))


def _reshuffle(state: SorryState) -> bool:
    """The set-aside play piles, shuffled, are the new draw pile (R15)."""
    if not state.set_aside:
        return False
    state.reshuffles += 1
    rng = derive(state.seed, "reshuffle", state.reshuffles)
    pile = state.set_aside
    rng.shuffle(pile)
    state.draw = pile
    state.set_aside = []
    state._log.append(("reshuffle", len(pile)))
    return True


def end_match(state: SorryState, winner: int) -> None:
    state.winner = winner
    state.phase = Phase.OVER
    state.to_act = None
    state.is_over = True
    state._log.append(("match_end", winner))
