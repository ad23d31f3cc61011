"""The registry of games: declared explicitly (``veillee.games``), looked up by name.

The registry lives in core and imports no game and no front-end; ``veillee.games`` fills the default one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from veillee.core.errors import InvalidOption, UnknownGame
from veillee.core.state import GameState

__all__ = ["GameInfo", "Registry"]

Factory = Callable[..., GameState[Any]]
"""``factory(players=n, seed=s, deck=None, **options)``: a new match."""


@dataclass(frozen=True, kw_only=True)
class GameInfo:
    """What front-ends need to know of a game before a match exists."""

    name: str
    title: str
    min_players: int
    max_players: int
    factory: Factory
    options: Mapping[str, str] = field(default_factory=dict)
    """Each option's name and a one-line description with its default."""
    presentation: str | None = None
    """The module that puts the game into words for front-ends (``veillee.core.present``)."""
    version: str = "1"
    """Bumped whenever a rule, the notation or the action codec changes (records carry the game name)."""
    variants: Sequence[Mapping[str, Any]] = ({},)
    """Option sets the conformance suite and properties cover (the defaults first)."""

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


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
        return info.factory(players=players, seed=seed, deck=deck, **options)
