"""The researchers' interface: tensor observations, PettingZoo and Gymnasium environments, OpenSpiel games.

A layer above the games and the bots (imports flow ``core <- games <- bots <- rl``); the rules never import
numpy. Install with ``pip install -e '.[rl]'``. Entry points:

* ``observe(state, seat)``: ``seat``'s float32 observation vector, built only from what it may know;
  ``observation_size(game, players=..., **options)`` its length;
* ``env(game, players=2, render_mode=None, **options)``: a PettingZoo ``AECEnv`` (``veillee.rl.aec``);
* ``gym_env(game, players=2, seat=0, opponents="normal", **options)``: a Gymnasium ``Env`` for one learning
  seat against the bots (``veillee.rl.single``);
* ``veillee.rl.openspiel.register()``: the games as OpenSpiel Python games.

``docs/rl.md`` documents every observation layout, the reward, seeding and the OpenSpiel notes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import veillee
from veillee.core import GameState
from veillee.rl.encoders import Vector, encoder_for, state_encoder
from veillee.rl.options import unattended

if TYPE_CHECKING:
    from veillee.rl.aec import VeilleeAECEnv
    from veillee.rl.single import VeilleeGymEnv

__all__ = ["env", "gym_env", "observation_size", "observe"]


def observe(state: GameState[Any], seat: int) -> Vector:
    """``seat``'s observation of ``state``: a 1-D float32 vector in ``[-1, 1]`` whose length depends only on
    the game, the player count and the options (``observation_size``)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.num_players:
        raise ValueError(f"seat must be a number from 0 to {state.num_players - 1}, not {seat!r}")
    return state_encoder(state).encode(state, seat)


def observation_size(game: str, players: int = 2, **options: Any) -> int:
    """The length of ``observe``'s vectors for ``game``, ``players`` seats and ``options`` (validated as
    ``veillee.new_game`` validates them)."""
    state = veillee.new_game(game, players, 0, **unattended(game, options))
    return encoder_for(game, players, state.options).size


def env(game: str, players: int = 2, render_mode: str | None = None, **options: Any) -> VeilleeAECEnv:
    """A PettingZoo ``AECEnv`` of ``game`` (see ``veillee.rl.aec.VeilleeAECEnv``)."""
    from veillee.rl.aec import VeilleeAECEnv

    return VeilleeAECEnv(game, players=players, render_mode=render_mode, **options)


def gym_env(
    game: str, players: int = 2, seat: int = 0, opponents: str | list[str] = "normal", **options: Any
) -> VeilleeGymEnv:
    """A Gymnasium ``Env``: ``seat`` learns against bots (see ``veillee.rl.single.VeilleeGymEnv``)."""
    from veillee.rl.single import VeilleeGymEnv

    return VeilleeGymEnv(game, players=players, seat=seat, opponents=opponents, **options)
