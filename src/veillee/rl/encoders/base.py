"""The encoder framework: a game's observation vector laid out as named blocks, from what a seat may know.

An encoder is built once per game, player count and options (``Encoder(players, options)``): it lays out its
blocks (``Layout``), which fixes the vector's length, and then turns a state into that seat's vector
(``encode``). The layout is data, so ``docs/rl.md`` and the tests read the same description the code uses.

The reference path reads only ``state.seat_view(seat)``: what that seat may know, nothing else, so "the
vector leaks no hidden card" follows from the views' own no-leak guarantee. The fast path (below) must
equal it exactly, and ``tests/rl`` checks the fast path again with ``determinize``.

Conventions, the same in every game:

* seats are **relative** to the observer: block entry 0 is the observer, 1 the next seat in seat order...
  so one policy serves every seat;
* a card multiset is a count per card kind divided by that kind's copies in the box (0..1);
* a seat that may be absent ("nobody has triggered the end") is a one-hot over ``players + 1`` entries,
  the last one meaning "none";
* numbers are scaled into ``[-1, 1]`` by a fixed scale written in the layout, and clipped there, so every
  vector lies in the observation space ``Box(-1, 1)``.

Two ways to the same vector. ``reference`` is the straightforward one: ``fill`` reads the typed view and
collects ``(index, value)`` pairs, written into a zeroed array in one numpy assignment. ``encode``, what
every environment calls at every step, is the fast one: ``parts`` reads the state itself and returns the
vector as a list of ``bytes`` chunks (native float32), block after block, most of them taken ready-made from
tables built once (a one-hot block is one table look-up, a card multiset one dict look-up keyed by its cards),
joined in C into one buffer that numpy adopts without copying. Reading the state directly skips building the
view, so a fast encoder must mirror the view's redaction rules exactly; ``tests/rl/test_fast_encoders.py``
checks, over random seeded play of every game and player count, that both give the same vector at every step
for every seat, and the ``determinize`` test checks the fast path for leaks on its own.
"""

from __future__ import annotations

import struct
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import truediv
from typing import Any

import numpy as np
import numpy.typing as npt

from veillee.core import JSON, GameState

__all__ = [
    "Block",
    "CountBlock",
    "Encoder",
    "Layout",
    "Vector",
    "clipped_table",
    "floats",
    "one_hots",
    "pack1",
    "pack2",
]

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
        """Append the ``(index, value)`` pairs of ``seat``'s vector, read from its view only (the reference)."""

    @abstractmethod
    def parts(self, state: GameState[Any], seat: int) -> list[bytes]:
        """``seat``'s vector as native float32 ``bytes`` chunks in layout order, read from the state itself
        with the view's redaction rules (the fast path; it must equal ``reference`` exactly)."""

    def encode(self, state: GameState[Any], seat: int) -> Vector:
        """``seat``'s observation of ``state``: a fresh, writable float32 vector of ``self.size`` entries."""
        return np.frombuffer(bytearray().join(self.parts(state, seat)), dtype=np.float32)

    def reference(self, state: GameState[Any], seat: int) -> Vector:
        """The same vector as ``encode``, built the straightforward way from ``state.seat_view(seat)``: the
        specification the fast path is tested against."""
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


_PACKERS: dict[int, Callable[..., bytes]] = {}


def _packer(count: int) -> Callable[..., bytes]:
    packer = _PACKERS[count] = struct.Struct(f"{count}f").pack
    return packer


pack1: Callable[[float], bytes] = struct.Struct("f").pack
"""One float32 as bytes, with no Python frame in between (the hot scalar blocks)."""
pack2: Callable[[float, float], bytes] = struct.Struct("2f").pack


def floats(*values: float) -> bytes:
    """``values`` as native float32 bytes (rounded as numpy rounds a float64 into a float32); the packer of
    each length is compiled once."""
    count = len(values)
    packer = _PACKERS.get(count) or _packer(count)
    return packer(*values)


def one_hots(size: int) -> tuple[bytes, ...]:
    """The ``size + 1`` possible contents of a one-hot block of ``size`` entries: entry ``i`` set (``[i]``),
    and all zero (``[size]``, also ``[-1]``)."""
    out = []
    for i in range(size + 1):
        values = [0.0] * size
        if i < size:
            values[i] = 1.0
        out.append(floats(*values))
    return tuple(out)


class CountBlock:
    """The bytes of a "count per card kind / copies" block for any multiset of cards, cached by the cards.

    Card kinds are small ints (``IntEnum`` members below 256), so the cards' ``bytes`` are the cache key:
    made, hashed and compared in C, far cheaper than a tuple of ints, and counted in C too (``bytes.count``
    per kind). Piles and hands change a card at a time and the same contents come back (a hand seen by
    turns, a discard between two discards), so most calls are one dict look-up; the cache is emptied when it
    grows past ``LIMIT`` entries, which bounds its memory. ``clip``: a count at or above its copies gives
    exactly 1.0 (the reference's ``count / copies if count < copies else 1.0``); without it the plain
    quotient (``count / copies``).
    """

    LIMIT = 4096
    __slots__ = ("cache", "clip", "copies", "kinds")

    def __init__(self, copies: Sequence[float], clip: bool = True) -> None:
        self.copies = [float(c) for c in copies]
        self.kinds = [bytes((kind,)) for kind in range(len(self.copies))]
        self.clip = clip
        self.cache: dict[bytes, bytes] = {}

    def __call__(self, cards: Iterable[int]) -> bytes:
        key = bytes(cards)
        got = self.cache.get(key)
        if got is None:
            got = self._make(key)
        return got

    def _make(self, key: bytes) -> bytes:
        counts: Iterable[int]
        if len(key) < 2 * len(self.kinds):  # a hand: one pass over its few cards
            tally = [0] * len(self.kinds)
            for card in key:
                tally[card] += 1
            counts = tally
        else:  # a long pile: one C count per kind (``bytes.count``) beats a Python pass over every card
            counts = map(key.count, self.kinds)
        if self.clip:
            got = floats(*[c / k if c < k else 1.0 for c, k in zip(counts, self.copies, strict=True)])
        else:
            got = floats(*map(truediv, counts, self.copies))
        if len(self.cache) >= self.LIMIT:
            self.cache.clear()
        self.cache[key] = got
        return got


def clipped_table(scale: float, size: int = 512) -> list[float]:
    """``count / scale if count < scale else 1.0`` for every count below ``size``: clipped quotients of
    small counts as one list look-up each (``map(table.__getitem__, counts)`` runs in C)."""
    return [c / scale if c < scale else 1.0 for c in range(size)]
