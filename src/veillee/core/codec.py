"""Actions as values: their JSON form, their text notation and their integer index.

Every game enumerates its distinct actions once (OpenSpiel's ``num_distinct_actions``); the position in
that table is the action's index, and the same table answers JSON and text look-ups. So JSON parsing,
notation parsing and the integer codec are one bijection each, validated by construction: anything that is
not in the table is rejected with a clear message.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterable
from typing import Any, Generic, Protocol, TypeVar

from veillee.core.errors import InvalidAction

__all__ = ["JSON", "Action", "ActionCodec"]

JSON = dict[str, Any]
"""A JSON-ready object: what views, events, actions and records are made of."""


class Action(Hashable, Protocol):
    """What every game's actions are: small immutable values with a JSON form and a text notation."""

    def to_json(self) -> JSON: ...


A = TypeVar("A", bound=Action)


def _json_key(obj: object) -> str:
    if not isinstance(obj, dict):
        raise InvalidAction(f"an action must be a JSON object with a 'type', not {type(obj).__name__}")
    try:
        return json.dumps({k: v for k, v in obj.items() if v is not None}, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise InvalidAction(f"an action must hold only JSON values: {exc}") from None


def _text_key(text: str) -> str:
    return " ".join(text.lower().split())


class ActionCodec(Generic[A]):
    """The bijection between a game's distinct actions and ``range(len(codec))``, plus JSON and text."""

    def __init__(self, game: str, actions: Iterable[A]) -> None:
        self.game = game
        self.actions: tuple[A, ...] = tuple(actions)
        self._index = {action: i for i, action in enumerate(self.actions)}
        self._by_json = {_json_key(action.to_json()): action for action in self.actions}
        self._by_text = {_text_key(str(action)): action for action in self.actions}
        if not len(self._index) == len(self._by_json) == len(self._by_text) == len(self.actions):
            raise ValueError(f"{game}: two actions share an index, a JSON form or a notation")

    def __len__(self) -> int:
        return len(self.actions)

    def index(self, action: A) -> int:
        """The integer of ``action``; raises ``InvalidAction`` for something that is not an action."""
        try:
            return self._index[action]
        except (KeyError, TypeError):
            raise InvalidAction(f"{action!r} is not a {self.game} action") from None

    def action(self, index: int) -> A:
        """The action numbered ``index``; raises ``InvalidAction`` outside ``range(len(self))``."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.actions):
            raise InvalidAction(f"{index!r} is not a {self.game} action index (0 to {len(self.actions) - 1})")
        return self.actions[index]

    def from_json(self, obj: object) -> A:
        """The action whose JSON form is ``obj`` (``null`` fields may be left out)."""
        action = self._by_json.get(_json_key(obj))
        if action is None:
            raise InvalidAction(f"{json.dumps(obj, default=repr)} is not a {self.game} action")
        return action

    def from_text(self, text: str) -> A:
        """The action written ``text`` in the game's notation (case and spacing do not matter)."""
        action = self._by_text.get(_text_key(text))
        if action is None:
            raise InvalidAction(f"{text!r} is not a {self.game} action")
        return action
