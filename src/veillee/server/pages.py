"""The pages around the table: the lobby of public tables, replays of finished matches, the rules.

- ``GET /lobby`` (the page) and ``GET /api/lobby``: public tables with a free seat, playing (to watch)
  and recently finished (to replay). A private table is never listed: it is found only by its link.
- ``GET /replay/{id}`` (the page) and ``GET /api/tables/{id}/replay``: one step of a finished match as a
  seat or a spectator saw it (``veillee.server.replay``, which also says who may watch); the record
  (``GET /api/tables/{id}/record``) obeys the same rule.
- ``GET /rules/{game}``: the game's full rules, rendered from the repository's Markdown
  (``docs/rules/<game>.md``, and ``docs/rules/fr/<game>.md`` in French), shipped inside the package
  (``veillee/server/rules`` is a link to ``docs/rules`` that the build copies, see ``pyproject.toml``).
"""

from __future__ import annotations

import asyncio
import html
import math
import time
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

import veillee
from veillee.server import ui
from veillee.server.lobby import TableService
from veillee.server.messages import ServiceError
from veillee.server.replay import Replays
from veillee.server.store import LoadedTable
from veillee.server.tables import Table

__all__ = ["RULES", "pages_router", "rules_html"]

RULES = Path(__file__).with_name("rules")
"""The rules' Markdown: ``<game>.md`` in English, ``fr/<game>.md`` in French (package data)."""

LOBBY_FINISHED = 20
"""How many recently finished public tables the lobby offers to replay."""
LOBBY_CACHE = 3.0
"""Seconds the list of finished tables is kept between two reads of the store."""


def _finished_json(loaded: LoadedTable) -> dict[str, Any]:
    """What the lobby shows of a finished table (the fields of ``Table.public_json`` it reads)."""
    row = loaded.row
    seats = [{"seat": n, "kind": s.kind, "name": s.name, "level": s.level} for n, s in enumerate(loaded.seats)]
    return {"id": row["id"], "game": row["game"], "players": row["players"], "status": row["status"], "seats": seats}


_TITLES = {
    "fr": ("Règles", "Retour aux tables", "English", "Règles complètes de"),
    "en": ("Rules", "Back to the tables", "Français", "Full rules of"),
}


Invite = Annotated[str | None, Header(alias="X-Invite-Code", max_length=64, description="a private table's code")]
Auth = Annotated[str | None, Header(description="`Bearer <seat token>` of a seat at that table")]


def token_of(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    return None


@lru_cache(maxsize=16)
def rules_html(game: str, lang: str) -> str:
    """The rules page of ``game`` in ``lang``: the Markdown rendered without raw HTML (none passes through)."""
    folder = RULES / "fr" if lang == "fr" else RULES
    source = (folder / f"{game}.md").read_text(encoding="utf-8")
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(source)
    # a wide table scrolls on a phone: its box is focusable, so a keyboard can scroll it too
    label = html.escape(_TITLES[lang][0])
    body = body.replace("<table>", f'<div class="table-scroll" tabindex="0" role="region" aria-label="{label}"><table>')
    body = body.replace("</table>", "</table></div>")
    word, back, other, heading = _TITLES[lang]
    title = f"{word} — {veillee.game_info(game).title} — veillée"
    other_lang = "en" if lang == "fr" else "fr"
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="stylesheet" href="/static/style.css">
</head>
<body class="rules-page">
<header class="top">
  <a class="brand" href="/">veillée</a>
  <span class="where">{html.escape(word)}</span>
  <span class="spacer"></span>
  <a class="button ghost" href="/lobby">{html.escape(back)}</a>
  <a class="button ghost" href="/rules/{game}?lang={other_lang}" hreflang="{other_lang}" lang="{other_lang}"
     id="other-lang">{other}</a>
</header>
<main id="rules-page" class="card-panel rules-text" aria-label="{html.escape(heading)} {html.escape(game)}">
{body}
</main>
</body>
</html>
"""


def pages_router(service: Callable[[], TableService]) -> APIRouter:
    """The routes of the lobby, replay and rules pages over the server's table ``service``."""
    router = APIRouter()
    replays: dict[str, Replays] = {}

    def replaying() -> Replays:
        if "r" not in replays or replays["r"].service is not service():
            replays["r"] = Replays(service())
        return replays["r"]

    @router.get("/lobby", response_class=HTMLResponse, include_in_schema=False)
    async def lobby_page() -> str:
        return ui.page()

    @router.get("/replay/{table_id}", response_class=HTMLResponse, include_in_schema=False, name="replay_page")
    async def replay_page(table_id: str) -> str:
        return ui.page()

    @router.get("/rules/{game}", response_class=HTMLResponse, summary="A game's full rules, as a page")
    async def rules_page(game: str, lang: Annotated[str, Query(pattern="^(fr|en)$")] = "en") -> str:
        if game not in veillee.game_names():
            raise ServiceError("unknown_game", f"the games are: {', '.join(veillee.game_names())}")
        return rules_html(game, lang)

    @router.get("/api/lobby", summary="Public tables: waiting for players, playing, recently finished")
    async def lobby() -> dict[str, Any]:
        live = [t for t in service().tables.values() if t.public and t.status in ("lobby", "playing")]
        live.sort(key=lambda t: -t.seen)

        def free(table: Table) -> bool:  # a full table waits for its host: nothing to join there
            return any(s.kind == "empty" for s in table.seats)

        return {
            "waiting": [service().table_json(t) for t in live if t.status == "lobby" and free(t)][:100],
            "playing": [service().table_json(t) for t in live if t.status == "playing"][:100],
            "finished": await finished(),
        }

    shelf: dict[str, Any] = {"at": -math.inf, "list": []}

    async def finished() -> list[dict[str, Any]]:
        """The last finished public tables, read from the store without replaying them (finished tables leave
        the memory when nobody watches), shared by every lobby page for ``LOBBY_CACHE`` seconds."""
        now = time.monotonic()
        if now - shelf["at"] >= LOBBY_CACHE:
            found = []
            for table_id in await service().store.recent_public(("finished",), LOBBY_FINISHED):
                loaded = await service().store.load(table_id)
                if loaded is not None:
                    found.append(_finished_json(loaded))
            shelf.update(at=now, list=found)
        return list(shelf["list"])

    @router.get("/api/tables/{table_id}/record", summary="The game record (a replay), once the match is over")
    async def record(table_id: str, invite: Invite = None, authorization: Auth = None) -> dict[str, Any]:
        source = await replaying().source(table_id, invite, token_of(authorization))
        return source.record

    @router.get(
        "/api/tables/{table_id}/replay", summary="One step of a finished match, as a seat or a spectator saw it"
    )
    async def replay(
        table_id: str,
        step: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
        seat: Annotated[int | None, Query(ge=0, le=64)] = None,
        lang: Annotated[str, Query(pattern="^(fr|en)$")] = "en",
        invite: Invite = None,
        authorization: Auth = None,
    ) -> dict[str, Any]:
        source = await replaying().source(table_id, invite, token_of(authorization))
        return await asyncio.to_thread(replaying().step, source, table_id, seat, step, lang)

    return router
