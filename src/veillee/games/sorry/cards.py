"""Sorry! Revenge's 93 playing cards (rules R1, RULINGS.md §1.1): Number, Action and SORRY! cards.

Cards are ``IntEnum`` members so that hands and piles are lists of small ints, while still printing as
``7`` or ``SLIDE15``. Per-card facts are tuples indexed by the card. The 16 Pawn cards (« cartes Pion »)
are not playing cards: a seat's pawns are a number (``progress``) in the state.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

from veillee.core import InvalidOption, build_deck

__all__ = [
    "DECKS",
    "DECK_COUNTS",
    "IS_NUMBER",
    "NUMBERS",
    "PAWNS",
    "PAWN_COLOURS",
    "SLIDE_TO",
    "TARGET",
    "VALUE",
    "Card",
    "DeckList",
    "parse_card",
]


class Card(IntEnum):
    """One kind of Sorry! Revenge card. Copies of the same kind are interchangeable."""

    N0 = 0
    """A Number card (« carte Nombre ») worth 0."""
    N1 = 1
    N2 = 2
    N3 = 3
    N4 = 4
    N5 = 5
    N6 = 6
    N7 = 7
    N10 = 8
    """The Number card worth 10 (there are no 8s or 9s, Ruling 1)."""
    SLIDE_10 = 9
    """« Glissade »: the pile's total becomes 10, up or down (R6, Ruling 7)."""
    SLIDE_15 = 10
    SLIDE_20 = 11
    SLIDE_21 = 12
    """Slide to 21: reaching exactly 21 with it wins the round (Ruling 6)."""
    TAKE_2 = 13
    """« Pigez-en 2 »: draw 2 cards, never beyond 7 in hand (R7, Ruling 2)."""
    REVERSE = 14
    """« Changement de direction »: reverse the order of play (R8, Ruling 15)."""
    PLAY_2 = 15
    """« Jouez-en 2 »: then play 2 Number cards from your hand (R9, Rulings 4, 5)."""
    SORRY = 16
    """« SORRY! Retournez une carte pion du côté DÉPART »: on your turn, flip an opponent's pawn back (R14)."""
    STEAL = 17
    """The other SORRY!: out of turn, steal an opponent's 21 (flip one of *your* pawns HOME instead, R15)."""
    DONT = 18
    """« SORRY! Pas vraiment… » (Don't be SORRY!): block a SORRY! card played against you (R16)."""

    def __str__(self) -> str:
        return NOTATION[self]

    def __repr__(self) -> str:
        return f"Card.{self.name}"

    @classmethod
    def from_json(cls, data: object) -> Card:
        """The card whose notation is ``data`` (typed views read back from their JSON form)."""
        if not isinstance(data, str) or data not in _BY_TEXT:
            raise ValueError(f"{data!r} is not a Sorry! Revenge card notation")
        return _BY_TEXT[data]


NOTATION: tuple[str, ...] = (
    *(str(v) for v in range(8)),
    "10",
    "SLIDE10",
    "SLIDE15",
    "SLIDE20",
    "SLIDE21",
    "TAKE2",
    "REVERSE",
    "PLAY2",
    "SORRY",
    "STEAL",
    "DONT",
)
_BY_TEXT: dict[str, Card] = {text: Card(i) for i, text in enumerate(NOTATION)}
TARGET = 21
"""The total that wins a round (R10); above it a player busts (R11)."""
PAWNS = 4
"""Pawn cards per player (R1): flipping all of them to HOME wins the match (R18)."""
PAWN_COLOURS = ("red", "blue", "yellow", "green")
"""Each seat's pawn colour (seat 0 red...), by which the screens and the browser show who is who."""
NUMBERS: tuple[Card, ...] = tuple(Card(i) for i in range(9))
VALUE: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 10, *([0] * 10))
"""What a card adds to the pile's total: its number for Number cards, 0 for every other card (R4)."""
IS_NUMBER: tuple[bool, ...] = tuple(i < 9 for i in range(len(Card)))
SLIDE_TO: tuple[int, ...] = (*([0] * 9), 10, 15, 20, 21, *([0] * 6))
"""The total a Slide sets (R6); 0 for the other cards."""


class DeckList(StrEnum):
    """Which deck composition to play with (Ruling 1, the « Decisions » of RULINGS.md)."""

    STANDARD = "standard"
    """93 cards: the [SRC 7] list plus 2 Reverse, so that the counts match the manual (26 Action cards)."""
    GAMINGPACK = "gamingpack"
    """91 cards: the [SRC 7] list exactly (4 Reverse, 24 Action cards)."""


_NUMBER_COUNTS = (5, 5, 5, 7, 9, 9, 7, 7, 5)
"""Number cards 0–7 and 10 ([SRC 7]; 59 in all)."""

DECK_COUNTS: dict[DeckList, dict[Card, int]] = {
    deck_list: {
        **{card: n for card, n in zip(NUMBERS, _NUMBER_COUNTS, strict=True)},
        Card.SLIDE_10: 2,
        Card.SLIDE_15: 3,
        Card.SLIDE_20: 1,
        Card.SLIDE_21: 2,
        Card.TAKE_2: 6,
        Card.REVERSE: reverses,
        Card.PLAY_2: 6,
        Card.SORRY: 2,
        Card.STEAL: 4,
        Card.DONT: 2,
    }
    for deck_list, reverses in ((DeckList.STANDARD, 6), (DeckList.GAMINGPACK, 4))
}
DECKS: dict[DeckList, tuple[Card, ...]] = {name: build_deck(counts) for name, counts in DECK_COUNTS.items()}
"""Each deck in a fixed order; the deal shuffles a copy."""

_BY_NOTATION = {text.lower(): Card(i) for i, text in enumerate(NOTATION)}
_BY_NOTATION.update({card.name.lower(): card for card in Card})


def parse_card(item: object) -> Card:
    """A card from its notation (``"7"``, ``"slide15"``, ``"dont"``) or a ``Card``; raises ``InvalidOption``."""
    if isinstance(item, Card):
        return item
    if isinstance(item, int) and not isinstance(item, bool) and str(item) in _BY_NOTATION:
        return _BY_NOTATION[str(item)]
    if isinstance(item, str) and item.strip().lower() in _BY_NOTATION:
        return _BY_NOTATION[item.strip().lower()]
    raise InvalidOption(
        f"{item!r} is not a Sorry! Revenge card (0–7, 10, SLIDE10, SLIDE15, SLIDE20, SLIDE21, TAKE2, REVERSE, "
        "PLAY2, SORRY, STEAL, DONT)"
    )
