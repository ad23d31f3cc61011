"""Checking an action index given by a learner: what every environment does before touching the state.

Environments take actions as integers (the game's codec index). A wrong one raises a clear error and
changes nothing: a bool, a float or anything that is not a whole number (``InvalidAction``), a number out of
``range(num_distinct_actions)`` (``InvalidAction``), or a legal-looking number masked out now
(``IllegalAction``, with the game's own explanation).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from veillee.core import GameState, IllegalAction, InvalidAction

__all__ = ["MaskCache", "apply_index", "legal_mask"]

_NUMPY_INTS = frozenset({np.int64, np.int32, np.int16, np.int8, np.uint64, np.uint32, np.uint16, np.uint8, np.intp})


def apply_index(state: GameState[Any], action: object, actions: tuple[Any, ...] | None = None) -> Any:
    """Apply the game action numbered ``action`` to ``state`` and return it; raises (changing nothing) if
    ``action`` is not a whole number in range, or not legal now. ``actions``: the game's action table
    (``state.codec.actions``), when the caller keeps it at hand."""
    kind = type(action)
    if kind is not int and kind not in _NUMPY_INTS:  # the common cases first: this runs at every step
        if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
            action = action.item()
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            raise InvalidAction(f"an action must be a whole number (the action index), not {kind.__name__}")
    number = int(action)  # type: ignore[call-overload]
    if actions is None:
        actions = state.codec.actions
    if not 0 <= number < len(actions):
        raise InvalidAction(f"action {number} is out of range: {state.game_name} actions are 0 to {len(actions) - 1}")
    chosen = actions[number]
    try:
        state.apply(chosen)
    except IllegalAction as exc:
        raise IllegalAction(f"action {number} ({chosen}) is not legal now: {exc}") from None
    return chosen


def legal_mask(state: GameState[Any], out: np.ndarray[Any, Any]) -> None:
    """Set ``out[i] = 1`` for every legal action index ``i`` of ``state`` (``out`` starts at zero)."""
    legal = state.legal_actions()
    if legal:
        index = state.codec.index
        out[[index(a) for a in legal]] = 1


class MaskCache:
    """Action masks as ``int8`` vectors, cached by the tuple of legal actions (tuples, hashed in C): the same
    sets of legal actions come back decision after decision, so a mask is mostly one dict look-up and one
    copy of ready-made bytes instead of a look-up per legal action and a numpy scatter. Equal to
    ``legal_mask``'s (``tests/rl/test_fast_encoders.py``). ``actions`` is the game's action table
    (``state.codec.actions``), fixed for a game and player count."""

    LIMIT = 4096
    __slots__ = ("cache", "index", "size", "zero")

    def __init__(self, actions: tuple[Any, ...]) -> None:
        self.size = len(actions)
        self.index = {action: i for i, action in enumerate(actions)}.__getitem__
        self.zero = bytes(self.size)
        self.cache: dict[tuple[Any, ...], bytes] = {}

    def mask(self, state: GameState[Any]) -> np.ndarray[Any, Any]:
        """The mask of the legal actions of ``state`` (a fresh, writable array)."""
        legal = tuple(state.legal_actions())
        got = self.cache.get(legal)
        if got is None:
            out = bytearray(self.size)
            for i in map(self.index, legal):
                out[i] = 1
            got = bytes(out)
            if len(self.cache) >= self.LIMIT:
                self.cache.clear()
            self.cache[legal] = got
        return np.frombuffer(bytearray(got), dtype=np.int8)

    def empty(self) -> np.ndarray[Any, Any]:
        """The mask of an agent that is not to act: all zero."""
        return np.frombuffer(bytearray(self.zero), dtype=np.int8)
