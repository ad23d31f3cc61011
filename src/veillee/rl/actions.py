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

__all__ = ["apply_index", "legal_mask"]

_NUMPY_INTS = frozenset({np.int64, np.int32, np.int16, np.int8, np.uint64, np.uint32, np.uint16, np.uint8, np.intp})


def apply_index(state: GameState[Any], action: object) -> Any:
    """Apply the game action numbered ``action`` to ``state`` and return it; raises (changing nothing) if
    ``action`` is not a whole number in range, or not legal now."""
    kind = type(action)
    if kind is not int and kind not in _NUMPY_INTS:  # the common cases first: this runs at every step
        if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
            action = action.item()
        if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
            raise InvalidAction(f"an action must be a whole number (the action index), not {kind.__name__}")
    number = int(action)  # type: ignore[call-overload]
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
