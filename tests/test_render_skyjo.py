"""Skyjo's terminal presentation over random match prefixes: every legal action has a unique menu
path, every event narrates, screens fit 80×24, and no text shows a card hidden from its seat."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.markup import render as parse_markup

import veillee
from veillee.core.present import plain
from veillee.games.skyjo import render

GAME = "skyjo"
NAMES = ["Gaëlle", "Bruno", "Chloé", "David", "Emma", "Félix", "Alice", "Hugo"]
LANGS = ("fr", "en")
INFO = veillee.game_info(GAME)


def _lines_ok(lines: list[str]) -> None:
    assert len(lines) <= 14, lines
    for line in lines:
        parse_markup(line)  # balanced, known tags
        assert len(plain(line)) <= 78, plain(line)
        assert "[" not in plain(line), line


def _check_state(state: Any, names: list[str]) -> None:
    """Screens of every seat, and the menu of the seat to act, in both languages."""
    for lang in LANGS:
        for seat in [None, *range(state.num_players)]:
            _lines_ok(render.screen(state.view(seat), names, lang))
        if state.is_over:
            continue
        view = state.view(state.to_act)
        paths = [render.choice_path(a, view, names, lang) for a in state.legal_actions()]
        assert len(set(paths)) == len(paths), paths
        for path in paths:
            assert path and all(plain(step).strip() for step in path), path
            for step in path:  # a menu shows one step at a time (or a folded chain of single choices)
                parse_markup(step)
                assert len(plain(step)) <= 72, path
            assert not any(other[: len(path)] == path for other in paths if other != path), path


def _check_events(state: Any, names: list[str]) -> None:
    """Every event narrates for every seat; a seat's text differs from the spectator's only for its own cards."""
    public = state.events(None)
    for seat in range(state.num_players):
        for mine, theirs in zip(state.events(seat), public, strict=True):
            for lang in LANGS:
                text = render.narrate(mine, seat, names, lang)
                parse_markup(text)
                assert text.strip() and "{" not in text and "'type'" not in text, text
                if mine == theirs:
                    assert text == render.narrate(theirs, seat, names, lang)
                else:
                    assert mine["type"] == "deal" or mine.get("seat") == seat, (mine, seat)


def _check_hidden(state: Any, names: list[str], rng: random.Random) -> None:
    """Dealing the hidden cards anew changes nothing a seat reads: its screen shows only what it knows."""
    for seat in range(state.num_players):
        world = state.determinize(seat, rng)
        for lang in LANGS:
            assert render.screen(world.view(seat), names, lang) == render.screen(state.view(seat), names, lang)


def _play(players: int, seed: int, options: dict[str, Any], steps: int, every: int) -> None:
    state = veillee.new_game(GAME, players, seed, **options)
    rng = random.Random(seed)
    names = NAMES[:players]
    for step in range(steps):
        if step % every == 0 or state.is_over:
            _check_state(state, names)
            _check_hidden(state, names, rng)
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    _check_state(state, names)
    _check_events(state, names)


@pytest.mark.parametrize("variant", range(len(INFO.variants)))
@pytest.mark.parametrize("players", range(INFO.min_players, INFO.max_players + 1))
def test_whole_random_matches_read_well(players: int, variant: int) -> None:
    for seed in range(1 if players > 4 else 2):
        _play(players, seed, dict(INFO.variants[variant]), steps=700, every=11)


@given(
    players=st.integers(INFO.min_players, INFO.max_players),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 250),
)
def test_random_match_prefixes(players: int, seed: int, steps: int) -> None:
    _play(players, seed, {}, steps=steps, every=max(1, steps // 5))
