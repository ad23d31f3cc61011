"""The game protocol: one mutable state per match, driven by ``legal_actions`` and ``apply``.

This is the shape fixed by ``ARCHITECTURE.md`` (OpenSpiel's choice of a mutable state with an explicit
``clone``): random playouts and tree search run millions of steps, and copying on every step would cost more
than it buys. The base class owns what every game shares, so no game writes it again:

* the legality check of ``apply`` (against the cached legal list: an illegal action raises
  ``IllegalAction`` before anything is touched, so the state is left unchanged);
* the action history, the record and the integer and JSON codecs;
* the event log: games ``emit`` typed events (``veillee.core.events``), kept as they are and redacted for
  one seat only when asked (building a dict per event in the hot loop would halve the simulator's speed);
  ``emit`` is the log's own ``list.append``, bound per state, so that logging an event costs a C call and
  no Python frame (nearly every decision logs one);
* the copy (``clone``, ``determinize``), derived from the state class's annotations (``core.copying``);
* the typed view's JSON form (``view`` is ``seat_view(seat).to_json()``) and the rules version in records.

A game subclasses ``GameState`` and writes ``_legal``, ``_do``, ``_explain``, ``_seat_view``,
``_resample``, ``result`` and the class attributes ``game_name`` and ``rules_version``.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Self, TypeVar

from veillee.core.codec import JSON, Action, ActionCodec
from veillee.core.copying import copier_for
from veillee.core.data import View
from veillee.core.errors import IllegalAction
from veillee.core.events import redact

__all__ = ["RECORD_FORMAT", "GameState", "RawEvent", "Result"]

A = TypeVar("A", bound=Action)

RECORD_FORMAT = "veillee-record/1"
"""The ``format`` tag of game records; bump it if the record layout ever changes."""

RawEvent = tuple[Any, ...]
"""An event as the log holds it: an ``@event`` ``NamedTuple``, or ``(EventType, *fields)`` (``GameState.emit``)."""


def _typed(entry: RawEvent) -> RawEvent:
    """The event an entry of the log stands for (``(EventType, *fields)`` becomes ``EventType(*fields)``)."""
    if type(entry) is tuple:
        made: RawEvent = tuple.__new__(entry[0], entry[1:])
        return made
    return entry


def _new_log() -> list[RawEvent]:
    return []


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished match, per seat.

    ``scores`` are the game's own points; ``ranks`` are 1 for the best, ties sharing a rank; ``returns`` are
    what learning agents maximise: 1.0 for each winner, 0.0 for everybody else.
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def returns(self) -> tuple[float, ...]:
        return tuple(1.0 if seat in self.winners else 0.0 for seat in range(len(self.scores)))

    @classmethod
    def from_scores(
        cls, scores: Sequence[int], *, lower_is_better: bool = False, winners: Sequence[int] | None = None
    ) -> Result:
        """Ranks by score (competition ranking: 1, 1, 3); winners default to every seat ranked first."""
        sign = 1 if lower_is_better else -1
        keys = [sign * s for s in scores]
        ranks = tuple(1 + sum(1 for other in keys if other < key) for key in keys)
        if winners is None:
            winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
        return cls(tuple(scores), ranks, tuple(sorted(winners)))

    def to_json(self) -> JSON:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "returns": list(self.returns),
        }


class GameState(ABC, Generic[A]):
    """A whole match of one game, from the first deal to the last round.

    Attributes every front-end reads (plain attributes, not properties, because the simulator reads them
    on every step):

    * ``to_act``: the seat whose decision is awaited now; ``None`` once the match is over;
    * ``is_over``: whether the match is finished;
    * ``num_players``, ``seed``, ``options`` (the game's options, normalised and JSON-ready).
    """

    game_name: ClassVar[str]
    """The registry name (``"soon"``)."""
    rules_version: ClassVar[str] = "1"
    """Bumped whenever a rule, the notation or the action codec changes: records carry it, and ``replay``
    refuses a record of another version rather than replaying it into a different match."""

    to_act: int | None
    is_over: bool
    num_players: int
    seed: int
    options: JSON
    _history: list[A]
    _legal_cache: list[A] | None
    emit: Callable[[RawEvent], None]
    """Log an event: what the rules call as things happen; front-ends read the log redacted through
    ``events``. The event is an instance of one of the game's ``@event`` types or, on the hot path, the
    plain tuple ``(EventType, *fields)``, which ``raw_events`` and ``events`` give back as that instance
    (``EventType(*fields)``): a plain tuple is built by one bytecode, a ``NamedTuple`` by a call, and nearly
    every decision logs an event.

    ``emit`` is the bound ``append`` of the log, which is therefore not kept in an attribute of its own
    (``_log`` reads it back): a C call with no Python frame, and one attribute fewer, which keeps the states
    of SOON and Soupçons under the 30 attributes beyond which CPython stops sharing the keys of instance
    dictionaries (and every attribute access gets slower)."""
    _stack: list[str] | None

    def _init_base(self, num_players: int, seed: int, options: JSON, stack: list[str] | None) -> None:
        """Set the shared attributes; a game calls it first thing in its constructor."""
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.to_act = None
        self.is_over = False
        self._history = []
        self._legal_cache = None
        self.emit = _new_log().append
        self._stack = stack

    # -- what a game writes -----------------------------------------------------------------------------
    @property
    @abstractmethod
    def codec(self) -> ActionCodec[A]:
        """This game's table of distinct actions (may depend on the player count)."""

    @abstractmethod
    def _legal(self) -> list[A]:
        """The legal actions of ``to_act`` now, in a deterministic order; empty once the match is over."""

    @abstractmethod
    def _do(self, action: A) -> None:
        """Apply a legal action; ``apply`` has already checked it, so this must not fail half-way."""

    @abstractmethod
    def _explain(self, action: A) -> str:
        """Why ``action`` is illegal now, in words for the player, naming no card they may not see."""

    def _copy(self) -> Self:
        """A copy sharing nothing mutable with ``self``, derived from the class's annotations (the event log
        included: the copier shares ``emit``, so the twin gets its own log here)."""
        twin: Self = copier_for(type(self))(self)
        twin.emit = list(self._log).append
        return twin

    def __getstate__(self) -> dict[str, Any]:
        """For ``pickle`` and ``copy.deepcopy``: the log itself in place of its bound ``append`` (which they
        would share, not copy), at the same position so that the keys stay in their shared order."""
        return {**self.__dict__, "emit": self._log}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():  # one by one, as the constructor sets them: the keys stay shared
            setattr(self, name, value.append if name == "emit" else value)

    @property
    def _log(self) -> list[RawEvent]:
        """The event log: the list whose ``append`` is ``emit``."""
        log: list[RawEvent] = self.emit.__self__  # type: ignore[attr-defined]
        return log

    def view(self, seat: int | None) -> JSON:
        """Exactly what ``seat`` may know, JSON-ready; ``None`` is a spectator (public information only)."""
        self._require_seat(seat)
        return self._seat_view(seat).to_json()

    def seat_view(self, seat: int | None) -> View:
        """What ``seat`` may know, as the game's typed view (structured cards, for renderers, heuristics and
        tensor encoders); ``view`` is its JSON form."""
        self._require_seat(seat)
        return self._seat_view(seat)

    @abstractmethod
    def _seat_view(self, seat: int | None) -> View:
        """The typed view of a valid ``seat`` (``seat_view`` has checked it)."""

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A full state that ``seat`` cannot tell from this one, for search bots.

        Its view for ``seat`` is identical; every card hidden from ``seat`` is dealt anew from ``rng`` by the
        game's ``_resample``, and so is the seed, so that future shuffles stay unknown too. The world has no
        past: no action history and no event log, since both hold the truth (a dealt hand, a drawn card).
        """
        self._require_seat(seat)
        world = self._copy()
        world._history = []
        world.emit = _new_log().append
        world._legal_cache = None
        world._stack = None
        world.options = copy.deepcopy(self.options)
        self._resample(world, seat, rng)
        return world

    def _resample(self, world: Self, seat: int, rng: random.Random) -> None:
        """Deal every card of ``world`` hidden from ``seat`` anew, consistently with all that ``seat`` knows,
        and set ``world.seed`` from ``rng``. ``world`` is a copy of ``self`` with no history or log."""
        raise NotImplementedError(f"{type(self).__name__} cannot determinize")

    @abstractmethod
    def result(self) -> Result:
        """The final scores, ranks and winners; raises ``ValueError`` while the match is not over."""

    def raw_events(self, start: int = 0) -> list[RawEvent]:
        """The events from number ``start`` on, unredacted: the whole truth, for the game's own statistics and
        for tests. Never send them to a player (``events`` redacts)."""
        return [_typed(entry) for entry in self._log[start:]]

    # -- the shared protocol ----------------------------------------------------------------------------
    def legal_actions(self) -> list[A]:
        """The actions ``to_act`` may take now, in a deterministic order (a fresh list each call)."""
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._legal()
        return list(legal)

    def apply(self, action: A) -> None:
        """Apply ``action`` for ``to_act``, in place.

        Raises ``IllegalAction`` (a ``ValueError``) and changes nothing if the action is not legal now.
        """
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._legal()
        if action not in legal:
            if self.is_over:
                raise IllegalAction("the match is over: no action is possible")
            raise IllegalAction(self._explain(action))
        self._legal_cache = None
        self._history.append(action)
        self._do(action)

    def clone(self) -> Self:
        """An independent copy: applying actions to one never changes the other."""
        twin = self._copy()  # the event log copied with it
        twin._history = list(self._history)
        twin._legal_cache = None
        return twin

    @property
    def history(self) -> tuple[A, ...]:
        """Every action applied since the first deal, in order."""
        return tuple(self._history)

    @property
    def event_count(self) -> int:
        """How many events have happened; pass it to ``events(seat, start=...)`` to get only the new ones."""
        return len(self._log)

    def events(self, seat: int | None, start: int = 0) -> list[JSON]:
        """The events from number ``start`` on, as ``seat`` may see them (``None``: a spectator)."""
        return [redact(_typed(entry), seat) for entry in self._log[start:]]

    def record(self) -> JSON:
        """The game record: enough to save, share and replay the match (``veillee.replay``)."""
        record: JSON = {
            "format": RECORD_FORMAT,
            "game": self.game_name,
            "rules": self.rules_version,
            "players": self.num_players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [action.to_json() for action in self._history],
        }
        if self._stack is not None:
            record["deck"] = list(self._stack)
        return record

    @abstractmethod
    def zones(self) -> dict[str, list[Any]]:
        """Every card of the match by zone (``"hand/0"``, ``"pile"``...), hidden ones included.

        The whole truth, for tests (card conservation) and debugging: never send it to a player.
        """

    @abstractmethod
    def hidden_zones(self, seat: int | None) -> set[str]:
        """The zones of ``zones()`` in which ``seat`` may not know every card (another hand, the pile)."""

    def stats(self) -> dict[str, float]:
        """Numbers about this match that a simulation summary reports (rounds, cards played...)."""
        return {}

    # -- action codecs ----------------------------------------------------------------------------------
    @property
    def num_distinct_actions(self) -> int:
        return len(self.codec)

    def action_index(self, action: A) -> int:
        return self.codec.index(action)

    def action_from_index(self, index: int) -> A:
        return self.codec.action(index)

    def action_from_json(self, obj: object) -> A:
        return self.codec.from_json(obj)

    def parse_action(self, text: str) -> A:
        """The action written ``text`` in the game's notation (``str(action)`` gives it)."""
        return self.codec.from_text(text)

    def _require_seat(self, seat: int | None) -> None:
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players
        ):
            raise ValueError(f"seat must be None or a number from 0 to {self.num_players - 1}, not {seat!r}")
