"""The authoritative match driver: one state, a version number, and per-seat deliveries.

Every front-end that lets several parties share one match (the web server, a future LAN mode) goes through
``Match`` instead of touching a ``GameState``. It answers ``submit(seat, action_json, expected_version)``
with either a ``Rejected`` (a stable code and a message) or an ``Accepted`` holding one ``Delivery`` per
seat and one for spectators. Filtering happens *here*, in core (the lesson of boardgame.io's
``playerView``): a delivery is built only from ``view(seat)`` and ``events(seat)``, so a transport that
forwards deliveries cannot leak what it never receives.

The version is the number of accepted actions. A client sends the version it saw with each action, so a
message written against an older position is refused as stale instead of being applied to a position its
author never saw (boardgame.io's ``stateID`` check).

``submit`` is ``check`` then ``commit``. A server that must persist an action before anyone learns of it
calls ``check`` (which changes nothing), stores the action, then calls ``commit``.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from veillee.core.codec import JSON, Action
from veillee.core.data import View
from veillee.core.errors import IllegalAction, VeilleeError
from veillee.core.state import GameState

__all__ = ["Accepted", "Delivery", "Match", "RejectCode", "Rejected"]


class RejectCode:
    """The codes of ``Rejected``; stable strings that clients translate (they are part of the protocol)."""

    MATCH_OVER = "match_over"
    NOT_YOUR_TURN = "not_your_turn"
    STALE_VERSION = "stale_version"
    BAD_ACTION = "bad_action"
    ILLEGAL_ACTION = "illegal_action"
    BAD_SEAT = "bad_seat"


@dataclass(frozen=True, slots=True)
class Rejected:
    """Why an action was refused; nothing changed. ``message`` never names a card the sender may not see:
    it is either fixed text or the game's own explanation, which games write for the acting seat."""

    code: str
    message: str

    def to_json(self) -> JSON:
        return {"code": self.code, "message": self.message}


@dataclass(frozen=True, slots=True)
class Delivery:
    """What one seat (``None``: a spectator) is told about the match at ``version``.

    ``events`` are the redacted events numbered ``events_start`` onwards, so a client appends them to its
    log and can tell if it missed some. ``legal`` lists the JSON actions the seat may take now, and is
    empty unless this seat is the one to act.
    """

    seat: int | None
    version: int
    view: JSON
    events_start: int
    events: list[JSON]
    to_act: int | None
    legal: list[JSON]
    is_over: bool
    result: JSON | None

    def to_json(self) -> JSON:
        return {
            "seat": self.seat,
            "version": self.version,
            "view": self.view,
            "events_start": self.events_start,
            "events": self.events,
            "to_act": self.to_act,
            "legal": self.legal,
            "over": self.is_over,
            "result": self.result,
        }


@dataclass(frozen=True, slots=True)
class Accepted:
    """An accepted action: the new version and what each seat (and spectators, key ``None``) is told."""

    seat: int
    action: JSON
    version: int
    deliveries: dict[int | None, Delivery] = field(repr=False)


class Match:
    """One match, driven by submissions from seats, answering with per-seat deliveries.

    The state is private: nothing outside this class reads it, so every caller sees only deliveries, a bot's
    inputs (``view``, ``legal_actions``, ``determinize``), and the record once the caller decides it may.
    """

    def __init__(self, state: GameState[Any]) -> None:
        self._state = state
        self._version = len(state.history)

    # -- reading ---------------------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """How many actions have been accepted (the history's length, so a replayed match keeps it)."""
        return self._version

    @property
    def to_act(self) -> int | None:
        return self._state.to_act

    @property
    def is_over(self) -> bool:
        return self._state.is_over

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def game_name(self) -> str:
        return self._state.game_name

    @property
    def event_count(self) -> int:
        return self._state.event_count

    def snapshot(self, seat: int | None, events_from: int = 0) -> Delivery:
        """The whole current picture for ``seat``: its view and its events from ``events_from`` on (a
        client that reconnects passes how many events it already holds)."""
        self._check_seat(seat)
        start = max(0, min(events_from, self._state.event_count))
        return self._delivery(seat, start)

    def result(self) -> JSON | None:
        return self._state.result().to_json() if self._state.is_over else None

    def record(self) -> JSON:
        """The game record, seed included: callers serve it only once the match is over."""
        return self._state.record()

    # -- what a bot may be given -------------------------------------------------------------------------
    def view(self, seat: int) -> JSON:
        self._check_seat(seat)
        return self._state.view(seat)

    def seat_view(self, seat: int) -> View:
        """The seat's typed view (an immutable value)."""
        self._check_seat(seat)
        return self._state.seat_view(seat)

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to act (public: who acts and what they may do is theirs to know)."""
        return self._state.legal_actions()

    def determinize(self, seat: int, rng: random.Random) -> GameState[Any]:
        """A full state consistent with what ``seat`` knows: the only whole state a bot may hold."""
        self._check_seat(seat)
        return self._state.determinize(seat, rng)

    # -- submitting ------------------------------------------------------------------------------------------
    def check(self, seat: object, action_json: object, expected_version: object) -> Rejected | Action:
        """The action ``seat`` submits if it may be applied now, else why not; never changes anything.

        Checks come in an order that reveals nothing hidden: the match being over, the seat, whose turn it
        is and the version are public; only then is the action itself read and checked against the rules.
        """
        state = self._state
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.num_players:
            return Rejected(RejectCode.BAD_SEAT, f"there is no seat {seat!r} at this table")
        if state.is_over:
            return Rejected(RejectCode.MATCH_OVER, "the match is over: no action is possible")
        if isinstance(expected_version, bool) or not isinstance(expected_version, int):
            return Rejected(RejectCode.STALE_VERSION, "send the version of the position you are acting on")
        if expected_version != self._version:
            return Rejected(
                RejectCode.STALE_VERSION,
                f"the table has moved on (version {self._version}, not {expected_version}): act on the new position",
            )
        if seat != state.to_act:
            return Rejected(RejectCode.NOT_YOUR_TURN, f"it is seat {state.to_act}'s turn to act, not yours")
        try:
            action: Action = state.action_from_json(action_json)
        except VeilleeError as exc:
            return Rejected(RejectCode.BAD_ACTION, str(exc))
        except Exception:  # a malformed object the codec chokes on (unhashable, deep nesting...)
            return Rejected(RejectCode.BAD_ACTION, "this is not an action of this game")
        if action in state.legal_actions():
            return action
        try:  # only the game knows why: ask it on a copy, so the real state is never touched
            state.clone().apply(action)
        except IllegalAction as exc:
            return Rejected(RejectCode.ILLEGAL_ACTION, str(exc))
        return Rejected(RejectCode.ILLEGAL_ACTION, "this action is not allowed now")  # pragma: no cover

    def commit(self, seat: int, action: Action, audience: Collection[int | None] | None = None) -> Accepted:
        """Apply an action that ``check`` returned (for the same seat and version) and say who is told what.

        ``audience``: only these seats' deliveries (``None`` in it: the spectators'), when the caller knows
        nobody else is listening (a server builds views only for the seats it has connections for)."""
        start = self._state.event_count
        self._state.apply(action)
        self._version += 1
        wanted: Collection[int | None] = [*range(self.num_players), None] if audience is None else audience
        deliveries: dict[int | None, Delivery] = {
            s: self._delivery(s, start) for s in wanted if s is None or 0 <= s < self.num_players
        }
        return Accepted(seat, action.to_json(), self._version, deliveries)

    def submit(self, seat: object, action_json: object, expected_version: object) -> Rejected | Accepted:
        """``check`` then, if the action may be applied, ``commit``."""
        checked = self.check(seat, action_json, expected_version)
        if isinstance(checked, Rejected):
            return checked
        assert isinstance(seat, int)
        return self.commit(seat, checked)

    # -- helpers ---------------------------------------------------------------------------------------------
    def _delivery(self, seat: int | None, start: int) -> Delivery:
        state = self._state
        legal = [a.to_json() for a in state.legal_actions()] if seat is not None and seat == state.to_act else []
        return Delivery(
            seat=seat,
            version=self._version,
            view=state.view(seat),
            events_start=start,
            events=state.events(seat, start),
            to_act=state.to_act,
            legal=legal,
            is_over=state.is_over,
            result=self.result(),
        )

    def _check_seat(self, seat: int | None) -> None:
        if seat is not None and (isinstance(seat, bool) or not 0 <= seat < self._state.num_players):
            raise ValueError(f"there is no seat {seat!r} at this table")
