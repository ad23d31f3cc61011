"""``to_json`` decides its rules once per type: it must still give exactly what the rules say, for every value.

The reference below is the rules written plainly (the encoder before it was compiled per type); random
positions of every game compare the two on every seat's view and event, and small cases pin each rule.
"""

from __future__ import annotations

import dataclasses
import random
from enum import Enum, Flag, StrEnum
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import veillee
from veillee.core import derive_seed, to_json

SCALARS = (type(None), bool, int, float, str)


def reference(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value if isinstance(value, str) else str(value)
    if isinstance(value, SCALARS):
        return value
    encode = getattr(value, "to_json", None)
    if encode is not None and not isinstance(value, type):
        return encode()
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: reference(item) for name, item in zip(value._fields, value, strict=True)}
    if isinstance(value, (tuple, list, set, frozenset)):
        return [reference(item) for item in value]
    if isinstance(value, dict):
        return {str(reference(key)): reference(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: reference(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(type(value).__name__)


def plain(value: Any) -> Any:
    """A view's fields through the reference (``View.to_json`` adds the game's name first)."""
    return {"game": value.game_name} | {f.name: reference(getattr(value, f.name)) for f in dataclasses.fields(value)}


@settings(max_examples=12, deadline=None)
@given(game=st.sampled_from(veillee.game_names()), seed=st.integers(0, 2**31), steps=st.integers(0, 150))
def test_every_view_and_event_encodes_as_the_plain_rules_say(game: str, seed: int, steps: int) -> None:
    players = veillee.game_info(game).min_players + seed % 2
    state = veillee.new_game(game, players, derive_seed(seed, 0))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    for seat in [*range(players), None]:
        view = state.seat_view(seat)
        assert view.to_json() == plain(view)
        assert to_json(view) == plain(view)
        events = state.events(seat, 0)
        assert to_json(events) == reference(events)


class Colour(StrEnum):
    RED = "red"


class Card(Enum):
    ACE = 1

    def __str__(self) -> str:
        return "A"


class Bits(Flag):
    ONE = 1
    TWO = 2


class Pair(NamedTuple):
    card: Card
    count: int


@dataclasses.dataclass(frozen=True)
class Cell:
    card: Card | None
    shown: bool


@dataclasses.dataclass(frozen=True)
class Tagged(Cell):
    tag: Colour


def test_each_rule() -> None:
    assert to_json(Colour.RED) == "red"
    assert to_json(Card.ACE) == "A"
    assert to_json(Bits.ONE | Bits.TWO) == str(Bits.ONE | Bits.TWO)  # a composite flag is no listed member
    assert to_json(Pair(Card.ACE, 2)) == {"card": "A", "count": 2}
    assert to_json((Card.ACE, 1, None, frozenset({True}))) == ["A", 1, None, [True]]
    assert to_json({Card.ACE: [Cell(None, False)]}) == {"A": [{"card": None, "shown": False}]}
    # a subclass is a type of its own: its own fields, not its parent's
    assert to_json(Cell(Card.ACE, True)) == {"card": "A", "shown": True}
    assert to_json(Tagged(Card.ACE, True, Colour.RED)) == {"card": "A", "shown": True, "tag": "red"}
    assert to_json(True) is True and to_json(2.5) == 2.5


def test_what_has_no_json_form_is_refused() -> None:
    with pytest.raises(TypeError):
        to_json(object())
    with pytest.raises(TypeError):
        to_json(Cell)  # a class, though it is a dataclass
    with pytest.raises(TypeError):
        to_json([1, object()])
