"""SOON scoring (R10): small pure functions over one suite, applied in the table's order."""

from __future__ import annotations

from collections.abc import Sequence

from veillee.games.soon.cards import COLOUR, IS_JOKER, Card

__all__ = ["is_complete", "is_monochrome", "suite_score"]

SUITE_LENGTH = 8
COMPLETE_BONUS = 2
FIRST_BONUS = 2


def is_complete(suite: Sequence[Card]) -> bool:
    """« Suite complète »: 8 cards and no Voleur (R8, ruling 14)."""
    return len(suite) == SUITE_LENGTH and Card.THIEF not in suite


def is_monochrome(suite: Sequence[Card]) -> bool:
    """Every card but the Voleurs is of one colour, and there is at least one such card (ruling 15)."""
    colours = {COLOUR[card] for card in suite if card is not Card.THIEF}
    return len(colours) == 1


def suite_score(suite: Sequence[Card], *, first: bool) -> int:
    """The round score of one suite, in the seed's order (ruling 16).

    >>> from veillee.games.soon.cards import Card as C
    >>> suite_score([C.DAY_1, C.DAY_2, C.DAY_JOKER, C.DAY_4, C.DAY_5, C.DAY_6, C.DAY_7, C.DAY_8], first=True)
    18
    """
    points = sum(1 for card in suite if card is not Card.THIEF)
    complete = is_complete(suite)
    if complete:
        points -= sum(1 for card in suite if IS_JOKER[card])
    if is_monochrome(suite):
        points *= 2
    if complete:
        points += COMPLETE_BONUS
        if first:
            points += FIRST_BONUS
    return points
