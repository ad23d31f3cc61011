"""Soupçons worlds weighted by a giver model (``heuristics/soupcons_worlds.py``, issue 21, seventh pass): the
weights follow the model, read only the seat's view, and the search uses them once a game's module exports
the hook. Soupçons' does not (it measured no gain): the search tests put it there for their duration."""

from __future__ import annotations

import random

import pytest

from games.soupcons.soupcons_helpers import give, play, stacked_game
from veillee.bots import decision_for, ismcts
from veillee.bots.heuristics import soupcons as heuristic
from veillee.bots.heuristics import soupcons_worlds as worlds
from veillee.bots.heuristics import world_weight_for
from veillee.bots.heuristics.soupcons_worlds import (
    FIRST,
    card_category,
    fitted_ratio,
    history_ratio,
    order_ratio,
    world_weight,
)
from veillee.games.soupcons import SoupconsState
from veillee.games.soupcons.cards import Card, Side


def _endgame_answer(offer: str = "3") -> SoupconsState:
    """Seat 2 (the Serpent) answers the first card of seat 0, who holds the 3 (the last Night value), the 5
    (Day, received at its turn) and the 0 (passed in silence by seat 1: the only free card left), all of it
    deducible from seat 2's view (ruling 23). Seat 0 is innocent: the 3 accepted wins for it."""
    state = stacked_game((("1", "2", "3"), ("4", "0"), ("5", "S")))
    give(state, 1, "1")
    give(state, 2, "4")
    give(state, 0, "5")
    give(state, 1, "2")
    give(state, 0, "0")
    play(state, "choose 2", f"offer {offer} as 3")
    assert state.to_act == 2 and state.night == 1
    assert sorted(str(card) for card in [*state.hands[0], state.offered]) == ["0", "3", "5"]
    return state


def test_the_order_ratio_follows_the_giver_model() -> None:
    hand = [Card.MASK_3, Card.MASK_5, Card.MASK_0]
    # A wanted card first: FIRST against 1/3 under the sampler's uniform draw.
    assert order_ratio([Card.MASK_3], hand, Card.MASK_3, None) == pytest.approx(3 * FIRST)
    assert order_ratio([Card.MASK_5], hand, Card.MASK_3, None) == pytest.approx(3 * (1 - FIRST) / 2)
    # A card that wins for the other camp is almost never first; second, as likely as the forced third.
    assert order_ratio([Card.MASK_3], hand, None, Card.MASK_3) < 0.1
    assert order_ratio([Card.MASK_5, Card.MASK_3], hand, None, Card.MASK_3) > 1.0
    # No game-ending card: every order is as likely as the sampler makes it.
    assert order_ratio([Card.MASK_5, Card.MASK_0], hand, None, None) == 1.0


def test_weighted_worlds_put_the_wanted_card_first_as_often_as_the_model_says() -> None:
    state = _endgame_answer()
    view = state.seat_view(2)
    rng = random.Random(5)
    total = first = 0.0
    plain = 0
    for _ in range(600):
        world = state.determinize(2, rng)
        assert isinstance(world, SoupconsState)
        weight = world_weight(view, world)
        total += weight
        first += weight * (world.offered is Card.MASK_3)
        plain += world.offered is Card.MASK_3
    assert 0.27 < plain / 600 < 0.40  # the sampler: uniform among the giver's three cards
    assert first / total == pytest.approx(FIRST, abs=0.05)


@pytest.fixture
def hooked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Soupçons' heuristic module with the ``world_weight`` hook, as a trial would ship it."""
    monkeypatch.setattr(heuristic, "world_weight", world_weight, raising=False)


@pytest.mark.usefixtures("hooked")
def test_the_weights_read_only_the_view() -> None:
    """Two true games the answering seat cannot tell apart (the real one, and a world sampled from its view:
    same view, another card on offer) give the search the same weights and the same values."""
    state = _endgame_answer("3")
    twins = (state.determinize(2, random.Random(seed)) for seed in range(50))
    twin = next(world for world in twins if isinstance(world, SoupconsState) and world.offered is not Card.MASK_3)
    assert twin.view(2) == state.view(2) and twin.hands != state.hands
    roots = []
    for true in (state, twin):
        decision = decision_for(true, 2, random.Random(3))
        roots.append(ismcts.search(decision, random.Random(4), iterations=80, drop=None))
    first, second = roots
    assert first.weights is not None and len(first.weights) == 40
    assert first.weights == second.weights and len(set(first.weights)) > 1
    assert [c.samples for c in first.children.values()] == [c.samples for c in second.children.values()]


def test_no_game_ships_the_hook() -> None:
    """Off everywhere: Soupçons' trial measured no gain (docs/bots.md), and no other game has a model."""
    assert all(world_weight_for(game) is None for game in ("soupcons", "soon", "sorry", "skyjo"))
    decision = decision_for(_endgame_answer(), 2, random.Random(3))
    assert ismcts.search(decision, random.Random(4), iterations=20).weights is None


@pytest.mark.usefixtures("hooked")
def test_a_hooked_search_records_the_weights_unless_told_not_to() -> None:
    assert world_weight_for("soupcons") is world_weight
    decision = decision_for(_endgame_answer(), 2, random.Random(3))
    assert ismcts.search(decision, random.Random(4), iterations=20).weights is not None
    assert ismcts.search(decision, random.Random(4), iterations=20, weigh=False).weights is None


def test_weighted_paired_gain_is_the_plain_one_with_equal_weights() -> None:
    rng = random.Random(2)
    baseline = [rng.random() for _ in range(30)]
    samples = [rng.random() for _ in range(30)]
    plain = ismcts._paired(samples, baseline)
    assert ismcts._paired(samples, baseline, [2.5] * 30) == pytest.approx(plain)
    # A world that weighs nothing does not count.
    mean, _ = ismcts._paired([1.0, 0.0], [0.0, 0.0], [1.0, 0.0])
    assert mean == 1.0


# -- the fitted giver model (eighth pass) --------------------------------------------------------------------
_FLAT = {key: dict.fromkeys(cats, 1.0) for key, cats in worlds.PROPENSITY.items()}


@pytest.fixture
def fitted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Soupçons' heuristic module with the fitted giver model on, history included, as ``--variant
    giver-history`` runs it."""
    monkeypatch.setattr(heuristic, "GIVER_MODEL", True)
    monkeypatch.setattr(heuristic, "GIVER_HISTORY", True)
    monkeypatch.setattr(heuristic, "world_weight", heuristic._fitted_weight)
    skewed = {key: dict(cats) for key, cats in worlds.PROPENSITY.items()}
    for cats in skewed.values():  # whatever the fit: the game-ending cards first, the free ones less
        cats.update(win_own=3.0, nothing=0.5)
    monkeypatch.setattr(worlds, "PROPENSITY", skewed)


def test_the_fitted_ratio_follows_the_propensities(monkeypatch: pytest.MonkeyPatch) -> None:
    table = [Side.GONE, Side.NIGHT, Side.DAY, Side.NIGHT, Side.NIGHT, Side.NIGHT]
    innocent = [Card.MASK_1, Card.MASK_2, Card.MASK_0]  # night, day, nothing
    # With equal propensities every order is as likely as the sampler's.
    monkeypatch.setattr(worlds, "PROPENSITY", _FLAT)
    assert fitted_ratio([Card.MASK_2, Card.MASK_1], innocent, table, 4, 5) == pytest.approx(1.0)
    skewed = {key: dict(cats) for key, cats in _FLAT.items()}
    skewed[False, 3]["night"] = 4.0
    skewed[False, 2]["day"] = 0.5
    monkeypatch.setattr(worlds, "PROPENSITY", skewed)
    assert card_category(Card.MASK_1, table, 4, 5, serpent=False) == "night"
    assert fitted_ratio([Card.MASK_1], innocent, table, 4, 5) == pytest.approx(4 / 6 * 3)
    # The 0 first (1 of 6 against a third), then the 2 (0.5 of 1.5 against a half); the forced third: nothing.
    assert fitted_ratio([Card.MASK_0, Card.MASK_2, Card.MASK_1], innocent, table, 4, 5) == pytest.approx(
        (1 / 6 * 3) * (0.5 / 1.5 * 2)
    )
    # The camp is read from the hand: a Serpent giver's propensities are its own.
    serpent = [Card.MASK_1, Card.SERPENT, Card.MASK_0]
    assert card_category(Card.SERPENT, table, 4, 5, serpent=True) == "serpent"
    assert fitted_ratio([Card.MASK_1], serpent, table, 4, 5) == pytest.approx(1.0)


def test_the_history_ratio_multiplies_the_other_seats_exchanges(monkeypatch: pytest.MonkeyPatch) -> None:
    skewed = {key: dict(cats) for key, cats in _FLAT.items()}
    skewed[False, 3]["night"] = 3.0
    skewed[False, 2]["night"] = 3.0
    monkeypatch.setattr(worlds, "PROPENSITY", skewed)
    state = stacked_game((("1", "2", "3"), ("4", "0"), ("5", "S")))
    give(state, 1, "1")  # seat 0 offers one of three Night cards: as likely as the sampler's draw
    play(state, "choose 2", "offer 0 as 4", "refuse", "offer 4 as 4", "accept")  # seat 1: 0 refused, 4 taken
    assert state.past[-1].offered == (Card.MASK_0, Card.MASK_4)
    # Seat 1 held 4 (Night), 0 (free), 1 (Day now): the 0 first (1 of 5 against a third), then the 4 (3 of 4
    # against a half).
    second = (1 / 5 * 3) * (3 / 4 * 2)
    assert history_ratio(state, 2) == pytest.approx(second)
    assert history_ratio(state, 1) == pytest.approx(1.0)  # our own exchanges count the same in any world


@pytest.mark.usefixtures("fitted")
def test_the_fitted_weights_read_only_the_view() -> None:
    """As with the seventh pass's model: the real game and a world the answering seat cannot tell from it
    (another card on offer, other hands) give the search the same weights and values, world for world."""
    state = _endgame_answer("3")
    twins = (state.determinize(2, random.Random(seed)) for seed in range(50))
    twin = next(world for world in twins if isinstance(world, SoupconsState) and world.offered is not Card.MASK_3)
    roots = []
    for true in (state, twin):
        decision = decision_for(true, 2, random.Random(3))
        roots.append(ismcts.search(decision, random.Random(4), iterations=80, drop=None))
    first, second = roots
    assert first.weights is not None and first.weights == second.weights and len(set(first.weights)) > 1
    assert [c.samples for c in first.children.values()] == [c.samples for c in second.children.values()]


def test_the_giver_model_searches_the_endgame_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _endgame_answer()
    view = state.seat_view(2)
    assert heuristic.candidates(view, state.legal_actions()) == []  # shipped: left to ``normal``
    monkeypatch.setattr(heuristic, "GIVER_MODEL", True)
    assert heuristic.candidates(view, state.legal_actions()) == state.legal_actions()
