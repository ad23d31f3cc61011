"""Sorry! Revenge's rules: setup, legal actions, their effects, rounds, windows and the end of the match.

Each function cites the rule or ruling it implements (``docs/rules/sorry.md``). Functions take the
``SorryState`` and change it in place; ``SorryState.apply`` has checked legality before ``apply`` runs. The
cards' bookkeeping (drawing, setting piles aside) is in ``piles.py``, the tie-break in ``tiebreak.py``.

The hot path (``legal_actions`` and ``apply`` in the PLAY phase) picks precomputed actions from tables and
compares phases and cards by identity: random playouts run well over 150,000 decisions per second.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from veillee.core import derive, stacked
from veillee.games.sorry import tiebreak
from veillee.games.sorry.actions import ADD, BLOCK, DEAD, PASS, PLAY, STAND, STEAL, Action, Kind, sorry_actions
from veillee.games.sorry.cards import DECKS, IS_NUMBER, SLIDE_TO, TARGET, VALUE, Card, parse_card
from veillee.games.sorry.events import (
    Block,
    Bust,
    Dead,
    Deal,
    Draw,
    Pass,
    Pawn,
    Play,
    Sorry,
    Steal,
    TwentyOne,
)
from veillee.games.sorry.phases import Phase
from veillee.games.sorry.piles import (
    HAND_LIMIT,
    HAND_SIZE,
    draw_cards,
    forget_no_effect,
    set_aside_pile,
    shuffle,
    take_from_hand,
)
from veillee.games.sorry.scoring import end_match, home_pawns

if TYPE_CHECKING:
    from veillee.games.sorry.state import SorryState

__all__ = ["apply", "legal_actions", "sorry_targets", "start_match"]

# Enum members read through their class cost a metaclass lookup each time (ten times a global's), and the
# hot path compares phases and kinds on every step: it reads these module-level names instead.
_P_PLAY, _P_PLAY2, _P_STEAL = Phase.PLAY, Phase.PLAY2, Phase.STEAL
_P_BLOCK_STEAL, _P_BLOCK_SORRY, _P_TIEBREAK = Phase.BLOCK_STEAL, Phase.BLOCK_SORRY, Phase.TIEBREAK
_K_PLAY, _K_PASS, _K_SORRY, _K_STEAL = Kind.PLAY, Kind.PASS, Kind.SORRY, Kind.STEAL
_K_BLOCK, _K_DEAD, _K_ADD = Kind.BLOCK, Kind.DEAD, Kind.ADD
_PLAY2_CARD = Card.PLAY_2
_SORRY = Card.SORRY
_STEAL = Card.STEAL
_DONT = Card.DONT
_TAKE_2 = Card.TAKE_2
_SIMPLE = frozenset(PLAY) - {_PLAY2_CARD}
"""Cards that always have an effect on your turn: Number cards, Slides, Take 2, Reverse."""


# -- setup ---------------------------------------------------------------------------------------------
def start_match(state: SorryState, given: list[str] | None) -> None:
    """Deal 5 cards to each seat; the rest is the draw pile (R2). The first player is ``first_player`` or
    drawn from the seed (Ruling 21).

    Dealing order (Ruling 28): the deck's first 5 cards go to seat 0, the next 5 to seat 1..., then the
    draw pile from its top down. A stacked deck (``given``, in notation) puts its cards first in that order.
    """
    rng = derive(state.seed, "deal")
    full = DECKS[state.opts.deck_list]
    deck = stacked(full, given, rng, parse_card) if given is not None else list(full)
    if given is None:
        shuffle(rng, deck)
    n = state.num_players
    state.hands = [deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(n)]
    state.draw = deck[n * HAND_SIZE :]
    state.draw.reverse()
    first = state.opts.first_player
    if first is None:
        first = derive(state.seed, "first player").randrange(n)
    state.emit((Deal, first, tuple(len(hand) for hand in state.hands), tuple(tuple(hand) for hand in state.hands)))
    begin_turn(state, first)


def begin_turn(state: SorryState, seat: int) -> None:
    state.turn = seat
    state.to_act = seat
    state.phase = _P_PLAY
    state.turns += 1


# -- legal actions -------------------------------------------------------------------------------------
def legal_actions(state: SorryState) -> list[Action]:
    phase = state.phase
    if phase is _P_PLAY:
        return _play_actions(state)
    seat = state.to_act
    if seat is None:
        return []
    hand = state.hands[seat]
    if phase is _P_PLAY2:
        return [PLAY[card] for card in sorted(set(hand)) if IS_NUMBER[card]]
    if phase is _P_STEAL:
        return [STEAL, PASS] if _STEAL in hand else [PASS]
    if phase is _P_BLOCK_STEAL or phase is _P_BLOCK_SORRY:
        return [BLOCK, PASS] if _DONT in hand else [PASS]
    if phase is _P_TIEBREAK:
        room = TARGET - state.tb_totals[seat]
        return [ADD[card] for card in sorted(set(hand)) if IS_NUMBER[card] and VALUE[card] <= room] + [STAND]
    return []


def _play_actions(state: SorryState) -> list[Action]:
    """One card per distinct card in hand (R3); dead cards only when no card has an effect (Ruling 14).

    Computed afresh at every turn: a memo of the menus per hand saved instructions but cost more time than
    it saved, its hundreds of thousands of cached objects weighing on the garbage collector."""
    seat = state.turn
    hand = state.hands[seat]
    if not hand:
        return [PASS]  # Ruling 31
    out: list[Action] = []
    kept: list[Card] = []
    simple = _SIMPLE
    for card in sorted(set(hand)):
        if card in simple:
            out.append(PLAY[card])
        elif card is _PLAY2_CARD:
            if sum(1 for c in hand if IS_NUMBER[c]) >= 2:  # Ruling 4
                out.append(PLAY[card])
            else:
                kept.append(card)
        elif card is _SORRY:
            targets = sorry_targets(state, seat)
            if targets:  # Ruling 8
                out.extend(targets)
            else:
                kept.append(card)
        else:
            kept.append(card)
    return out if out else [DEAD[card] for card in kept]


def sorry_targets(state: SorryState, seat: int) -> list[Action]:
    """Flip-back SORRY! targets: opponents with a step of progress to undo (R14, Rulings 8, 25)."""
    actions = sorry_actions(state.num_players)
    progress = state.progress
    return [actions[t] for t in range(state.num_players) if t != seat and progress[t] > 0]


# -- effects -------------------------------------------------------------------------------------------
def apply(state: SorryState, action: Action) -> None:
    """Carry out a legal action of ``state.to_act``."""
    kind = action.kind
    if kind is _K_PLAY:
        card = action.card
        assert card is not None
        if state.phase is _P_PLAY:
            _play(state, card)
        else:
            _play2_number(state, card)
    elif kind is _K_PASS:
        _pass(state)
    elif kind is _K_SORRY:
        _sorry(state, action.target)
    elif kind is _K_STEAL:
        _steal(state)
    elif kind is _K_BLOCK:
        _block(state)
    elif kind is _K_DEAD:
        _dead(state, action.card)
    elif kind is _K_ADD:
        tiebreak.add(state, action.card)
    else:
        tiebreak.stand(state)


def _play(state: SorryState, card: Card) -> None:
    """One card from the active hand onto the play pile (R3, R4, R6–R9)."""
    seat = state.turn
    state.hands[seat].remove(card)  # take_from_hand, inlined on the hot path
    if state.inert[seat]:
        forget_no_effect(state, seat, card)
    state.pile.append(card)
    total = state.total
    if IS_NUMBER[card]:
        total += VALUE[card]
    elif SLIDE_TO[card]:
        total = SLIDE_TO[card]
    else:
        state.emit((Play, seat, card, total))
        if card is _PLAY2_CARD:
            state.phase = _P_PLAY2
            state.play2_left = 2
            return
        if card is _TAKE_2:
            draw_cards(state, seat, min(2, HAND_LIMIT - len(state.hands[seat])))
        else:
            state.direction = -state.direction
        end_turn(state)
        return
    state.total = total
    state.emit((Play, seat, card, total))
    if total < TARGET:
        end_turn(state)
    else:
        _check_total(state, seat)


def _check_total(state: SorryState, seat: int) -> None:
    """Exactly 21 wins the round (R10), more than 21 busts (R11); otherwise the turn ends."""
    total = state.total
    if total == TARGET:
        _reach_21(state, seat)
    elif total > TARGET:
        _bust(state, seat)
    else:
        end_turn(state)


def _play2_number(state: SorryState, card: Card) -> None:
    """A Number card of a Play 2; the total is checked after each card by default (R9, Ruling 5)."""
    seat = state.turn
    take_from_hand(state, seat, card)
    state.pile.append(card)
    state.total += VALUE[card]
    state.play2_left -= 1
    state.emit((Play, seat, card, state.total))
    total = state.total
    if state.play2_left and (total < TARGET or not state.opts.play2_each):
        return
    _check_total(state, seat)


def _dead(state: SorryState, card: Card | None) -> None:
    """A card played for no effect when no card had one (Ruling 14). A SORRY!-family card played dead has
    none of its effects: the play pile is not set aside (R17 applies to cards played for their effect) and
    the turn ends as after any other card, with the normal refill. What stays in the hand is public
    knowledge from now on: cards without an effect (Ruling 27)."""
    assert card is not None
    seat = state.turn
    no_target = not sorry_targets(state, seat)
    state.hands[seat].remove(card)
    state.pile.append(card)
    state.inert[seat] = len(state.hands[seat])
    state.inert_sorry[seat] = no_target
    state.emit((Dead, seat, card))
    end_turn(state)


def _sorry(state: SorryState, target: int | None) -> None:
    """The flip-back SORRY!: its target is always asked whether to block (R14, Rulings 8, 10, 22)."""
    assert target is not None
    seat = state.turn
    take_from_hand(state, seat, _SORRY)
    state.pile.append(_SORRY)
    state.emit((Sorry, seat, target))
    state.phase = _P_BLOCK_SORRY
    state.sorry_target = target
    state.to_act = target


def _reach_21(state: SorryState, scorer: int) -> None:
    """Open the steal window: every opponent, in play order from the scorer, is asked (R15, Rulings 9, 22, 26)."""
    state.emit((TwentyOne, scorer))
    n = state.num_players
    d = state.direction
    state.window = [(scorer + d * k) % n for k in range(n - 1, 0, -1)]
    state.phase = _P_STEAL
    state.to_act = state.window.pop()


def _pass(state: SorryState) -> None:
    phase = state.phase
    seat = state.to_act
    assert seat is not None
    state.emit((Pass, seat))
    if phase is _P_PLAY:
        end_turn(state)
        return
    if phase is _P_STEAL:
        if state.window:
            state.to_act = state.window.pop()
        else:
            _win_round(state, state.turn)
    elif phase is _P_BLOCK_STEAL:
        stealer = state.stealer
        assert stealer is not None
        _win_round(state, stealer)
    else:
        target = state.sorry_target
        assert target is not None
        _move_pawn(state, target, -1)
        _after_sorry(state)


def _steal(state: SorryState) -> None:
    """A steal-a-21 SORRY!: the stealer refills to 5 at once; the scorer may block (R15, R17, Ruling 12)."""
    seat = state.to_act
    assert seat is not None
    take_from_hand(state, seat, _STEAL)
    state.pile.append(_STEAL)
    state.emit((Steal, seat, state.turn))
    draw_cards(state, seat, HAND_SIZE - len(state.hands[seat]))
    state.window = []
    state.stealer = seat
    state.phase = _P_BLOCK_STEAL
    state.to_act = state.turn


def _block(state: SorryState) -> None:
    """Don't be SORRY!: the SORRY! is cancelled, and nobody may answer it (R16, R17, Rulings 10–12)."""
    seat = state.to_act
    assert seat is not None
    take_from_hand(state, seat, _DONT)
    state.pile.append(_DONT)
    attacker = state.stealer if state.phase is _P_BLOCK_STEAL else state.turn
    assert attacker is not None
    state.emit((Block, seat, attacker))
    draw_cards(state, seat, HAND_SIZE - len(state.hands[seat]))
    if state.phase is _P_BLOCK_STEAL:
        _win_round(state, seat)
    else:
        _after_sorry(state)


def _after_sorry(state: SorryState) -> None:
    """After any flip-back SORRY!, blocked or not, the play pile is set aside (R17, Rulings 13, 26)."""
    state.sorry_target = None
    set_aside_pile(state)
    end_turn(state)


def _move_pawn(state: SorryState, seat: int, step: int) -> None:
    """One step of progress: a pawn flipped to HOME (or, in the longer game, back to START) (R10, R20, Ruling 25)."""
    state.progress[seat] += step
    progress = state.progress[seat]
    state.emit((Pawn, seat, step, progress, home_pawns(progress)))


def _win_round(state: SorryState, winner: int) -> None:
    """The round's winner flips a pawn; the next player starts the next round (R10, R12, Ruling 16)."""
    state.stealer = None
    _move_pawn(state, winner, 1)
    if state.progress[winner] >= state.goal:
        end_match(state, winner)
        return
    set_aside_pile(state)
    state.round += 1
    end_turn(state)


def _bust(state: SorryState, buster: int) -> None:
    """Over 21: every other player flips a pawn (R11, Ruling 19); a shared finish goes to a tie-break (R19)."""
    state.emit((Bust, buster, state.total))
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


def end_turn(state: SorryState) -> None:
    """Refill to 5 (R5), then the next player in the current direction plays."""
    seat = state.turn
    hand = state.hands[seat]
    missing = HAND_SIZE - len(hand)
    if missing > 0:
        draw = state.draw
        if missing == 1 and draw:  # the usual refill after one card played (draw_cards, inlined)
            card = draw.pop()
            hand.append(card)
            state.emit((Draw, seat, 1, (card,)))
        else:
            draw_cards(state, seat, missing)
    nxt = (seat + state.direction) % state.num_players
    state.turn = nxt
    state.to_act = nxt
    state.phase = _P_PLAY
    state.turns += 1
