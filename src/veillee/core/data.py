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
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, Flag
from functools import cache
from itertools import repeat
from typing import Any, ClassVar, Self, Union, get_args, get_origin, get_type_hints

from veillee.core.codec import JSON

__all__ = ["View", "from_json", "to_json"]

_SCALARS = (type(None), bool, int, float, str)
_PLAIN = frozenset(_SCALARS)
"""The exact types that are their own JSON form (checked before any lookup: most fields are these)."""


def to_json(value: Any) -> Any:
    """``value`` as JSON-ready data (see the module docstring for the rules)."""
    return _encoder(type(value))(value)


def _make_encoder(cls: type) -> Callable[[Any], Any]:
    """The rules above decided once per type: every view of every delivery goes through here, and asking
    ``isinstance`` and ``getattr`` again for each card of each view was a fifth of a server's CPU."""
    if issubclass(cls, Flag):
        return str
    if issubclass(cls, Enum):
        # a card's notation is its ``__str__``: read once per member rather than per card dealt in a view
        return _enum_text if issubclass(cls, str) else {member: str(member) for member in cls}.__getitem__
    if issubclass(cls, _SCALARS):
        return _same
    if issubclass(cls, type):
        return _no_form
    if getattr(cls, "to_json", None) is not None:
        return _own_form
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        return _fields_encoder(tuple(cls._fields), by_name=False)
    if issubclass(cls, (tuple, list, set, frozenset)):
        return _list_form
    if issubclass(cls, dict):
        return _dict_form
    if dataclasses.is_dataclass(cls):
        return _fields_encoder(_field_names(cls), by_name=True)
    return _no_form


_encoder: Callable[[type], Callable[[Any], Any]] = cache(_make_encoder)


def _same(value: Any) -> Any:
    return value


def _enum_text(value: Any) -> Any:
    return value.value


def _own_form(value: Any) -> Any:
    return value.to_json()


def _list_form(value: Any) -> list[Any]:
    return [item if type(item) in _PLAIN else _encoder(type(item))(item) for item in value]


def _dict_form(value: dict[Any, Any]) -> dict[str, Any]:
    return {str(to_json(key)): to_json(item) for key, item in value.items()}


def _no_form(value: Any) -> Any:
    raise TypeError(f"no JSON form for {type(value).__name__} {value!r}")


def _fields_encoder(names: tuple[str, ...], by_name: bool) -> Callable[[Any], dict[str, Any]]:
    def encode(value: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, item in zip(names, map(getattr, repeat(value), names) if by_name else value, strict=True):
            out[name] = item if type(item) in _PLAIN else _encoder(type(item))(item)
        return out

    return encode


def from_json(hint: Any, data: Any) -> Any:
    """The value of type ``hint`` whose JSON form is ``data``: the inverse of ``to_json``, derived from type
    annotations, so that a front-end holding only the wire form (a browser, or a server process relaying
    another's messages) reads the same typed view as one holding the state.

    Enums are read back through their ``from_json`` classmethod when they define one (cards parse their
    notation), else by value; dataclasses and ``NamedTuple``s field by field. Raises ``ValueError`` or
    ``TypeError`` on data that does not fit.
    """
    if hint is Any or (data is None and _allows_none(hint)):
        return data
    origin = get_origin(hint)
    args = get_args(hint)
    if origin in (Union, types.UnionType):
        for arg in args:
            if arg is not type(None):
                try:
                    return from_json(arg, data)
                except (TypeError, ValueError, KeyError):
                    continue
        raise ValueError(f"{data!r} fits none of {hint}")
    if origin is typing.Literal:
        if data in args:
            return data
        raise ValueError(f"{data!r} is not one of {args}")
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], item) for item in data)
        return tuple(from_json(arg, item) for arg, item in zip(args, data, strict=True))
    if origin is list:
        return [from_json(args[0] if args else Any, item) for item in data]
    if origin is dict:
        key, value = args or (Any, Any)
        return {from_json(key, k) if key is not str else k: from_json(value, v) for k, v in data.items()}
    if isinstance(hint, type):
        if issubclass(hint, Enum):
            parse: Callable[[Any], Any] | None = getattr(hint, "from_json", None)
            return parse(data) if parse is not None else hint(data)
        if hint in (int, str, bool, float):
            if type(data) is hint or (hint is float and type(data) is int):
                return data
            raise TypeError(f"{data!r} is not a {hint.__name__}")
        reader: Callable[[Any], Any] | None = getattr(hint, "from_json", None)
        if reader is not None:
            return reader(data)
        hints = _field_hints(hint)  # type: ignore[arg-type]  # mypy: classes are hashable
        if hints is not None:
            return hint(**{name: from_json(field_hint, data.get(name)) for name, field_hint in hints.items()})
    raise TypeError(f"cannot read {hint!r} from JSON")


def _allows_none(hint: Any) -> bool:
    return hint is None or hint is type(None) or type(None) in get_args(hint)


def _dataclass_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


_field_names: Callable[[type], tuple[str, ...]] = cache(_dataclass_names)


@cache
def _field_hints(cls: Any) -> dict[str, Any] | None:
    """The constructor fields of a dataclass or ``NamedTuple`` with their types, or ``None``."""
    if not isinstance(cls, type):
        return None
    if dataclasses.is_dataclass(cls):
        hints = get_type_hints(cls)
        return {f.name: hints[f.name] for f in dataclasses.fields(cls) if f.init}
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        hints = get_type_hints(cls)
        return {name: hints[name] for name in cls._fields}
    return None


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
        for name in _field_names(type(self)):
            value = getattr(self, name)
            out[name] = value if type(value) in _PLAIN else _encoder(type(value))(value)
        return out

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        """The view whose JSON form is ``data`` (what a front-end receives on the wire)."""
        if not isinstance(data, dict) or data.get("game") != cls.game_name:
            raise ValueError(f"not a {cls.game_name} view")
        hints = _field_hints(cls)  # type: ignore[arg-type]  # mypy: classes are hashable
        assert hints is not None
        view: Self = cls(**{name: from_json(hint, data.get(name)) for name, hint in hints.items()})
        return view
