"""Sorry!'s inlined shuffle deals exactly what ``random.Random.shuffle`` deals: records and golden files rest on it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from veillee.games.sorry.piles import shuffle


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), size=st.integers(min_value=0, max_value=93))
def test_same_permutation_as_random_shuffle(seed: int, size: int) -> None:
    ours = list(range(size))
    theirs = list(range(size))
    shuffle(random.Random(seed), ours)  # type: ignore[arg-type]
    random.Random(seed).shuffle(theirs)
    assert ours == theirs


def test_every_size_and_many_seeds() -> None:
    for size in range(94):
        for seed in range(40):
            ours, theirs = list(range(size)), list(range(size))
            shuffle(random.Random(seed), ours)  # type: ignore[arg-type]
            random.Random(seed).shuffle(theirs)
            assert ours == theirs, (size, seed)
