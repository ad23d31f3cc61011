"""Seeded random streams: all randomness of a match flows from its seed.

There is no module-level RNG anywhere in veillée. A state keeps its seed and derives an independent,
named stream for each random event (``derive(seed, "round", 2, "deal")``), so that a record made of the seed
and the actions replays identically, whatever else touches Python's global ``random``.
"""

from __future__ import annotations

import hashlib
import random

__all__ = ["derive", "derive_seed"]


def derive_seed(seed: int, *salt: str | int) -> int:
    """A 64-bit seed for the stream named ``salt`` under ``seed``; stable across runs and platforms."""
    text = "/".join([str(seed), *map(str, salt)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def derive(seed: int, *salt: str | int) -> random.Random:
    """An independent ``random.Random`` for the stream named ``salt`` under ``seed``.

    >>> derive(7, "deal").random() == derive(7, "deal").random()
    True
    >>> derive(7, "deal").random() == derive(7, "reshuffle", 1).random()
    False
    """
    return random.Random(derive_seed(seed, *salt))
