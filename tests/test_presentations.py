"""Every game's words for front-ends (``veillee.core.present``), checked over random matches: every legal
action has a unique menu path, every event narrates, screens fit 80×24, and no text depends on a card hidden
from its seat. Game-specific sentences are tested in ``tests/test_render_<game>.py``."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.markup import render as parse_markup

import veillee
from veillee.core.present import Presentation, load_presentation, plain, presentable

NAMES = ["Gaëlle", "Bruno", "Chloé", "David", "Emma", "Félix", "Alice", "Hugo"]
LANGS = ("fr", "en")
GAMES = [name for name in veillee.game_names() if veillee.game_info(name).presentation]
BUDGET = {"skyjo": (2, 700, 11), "soon": (2, 1500, 13)}
"""Per game: (seeds, decisions, check every n decisions) of the whole-match test; default (3, 2000, 7)."""


def _typed(state: Any, seat: int | None) -> Any:
    """The view a presentation reads, read back from its JSON as a front-end would."""
    return presentable(veillee.game_info(state.game_name).view, state.view(seat))


def _lines_ok(lines: list[str]) -> None:
    assert len(lines) <= 14, lines
    for line in lines:
        parse_markup(line)  # balanced, known tags
        assert len(plain(line)) <= 78, plain(line)
        assert "[" not in plain(line), line


def _check_state(present: Presentation, state: Any, names: list[str]) -> None:
    """Screens of every seat, and the menu of the seat to act, in both languages."""
    for lang in LANGS:
        for seat in [None, *range(state.num_players)]:
            _lines_ok(present.screen(_typed(state, seat), names, lang))
        if state.is_over:
            continue
        view = _typed(state, state.to_act)
        paths = [present.choice_path(a, view, names, lang) for a in state.legal_actions()]
        assert len(set(paths)) == len(paths), paths
        for path in paths:
            assert path and all(plain(step).strip() for step in path), path
            for step in path:  # a menu shows one step at a time (or a folded chain of single choices)
                parse_markup(step)
                assert len(plain(step)) <= 72, path
            assert not any(other[: len(path)] == path for other in paths if other != path), path


def _check_events(present: Presentation, state: Any, names: list[str]) -> None:
    """Every event narrates for every seat; a seat's text differs from the spectator's only for its own
    cards (events it took part in)."""
    public = state.events(None)
    for seat in range(state.num_players):
        for mine, theirs in zip(state.events(seat), public, strict=True):
            for lang in LANGS:
                text = present.narrate(mine, seat, names, lang)
                parse_markup(text)
                assert text.strip() and "{" not in text and "'type'" not in text, text
                if mine == theirs:
                    assert text == present.narrate(theirs, seat, names, lang)
                else:
                    assert mine["type"] == "deal" or seat in (mine.get("seat"), mine.get("from")), (mine, seat)


def _check_hidden(present: Presentation, state: Any, names: list[str], rng: random.Random) -> None:
    """Dealing the hidden cards anew changes nothing a seat reads: its screen shows only what it knows."""
    for seat in range(state.num_players):
        world = state.determinize(seat, rng)
        for lang in LANGS:
            assert present.screen(_typed(world, seat), names, lang) == present.screen(_typed(state, seat), names, lang)


def _play(game: str, players: int, seed: int, options: dict[str, Any], steps: int, every: int) -> None:
    present = load_presentation(veillee.game_info(game).presentation)
    state = veillee.new_game(game, players, seed, **options)
    rng = random.Random(seed)
    names = NAMES[:players]
    for step in range(steps):
        if step % every == 0 or state.is_over:
            _check_state(present, state, names)
            _check_hidden(present, state, names, rng)
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    _check_state(present, state, names)
    _check_events(present, state, names)


CASES = [
    pytest.param(game, players, variant, id=f"{game}-{players}p-v{variant}")
    for game in GAMES
    for players in veillee.game_info(game).player_counts
    for variant in range(len(veillee.game_info(game).variants))
]


@pytest.mark.parametrize(("game", "players", "variant"), CASES)
def test_whole_random_matches_read_well(game: str, players: int, variant: int) -> None:
    seeds, steps, every = BUDGET.get(game, (3, 2000, 7))
    options = dict(veillee.game_info(game).variants[variant])
    for seed in range(1 if players > 4 else seeds):
        _play(game, players, seed, options, steps=steps, every=every)


@pytest.mark.parametrize("game", GAMES)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 250), extra=st.integers(0, 7))
def test_random_match_prefixes(game: str, seed: int, steps: int, extra: int) -> None:
    info = veillee.game_info(game)
    players = info.min_players + extra % (info.max_players - info.min_players + 1)
    _play(game, players, seed, {}, steps=steps, every=max(1, steps // 5))


def test_every_registered_game_has_words() -> None:
    assert veillee.game_names() == GAMES
