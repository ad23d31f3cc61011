"""How front-ends put a game into words: the screen of a seat, its choices as menus, the event log.

A game's ``render`` module provides these functions (named in ``GameInfo.presentation``); a game without
one still plays everywhere through ``GenericPresentation``, which shows raw views and notations. Text may
carry markup tags in square brackets (``[day]D5[/day]``) naming styles from ``STYLES``; the terminal gives
them colours, other front-ends may strip them (``plain``). The rules never import a UI library: this is
only text.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from veillee.core.codec import JSON
from veillee.core.data import View

__all__ = ["GenericPresentation", "MenuEntry", "Presentation", "fold_menu", "load_presentation", "plain", "presentable"]


class Presentation(Protocol):
    """What a game's ``render`` module offers to the terminal and the browser (through the server)."""

    STYLES: dict[str, str]
    """Markup tag -> a rich style (``{"day": "bold yellow"}``)."""
    SUMMARY: dict[str, str]
    """A short statement of the rules, per language (``"fr"``, ``"en"``)."""

    def screen(self, view: Any, names: list[str], lang: str) -> list[str]:
        """The lines showing ``view`` (the game's typed view) to its seat (at most ~14 lines of 78 characters)."""
        ...

    def choice_path(self, action: Any, view: Any, names: list[str], lang: str) -> tuple[str, ...]:
        """The menu path of ``action`` (``("Play the Foudre", "on Bob")``); shared prefixes become menus."""
        ...

    def narrate(self, event: JSON, viewer: int | None, names: list[str], lang: str) -> str:
        """One event as ``viewer`` may see it (redacted JSON), as a sentence for them (« Bob joue la Foudre
        sur vous : votre 5 part »)."""
        ...


class GenericPresentation:
    """The fallback for a game with no presentation: raw but complete."""

    def __init__(self) -> None:
        self.STYLES: dict[str, str] = {}
        self.SUMMARY: dict[str, str] = {"fr": "Voir docs/rules/.", "en": "See docs/rules/."}

    def screen(self, view: Any, names: list[str], lang: str) -> list[str]:
        return [json.dumps(view.to_json(), ensure_ascii=False)[:2000]]

    def choice_path(self, action: Any, view: Any, names: list[str], lang: str) -> tuple[str, ...]:
        return (str(action),)

    def narrate(self, event: JSON, viewer: int | None, names: list[str], lang: str) -> str:
        return json.dumps(event, ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class MenuEntry:
    """One entry of a seat's menu: it plays an action, or opens the entries below it."""

    label: str
    """What the entry says: the path steps it stands for, joined by « › » (« … » when it opens more)."""
    action: int | None
    """The index of the action it plays in the legal list, or ``None`` for a sub-menu."""
    entries: tuple[MenuEntry, ...]
    """The sub-menu (empty for an action)."""
    actions: tuple[int, ...]
    """Every action reachable from here (a front-end opens the entry holding the actions a click offers)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "action": self.action,
            "entries": [entry.to_json() for entry in self.entries],
            "actions": list(self.actions),
        }


def fold_menu(paths: Sequence[tuple[str, ...]], indexes: Sequence[int] | None = None) -> tuple[MenuEntry, ...]:
    """The menu of the legal actions whose menu paths (``choice_path``) are ``paths``, for every front-end.

    Shared first steps become sub-menus, in the order the actions come; a chain of single choices is folded
    into one entry (« Play the Lightning › on Bob »), so a person never opens a menu of one item. The
    terminal and the browser both walk this tree: the folding is written once.
    """
    indexes = list(range(len(paths))) if indexes is None else list(indexes)
    groups: dict[str, list[tuple[tuple[str, ...], int]]] = {}
    for path, index in zip(paths, indexes, strict=True):
        groups.setdefault(path[0], []).append((path, index))
    entries = []
    for members in groups.values():
        if len(members) == 1:
            path, index = members[0]
            entries.append(MenuEntry(" › ".join(path), index, (), (index,)))
            continue
        depth = 1
        while all(len(path) > depth + 1 for path, _ in members) and len({path[depth] for path, _ in members}) == 1:
            depth += 1
        label = " › ".join(members[0][0][:depth]) + " …"
        below = fold_menu([path[depth:] for path, _ in members], [index for _, index in members])
        entries.append(MenuEntry(label, None, below, tuple(index for _, index in members)))
    return tuple(entries)


def presentable(view_type: type[View], view: JSON) -> View:
    """What a game's presentation reads: its typed view, read back from the wire form, so that a front-end
    holding only a message (a browser, a server process relaying another's) presents exactly what one
    holding the state would."""
    return view_type.from_json(view)


def load_presentation(module: str | None) -> Presentation:
    """The presentation module named by a game's ``GameInfo.presentation``, or the generic one."""
    if module is None:
        return GenericPresentation()
    loaded: Presentation = importlib.import_module(module)  # type: ignore[assignment, unused-ignore]
    return loaded


_TAG = re.compile(r"\[/?[a-z_]+\]")


def plain(text: str) -> str:
    """``text`` without its style tags (for logs and front-ends without colour)."""
    return _TAG.sub("", text)
