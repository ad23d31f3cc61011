"""The registry of games: declared explicitly (``veillee.games``), looked up by name.

The registry lives in core and imports no game and no front-end; ``veillee.games`` fills the default one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from veillee.core.data import View
from veillee.core.errors import InvalidOption, UnknownGame
from veillee.core.options import OptionSet
from veillee.core.state import GameState

__all__ = ["GameInfo", "Registry"]

Factory = Callable[..., GameState[Any]]
"""``factory(players=n, seed=s, deck=None, **options)``: a new match."""


@dataclass(frozen=True, kw_only=True)
class GameInfo:
    """A game's declaration: everything front-ends know of it before a match exists, written once in the
    game's ``__init__.py`` and read by every front-end (``GET /api/games`` serves ``to_json``)."""

    name: str
    title: str
    min_players: int
    max_players: int
    state: type[GameState[Any]]
    """The state class: ``state(players, seed, deck, **options)`` starts a match."""
    options: OptionSet
    """The declared options (``veillee.core.options``)."""
    events: tuple[type, ...]
    """The game's ``@event`` types (``veillee.core.events``)."""
    view: type[View]
    """The game's typed view class."""
    constants: Mapping[str, Any] = field(default_factory=dict)
    """JSON-ready facts that front-ends draw with (suite length, board size, slot names): the browser reads
    them from here instead of repeating them."""
    presentation: str | None = None
    """The module that puts the game into words for front-ends (``veillee.core.present``)."""
    variants: Sequence[Mapping[str, Any]] = ({},)
    """Option sets the conformance suite and properties cover (the defaults first)."""

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    @property
    def version(self) -> str:
        """The rules version (``GameState.rules_version``), which records carry."""
        return self.state.rules_version

    def create(self, players: int, seed: int, deck: Sequence[object] | None, **options: Any) -> GameState[Any]:
        start: Factory = self.state  # every game's state class takes (players, seed, deck, **options)
        return start(players, seed, deck, **options)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "rules_version": self.version,
            "options": self.options.to_json(),
            "constants": dict(self.constants),
        }


class Registry:
    """Games by name, in the order they were registered."""

    def __init__(self) -> None:
        self._games: dict[str, GameInfo] = {}

    def register(self, info: GameInfo) -> None:
        if info.name in self._games:
            raise ValueError(f"a game named {info.name!r} is already registered")
        self._games[info.name] = info

    def names(self) -> list[str]:
        return sorted(self._games)

    def get(self, name: str) -> GameInfo:
        try:
            return self._games[name]
        except (KeyError, TypeError):
            known = ", ".join(self.names())
            raise UnknownGame(f"there is no game named {name!r}; the games are: {known}") from None

    def new_game(
        self, name: str, players: int, seed: int = 0, *, deck: Sequence[object] | None = None, **options: Any
    ) -> GameState[Any]:
        """A new match of ``name`` for ``players`` seats; ``deck`` stacks the top of the first deck."""
        info = self.get(name)
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOption(f"players must be a whole number, not {players!r}")
        if not info.min_players <= players <= info.max_players:
            raise InvalidOption(
                f"{info.title} is played by {info.min_players} to {info.max_players} players, not {players}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOption(f"seed must be a whole number, not {seed!r}")
        return info.create(players, seed, deck, **options)
