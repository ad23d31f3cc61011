"""Replays: a finished match watched step by step from its record, as any seat or as a spectator saw it.

Nothing here knows a game or re-implements a rule. A step is the record's first ``step`` actions replayed by
the one engine (``veillee.replay``); what is shown of it is exactly what the chosen seat (or a spectator)
was sent at that moment: ``view(seat)``, ``events(seat)`` and their presentation (``ui.present_for``),
drawn in the page by the same ``static/games/*.js`` as the live table.

Who may watch (the ruling of issue 19): only a **finished** match is replayable (a running one would tell
the deck), and the replay shows no more than the game record already does once the match is over. A
**public** table's replay is open to anyone with its address; a **private** table's needs its invite code
(``X-Invite-Code``) or a seat token of that table (``Authorization: Bearer``), like taking a seat there, and
the record itself (``GET /api/tables/{id}/record``) is guarded the same way. A private table's refusal is
``bad_invite`` before anything else is said. The kept record of a deleted table (``--keep-records``) carries
in its ``meta`` whether the table was public and the hash of its invite code, so the same rule still holds.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict
from typing import Any

import veillee
from veillee.core import GameState, VeilleeError
from veillee.server import ui
from veillee.server.messages import ServiceError
from veillee.server.store import Seat
from veillee.server.tables import TableCore

__all__ = ["Replays", "kept_meta"]

LOG_LINES = 100
"""How many lines of the log a step narrates (the page shows the last 40; narrating a whole long match
at every step would cost more than replaying it). More when the step itself made more events."""

ACCESS_KEYS = ("public", "invite_sha256", "seats")
"""The keys of a kept record's ``meta`` that say who may read it (never served)."""


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def kept_meta(public: bool, invite: str | None, seats: list[Seat]) -> dict[str, Any]:
    """What a kept record must remember of its deleted table: its privacy and the seats' names."""
    return {
        "public": public,
        "invite_sha256": _sha256(invite) if invite else None,
        "seats": [{"kind": s.kind, "name": s.name, "level": s.level} for s in seats],
    }


class _Source:
    """A finished match to replay: its record (seed included), the seats' names and its table facts."""

    def __init__(self, record: dict[str, Any], seats: list[Seat], public: bool) -> None:
        self.record = record
        self.public = public
        self.seats = seats
        self.players = int(record["players"])
        self.game = str(record["game"])
        self.options: dict[str, Any] = dict(record.get("options") or {})
        self.steps = len(record["actions"])


class Replays:
    """The replay of finished tables for ``service``; a few replayed states are kept to step quickly."""

    def __init__(self, service: TableCore, cached: int = 8) -> None:
        self.service = service
        self._cache: OrderedDict[str, GameState[Any]] = OrderedDict()
        self._cached = cached
        self._lock = threading.Lock()

    async def source(self, table_id: str, invite: str | None, token: str | None) -> _Source:
        """The record of ``table_id`` if the asker may watch it (see the module's ruling), else why not."""
        try:
            table = await self.service.get(table_id)
        except ServiceError as exc:
            if exc.code != "table_not_found":
                raise
            kept = await self.service.store.load_record(table_id)
            if kept is None:
                raise
            return self._kept(kept, invite)
        if not (table.public or table.invited(invite) or table.seat_of(token) is not None):
            raise ServiceError("bad_invite")
        if table.match is None or not table.match.is_over:
            raise ServiceError("not_finished")
        return _Source(table.match.record(), list(table.seats), table.public)

    def _kept(self, kept: dict[str, Any], invite: str | None) -> _Source:
        meta = dict(kept.get("meta") or {})
        if not meta.get("public"):
            digest = meta.get("invite_sha256")
            if not (invite and isinstance(digest, str) and secrets.compare_digest(_sha256(invite), digest)):
                raise ServiceError("bad_invite")  # a record kept without its privacy is private
        kept_seats = meta.get("seats", [])
        seats = [Seat(str(s.get("kind", "")), str(s.get("name", "")), None, s.get("level")) for s in kept_seats]
        return _Source(served(kept), seats, bool(meta.get("public")))

    def step(self, source: _Source, table_id: str, seat: int | None, step: int, lang: str) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) was shown after the record's first ``step`` actions.

        Called on a worker thread (a long record takes a while to replay and narrate): one at a time, since
        the replayed positions kept are shared."""
        with self._lock:
            return self._step(source, table_id, seat, step, lang)

    def _step(self, source: _Source, table_id: str, seat: int | None, step: int, lang: str) -> dict[str, Any]:
        if seat is not None and not 0 <= seat < source.players:
            raise ServiceError("bad_seat", f"the seats are 0 to {source.players - 1}")
        if not 0 <= step <= source.steps:
            raise ServiceError("bad_request", f"the steps are 0 to {source.steps}")
        before = self._state(source, table_id, max(0, step - 1))
        start = before.event_count
        acted = before.to_act if step > 0 else None
        state = before.clone()
        if step > 0:
            state.apply(state.action_from_json(source.record["actions"][step - 1]))
        else:
            start = 0
        events = state.events(seat, 0)
        log_start = max(0, min(start, len(events) - LOG_LINES))  # this step's events, and the lines before
        message = {"seat": seat, "version": step, "view": state.view(seat), "events": events[log_start:], "legal": []}
        seats = source.seats + [Seat() for _ in range(source.players - len(source.seats))]
        names = ui.seat_names(seats, lang)
        present = ui.present_for(source.game, source.players, source.options, names, message, lang)
        return {
            "type": "replay",
            "table": table_id,
            "game": source.game,
            "players": source.players,
            "public": source.public,
            "steps": source.steps,
            "step": step,
            "seat": seat,
            "acted": acted,
            "view": message["view"],
            "to_act": state.to_act,
            "over": state.is_over,
            "result": state.result().to_json() if state.is_over else None,
            "events_start": start,
            "log_start": log_start,
            "present": present,
        }

    def _state(self, source: _Source, table_id: str, step: int) -> GameState[Any]:
        """The match after ``step`` actions, replayed from the nearest earlier state kept (never modified)."""
        key_prefix = f"{table_id}:"
        best: tuple[int, GameState[Any]] | None = None
        for key, state in self._cache.items():
            if key.startswith(key_prefix):
                done = len(state.history)
                if done <= step and (best is None or done > best[0]):
                    best = (done, state)
        if best is not None and best[0] == step:
            self._cache.move_to_end(f"{table_id}:{step}")
            return best[1]
        if best is None:
            try:
                state = veillee.replay({**source.record, "actions": []})
            except VeilleeError as exc:  # a kept record of older rules: it would not replay into the same match
                raise ServiceError("table_broken", str(exc)[:300]) from None
        else:
            state = best[1].clone()
        for action in source.record["actions"][len(state.history) : step]:
            state.apply(state.action_from_json(action))
        self._cache[f"{table_id}:{step}"] = state
        while len(self._cache) > self._cached:
            self._cache.popitem(last=False)
        return state


def served(record: dict[str, Any]) -> dict[str, Any]:
    """A kept record as it is served: without the keys that say who may read it."""
    meta = {k: v for k, v in dict(record.get("meta") or {}).items() if k not in ACCESS_KEYS}
    out = {k: v for k, v in record.items() if k != "meta"}
    if meta:
        out["meta"] = meta
    return out
