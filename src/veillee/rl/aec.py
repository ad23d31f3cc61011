"""A PettingZoo ``AECEnv`` for every game: agents take turns as the rules say, with action masks.

Agents are ``player_0``... ``player_{n-1}`` (agent ``player_i`` is seat ``i``); ``env.match`` is the
veillée state of the match under way (PettingZoo's ``state()`` global observation is not provided: our games
have no public "whole state" a centralised critic could use without seeing hidden cards). Each observation is
``{"observation": observe(state, seat), "action_mask": int8 vector of num_distinct_actions}``; the mask is
all zero for an agent that is not to act. Rewards are zero until the end of the match, where each agent
gets the result's return (1.0 for each winner, 0.0 otherwise), once. There is no reward shaping.

The turn order is the game's: ``agent_selection`` is always the seat the rules wait for (which may be out
of turn, such as a Sorry! Revenge steal or a SOON Explorateur answer), so ``agent_iter`` drives any game.
When the match ends every agent is terminated and steps ``None`` once (PettingZoo's dead-step convention);
``max_steps`` (optional) truncates a match that runs longer.

Seeding: ``reset(seed=s)`` starts a random stream from ``s``; each reset draws the next match seed from it,
so a seeded run of resets is reproducible. ``reset()`` before any seed starts the stream from the OS.
A wrong action (not a whole number, out of range, masked out) raises and changes nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

import veillee
from veillee.core import GameState
from veillee.core.present import load_presentation, plain, presentable
from veillee.rl.actions import MaskCache, apply_index
from veillee.rl.encoders import encoder_for
from veillee.rl.options import unattended

__all__ = ["VeilleeAECEnv"]

ObsDict = dict[str, np.ndarray[Any, Any]]


class VeilleeAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """One match at a time of ``game`` for ``players`` seats, with the game's ``options``."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "veillee_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        players: int = 2,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError(f"max_steps must be None or a whole number of at least 1, not {max_steps!r}")
        options = unattended(game, options)
        probe = veillee.new_game(game, players, 0, **options)  # validates the game, player count and options
        self.game = game
        self.game_options = dict(options)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.metadata = {**self.metadata, "name": f"veillee_{game}_v0"}
        self.encoder = encoder_for(game, players, probe.options)
        self.num_actions = probe.num_distinct_actions
        self.masks = MaskCache(probe.codec.actions)
        self._actions = probe.codec.actions
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents: list[str] = []
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {agent: obs_space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.num_actions) for agent in self.possible_agents}
        self.match: GameState[Any] | None = None
        self._rng: np.random.Generator | None = None
        self._steps = 0

    # -- PettingZoo's API -------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match; ``options`` is accepted for PettingZoo's API and unused (the game's options are
        fixed when the environment is made)."""
        if seed is not None or self._rng is None:
            self._rng, _ = seeding.np_random(seed)
        match_seed = int(self._rng.integers(0, 2**63 - 1))
        self.match = veillee.new_game(self.game, len(self.possible_agents), match_seed, **self.game_options)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._steps = 0
        self.agent_selection = self._selected()

    def observe(self, agent: str) -> ObsDict:
        state = self.match
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        seat = self._seats.get(agent)
        if seat is None:
            raise ValueError(f"{agent!r} is not an agent of this environment ({', '.join(self.possible_agents)})")
        mask = self.masks.mask(state) if agent == self.agent_selection and not state.is_over else self.masks.empty()
        return {"observation": self.encoder.encode(state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        state = self._require_state()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        apply_index(state, action, self._actions)  # raises, changing nothing, on a wrong action
        self._steps += 1
        if state.is_over:
            self._cumulative_rewards[agent] = 0.0
            for name, value in zip(self.possible_agents, state.result().returns, strict=True):
                self.rewards[name] = float(value)
                self.terminations[name] = True
            self._accumulate_rewards()
            return
        # While the match runs every reward is zero (rewards are paid once, at the end, and ``reset`` zeroes
        # them): PettingZoo's per-step clearing and accumulating of rewards would add zeros, so it is skipped.
        if self.max_steps is not None and self._steps >= self.max_steps:
            for name in self.agents:
                self.truncations[name] = True
        to_act = state.to_act
        self.agent_selection = self.possible_agents[to_act if to_act is not None else 0]

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the terminal screen of the seat to act (the spectator's once the match
        is over), as plain text; only what that seat may see."""
        if self.render_mode is None:
            return None
        state = self._require_state()
        info = veillee.game_info(self.game)
        seat = state.to_act
        view = presentable(info.view, state.view(seat))
        lines = load_presentation(info.presentation).screen(view, list(self.possible_agents), "en")
        return "\n".join(plain(line) for line in lines)

    def close(self) -> None:
        """Nothing to release (no window, no process); safe to call more than once."""

    # -- helpers ----------------------------------------------------------------------------------------
    def _selected(self) -> str:
        state = self._require_state()
        return self.possible_agents[state.to_act if state.to_act is not None else 0]

    def _require_state(self) -> GameState[Any]:
        if self.match is None:
            raise RuntimeError("call reset() before using the environment")
        return self.match
