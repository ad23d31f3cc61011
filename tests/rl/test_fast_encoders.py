"""The fast observation path (``Encoder.encode``: the state read directly, bytes from tables and caches) equals
the straightforward one (``Encoder.reference``: built from ``state.seat_view(seat)``) exactly, and the cached
action masks equal the plain ones: at every step of random seeded play, for every seat, every game and every
player count, with default and short options, in determinized worlds too (whose hidden cards, and for
Soupçons whose past exchanges, differ from the match the caches saw last)."""

from __future__ import annotations

import pickle
import random
import sys
import threading

import pytest

np = pytest.importorskip("numpy")
hypothesis = pytest.importorskip("hypothesis")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import veillee  # noqa: E402
from rl.rl_helpers import CASES, SHORT  # noqa: E402
from veillee.rl.actions import MaskCache, legal_mask  # noqa: E402
from veillee.rl.encoders import Encoder, state_encoder  # noqa: E402
from veillee.rl.options import unattended  # noqa: E402

STEPS = 120
"""Decisions checked per example: enough to reach rebuilt piles, Action cards and histories, and lean."""


def _same(encoder: Encoder, state: veillee.GameState, seat: int) -> None:  # type: ignore[type-arg]
    fast, slow = encoder.encode(state, seat), encoder.reference(state, seat)
    assert fast.dtype == np.float32 and fast.shape == (encoder.size,) and fast.flags.writeable
    if not np.array_equal(fast, slow):
        wrong = int(np.flatnonzero(fast != slow)[0])
        block = next(b for b in encoder.layout.blocks if b.offset <= wrong < b.offset + b.size)
        raise AssertionError(
            f"{state.game_name} seat {seat}: entry {wrong} ({block.name}) {fast[wrong]} != {slow[wrong]}"
        )


@pytest.mark.parametrize(("game", "players"), CASES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), short=st.booleans(), skip=st.integers(0, 400))
def test_fast_observation_and_mask_equal_the_reference_at_every_step(
    game: str, players: int, seed: int, short: bool, skip: int
) -> None:
    options = unattended(game, dict(SHORT[game]) if short else {})
    state = veillee.new_game(game, players, seed, **options)
    encoder = state_encoder(state)
    masks = MaskCache(state.codec.actions)
    rng = random.Random(seed)
    for _ in range(skip):  # start anywhere in a match (late rounds, rebuilt piles, long histories)
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    for step in range(STEPS):
        for seat in range(players):
            _same(encoder, state, seat)
        if state.is_over:
            break
        plain = np.zeros(state.num_distinct_actions, dtype=np.int8)
        legal_mask(state, plain)
        assert np.array_equal(masks.mask(state), plain)
        if step % 15 == 0:  # a world drawn for one seat: every seat's vector of it, hidden cards changed
            world = state.determinize(rng.randrange(players), rng)
            for seat in range(players):
                _same(encoder, world, seat)
        state.apply(rng.choice(state.legal_actions()))


def test_the_fast_vectors_are_fresh_arrays() -> None:
    """An agent may keep or change an observation: the next one must not share its memory."""
    state = veillee.new_game("sorry", 2, 3)
    encoder = state_encoder(state)
    first = encoder.encode(state, 0)
    first[:] = 0.5
    assert np.array_equal(encoder.encode(state, 0), encoder.reference(state, 0))
    masks = MaskCache(state.codec.actions)
    mask = masks.mask(state)
    mask[:] = 0
    assert masks.mask(state).any()


def test_one_encoder_shared_by_threads_and_pickled_stays_exact() -> None:
    """Encoders are shared by every environment and bot of a process (``encoder_for``), Soupçons' history
    summaries are extended in place: threads playing other matches through the same encoder, and a copy
    sent to another process (pickled, as vector environments do), must still give the reference vectors."""
    errors: list[str] = []

    def play(seed: int) -> None:
        state = veillee.new_game("soupcons", 4, seed, round_cap=6)
        encoder = state_encoder(state)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in range(4):
                if not np.array_equal(encoder.encode(state, seat), encoder.reference(state, seat)):
                    errors.append(f"seed {seed} seat {seat}")
            state.apply(rng.choice(state.legal_actions()))

    threads = [threading.Thread(target=play, args=(seed,)) for seed in (1, 2, 3)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as CPython can: inside encodes, not between them
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert not errors
    state = veillee.new_game("soupcons", 4, 9, round_cap=6)
    copy = pickle.loads(pickle.dumps(state_encoder(state)))
    assert np.array_equal(copy.encode(state, 2), state_encoder(state).reference(state, 2))


@pytest.mark.parametrize("seed", [4, 5])
def test_soupcons_summaries_follow_a_searchs_leaves(seed: int) -> None:
    """``expert`` encodes a search's leaves one after another (sampled worlds, moves raced from one
    decision, rollouts): histories that part and come back, on which Soupçons' summary must start over or
    extend correctly; every leaf, the decision itself and an earlier state give the reference vectors."""
    state = veillee.new_game("soupcons", 3, seed, round_cap=20)
    rng = random.Random(seed)
    earlier = state.clone()
    for step in range(40):
        if step == 15:
            earlier = state.clone()
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act
    assert seat is not None and not state.is_over
    encoder = state_encoder(state)
    checked = 0
    for _ in range(4):
        world = state.determinize(seat, rng)
        for action in [*world.legal_actions()[:3], *world.legal_actions()[:1]]:
            leaf = world.clone()
            leaf.apply(action)
            for _ in range(rng.randrange(0, 30)):
                if leaf.is_over:
                    break
                leaf.apply(rng.choice(leaf.legal_actions()))
            _same(encoder, leaf, seat)
            checked += 1
        _same(encoder, world, seat)
    _same(encoder, earlier, seat)
    _same(encoder, state, seat)
    assert checked >= 8
