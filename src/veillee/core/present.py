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
from typing import Any, Protocol

from veillee.core.codec import JSON
from veillee.core.data import View

__all__ = ["GenericPresentation", "Presentation", "load_presentation", "plain", "presentable"]


class Presentation(Protocol):
    """What a game's ``render`` module offers to the terminal (and later the web) front-end."""

    STYLES: dict[str, str]
    """Markup tag -> a rich style (``{"day": "bold yellow"}``)."""
    SUMMARY: dict[str, str]
    """A short statement of the rules, per language (``"fr"``, ``"en"``)."""

    def screen(self, view: JSON, names: list[str], lang: str) -> list[str]:
        """The lines showing ``view`` to its seat (at most ~14 lines of 78 characters)."""
        ...

    def choice_path(self, action: Any, view: JSON, names: list[str], lang: str) -> tuple[str, ...]:
        """The menu path of ``action`` (``("Play the Foudre", "on Bob")``); shared prefixes become menus."""
        ...

    def narrate(self, event: JSON, viewer: int | None, names: list[str], lang: str) -> str:
        """One event, as a sentence for ``viewer`` (« Bob joue la Foudre sur toi : ton 5 part »)."""
        ...


class GenericPresentation:
    """The fallback for a game with no presentation: raw but complete."""

    def __init__(self) -> None:
        self.STYLES: dict[str, str] = {}
        self.SUMMARY: dict[str, str] = {"fr": "Voir docs/rules/.", "en": "See docs/rules/."}

    def screen(self, view: JSON, names: list[str], lang: str) -> list[str]:
        return [json.dumps(view, ensure_ascii=False)[:2000]]

    def choice_path(self, action: Any, view: JSON, names: list[str], lang: str) -> tuple[str, ...]:
        return (str(action),)

    def narrate(self, event: JSON, viewer: int | None, names: list[str], lang: str) -> str:
        return json.dumps(event, ensure_ascii=False)


def presentable(view_type: type[View] | None, view: JSON) -> Any:
    """What a game's presentation reads: its typed view, read back from the wire form, so that a front-end
    holding only a message (a browser, a server process relaying another's) presents exactly what one
    holding the state would. A game without a typed view is presented from its JSON."""
    return view if view_type is None else view_type.from_json(view)


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
