"""Soupçons' cards (rules R1–R2): Masques and Serpents in hands, Nuit/Jour cards on the table, Portes.

Masques are ``IntEnum`` members so that hands are lists of small ints (fast to copy and compare) that still
print as ``5`` or ``S``. The Nuit/Jour cards are identified by their value (1–9) and the Portes by their
owner's seat; neither ever changes hands, so plain ints are enough for them.
"""

from __future__ import annotations

from enum import IntEnum

from veillee.core import InvalidOption

__all__ = [
    "DAY",
    "GONE",
    "NIGHT",
    "Card",
    "Setup",
    "parse_card",
    "setup",
]


class Card(IntEnum):
    """A card that can be in a hand: a Masque (« Masque », values 0–9) or a Serpent (« Serpent »).

    The three Serpents are interchangeable, so they share one member.
    """

    MASK_0 = 0
    MASK_1 = 1
    MASK_2 = 2
    MASK_3 = 3
    MASK_4 = 4
    MASK_5 = 5
    MASK_6 = 6
    MASK_7 = 7
    MASK_8 = 8
    MASK_9 = 9
    SERPENT = 10

    def __str__(self) -> str:
        return NOTATION[self]

    def __repr__(self) -> str:
        return f"Card.{self.name}"


NOTATION: tuple[str, ...] = (*(str(v) for v in range(10)), "S")
"""``0``…``9`` for the Masques, ``S`` for a Serpent."""

NIGHT = 0
"""A Nuit/Jour card showing its Night side (« côté Nuit »)."""
DAY = 1
"""A Nuit/Jour card turned to its Day side (« côté Jour »)."""
GONE = 2
"""A Nuit/Jour card removed from the table (« rangée dans la boîte »), or a value with no table card (0)."""


class Setup:
    """The material for one player count (RULINGS §4.1): which Masques, how many Serpents, which table.

    ``top`` is the highest Masque value and also the highest Nuit/Jour value; ``kinds`` lists the card kinds
    in play (Masques 0…top, then Serpent), which is also the set of allowed claims (ruling 6).
    """

    __slots__ = ("deck", "kinds", "players", "serpents", "top")

    def __init__(self, players: int, top: int, serpents: int) -> None:
        self.players = players
        self.top = top
        self.serpents = serpents
        self.kinds: tuple[Card, ...] = (*(Card(v) for v in range(top + 1)), Card.SERPENT)
        self.deck: tuple[Card, ...] = (*(Card(v) for v in range(top + 1)), *([Card.SERPENT] * serpents))


_SETUPS = {3: Setup(3, 5, 1), 4: Setup(4, 6, 2), 5: Setup(5, 8, 2), 6: Setup(6, 9, 3)}


def setup(players: int) -> Setup:
    """The material for ``players`` (3–6); 2N + 1 hand cards, so one player gets three (R2)."""
    return _SETUPS[players]


_BY_NOTATION: dict[str, Card] = {text.lower(): Card(i) for i, text in enumerate(NOTATION)}
_BY_NOTATION.update({card.name.lower(): card for card in Card})
_BY_NOTATION.update({f"m{v}": Card(v) for v in range(10)})
_BY_NOTATION["serpent"] = Card.SERPENT


def parse_card(item: object) -> Card:
    """A card from its notation (``"5"``, ``"S"``, ``"serpent"``, ``"m5"``), an int 0–9 or a ``Card``."""
    if isinstance(item, Card):
        return item
    if isinstance(item, int) and not isinstance(item, bool) and 0 <= item <= 9:
        return Card(item)
    if isinstance(item, str) and item.strip().lower() in _BY_NOTATION:
        return _BY_NOTATION[item.strip().lower()]
    raise InvalidOption(f"{item!r} is not a Soupçons card (a Masque 0–9, or S for a Serpent)")
