"""Dealing anew what one seat cannot see of a Skyjo match, consistently with all it knows (search bots).

What a seat knows is described in ``view.py``; in short: every face-up card, the discard, the drawn card,
the hidden cards it looked at with Révélation or saw face up before they were turned face down, its own
Tirez trois cards, and, once the game pile has been rebuilt from the discard, the pile's cards as a set.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from veillee.games.skyjo.state import SkyjoState

__all__ = ["resample_hidden"]


def resample_hidden(state: SkyjoState, seat: int, rng: random.Random) -> None:
    """Deal every card hidden from ``seat`` anew, consistently with what it knows, and draw a new seed.

    Kept: every face-up card, the hidden cards ``seat`` knows, the discard, the drawn card, its own Tirez
    trois cards. Once the pile has been rebuilt from the discard its cards are known as a set: then the
    pile (with another player's Tirez trois cards, drawn from it) is shuffled within itself, and the
    unknown grid cards among themselves. The Action pile is shuffled.
    """
    n = state.num_players
    bit = 1 << seat
    unknown_slots = [
        (p, s)
        for p in range(n)
        for s in range(12)
        if not state.up[p][s] and state.grid[p][s] is not None and not state.knowers[p][s] & bit
    ]
    private_three = bool(state.three) and state.turn != seat
    if state.pile_public:
        pile_group = list(state.pile) + (list(state.three) if private_three else [])
        grid_group = [state.grid[p][s] for p, s in unknown_slots]
        rng.shuffle(pile_group)
        rng.shuffle(grid_group)
        pool = grid_group + pile_group
    else:
        pool = [state.grid[p][s] for p, s in unknown_slots] + list(state.pile)
        if private_three:
            pool += state.three
        rng.shuffle(pool)
    for p, s in unknown_slots:
        state.grid[p][s] = pool.pop(0)
    if private_three:
        state.three = [pool.pop() for _ in range(len(state.three))]  # type: ignore[misc]
    state.pile = pool  # type: ignore[assignment]
    actions = Counter(state.action_deck)
    actions.subtract(c for c in state.market if c is not None)
    actions.subtract(state.action_discard)
    actions.subtract(state.in_play)
    for p in range(n):
        actions.subtract(state.held[p])
        actions.subtract(state.fresh[p])
    action_pile = [card for card, count in actions.items() for _ in range(count)]
    rng.shuffle(action_pile)
    state.action_pile = action_pile
    state.seed = rng.getrandbits(63)
