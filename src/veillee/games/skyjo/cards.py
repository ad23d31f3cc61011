"""Skyjo's cards (rules §1): game cards (numbers −2…12 and « Étoile » Stars) and the nine Action cards; and
the places of a grid (slots ``r1c1``…``r3c4``, lines ``row1``…``col4``), declared once for every module,
the notation and the browser (``GameInfo.constants``).

Cards are ``IntEnum`` members so that grids and piles are lists of small ints, fast to copy and compare,
while still printing as ``-2``, ``7``, ``star`` or ``defense``. Per-card facts are tuples indexed by card.
The two kinds never mix: the game deck and the Action deck are separate piles (rules R1–R3).
"""

from __future__ import annotations

from enum import IntEnum

from veillee.core import InvalidOption, build_deck

__all__ = [
    "ACTION_DECK_FIRST_GAME",
    "ACTION_DECK_FULL",
    "ACTION_NOTATION",
    "COLUMNS",
    "GAME_DECK_ACTION",
    "GAME_DECK_ACTION_NUMBERS",
    "GAME_DECK_CLASSIC",
    "IS_STAR",
    "LINE_SLOTS",
    "ROWS",
    "SLOTS",
    "VALUE",
    "ActionCard",
    "GameCard",
    "Line",
    "Slot",
    "parse_action_card",
    "parse_game_card",
]


class GameCard(IntEnum):
    """A game card (« carte de jeu »): a number card (« carte chiffrée ») or a Star (« carte Étoile »)."""

    M2 = 0
    M1 = 1
    N0 = 2
    N1 = 3
    N2 = 4
    N3 = 5
    N4 = 6
    N5 = 7
    N6 = 8
    N7 = 9
    N8 = 10
    N9 = 11
    N10 = 12
    N11 = 13
    N12 = 14
    STAR = 15
    """« Étoile »: worth 0, grants an Action card when revealed, may copy a number for a line discard."""

    def __str__(self) -> str:
        return GAME_NOTATION[self]

    def __repr__(self) -> str:
        return f"GameCard.{self.name}"

    @classmethod
    def from_json(cls, data: object) -> GameCard:
        """The card written ``data`` (its notation), for typed views read back from JSON."""
        return parse_game_card(data)


class ActionCard(IntEnum):
    """One of the nine Action cards (« cartes Action »); three copies of each in the box (RULINGS §3.1)."""

    OWN_SWAP = 0
    """« Échangez vos propres cartes »: swap two cards of your grid, each put back on the face you choose."""
    DOUBLE_TURN = 1
    """« Tour doublé »: play two (option: one) consecutive turns at once."""
    DRAW_THREE = 2
    """« Tirez trois cartes »: look at three cards of the game pile, keep one or none."""
    REVELATION = 3
    """« Révélation »: look at the hidden cards of one row or column of any grid."""
    REACTIVATION = 4
    """« Réactivation »: play a card of the Action discard at once."""
    DEFENSE = 5
    """« Défense + tour supplémentaire »: blocks the next attack on you; or play it for an extra turn."""
    EXCHANGE = 6
    """« Échange avec un autre joueur »: swap one card between two players' grids."""
    STEAL = 7
    """« Vol de carte Action »: steal a visible Action card from an opponent and take an extra turn."""
    METEORS = 8
    """« Averse de météorites »: one card of each opponent, your choice, is replaced from the game pile."""

    def __str__(self) -> str:
        return ACTION_NOTATION[self]

    def __repr__(self) -> str:
        return f"ActionCard.{self.name}"

    @classmethod
    def from_json(cls, data: object) -> ActionCard:
        """The card written ``data`` (its notation), for typed views read back from JSON."""
        return parse_action_card(data)


GAME_NOTATION: tuple[str, ...] = (*(str(v) for v in range(-2, 13)), "star")
ACTION_NOTATION: tuple[str, ...] = (
    "own-swap",
    "double-turn",
    "draw-three",
    "revelation",
    "reactivation",
    "defense",
    "exchange",
    "steal",
    "meteors",
)
VALUE: tuple[int, ...] = (*range(-2, 13), 0)
"""Points of a game card at scoring; a Star counts 0 (rules R21)."""
IS_STAR: tuple[bool, ...] = (*([False] * 15), True)
NUMBERS: tuple[GameCard, ...] = tuple(GameCard(i) for i in range(15))


def _numbers(minus_two: int, minus_one: int, zero: int, each: int) -> dict[GameCard, int]:
    counts = {GameCard.M2: minus_two, GameCard.M1: minus_one, GameCard.N0: zero}
    counts.update({GameCard(i): each for i in range(3, 15)})
    return counts


GAME_DECK_ACTION: tuple[GameCard, ...] = build_deck({**_numbers(3, 7, 11, 7), GameCard.STAR: 15})
"""The Skyjo Action box's 120 game cards: −2×3, −1×7, 0×11, 1–12×7 each, 15 Stars (RULINGS §3.1, ruling 1)."""
GAME_DECK_ACTION_NUMBERS: tuple[GameCard, ...] = build_deck(_numbers(3, 7, 11, 7))
"""The Action box's 105 number cards, for the classic variant with that box (2–4 players, ruling 24)."""
GAME_DECK_CLASSIC: tuple[GameCard, ...] = build_deck(_numbers(5, 10, 15, 10))
"""The classic Skyjo box's 150 cards: −2×5, −1×10, 0×15, 1–12×10 each (RULINGS §3.2)."""
ACTION_DECK_FULL: tuple[ActionCard, ...] = build_deck({card: 3 for card in ActionCard})
"""27 Action cards, three of each type (ruling 1); the three blank cards are left in the box."""
ACTION_DECK_FIRST_GAME: tuple[ActionCard, ...] = tuple(
    card for card in ACTION_DECK_FULL if card not in (ActionCard.STEAL, ActionCard.METEORS)
)
"""The first-game set: without « Vol de carte Action » and « Averse de météorites » (rules R4)."""

_GAME_BY_TEXT = {text: GameCard(i) for i, text in enumerate(GAME_NOTATION)}
_GAME_BY_TEXT.update({card.name.lower(): card for card in GameCard})
_GAME_BY_TEXT["étoile"] = GameCard.STAR
_ACTION_BY_TEXT = {text: ActionCard(i) for i, text in enumerate(ACTION_NOTATION)}
_ACTION_BY_TEXT.update({card.name.lower(): card for card in ActionCard})


def parse_game_card(item: object) -> GameCard:
    """A game card from its notation (``"-2"``, ``"12"``, ``"star"``), a ``GameCard`` or an int value."""
    if isinstance(item, GameCard):
        return item
    if isinstance(item, int) and not isinstance(item, bool) and -2 <= item <= 12:
        return GameCard(item + 2)
    if isinstance(item, str) and item.strip().lower() in _GAME_BY_TEXT:
        return _GAME_BY_TEXT[item.strip().lower()]
    raise InvalidOption(f"{item!r} is not a Skyjo game card (-2 to 12, or star)")


def parse_action_card(item: object) -> ActionCard:
    """An Action card from its notation (``"defense"``, ``"double-turn"``...) or an ``ActionCard``."""
    if isinstance(item, ActionCard):
        return item
    if isinstance(item, str) and item.strip().lower() in _ACTION_BY_TEXT:
        return _ACTION_BY_TEXT[item.strip().lower()]
    raise InvalidOption(f"{item!r} is not a Skyjo Action card ({', '.join(ACTION_NOTATION)})")


def is_action_card_text(item: object) -> bool:
    """Whether a stacked-deck item names an Action card (the rest are game cards)."""
    return isinstance(item, ActionCard) or (isinstance(item, str) and item.strip().lower() in _ACTION_BY_TEXT)


# -- the grid's places ------------------------------------------------------------------------------------
ROWS = 3
COLUMNS = 4
SLOTS = ROWS * COLUMNS


class Slot(IntEnum):
    """A place of a grid (rules R3), numbered 0–11 row by row and written ``r1c1``…``r3c4``."""

    R1C1 = 0
    R1C2 = 1
    R1C3 = 2
    R1C4 = 3
    R2C1 = 4
    R2C2 = 5
    R2C3 = 6
    R2C4 = 7
    R3C1 = 8
    R3C2 = 9
    R3C3 = 10
    R3C4 = 11

    def __str__(self) -> str:
        return SLOT_NAMES[self]

    def __repr__(self) -> str:
        return f"Slot.{self.name}"

    @property
    def row(self) -> int:
        """The row, 1–3."""
        return self // COLUMNS + 1

    @property
    def column(self) -> int:
        """The column, 1–4."""
        return self % COLUMNS + 1

    @classmethod
    def from_json(cls, data: object) -> Slot:
        if isinstance(data, str) and data in _SLOT_BY_NAME:
            return _SLOT_BY_NAME[data]
        raise ValueError(f"{data!r} is not a grid slot (r1c1 to r3c4)")


class Line(IntEnum):
    """A line of a grid that can be discarded (rules R25): the rows 0–2 then the columns 3–6."""

    ROW1 = 0
    ROW2 = 1
    ROW3 = 2
    COL1 = 3
    COL2 = 4
    COL3 = 5
    COL4 = 6

    def __str__(self) -> str:
        return LINE_NAMES[self]

    def __repr__(self) -> str:
        return f"Line.{self.name}"

    @property
    def is_row(self) -> bool:
        return self < ROWS

    @property
    def number(self) -> int:
        """The row's or the column's number, from 1."""
        return self + 1 if self < ROWS else self - ROWS + 1

    @classmethod
    def from_json(cls, data: object) -> Line:
        if isinstance(data, str) and data in _LINE_BY_NAME:
            return _LINE_BY_NAME[data]
        raise ValueError(f"{data!r} is not a grid line (row1 to row3, col1 to col4)")


SLOT_NAMES: tuple[str, ...] = tuple(f"r{s // COLUMNS + 1}c{s % COLUMNS + 1}" for s in range(SLOTS))
"""``r1c1`` for slot 0 … ``r3c4`` for slot 11: the notation, the JSON forms and the browser's."""
LINE_NAMES: tuple[str, ...] = (*(f"row{r + 1}" for r in range(ROWS)), *(f"col{c + 1}" for c in range(COLUMNS)))
"""``row1``…``row3`` for lines 0–2, ``col1``…``col4`` for lines 3–6."""
LINE_SLOTS: tuple[tuple[int, ...], ...] = (
    *(tuple(r * COLUMNS + c for c in range(COLUMNS)) for r in range(ROWS)),
    *(tuple(r * COLUMNS + c for r in range(ROWS)) for c in range(COLUMNS)),
)
"""The slots of each line, in order."""
_SLOT_BY_NAME = {name: Slot(i) for i, name in enumerate(SLOT_NAMES)}
_LINE_BY_NAME = {name: Line(i) for i, name in enumerate(LINE_NAMES)}


# -- facts the rules read on every decision, as plain module names (a name imported from here is a global
# of the importing module: cheaper on the hot path than an enum member looked up on its class)
STAR = GameCard.STAR
DRAW_THREE = ActionCard.DRAW_THREE
OWN_SWAP = ActionCard.OWN_SWAP
SLOT = tuple(Slot)
LINE = tuple(Line)
GRID_SIZE = 12
SETUP_REVEALS = 2
ALWAYS_PLAYABLE = frozenset(
    (
        ActionCard.DOUBLE_TURN,
        ActionCard.DEFENSE,
        ActionCard.REACTIVATION,
        ActionCard.METEORS,
        ActionCard.REVELATION,
        ActionCard.EXCHANGE,
    )
)
"""Cards whose effect is always possible at the start of a turn before the end is triggered: every grid
then still has a hidden card (``end_turn`` triggers the end after any turn that leaves a grid without one),
so Révélation always has a line to look at and Échange a card in every grid (``effects.playable``)."""
