"""The browser table: its static files, and presentation data computed in Python from each game's ``render``.

The page never re-implements a rule. A connection that says which language it reads (``lang`` in ``hello``)
gets, with each ``state`` message, a ``present`` object built *only* from that message (the seat's own view,
its redacted events and its legal actions): the screen lines of the game's text presentation, one menu path
per legal action (same order as ``legal``), and one sentence per event. Style tags (``[day]☀5[/day]``) are
left in the text; the page turns them into CSS classes. A connection without ``lang`` gets the messages of
the protocol unchanged.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.staticfiles import StaticFiles
from starlette.websockets import WebSocket

import veillee
from veillee.core import GameState
from veillee.core.present import GenericPresentation, Presentation, fold_menu, load_presentation, presentable
from veillee.server.hub import Connection
from veillee.server.messages import ServiceError, clean_name
from veillee.server.store import Seat
from veillee.server.tables import Table

__all__ = ["LANGS", "STATIC", "UiConnection", "page", "present", "present_for", "router", "seat_names", "static_files"]

LANGS = ("fr", "en")
STATIC = Path(__file__).with_name("static")
"""The page's files (package data): ``index.html``, ``app.js``, ``style.css`` and one drawing per game."""

router = APIRouter()


def static_files() -> StaticFiles:
    return StaticFiles(directory=STATIC)


def page() -> str:
    """The one HTML page (home and table): the script reads the address to know which to show."""
    return (STATIC / "index.html").read_text(encoding="utf-8")


@lru_cache(maxsize=16)
def _presentation(game: str) -> Presentation:
    return load_presentation(veillee.game_info(game).presentation)


@lru_cache(maxsize=64)
def _codec_state(game: str, players: int, options: str) -> GameState[Any]:
    """A state of the table's game, only to turn an action's JSON into the action (a seed-0 deal, never read)."""
    return veillee.new_game(game, players, 0, **json.loads(options))


_BOT_WORDS = {
    "fr": ("robot", {"random": "hasard", "easy": "facile", "normal": "moyen", "hard": "fort", "expert": "expert"}),
    "en": ("bot", {}),
}
"""How a bot's seat is named in each language (the stored name, « bot 2 (normal) », is the English one)."""


def seat_names(seats: list[Seat], lang: str = "en") -> list[str]:
    """Display names as the narration will write them (cleaned again: a name stored by an older version
    must not open a style tag either). A bot seated by the host is named in ``lang``; a stand-in bot keeps
    the name of the person it replaces."""
    word, levels = _BOT_WORDS.get(lang, _BOT_WORDS["en"])
    names = []
    for number, seat in enumerate(seats):
        name = clean_name(seat.name) or f"#{number + 1}"
        if seat.kind == "bot" and seat.level and name == f"bot {number + 1} ({seat.level})":
            name = f"{word} {number + 1} ({levels.get(seat.level, seat.level)})"
        names.append(name)
    return names


def _generic_sentence(event: Any, names: list[str]) -> str:
    """An event of a game without narration, readable enough: « Alice · take · card 10 »."""
    if not isinstance(event, dict):
        return str(event)
    parts = []
    seat = event.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        parts.append(names[seat])
    parts.append(str(event.get("type", "?")).replace("_", " "))
    for key, value in event.items():
        if key not in ("type", "seat") and value not in (None, [], {}):
            parts.append(f"{key.replace('_', ' ')} {json.dumps(value, ensure_ascii=False)}")
    return " · ".join(parts)


def present(table: Table, message: dict[str, Any], lang: str) -> dict[str, Any]:
    """The presentation of one ``state`` message in ``lang``: built from that message alone."""
    return present_for(table.game, table.players, table.options, seat_names(table.seats, lang), message, lang)


def present_for(
    game: str, players: int, options: dict[str, Any], names: list[str], message: dict[str, Any], lang: str
) -> dict[str, Any]:
    """``present`` for a match described by its game, player count, options and seat names (a replay's
    step, which may have no live table): built from ``message`` alone all the same."""
    shown = _presentation(game)
    generic = isinstance(shown, GenericPresentation)
    view = presentable(veillee.game_info(game).view, message["view"])
    seat = message["seat"]
    codec = _codec_state(game, players, json.dumps(options, sort_keys=True))
    paths = [shown.choice_path(codec.action_from_json(action), view, names, lang) for action in message["legal"]]
    menu = [entry.to_json() for entry in fold_menu(paths)] if paths else []
    if generic:
        screen: list[str] = []
        log = [_generic_sentence(event, names) for event in message["events"]]
    else:
        screen = list(shown.screen(view, names, lang))
        log = [shown.narrate(event, seat, names, lang) for event in message["events"]]
    return {"lang": lang, "names": names, "screen": screen, "menu": menu, "log": log}


class UiConnection(Connection):
    """A connection that adds ``present`` to the ``state`` messages it sends, once its client gave a ``lang``."""

    def __init__(self, websocket: WebSocket, table: Table) -> None:
        super().__init__(websocket, table.id)
        self.table = table
        self.lang: str | None = None

    @property
    def variant(self) -> str | None:
        return self.lang

    def render(self, message: dict[str, Any]) -> str:
        if self.lang is not None and message.get("type") == "state":
            message = {**message, "present": present(self.table, message, self.lang)}
        return super().render(message)

    def send(self, message: dict[str, Any] | str) -> None:
        if self.lang is not None and isinstance(message, str) and message.startswith('{"type":"state"'):
            message = json.loads(message)  # a state rendered for another connection: present it here
        super().send(message)


_FILE_SENTENCE = re.compile(r"\s*(Règles complètes|Full rules|Complete rules)\s*:\s*docs/rules/[\w./]*\.md\.?")


@router.get("/api/games/{game}/rules", summary="A game's short rules, in French and English")
async def rules(game: str) -> dict[str, Any]:
    if game not in veillee.game_names():
        raise ServiceError("unknown_game", f"the games are: {', '.join(veillee.game_names())}")
    shown = _presentation(game)
    # the terminal's summaries end by naming the Markdown file; the browser links to the rules page instead
    summary = {lang: _FILE_SENTENCE.sub("", text).rstrip() for lang, text in shown.SUMMARY.items()}
    if isinstance(shown, GenericPresentation):
        summary = {
            "fr": f"Règles complètes : /rules/{game}?lang=fr",
            "en": f"Complete rules: /rules/{game}",
        }
    return {"game": game, "title": veillee.game_info(game).title, "summary": summary, "page": f"/rules/{game}"}
