"""Dealing anew what a seat cannot see in Sorry! Revenge, consistently with all it knows (Rulings 27, 29)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from veillee.games.sorry.cards import IS_NUMBER, Card
from veillee.games.sorry.phases import Phase
from veillee.games.sorry.piles import INERT

if TYPE_CHECKING:
    from veillee.games.sorry.state import SorryState

__all__ = ["resample_hidden"]

_INERT = tuple(sorted(INERT))
_INERT_OR_SORRY = (*_INERT, Card.SORRY)


def resample_hidden(state: SorryState, seat: int, rng: random.Random) -> None:
    """Deal the cards hidden from ``seat`` (other hands and the draw pile) anew, and draw a new seed.

    Kept, because they are public: hand sizes, and what the rules tell about a hand: a seat in the middle
    of a Play 2 holds as many Number cards as it still has to play, and after a dead card the cards left
    in that hand are cards without an effect (Ruling 27). The narrowest constraints are met first, from the
    shuffled pool, so a consistent deal always exists (the true one proves it).
    """
    others = [o for o in range(state.num_players) if o != seat]
    pool = list(state.draw)
    for o in others:
        pool.extend(state.hands[o])
    rng.shuffle(pool)
    hands: dict[int, list[Card]] = {o: [] for o in others}

    def pick(o: int, wanted: tuple[Card, ...] | None, count: int) -> None:
        i = len(pool) - 1
        while count > 0 and i >= 0:  # the true deal meets every constraint, so the pool always suffices
            card = pool[i]
            if IS_NUMBER[card] if wanted is None else card in wanted:
                hands[o].append(pool.pop(i))
                count -= 1
            i -= 1

    for with_sorry in (False, True):
        for o in others:
            if state.inert[o] and state.inert_sorry[o] is with_sorry:
                pick(o, _INERT_OR_SORRY if with_sorry else _INERT, state.inert[o])
    if state.phase is Phase.PLAY2 and state.turn != seat:
        pick(state.turn, None, state.play2_left)
    for o in others:
        hand = hands[o]
        for _ in range(len(state.hands[o]) - len(hand)):
            hand.append(pool.pop())
        state.hands[o] = hand
    state.draw = pool
    state.seed = rng.getrandbits(63)
