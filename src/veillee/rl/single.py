"""A Gymnasium ``Env`` for one learning seat against the bots, ready for sb3-contrib's MaskablePPO.

The learner plays ``seat``; the other seats are played by bots of any level (``"random"``, ``"easy"``,
``"normal"``, ``"hard"``), one level for all or a list (one per seat, the learner's entry ``None``, or one per
opponent in seat order), or any ``veillee.bots.Agent``. Bots get only their seat's knowledge, through the
same driver as everywhere (``veillee.bots.decision_for``).

Observations are ``observe(state, seat)`` (``Box(-1, 1)``); actions are the game's action indices
(``Discrete(num_distinct_actions)``); ``action_masks()`` gives the legal ones as MaskablePPO expects. The
reward is 0 until the end of the match, then the learner's return (1.0 for a win, shared or not, else 0.0),
which ``info["return"]`` repeats at the end. Shaping, off by default: ``reward="margin"`` pays instead the
learner's final score margin over the other seats' mean, in the game's direction (positive is better, for
games where the lower score wins too), divided by ``margin_scale`` and clipped into [-1, 1]: a denser signal
that still ranks outcomes as the scores do. ``max_steps`` (optional) truncates a match after that many
learner decisions.

``action_space.sample()`` draws a legal action of the decision under way (uniformly), so that tools that
sample the action space (Gymnasium's ``check_env``) play legal moves; pass a mask to sample from it instead.
A wrong action (not a whole number, out of range) raises and changes nothing; so does a masked-out one by
default (``illegal="raise"``). With ``illegal="lose"`` (PettingZoo's classic convention, for algorithms that
do not mask) a masked-out action ends the match at once, reward -1.0 and ``info["illegal_action"] = True``.
Stepping a finished match raises (call ``reset``).

Seeding: as Gymnasium's convention, ``reset(seed=s)`` reseeds ``self.np_random``; each reset draws the match
seed from it, and the bots' random streams derive from the match seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import veillee
from veillee.bots import LEVELS, Agent, decision_for, make_bot
from veillee.bots.driver import needs_world
from veillee.core import GameState, IllegalAction, Result, derive_seed
from veillee.core.present import load_presentation, plain, presentable
from veillee.rl.actions import apply_index, legal_mask
from veillee.rl.encoders import Vector, encoder_for
from veillee.rl.options import unattended

__all__ = ["LegalDiscrete", "VeilleeGymEnv"]

Mask = npt.NDArray[np.int8]


class LegalDiscrete(spaces.Discrete):
    """``Discrete(n)`` whose ``sample()`` without a mask draws among the legal actions of the decision under
    way (read through ``legal``), so that random sampling plays the game instead of raising."""

    def __init__(self, n: int, legal: Callable[[], Mask | None], seed: int | None = None) -> None:
        super().__init__(n, seed=seed)
        self._legal = legal

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            mask = self._legal()
        return super().sample(mask=mask, probability=probability)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, spaces.Discrete) and self.n == other.n and self.start == other.start

    def __hash__(self) -> int:
        return hash((int(self.n), int(self.start)))

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_legal"] = _no_mask
        return state


def _no_mask() -> Mask | None:
    return None


class VeilleeGymEnv(gymnasium.Env[Vector, np.int64]):
    """Seat ``seat`` of ``game`` learns; the other seats are ``opponents``."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  # Gymnasium reads it as a class attribute

    def __init__(
        self,
        game: str,
        players: int = 2,
        seat: int = 0,
        opponents: str | Agent | Sequence[str | Agent | None] = "normal",
        render_mode: str | None = None,
        max_steps: int | None = None,
        illegal: str = "raise",
        reward: str = "return",
        margin_scale: float = 20.0,
        **options: Any,
    ) -> None:
        if reward not in ("return", "margin"):
            raise ValueError(f"reward must be 'return' or 'margin', not {reward!r}")
        if isinstance(margin_scale, bool) or not isinstance(margin_scale, int | float) or not margin_scale > 0:
            raise ValueError(f"margin_scale must be a positive number, not {margin_scale!r}")
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError(f"max_steps must be None or a whole number of at least 1, not {max_steps!r}")
        options = unattended(game, options)
        probe = veillee.new_game(game, players, 0, **options)  # validates the game, player count and options
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be a number from 0 to {players - 1}, not {seat!r}")
        self.game = game
        self.players = players
        self.seat = seat
        self.game_options = dict(options)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.illegal = illegal
        self.reward_mode = reward
        self.margin_scale = float(margin_scale)
        self._forfeit = False
        self.agents = _opponents(game, players, seat, opponents)
        self.encoder = encoder_for(game, players, probe.options)
        self.observation_space = spaces.Box(-1.0, 1.0, (self.encoder.size,), np.float32)
        self.num_actions = probe.num_distinct_actions
        self.action_space = LegalDiscrete(self.num_actions, self._current_mask)
        self.match: GameState[Any] | None = None
        self._steps = 0
        self._agent_rngs: list[random.Random] = []
        self._world_rngs: list[random.Random] = []

    # -- Gymnasium's API --------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        """A new match (``options`` is accepted for Gymnasium's API and unused: the game's options are fixed
        when the environment is made); the bots play until the learner's first decision."""
        super().reset(seed=seed)
        match_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.match = veillee.new_game(self.game, self.players, match_seed, **self.game_options)
        self._agent_rngs = [random.Random(derive_seed(match_seed, "agent", s)) for s in range(self.players)]
        self._world_rngs = [random.Random(derive_seed(match_seed, "world", s)) for s in range(self.players)]
        self._steps = 0
        self._forfeit = False
        self._play_opponents()
        return self.encoder.encode(self.match, self.seat), {}

    def step(self, action: Any) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        state = self._require_state()
        if state.is_over or self._forfeit or self._truncated():
            raise RuntimeError("the match is over: call reset() to start another")
        try:
            apply_index(state, action)  # raises, changing nothing, on a wrong action
        except IllegalAction:
            if self.illegal == "raise":
                raise
            self._forfeit = True
            return self.encoder.encode(state, self.seat), -1.0, True, False, {"illegal_action": True}
        self._steps += 1
        self._play_opponents()
        observation = self.encoder.encode(state, self.seat)
        if state.is_over:
            result = state.result()
            won = float(result.returns[self.seat])
            return observation, self._final_reward(result, won), True, False, {"return": won}
        return observation, 0.0, False, self._truncated(), {}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the learner's decision under way, as booleans (MaskablePPO's convention)."""
        mask = self._current_mask()
        if mask is None:
            return np.zeros(self.num_actions, dtype=np.bool_)
        return mask.astype(np.bool_)

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the learner's terminal screen, as plain text."""
        if self.render_mode is None:
            return None
        state = self._require_state()
        info = veillee.game_info(self.game)
        view = presentable(info.view, state.view(self.seat))
        names = [f"player_{i}" for i in range(self.players)]
        return "\n".join(plain(line) for line in load_presentation(info.presentation).screen(view, names, "en"))

    # -- helpers ----------------------------------------------------------------------------------------
    def _current_mask(self) -> Mask | None:
        state = self.match
        if state is None or state.is_over or self._forfeit:
            return None
        mask = np.zeros(self.num_actions, dtype=np.int8)
        legal_mask(state, mask)
        return mask

    def _final_reward(self, result: Result, won: float) -> float:
        if self.reward_mode == "return":
            return won
        scores = result.scores
        direction = _direction(result)
        others = [s for seat, s in enumerate(scores) if seat != self.seat]
        margin = direction * (scores[self.seat] - sum(others) / len(others)) / self.margin_scale
        return max(-1.0, min(1.0, margin))

    def _truncated(self) -> bool:
        return self.max_steps is not None and self._steps >= self.max_steps

    def _play_opponents(self) -> None:
        state = self._require_state()
        while not state.is_over and state.to_act != self.seat:
            seat = state.to_act
            assert seat is not None
            agent = self.agents[seat]
            assert agent is not None
            decision = decision_for(state, seat, self._world_rngs[seat], world=needs_world(agent))
            state.apply(agent.act(decision, self._agent_rngs[seat]))

    def _require_state(self) -> GameState[Any]:
        if self.match is None:
            raise RuntimeError("call reset() before using the environment")
        return self.match


def _direction(result: Result) -> float:
    """+1.0 if a higher score ranks better in this game, -1.0 if a lower one does (read from the result;
    when every seat ties, the margin is 0 either way)."""
    order = sorted(range(len(result.ranks)), key=lambda seat: result.ranks[seat])
    best, worst = order[0], order[-1]
    if result.ranks[best] == result.ranks[worst]:
        return 1.0
    return 1.0 if result.scores[best] > result.scores[worst] else -1.0


def _opponents(
    game: str, players: int, seat: int, opponents: str | Agent | Sequence[str | Agent | None]
) -> list[Agent | None]:
    """One agent per seat (``None`` for the learner's), from a level, an agent, or a list of them."""

    def make(item: str | Agent | None) -> Agent:
        if isinstance(item, str):
            if item not in LEVELS:
                raise ValueError(f"unknown bot level {item!r}; the levels are: {', '.join(LEVELS)}")
            return make_bot(item, game)
        if item is None or not callable(getattr(item, "act", None)):
            raise ValueError(f"an opponent must be a bot level ({', '.join(LEVELS)}) or an agent, not {item!r}")
        return item

    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        return [None if s == seat else make(opponents) for s in range(players)]
    items = list(opponents)
    if len(items) == players:
        if items[seat] is not None:
            raise ValueError(f"opponents[{seat}] is the learning seat: give None there")
        return [None if s == seat else make(items[s]) for s in range(players)]
    if len(items) == players - 1:
        queue = iter(items)
        return [None if s == seat else make(next(queue)) for s in range(players)]
    raise ValueError(f"give one opponent level for all, or a list of {players - 1} (or {players} with None)")
