"""The encoder framework: a game's observation vector laid out as named blocks, filled from a seat's view.

An encoder is built once per game, player count and options (``Encoder(players, options)``): it lays out its
blocks (``Layout``), which fixes the vector's length, and then turns a state into that seat's vector
(``encode``). The layout is data, so ``docs/rl.md`` and the tests read the same description the code uses.

Every encoder reads only ``state.seat_view(seat)`` (or, for a game without a typed view yet, its JSON
``state.view(seat)``): what that seat may know, nothing else. So "the vector leaks no hidden card" follows
from the views' own no-leak guarantee, and ``tests/rl`` checks it again with ``determinize``.

Conventions, the same in every game:

* seats are **relative** to the observer: block entry 0 is the observer, 1 the next seat in seat order...
  so one policy serves every seat;
* a card multiset is a count per card kind divided by that kind's copies in the box (0..1);
* a seat that may be absent ("nobody has triggered the end") is a one-hot over ``players + 1`` entries,
  the last one meaning "none";
* numbers are scaled into ``[-1, 1]`` by a fixed scale written in the layout, and clipped there, so every
  vector lies in the observation space ``Box(-1, 1)``.

For speed an encoder collects ``(index, value)`` pairs in two Python lists and writes them into a zeroed
float32 array in one numpy assignment: one-hot blocks cost one append per set entry.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from veillee.core import JSON, GameState

__all__ = ["Block", "Encoder", "Layout", "Vector"]

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class Block:
    """A named slice of the vector: ``shape`` entries from ``offset`` (row-major), described in English."""

    name: str
    offset: int
    shape: tuple[int, ...]
    description: str

    @property
    def size(self) -> int:
        size = 1
        for dim in self.shape:
            size *= dim
        return size


class Layout:
    """The blocks of one vector, in order; ``size`` is the vector's length."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.size = 0

    def add(self, name: str, shape: int | Sequence[int], description: str) -> int:
        """Append a block and return its offset."""
        dims = (shape,) if isinstance(shape, int) else tuple(shape)
        block = Block(name, self.size, dims, description)
        self.blocks.append(block)
        self.size += block.size
        return block.offset

    def block(self, name: str) -> Block:
        for block in self.blocks:
            if block.name == name:
                return block
        raise KeyError(name)

    def markdown(self) -> str:
        """The layout as a Markdown table (what ``docs/rl.md`` shows)."""
        lines = ["| block | offset | shape | what |", "|---|---|---|---|"]
        for b in self.blocks:
            shape = " × ".join(map(str, b.shape))
            lines.append(f"| `{b.name}` | {b.offset} | {shape} | {b.description} |")
        lines.append(f"| (total) | | {self.size} | |")
        return "\n".join(lines)


class Encoder(ABC):
    """One game's observation encoder for one player count and set of options (normalised, as
    ``state.options`` holds them)."""

    game: str = ""

    def __init__(self, players: int, options: JSON) -> None:
        self.players = players
        self.options = dict(options)
        self.layout = Layout()
        self.build(self.layout)
        self.size = self.layout.size

    @abstractmethod
    def build(self, layout: Layout) -> None:
        """Lay out the blocks (and keep their offsets on ``self``)."""

    @abstractmethod
    def fill(self, state: GameState[Any], seat: int, idx: list[int], val: list[float]) -> None:
        """Append the ``(index, value)`` pairs of ``seat``'s vector, read from its view only."""

    def encode(self, state: GameState[Any], seat: int) -> Vector:
        """``seat``'s observation of ``state``: a fresh float32 vector of ``self.size`` entries."""
        idx: list[int] = []
        val: list[float] = []
        self.fill(state, seat, idx, val)
        out = np.zeros(self.size, dtype=np.float32)
        if idx:
            out[idx] = val
        return out


def scaled(value: float, scale: float) -> float:
    """``value / scale`` clipped into ``[-1, 1]``."""
    x = value / scale
    return 1.0 if x > 1.0 else -1.0 if x < -1.0 else x
