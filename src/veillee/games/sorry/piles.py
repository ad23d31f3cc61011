"""The cards' comings and goings between hands, the draw pile and the set-aside piles (R5, R12, R13, R17,
Rulings 17, 24, 27): the bookkeeping that every rule area shares."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from veillee.core import derive
from veillee.games.sorry.cards import Card
from veillee.games.sorry.events import Draw, Reshuffle, SetAside

if TYPE_CHECKING:
    from veillee.games.sorry.state import SorryState

__all__ = [
    "HAND_LIMIT",
    "HAND_SIZE",
    "INERT",
    "draw_cards",
    "forget_no_effect",
    "set_aside_pile",
    "shuffle",
    "take_from_hand",
]

HAND_SIZE = 5
"""Deal 5 cards; refill to 5 after each turn and after any SORRY! or Don't be SORRY! (R2, R5, R17)."""
HAND_LIMIT = 7
"""Never more than 7 cards at the end of your turn (R5, R7, Ruling 2)."""

_SORRY = Card.SORRY
INERT = frozenset({Card.PLAY_2, Card.STEAL, Card.DONT})
"""Cards that may be left in a hand that had no card with an effect (with SORRY! when it had no target)."""


_BITS = tuple(n.bit_length() for n in range(128))
"""``n.bit_length()`` for every pile size ``n`` a shuffle meets (the deck has at most 93 cards)."""


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does, twice as fast.

    ``random.shuffle`` draws ``_randbelow(i + 1)`` for each position through a Python call per card; the
    deal shuffles 93 cards per match, which made it a fifth of a random playout's time. This is the same
    algorithm (Fisher-Yates from the top, each index drawn by rejection from ``getrandbits``) inlined, so
    the same seed deals the same cards: records and golden files are unchanged (a test compares both).
    """
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(cards) - 1, 0, -1):
        k = bits[i + 1]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def take_from_hand(state: SorryState, seat: int, card: Card) -> None:
    """Remove ``card`` from ``seat``'s hand, keeping the public dead-card knowledge up to date (Ruling 27)."""
    state.hands[seat].remove(card)
    if state.inert[seat]:
        forget_no_effect(state, seat, card)


def forget_no_effect(state: SorryState, seat: int, card: Card) -> None:
    """``seat``, known to hold cards without an effect (Ruling 27), has played ``card``: one fewer is known
    if it was one of them."""
    if card in INERT or (card is _SORRY and state.inert_sorry[seat]):
        state.inert[seat] -= 1


def draw_cards(state: SorryState, seat: int, count: int) -> None:
    """Draw ``count`` cards from the draw pile, rebuilding it from the set-aside piles when it runs out
    (R13, Ruling 24); if even that is empty, draw what there is (Ruling 17)."""
    if count <= 0:
        return
    draw = state.draw
    if count == 1 and draw:  # the usual refill after one card played
        card = draw.pop()
        state.hands[seat].append(card)
        state.emit((Draw, seat, 1, (card,)))
        return
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
    state.hands[seat].extend(drawn)
    state.emit((Draw, seat, len(drawn), tuple(drawn)))


def _reshuffle(state: SorryState) -> bool:
    """The set-aside play piles, shuffled, are the new draw pile (R13, Ruling 24)."""
    if not state.set_aside:
        return False
    state.reshuffles += 1
    rng = derive(state.seed, "reshuffle", state.reshuffles)
    pile = state.set_aside
    shuffle(rng, pile)
    state.draw = pile
    state.set_aside = []
    state.emit((Reshuffle, len(pile)))
    return True


def set_aside_pile(state: SorryState) -> None:
    """« Mettez cette pile de jeu de côté »: the next card starts a new pile from 0 (R12, R17)."""
    if state.pile:
        state.set_aside.extend(state.pile)
        state.emit((SetAside, len(state.pile)))
        state.pile = []
    state.total = 0
