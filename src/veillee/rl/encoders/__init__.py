"""One observation encoder per game (``veillee.rl.encoders.<game>``), looked up by name.

``encoder_for(game, players, options)`` builds an encoder once per game, player count and (normalised)
options and keeps it, shared by every environment and bot of the process: an encoder's layout is fixed after
``build``, its caches are keyed by content (what a cached block was built from) and Soupçons' history
summaries are kept per thread, so sharing is safe.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from veillee.core import JSON, GameState, UnknownGame
from veillee.rl.encoders.base import Block, Encoder, Layout, Vector
from veillee.rl.encoders.skyjo import SkyjoEncoder
from veillee.rl.encoders.soon import SoonEncoder
from veillee.rl.encoders.sorry import SorryEncoder
from veillee.rl.encoders.soupcons import SoupconsEncoder

__all__ = ["ENCODERS", "Block", "Encoder", "Layout", "Vector", "encoder_for", "state_encoder"]

ENCODERS: dict[str, type[Encoder]] = {
    "skyjo": SkyjoEncoder,
    "soon": SoonEncoder,
    "sorry": SorryEncoder,
    "soupcons": SoupconsEncoder,
}


def _key(options: JSON) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(options.items()))


@lru_cache(maxsize=256)
def _cached(game: str, players: int, options: tuple[tuple[str, Any], ...]) -> Encoder:
    try:
        cls = ENCODERS[game]
    except KeyError:
        raise UnknownGame(f"no observation encoder for {game!r}; encoders exist for {', '.join(ENCODERS)}") from None
    return cls(players, dict(options))


def encoder_for(game: str, players: int, options: JSON) -> Encoder:
    """The encoder of ``game`` for ``players`` seats and ``options`` as a state normalises them."""
    return _cached(game, players, _key(options))


def state_encoder(state: GameState[Any]) -> Encoder:
    """The encoder that fits ``state`` (its game, player count and options)."""
    return _cached(state.game_name, state.num_players, _key(state.options))
