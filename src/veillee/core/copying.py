"""Copies of game states derived from their type annotations, instead of hand-kept lists of fields.

``clone`` and ``determinize`` run in every search iteration, so the copy must be cheap *and* complete: a
forgotten mutable field silently shares data between a world and the truth. Deriving the copy from the
class's annotations makes a new field copied correctly by declaring its type, and an undeclared one an
error at the first copy rather than a subtle leak.

What an annotation says:

* immutable values (``int``, ``str``, ``bool``, ``float``, enums, tuples, frozensets, ``NamedTuple``s,
  frozen dataclasses, ``None``, and unions of these) are shared;
* ``list[X]``, ``dict[K, X]`` and ``set[X]`` are copied, recursively when ``X`` is itself mutable;
* a mutable class with a ``copy()`` method uses it;
* ``Any``, type variables and callables are shared: annotate precisely whatever the rules mutate in place.

The copier is generated once per class (like ``dataclasses`` does) so that a copy is a handful of list
comprehensions, as fast as the hand-written ones it replaces.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, ClassVar, Union, get_args, get_origin, get_type_hints

__all__ = ["copier_for"]

_IMMUTABLE = (int, float, str, bool, bytes, type(None), tuple, frozenset, range)


def _immutable(hint: Any) -> bool:
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        return all(_immutable(arg) for arg in get_args(hint))
    if origin is typing.Literal or hint is Any or isinstance(hint, typing.TypeVar):
        return True
    if origin is collections.abc.Callable:  # a function or bound method: shared, rebound by its owner if need be
        return True
    if origin is not None:
        return origin in (tuple, frozenset) or (isinstance(origin, type) and issubclass(origin, tuple))
    if hint is None or hint is type(None):
        return True
    if isinstance(hint, type):
        if issubclass(hint, (enum.Enum, *_IMMUTABLE)):
            return True
        params = getattr(hint, "__dataclass_params__", None)
        return params is not None and bool(params.frozen)
    return False


def _expression(hint: Any, source: str, depth: int = 0) -> str:
    """Python source that copies the value ``source`` of type ``hint``."""
    if _immutable(hint):
        return source
    origin = get_origin(hint)
    args = get_args(hint)
    if origin in (Union, types.UnionType):
        mutable = [arg for arg in args if not _immutable(arg)]
        if len(mutable) == 1 and len(args) == 2 and type(None) in args:
            inner = _expression(mutable[0], source, depth)
            return f"(None if {source} is None else {inner})"
        raise TypeError(f"cannot derive a copy of {hint}: use one mutable type, optionally with None")
    item = f"v{depth}"
    if origin is list:
        (inner_hint,) = args or (Any,)
        if _immutable(inner_hint):
            return f"list({source})"
        return f"[{_expression(inner_hint, item, depth + 1)} for {item} in {source}]"
    if origin is set:
        (inner_hint,) = args or (Any,)
        if _immutable(inner_hint):
            return f"set({source})"
        raise TypeError(f"cannot derive a copy of {hint}: a set holds immutable values")
    if origin is dict:
        key_hint, value_hint = args or (Any, Any)
        if not _immutable(key_hint):
            raise TypeError(f"cannot derive a copy of {hint}: dict keys must be immutable")
        if _immutable(value_hint):
            return f"dict({source})"
        return f"{{k{depth}: {_expression(value_hint, item, depth + 1)} for k{depth}, {item} in {source}.items()}}"
    if isinstance(hint, type) and callable(getattr(hint, "copy", None)) and not dataclasses.is_dataclass(hint):
        return f"{source}.copy()"
    raise TypeError(
        f"cannot derive a copy of {hint!r}: annotate it as an immutable value, a list/dict/set, or a class "
        "with a copy() method"
    )


@cache
def copier_for(cls: type) -> Callable[[Any], Any]:
    """A function returning a copy of an instance of ``cls`` that shares nothing mutable with it.

    Every instance attribute must be annotated on ``cls`` or a base class (``ClassVar``s are skipped).
    """
    hints = get_type_hints(cls, include_extras=False)
    lines = [
        "def copy(src):",
        "    twin = new(cls)",
        "    d = src.__dict__",
        "    t = twin.__dict__",
        "    t.update(d)",
        "    if not d.keys() <= known:",
        "        missing = ', '.join(sorted(d.keys() - known))",
        "        raise TypeError(f'{cls.__name__}: {missing} not annotated on the class, so not copyable')",
    ]
    known: set[str] = set()
    for name, hint in hints.items():
        if get_origin(hint) is ClassVar or hint is ClassVar:
            continue
        known.add(name)
        expression = _expression(hint, f"d[{name!r}]")
        if expression != f"d[{name!r}]":
            lines.append(f"    if {name!r} in d: t[{name!r}] = {expression}")
    lines.append("    return twin")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "known": frozenset(known)}
    exec("\n".join(lines), namespace)  # the dataclasses technique: generated once per class
    copy: Callable[[Any], Any] = namespace["copy"]
    return copy
