"""The core's declaration machinery: typed events and their redaction, declared options, derived copies."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

import pytest

from veillee.core import InvalidOption, Option, OptionSet, View, event, redact, to_json
from veillee.core.copying import copier_for


class Card(IntEnum):
    ACE = 1
    KING = 13

    def __str__(self) -> str:
        return self.name.title()


@event(private={"card": "seat"})
class Drew(NamedTuple):
    seat: int
    card: Card


@event("deal", per_seat={"hands": "hand"})
class Dealt(NamedTuple):
    round: int
    hands: tuple[tuple[Card, ...], ...]


@event(private={"card": ("seat", "to")})
class GaveSecretly(NamedTuple):
    seat: int
    to: int
    card: Card


def test_private_fields_reach_only_their_owners() -> None:
    drew = Drew(1, Card.KING)
    assert redact(drew, 1) == {"type": "drew", "seat": 1, "card": "King"}
    assert redact(drew, 0) == {"type": "drew", "seat": 1}
    assert redact(drew, None) == {"type": "drew", "seat": 1}
    gave = GaveSecretly(0, 2, Card.ACE)
    assert [("card" in redact(gave, s)) for s in (None, 0, 1, 2)] == [False, True, False, True]


def test_per_seat_fields_give_each_seat_its_own_entry() -> None:
    dealt = Dealt(3, ((Card.ACE,), (Card.KING, Card.ACE)))
    assert redact(dealt, 1) == {"type": "deal", "round": 3, "hand": ["King", "Ace"]}
    assert redact(dealt, None) == {"type": "deal", "round": 3}


@event(private={"card": ("seat", "from_")})
class Took(NamedTuple):
    seat: int
    from_: int
    card: Card


def test_a_trailing_underscore_names_a_keyword_key() -> None:
    took = Took(1, 0, Card.ACE)
    assert redact(took, 0) == {"type": "took", "seat": 1, "from": 0, "card": "Ace"}
    assert redact(took, 2) == {"type": "took", "seat": 1, "from": 0}


def test_an_event_declaration_naming_no_field_is_refused() -> None:
    with pytest.raises(TypeError):

        @event(private={"card": "owner"})
        class Bad(NamedTuple):
            seat: int
            card: Card


@dataclass(frozen=True, slots=True)
class TinyView(View):
    game_name = "tiny"
    seat: int | None
    hand: tuple[Card, ...] | None


def test_views_encode_structured_cards() -> None:
    assert TinyView(0, (Card.ACE,)).to_json() == {"game": "tiny", "seat": 0, "hand": ["Ace"]}
    assert to_json({"k": (Card.KING, None, 2.5)}) == {"k": ["King", None, 2.5]}


OPTIONS = OptionSet(
    "tiny",
    [
        Option(name="target", kind="int", default=40, minimum=1, maximum=500, help="points to reach"),
        Option(name="speed", kind="bool", default=False, help="the fast variant"),
        Option(name="length", kind="choice", choices=("express", "classic"), default="classic", help="length"),
        Option(name="first", kind="seat", default=None, nullable=True, help="first seat (null: drawn)"),
        Option(name="cap", kind="int", default=None, nullable=True, minimum=1, maximum=200, automated=20, help="cap"),
    ],
)


def test_options_fill_defaults_and_normalise() -> None:
    assert OPTIONS.parse({"length": "EXPRESS", "target": 60.0}, 3) == {
        "target": 60,
        "speed": False,
        "length": "express",
        "first": None,
        "cap": None,
    }
    assert OPTIONS.automated_defaults() == {"cap": 20}


@pytest.mark.parametrize(
    "given",
    [
        {"target": 10**12},
        {"target": 0},
        {"target": math.nan},
        {"target": math.inf},
        {"target": True},
        {"target": "40"},
        {"target": None},
        {"speed": 1},
        {"length": "long"},
        {"first": 3},
        {"first": -1},
        {"cap": 10**9},
        {"nope": 1},
    ],
)
def test_out_of_range_or_mistyped_options_are_refused(given: dict[str, object]) -> None:
    with pytest.raises(InvalidOption):
        OPTIONS.parse(given, 3)


def test_option_declarations_are_served_as_json() -> None:
    served = OPTIONS.to_json()
    assert [o["name"] for o in served] == ["target", "speed", "length", "first", "cap"]
    assert served[0]["minimum"] == 1 and served[0]["maximum"] == 500
    assert served[4]["automated"] == 20
    with pytest.raises(ValueError):
        Option(name="unbounded", kind="int", default=1, help="no range")


class Table:
    hands: list[list[Card]]
    pile: list[Card]
    scores: dict[int, int]
    turn: int
    last: tuple[Card, ...]
    pending: list[int] | None


def _table() -> Table:
    table = Table()
    table.hands = [[Card.ACE], [Card.KING]]
    table.pile = [Card.ACE]
    table.scores = {0: 1}
    table.turn = 0
    table.last = ()
    table.pending = None
    return table


def test_derived_copies_share_nothing_mutable() -> None:
    table = _table()
    twin = copier_for(Table)(table)
    twin.hands[0].append(Card.KING)
    twin.pile.clear()
    twin.scores[1] = 5
    assert table.hands == [[Card.ACE], [Card.KING]] and table.pile == [Card.ACE] and table.scores == {0: 1}
    table.pending = [1]
    again = copier_for(Table)(table)
    assert again.pending == [1] and again.pending is not table.pending


def test_an_unannotated_attribute_cannot_be_copied_silently() -> None:
    table = _table()
    table.extra = [1]  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="extra"):
        copier_for(Table)(table)


class Seen(NamedTuple):
    who: int
    card: Card


@dataclass(frozen=True, slots=True)
class RichView(View):
    game_name = "rich"
    seat: int | None
    hand: tuple[Card, ...] | None
    piles: tuple[tuple[Card, ...], ...]
    last: Seen | None
    totals: tuple[int, ...]
    phase: str


def _parse_card(text: object) -> Card:
    if not isinstance(text, str):
        raise TypeError(text)
    return Card[text.upper()]


Card.from_json = staticmethod(_parse_card)  # type: ignore[attr-defined]


def test_views_read_back_from_their_json() -> None:
    view = RichView(1, (Card.ACE,), ((), (Card.KING, Card.ACE)), Seen(0, Card.KING), (3, 4), "draw")
    assert RichView.from_json(view.to_json()) == view
    spectator = RichView(None, None, (), None, (), "end")
    assert RichView.from_json(spectator.to_json()) == spectator
    with pytest.raises(ValueError):
        RichView.from_json({"game": "other"})
