"""Typed events: each game declares its event types once, with who may see which field.

An event is a ``NamedTuple`` (built in C-speed tuples on the simulator's hot path, immutable, with named
fields) decorated with ``@event``, which records its JSON ``type`` and its redaction:

* ``private={"card": "seat"}``: the field ``card`` is seen only by the seat held in the field ``seat``
  (several owner fields may be named; an owner field may hold one seat, a tuple of seats, or ``None``);
  every other viewer, spectators included, gets the event without that key;
* ``per_seat={"hands": "hand"}``: the field ``hands`` holds one entry per seat; a seat gets its own entry
  under the key ``hand``, a spectator gets nothing.

A field's JSON key is its name, less one trailing underscore: PEP 8's way round a Python keyword, so that an
event can carry a ``from_`` field that the wire calls ``from``.

Rules emit events through ``GameState.emit``; the core redacts and encodes them for any viewer
(``redact``), so no game writes per-seat JSON by hand, and a new private field cannot leak through a
forgotten branch of a hand-written redactor.

    @event(private={"card": "seat"})
    class Draw(NamedTuple):
        \"\"\"A card drawn from the pile (« piocher »): only the drawer learns which.\"\"\"
        seat: int
        card: Card
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from veillee.core.codec import JSON
from veillee.core.data import to_json

__all__ = ["EventSpec", "event", "event_spec", "redact"]

E = TypeVar("E", bound=type)


@dataclass(frozen=True, slots=True)
class EventSpec:
    """The declaration of one event type."""

    kind: str
    """The JSON ``type`` (``"round_end"``)."""
    fields: tuple[str, ...]
    private: Mapping[str, tuple[str, ...]]
    """Field -> the owner fields naming the seats that may see it."""
    per_seat: Mapping[str, str]
    """Field holding one entry per seat -> the key under which each seat gets its own entry."""
    keys: tuple[str, ...] = ()
    """The JSON key of each field (``from_`` -> ``from``); the field names when not given."""

    def __post_init__(self) -> None:
        if not self.keys:
            object.__setattr__(self, "keys", tuple(_key(name) for name in self.fields))

    def to_json(self) -> JSON:
        return {
            "type": self.kind,
            "fields": list(self.fields),
            "private": {name: list(owners) for name, owners in self.private.items()},
            "per_seat": dict(self.per_seat),
        }


def _key(name: str) -> str:
    return name[:-1] if name.endswith("_") else name


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def event(
    kind: str | None = None,
    *,
    private: Mapping[str, str | tuple[str, ...]] | None = None,
    per_seat: Mapping[str, str] | None = None,
) -> Callable[[E], E]:
    """Declare a ``NamedTuple`` class as an event; ``kind`` defaults to the class name in snake case."""

    def declare(cls: E) -> E:
        fields: tuple[str, ...] | None = getattr(cls, "_fields", None)
        if fields is None:
            raise TypeError(f"@event needs a NamedTuple class, not {cls.__name__}")
        hidden = {name: (o,) if isinstance(o, str) else tuple(o) for name, o in (private or {}).items()}
        for name, owners in hidden.items():
            for field_name in (name, *owners):
                if field_name not in fields:
                    raise TypeError(f"{cls.__name__} has no field {field_name!r}")
        for name in per_seat or {}:
            if name not in fields:
                raise TypeError(f"{cls.__name__} has no field {name!r}")
        cls.__event__ = EventSpec(kind or _snake(cls.__name__), fields, hidden, dict(per_seat or {}))  # type: ignore[attr-defined]
        return cls

    return declare


def event_spec(event_type: type) -> EventSpec:
    """The declaration of ``event_type``; ``TypeError`` if it was not declared with ``@event``."""
    spec: EventSpec | None = getattr(event_type, "__event__", None)
    if spec is None:
        raise TypeError(f"{event_type.__name__} is not declared with @event")
    return spec


def _sees(owner: Any, seat: int) -> bool:
    if isinstance(owner, int):
        return owner == seat
    return owner is not None and seat in owner


def redact(happened: tuple[Any, ...], seat: int | None) -> JSON:
    """``happened`` as ``seat`` may see it (``None``: a spectator), JSON-ready, with its ``type``."""
    spec = event_spec(type(happened))
    out: JSON = {"type": spec.kind}
    values = dict(zip(spec.fields, happened, strict=True))
    for (name, value), json_key in zip(values.items(), spec.keys, strict=True):
        owners = spec.private.get(name)
        if owners is not None and (seat is None or not any(_sees(values[o], seat) for o in owners)):
            continue
        key = spec.per_seat.get(name)
        if key is not None:
            if seat is not None:
                out[key] = to_json(value[seat])
            continue
        out[json_key] = to_json(value)
    return out
