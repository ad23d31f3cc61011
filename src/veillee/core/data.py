"""Typed game data and its JSON form: the one encoder every view, event and option goes through.

Games keep structured values in Python (cards as enum members, seats as ints, tuples of cards) so that
heuristics, renderers and tensor encoders read them without parsing text; the wire and the golden files get
JSON. ``to_json`` is the single bridge, so a game never writes a second, hand-kept JSON form of its data.

The rules for a value:

* ``None``, ``bool``, ``int``, ``float`` and ``str`` are themselves (a ``StrEnum`` member is its text);
* any other ``Enum`` member is ``str(member)``: cards define ``__str__`` as their notation (``"D5"``);
* an object with a ``to_json()`` method is what that method returns (results, actions, views);
* otherwise a ``NamedTuple`` or a dataclass is an object of its fields;
* tuples, lists and (frozen)sets are lists; dicts are objects with text keys.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from veillee.core.codec import JSON

__all__ = ["View", "to_json"]

_SCALARS = (type(None), bool, int, float, str)


def to_json(value: Any) -> Any:
    """``value`` as JSON-ready data (see the module docstring for the rules)."""
    if isinstance(value, Enum):
        return value.value if isinstance(value, str) else str(value)
    if isinstance(value, _SCALARS):
        return value
    encode: Callable[[], Any] | None = getattr(value, "to_json", None)
    if encode is not None and not isinstance(value, type):
        return encode()
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: to_json(item) for name, item in zip(value._fields, value, strict=True)}
    if isinstance(value, (tuple, list, set, frozenset)):
        return [to_json(item) for item in value]
    if isinstance(value, dict):
        return {str(to_json(key)): to_json(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"no JSON form for {type(value).__name__} {value!r}")


@dataclass(frozen=True, slots=True)
class View:
    """Base of every game's typed view: exactly what one seat may know, as structured values.

    One object serves every reader: ``to_json`` for the wire and the golden files, and the Python fields for
    renderers, heuristics and tensor encoders, which read cards as values instead of re-parsing text. A game
    declares its view as a frozen, slotted dataclass deriving from this one; the field names are the JSON
    keys. ``game`` is the registry name, ``seat`` the viewer (``None``: a spectator).
    """

    game_name: ClassVar[str] = ""

    def to_json(self) -> JSON:
        out: JSON = {"game": self.game_name}
        for f in dataclasses.fields(self):
            out[f.name] = to_json(getattr(self, f.name))
        return out
