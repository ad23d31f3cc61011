"""The ``expert`` level's network at play time: a small policy/value MLP run with numpy (no PyTorch).

Weights live in one ``.npz`` per game and player count (``veillee/expert/weights/<game>-<players>p.npz``),
written by ``veillee train`` (``veillee.expert.train``, which needs the ``train`` extra). Besides the arrays,
a file records what the network was trained on, so that weights are never silently applied to a game they
do not fit:

* ``rules_version``: the game state's ``rules_version`` (bumped when a rule or the action codec changes);
* ``obs_size`` and ``layout_hash``: the observation vector's length and a hash of its layout (block names,
  shapes and order, ``veillee.rl.encoders``), so a reordered block with the same length is caught too;
* ``actions``: the number of distinct actions (the policy head's width).

``check`` compares them with a state and raises ``WeightsMismatch`` naming what differs; the bot then plays
``hard`` instead, with a warning (``veillee.expert.bot``).

The architecture (``forward``): observation -> ``hidden`` ReLU -> ``hidden`` ReLU, then a policy head (one
logit per distinct action, masked to the legal ones by the caller) and a value head (one sigmoid per seat,
relative to the observer: entry 0 is the observer, 1 the next seat...), whose targets are
``terminal_values`` (1 for a win, a tenth for a better rank).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from veillee.core import GameState
from veillee.rl.encoders import Encoder, state_encoder

__all__ = [
    "FORMAT",
    "WEIGHTS_DIR",
    "Network",
    "WeightsMismatch",
    "check",
    "layout_hash",
    "load",
    "shipped",
    "untrained",
    "weights_path",
    "write",
]

FORMAT = 1
"""The ``.npz`` layout's own version (the arrays and metadata keys this module reads)."""

WEIGHTS_DIR = Path(__file__).with_name("weights")
"""Where the package's trained weights are (``<game>-<players>p.npz``)."""

ARRAYS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")

Floats = npt.NDArray[np.float32]


class WeightsMismatch(ValueError):
    """Weights that do not fit the game they are asked to play (another rules version, observation layout,
    action count or player count), or a file that is not weights at all."""


def layout_hash(encoder: Encoder) -> str:
    """A short hash of the observation layout: every block's name and shape, in order, and the length."""
    blocks = [[b.name, list(b.shape)] for b in encoder.layout.blocks]
    text = json.dumps({"game": encoder.game, "size": encoder.size, "blocks": blocks}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Network:
    """Loaded weights (float32) and what they were trained on."""

    arrays: dict[str, Floats]
    meta: dict[str, Any]

    @property
    def players(self) -> int:
        return int(self.meta["players"])

    def forward(self, x: Floats) -> tuple[Floats, Floats]:
        """Logits ``(batch, actions)`` and per-relative-seat values in [0, 1] ``(batch, players)``."""
        a = self.arrays
        h = np.maximum(x @ a["w1"] + a["b1"], 0.0)
        h = np.maximum(h @ a["w2"] + a["b2"], 0.0)
        logits = h @ a["wp"] + a["bp"]
        values = 1.0 / (1.0 + np.exp(-(h @ a["wv"] + a["bv"])))
        return logits, values

    def value(self, x: Floats) -> Floats:
        """Only the value head (what the search asks at every leaf: the policy head is the costlier one)."""
        a = self.arrays
        h = np.maximum(x @ a["w1"] + a["b1"], 0.0)
        h = np.maximum(h @ a["w2"] + a["b2"], 0.0)
        out: Floats = 1.0 / (1.0 + np.exp(-(h @ a["wv"] + a["bv"])))
        return out


def weights_path(game: str, players: int) -> Path:
    """The shipped weights' file for ``game`` at ``players`` seats (it may not exist)."""
    return WEIGHTS_DIR / f"{game}-{players}p.npz"


def read(path: Path) -> Network:
    """Load a weights file; raises ``WeightsMismatch`` for a file that is not one (or of another format)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            arrays = {name: np.asarray(data[name], dtype=np.float32) for name in ARRAYS}
    except FileNotFoundError:
        raise
    except (KeyError, ValueError, OSError) as exc:
        raise WeightsMismatch(f"{path} is not an expert weights file: {exc}") from None
    if meta.get("format") != FORMAT:
        raise WeightsMismatch(f"{path} has weights format {meta.get('format')!r}; this version reads {FORMAT}")
    return Network(arrays, meta)


def check(network: Network, state: GameState[Any]) -> None:
    """Raise ``WeightsMismatch`` if ``network`` was not trained on ``state``'s game as it is now."""
    meta = network.meta
    encoder = state_encoder(state)
    expected = {
        "game": state.game_name,
        "players": state.num_players,
        "rules_version": state.rules_version,
        "obs_size": encoder.size,
        "layout_hash": layout_hash(encoder),
        "actions": len(state.codec),
    }
    wrong = [
        f"{key} {meta.get(key)!r} (the game now has {value!r})"
        for key, value in expected.items()
        if meta.get(key) != value
    ]
    if wrong:
        raise WeightsMismatch(f"the {state.game_name} expert weights do not fit this game: " + "; ".join(wrong))


@lru_cache(maxsize=16)
def _shipped(game: str, players: int) -> Network:
    return read(weights_path(game, players))


def shipped(state: GameState[Any]) -> Network:
    """The package's weights for ``state``'s game and player count, checked against it (cached per file).

    Raises ``FileNotFoundError`` when none were shipped for that game and player count, ``WeightsMismatch``
    when they do not fit."""
    network = _shipped(state.game_name, state.num_players)
    check(network, state)
    return network


def untrained(state: GameState[Any], *, hidden: int = 16, seed: int = 0) -> Network:
    """Random weights that fit ``state``'s game (tests, and the shape of what ``veillee train`` starts from)."""
    encoder = state_encoder(state)
    rng = np.random.default_rng(seed)
    actions, players = len(state.codec), state.num_players
    shapes = {
        "w1": (encoder.size, hidden),
        "b1": (hidden,),
        "w2": (hidden, hidden),
        "b2": (hidden,),
        "wp": (hidden, actions),
        "bp": (actions,),
        "wv": (hidden, players),
        "bv": (players,),
    }
    arrays = {name: (rng.standard_normal(shape) * 0.1).astype(np.float32) for name, shape in shapes.items()}
    meta = {
        "format": FORMAT,
        "game": state.game_name,
        "players": players,
        "rules_version": state.rules_version,
        "obs_size": encoder.size,
        "layout_hash": layout_hash(encoder),
        "actions": actions,
    }
    return Network(arrays, meta)


def write(network: Network, path: str | Path) -> None:
    """Save ``network`` as the ``.npz`` that ``read`` loads (compressed float32 arrays and JSON metadata),
    through a temporary file so that a reader never sees half a file."""
    target = Path(path)
    arrays = {name: network.arrays[name].astype(np.float32) for name in ARRAYS}
    tmp = target.with_name(target.name + ".tmp.npz")
    np.savez_compressed(tmp, meta=np.array(json.dumps(network.meta, sort_keys=True)), **arrays)  # type: ignore[arg-type]
    tmp.replace(target)


def load(path: str | Path) -> Network:
    """Weights from any file (``veillee train``'s output, a test's)."""
    return read(Path(path))
