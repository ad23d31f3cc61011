"""soupcons presentation: game-specific sentences and menus (generic checks: tests/test_presentations.py)."""

from __future__ import annotations

import veillee
from veillee.core.present import plain
from veillee.games.soupcons import render

GAME = "soupcons"
NAMES = ["Gaëlle", "Bruno", "Chloé", "David", "Emma", "Félix", "Alice", "Hugo"]
LANGS = ("fr", "en")
INFO = veillee.game_info(GAME)


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
    view = state.seat_view(0)
    paths = [tuple(plain(p) for p in render.choice_path(a, view, NAMES, "fr")) for a in state.legal_actions()]
    hand = [str(card) for card in view.hand or ()]
    assert {p[0] for p in paths} == {"Proposer ton Serpent" if c == "S" else f"Proposer ton {c}" for c in hand}
    for action, path in zip(state.legal_actions(), paths, strict=True):
        assert path[1].endswith("(vrai)") == (action.card == action.claim)
