"""Soupçons's terminal presentation over random match prefixes: every legal action has a unique menu
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
from veillee.games.soupcons import render

GAME = "soupcons"
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
                    assert mine["type"] == "deal" or seat in (mine.get("seat"), mine.get("from")), (mine, seat)


def _check_hidden(state: Any, names: list[str], rng: random.Random) -> None:
    """Dealing the hidden cards anew changes nothing a seat reads: its screen shows only what it knows; and
    no screen names a card the seat never held (the only cards it may name)."""
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
    for seed in range(3):
        _play(players, seed, dict(INFO.variants[variant]), steps=2000, every=7)


@given(
    players=st.integers(INFO.min_players, INFO.max_players),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 300),
)
def test_random_match_prefixes(players: int, seed: int, steps: int) -> None:
    _play(players, seed, {}, steps=steps, every=max(1, steps // 5))


def test_sentences_read_as_french() -> None:
    names = ["Bruno", "Alice", "Chloé"]
    offer = {"type": "offer", "seat": 0, "to": 1, "claim": "S", "number": 1}
    assert plain(render.narrate(offer, 2, names, "fr")) == "Bruno propose une carte à Alice en annonçant « Serpent »."
    mine = {**offer, "card": "4"}
    assert plain(render.narrate(mine, 0, names, "fr")).endswith("« Serpent » (en vrai : 4).")
    accept = {"type": "accept", "seat": 1, "from": 0, "forced": True}
    assert plain(render.narrate(accept, 2, names, "fr")) == "Alice prend la carte imposée."
    assert plain(render.narrate({"type": "effect", "effect": "day", "value": 3}, 2, names, "fr")) == (
        "La carte 3 passe côté Jour."
    )
    end = {"type": "end", "camp": "serpents", "winners": [0, 2]}
    assert plain(render.narrate(end, 2, names, "fr")) == (
        "Il ne reste qu'une carte, côté Nuit : les Serpents gagnent (Bruno et Chloé) !"
    )


def test_offers_are_a_card_then_a_claim_marked_true_or_bluff() -> None:
    state = veillee.new_game(GAME, 3, 4, first_player=0)
    state.apply(state.legal_actions()[0])  # choose
    view = state.view(0)
    paths = [tuple(plain(p) for p in render.choice_path(a, view, NAMES, "fr")) for a in state.legal_actions()]
    hand = view["hand"]
    assert {p[0] for p in paths} == {"Proposer ton Serpent" if c == "S" else f"Proposer ton {c}" for c in hand}
    for action, path in zip(state.legal_actions(), paths, strict=True):
        assert path[1].endswith("(vrai)") == (action.card == action.claim)
