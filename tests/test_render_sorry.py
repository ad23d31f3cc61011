"""sorry presentation: game-specific sentences and menus (generic checks: tests/test_presentations.py)."""

from __future__ import annotations

import veillee
from veillee.core.present import plain
from veillee.games.sorry import render

GAME = "sorry"
NAMES = ["Gaëlle", "Bruno", "Chloé", "David", "Emma", "Félix", "Alice", "Hugo"]
LANGS = ("fr", "en")
INFO = veillee.game_info(GAME)


def test_french_names_and_sentences() -> None:
    names = NAMES[:2]
    assert plain(render.card("TAKE2", "fr")) == "Pigez-en 2"
    assert plain(render.card("DONT", "fr")) == "SORRY! Pas vraiment…"
    assert plain(render.card("SLIDE15", "fr")) == "Glissade 15"
    assert plain(render.card("REVERSE", "fr")) == "Changement de direction"
    event = {"type": "play", "seat": 1, "card": "SLIDE15", "total": 15}
    assert plain(render.narrate(event, 0, names, "fr")) == "Bruno joue la carte Glissade 15 : le total passe à 15."
    event = {"type": "steal", "seat": 0, "against": 1}
    assert plain(render.narrate(event, 0, names, "fr")) == "Gaëlle dit SORRY! et vole le 21 de Bruno !"
    assert plain(render.narrate(event, 0, ["Bruno", "Émile"], "fr")) == "Bruno dit SORRY! et vole le 21 d'Émile !"
    assert plain(render.narrate(event, 0, ["Bruno", "Émile"], "en")) == "Bruno says SORRY! and steals Émile's 21!"


def test_menus_show_what_a_card_does_to_the_total() -> None:
    state = veillee.new_game(GAME, 2, 1, deck=["4", "10", "SLIDE21", "TAKE2", "3"])
    seat = state.to_act
    view = state.seat_view(seat)
    paths = {str(a): plain(render.choice_path(a, view, NAMES, "fr")[0]) for a in state.legal_actions()}
    if seat == 0:
        assert paths["play 10"] == "Jouer le 10 (total 0 → 10)"
        assert paths["play SLIDE21"] == "Jouer la carte Glissade 21 (total 0 → 21 pile !)"


def test_dead_card_menus_fit() -> None:
    from veillee.games.sorry.actions import DEAD

    state = veillee.new_game(GAME, 2, 1, deck=["STEAL", "STEAL", "DONT", "PLAY2", "SORRY"], first_player=0)
    view = state.seat_view(0)
    for lang in LANGS:
        paths = [render.choice_path(action, view, NAMES, lang) for action in DEAD.values()]
        assert len(set(paths)) == len(paths) and all(len(p) == 1 and len(plain(p[0])) <= 72 for p in paths)
