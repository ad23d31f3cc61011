"""The games as OpenSpiel Python games: ``register()`` then ``pyspiel.load_game("veillee_soon", {...})``.

Registered names: ``veillee_skyjo``, ``veillee_soon``, ``veillee_sorry``, ``veillee_soupcons``. Parameters:
``players``, each of the game's options (``-1`` for a number and ``""`` for a choice mean "the game's
default", which for unattended play is the declared automated default, such as Soupçons' round cap of 20),
``rng_seed`` (default 0: the seed of the stream that deals each new match) and ``max_game_length``.

Chance is **sampled stochastic** (``ChanceMode.SAMPLED_STOCHASTIC``): our engines shuffle from the match
seed, inside ``apply``, so there are no chance nodes. Each ``new_initial_state()`` deals a match whose seed is
drawn from the game's stream (``rng_seed``): a run of new states is reproducible, and a state's future
shuffles are fixed by its seed, as in OpenSpiel's own sampled-stochastic games. A state that reaches
``max_game_length`` actions is terminal with every return 0 (a draw): OpenSpiel needs a bound, and a random
match of SOON or Skyjo can be long (the default, 20,000, is far above any match we have seen).

Observations (``make_py_observer``): the observation tensor is ``veillee.rl.observe(state, player)``, its
named pieces the encoder's blocks (``observer.dict``); the string is the seat's JSON view. The
information-state tensor and string are the same: our views are what the seat may know now (its hand, what
was shown, the public history that the rules keep), not a transcript of every observation, so they are not
perfect recall in OpenSpiel's sense. Returns are the result's returns (1 for each winner, 0 otherwise): a
general-sum game between 0 and 1.

``resample_from_infostate(player, sampler)`` deals a world consistent with the seat's view
(``GameState.determinize``), so OpenSpiel's Python IS-MCTS (``open_spiel.python.algorithms.ismcts``) runs
on our games (``ismcts_bot`` makes one ready for ``evaluate_bots``). OpenSpiel's C++ ``pyspiel.ISMCTSBot``
cannot: it resamples through the C++ ``State::ResampleFromInfostate``, which OpenSpiel's Python-game bridge
does not forward to Python; with open-spiel 2.0.2 its first ``step`` on any of our games kills the
interpreter (segmentation fault).

Serialization: ``state.serialize()`` / ``game.deserialize_state()`` work (OpenSpiel pickles the state's
attributes). ``pyspiel.serialize_game_and_state`` does not, for any sampled-stochastic Python game: it asks
the game for its C++ random state (``GetRNGState``), which Python games cannot provide; run
``random_sim_test`` with ``serialize=False``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

import veillee
from veillee.core import GameState, derive_seed
from veillee.rl.encoders import Encoder, encoder_for
from veillee.rl.options import unattended

__all__ = ["GAMES", "VeilleeSpielGame", "VeilleeSpielState", "ismcts_bot", "register"]

GAMES = {"veillee_skyjo": "skyjo", "veillee_soon": "soon", "veillee_sorry": "sorry", "veillee_soupcons": "soupcons"}
"""OpenSpiel name -> veillée game."""

MAX_GAME_LENGTH = 20_000
UNSET = -1
"""A number or seat parameter left at this value is not given to the game (its default applies)."""
UNSET_TEXT = ""
"""A choice parameter left at this value is not given to the game."""


def _defaults(game: str) -> dict[str, Any]:
    """The game's parameter specification: players, options, rng_seed, max_game_length.

    OpenSpiel hands the game every parameter, defaults filled in, so an option's default must mean "not
    given" (the game then derives it: SOON's target follows its length, Skyjo's lines its rules): ``-1`` for a
    number or a seat, ``""`` for a choice. Yes/no options keep their plain default.
    """
    info = veillee.game_info(game)
    probe = veillee.new_game(game, info.min_players, 0, **unattended(game, {}))
    params: dict[str, Any] = {"players": info.min_players}
    for name, value in probe.options.items():
        params[name] = value if isinstance(value, bool) else UNSET_TEXT if isinstance(value, str) else UNSET
    params["rng_seed"] = 0
    params["max_game_length"] = MAX_GAME_LENGTH
    return params


def _game_type(short_name: str) -> pyspiel.GameType:
    game = GAMES[short_name]
    info = veillee.game_info(game)
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"veillée: {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(game),
    )


class VeilleeSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """One veillée game with fixed players and options; each new initial state is a new match."""

    short_name = ""
    """The OpenSpiel name; one subclass per game is registered (``register``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        short_name = self.short_name
        self.veillee_game = GAMES[short_name]
        given = dict(params or {})
        players = int(given.pop("players", veillee.game_info(self.veillee_game).min_players))
        rng_seed = int(given.pop("rng_seed", 0))
        self.max_length = int(given.pop("max_game_length", MAX_GAME_LENGTH))
        chosen = {k: v for k, v in given.items() if isinstance(v, bool) or v not in (UNSET, UNSET_TEXT)}
        options = unattended(self.veillee_game, chosen)
        probe = veillee.new_game(self.veillee_game, players, 0, **options)  # validates players and options
        self.players = players
        self.game_options = options
        self.encoder: Encoder = encoder_for(self.veillee_game, players, probe.options)
        self._rng = random.Random(derive_seed(rng_seed, "openspiel", self.veillee_game))
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_length,
        )
        super().__init__(_game_type(short_name), info, params or {})

    def new_initial_state(self) -> VeilleeSpielState:
        return VeilleeSpielState(self)

    def new_match(self) -> GameState[Any]:
        """A new match dealt from the game's stream (``rng_seed``)."""
        return veillee.new_game(self.veillee_game, self.players, self._rng.getrandbits(63), **self.game_options)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> VeilleeObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, not {params!r}")
        if iig_obs_type is not None and iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("veillée observations hold one seat's private information (SINGLE_PLAYER) only")
        return VeilleeObserver(self.encoder)


class VeilleeSkyjoGame(VeilleeSpielGame):
    short_name = "veillee_skyjo"


class VeilleeSoonGame(VeilleeSpielGame):
    short_name = "veillee_soon"


class VeilleeSorryGame(VeilleeSpielGame):
    short_name = "veillee_sorry"


class VeilleeSoupconsGame(VeilleeSpielGame):
    short_name = "veillee_soupcons"


_CLASSES: dict[str, type[VeilleeSpielGame]] = {
    cls.short_name: cls for cls in (VeilleeSkyjoGame, VeilleeSoonGame, VeilleeSorryGame, VeilleeSoupconsGame)
}


class _Match:
    """Holds a state's match; copying it clones the match (OpenSpiel's ``Clone`` deep-copies attributes)."""

    __slots__ = ("match",)

    def __init__(self, match: GameState[Any] | None) -> None:
        self.match = match

    def __deepcopy__(self, memo: dict[int, Any]) -> _Match:
        return _Match(None if self.match is None else self.match.clone())

    def __getstate__(self) -> GameState[Any] | None:
        return self.match

    def __setstate__(self, match: GameState[Any] | None) -> None:
        self.match = match


class VeilleeSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """A match as an OpenSpiel state. The match is dealt when first used, so that ``Clone`` (which makes a
    new initial state, then copies attributes) draws no seed from the game's stream."""

    def __init__(self, game: VeilleeSpielGame, match: GameState[Any] | None = None) -> None:
        super().__init__(game)
        self._holder = _Match(match)
        self._length = 0
        self._truncated = False

    @property
    def match(self) -> GameState[Any]:
        """The veillée state (for bots and tests; OpenSpiel sees only this class's methods)."""
        if self._holder.match is None:
            self._holder.match = self._game().new_match()
        return self._holder.match

    def _game(self) -> VeilleeSpielGame:
        # Not kept in an attribute: OpenSpiel copies (Clone) and pickles (Serialize) every attribute.
        game: VeilleeSpielGame = self.get_game()
        return game

    def current_player(self) -> int:
        match = self.match
        if match.is_over or self._truncated:
            return int(pyspiel.PlayerId.TERMINAL)
        assert match.to_act is not None
        return match.to_act

    def _legal_actions(self, player: int) -> list[int]:
        match = self.match
        if player != match.to_act or self._truncated:
            return []
        index = match.codec.index
        return sorted(index(action) for action in match.legal_actions())

    def _apply_action(self, action: int) -> None:
        match = self.match
        match.apply(match.action_from_index(int(action)))
        self._length += 1
        if not match.is_over and self._length >= self._game().max_length:
            self._truncated = True

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.match.action_from_index(int(action)))

    def is_terminal(self) -> bool:
        return self.match.is_over or self._truncated

    def returns(self) -> list[float]:
        match = self.match
        if match.is_over:
            return [float(r) for r in match.result().returns]
        return [0.0] * match.num_players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> VeilleeSpielState:
        """A state ``player_id`` cannot tell from this one: every card hidden from it dealt anew."""
        rng = random.Random(int(probability_sampler() * 2**53))
        world = VeilleeSpielState(self._game(), self.match.determinize(int(player_id), rng))
        world._length = self._length
        return world

    def __str__(self) -> str:
        match = self.match
        return json.dumps({"seed": match.seed, "actions": len(match.history), "table": match.view(None)})


class VeilleeObserver:
    """OpenSpiel's Python observer: ``tensor`` (and its named blocks in ``dict``) and a string, per seat."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.size, dtype=np.float32)
        self.dict = {
            block.name: self.tensor[block.offset : block.offset + block.size].reshape(block.shape)
            for block in encoder.layout.blocks
        }

    def set_from(self, state: VeilleeSpielState, player: int) -> None:
        self.tensor[:] = self.encoder.encode(state.match, int(player))

    def string_from(self, state: VeilleeSpielState, player: int) -> str:
        return json.dumps(state.match.view(int(player)), sort_keys=True)


def register() -> None:
    """Register the four games with OpenSpiel (idempotent).

    Each game is registered as a class (``VeilleeSoonGame``...): OpenSpiel keeps the factory until the
    interpreter exits, and a plain closure kept there crashes that exit ("PyThreadState_Get: the function must
    be called with the GIL held"), while a class is released cleanly, as OpenSpiel's own Python games are.
    """
    registered = set(pyspiel.registered_names())
    for short_name in GAMES:
        if short_name not in registered:
            pyspiel.register_game(_game_type(short_name), _CLASSES[short_name])


def ismcts_bot(
    game: VeilleeSpielGame, *, simulations: int = 100, uct_c: float = 1.5, rollouts: int = 1, seed: int = 0
) -> Any:
    """OpenSpiel's Python IS-MCTS bot (random-rollout evaluation) on one of our games, ready for
    ``evaluate_bots``: each search resamples the hidden cards through ``resample_from_infostate``.

    OpenSpiel's Python ``ISMCTSBot`` lacks ``restart_at`` and ``inform_action``, which ``evaluate_bots``
    calls; this subclass adds them (the search keeps no state between moves, so there is nothing to do).
    """
    from open_spiel.python.algorithms import ismcts, mcts

    class _Bot(ismcts.ISMCTSBot):  # type: ignore[misc]
        def restart_at(self, state: Any) -> None:
            self.reset()

        def inform_action(self, state: Any, player_id: int, action: int) -> None:
            pass

    evaluator = mcts.RandomRolloutEvaluator(rollouts, np.random.RandomState(seed))
    return _Bot(game, evaluator, uct_c, simulations, random_state=np.random.RandomState(seed + 1))
