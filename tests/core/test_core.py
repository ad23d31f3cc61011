"""Core pieces: RNG streams, deck helpers, the codec, the registry, records and the public API."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

import veillee
from veillee.core import (
    ActionCodec,
    InvalidAction,
    InvalidOption,
    InvalidRecord,
    Result,
    build_deck,
    derive,
    derive_seed,
    load_record,
    save_record,
    stacked,
)

SRC = Path(__file__).resolve().parents[2] / "src" / "veillee"


def test_derived_streams_are_stable_and_independent() -> None:
    assert derive_seed(7, "deal") == derive_seed(7, "deal")
    assert derive_seed(7, "deal") != derive_seed(7, "deal", 2) != derive_seed(8, "deal")
    random.seed(123)
    first = derive(7, "x").random()
    random.seed(456)
    assert derive(7, "x").random() == first


def test_derive_seed_is_pinned_across_versions() -> None:
    """Records replay identically only if the streams never change: pin one value."""
    assert derive_seed(0, "first player") == int.from_bytes(
        __import__("hashlib").blake2b(b"0/first player", digest_size=8).digest(), "big"
    )


def test_stacked_puts_given_cards_on_top_and_refuses_extra_copies() -> None:
    deck = build_deck({"a": 2, "b": 1, "c": 1})
    out = stacked(deck, ["b", "a"], random.Random(1), str)
    assert out[:2] == ["b", "a"] and sorted(out) == sorted(deck)
    with pytest.raises(InvalidOption, match="more copies"):
        stacked(deck, ["b", "b"], random.Random(1), str)


def test_result_ranks_share_ties() -> None:
    result = Result.from_scores([10, 30, 30, 5])
    assert result.ranks == (3, 1, 1, 4) and result.winners == (1, 2)
    assert result.returns == (0.0, 1.0, 1.0, 0.0)
    low = Result.from_scores([10, 30, 5], lower_is_better=True)
    assert low.winners == (2,) and low.ranks == (2, 3, 1)


def test_codec_rejects_duplicates_and_junk() -> None:
    class Act(tuple):  # type: ignore[type-arg]
        def to_json(self) -> dict[str, object]:
            return {"type": self[0]}

    with pytest.raises(ValueError, match="share"):
        ActionCodec("g", [Act(("a",)), Act(("a",))])
    codec = ActionCodec("g", [Act(("a",)), Act(("b",))])
    assert codec.from_json({"type": "b", "extra": None}) == Act(("b",))
    for junk in ({"type": "c"}, {"type": {1, 2}}, "a", None):
        with pytest.raises(InvalidAction):
            codec.from_json(junk)


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(veillee.UnknownGame, match="soon"):
        veillee.new_game("chess", 2)


def test_record_round_trip_through_a_file(tmp_path: Path) -> None:
    state = veillee.new_game("soon", 3, 11, length="express")
    rng = random.Random(2)
    for _ in range(50):
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "match.json"
    save_record(state, path)
    again = veillee.replay(load_record(path))
    assert again.history == state.history and again.view(1) == state.view(1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(format="other"), "not a veillée game record"),
        (lambda r: r.update(game="chess"), "no game named"),
        (lambda r: r.update(players=9), "2 to 6 players"),
        (lambda r: r.update(colour="blue"), "unknown field"),
        (lambda r: r.pop("seed"), "no 'seed'"),
        (lambda r: r.update(options={"speed": "yes"}), "true or false"),
        (lambda r: r["actions"].insert(0, {"type": "place", "card": "D8"}), "action 1"),
        (lambda r: r["actions"].append({"type": "fly"}), "is not a SOON action"),
        (lambda r: r.update(deck=["D9"]), "not a SOON card"),
        (lambda r: r.update(actions="all of them"), "must be"),
    ],
)
def test_invalid_records_fail_clearly(change: object, message: str) -> None:
    state = veillee.new_game("soon", 2, 5)
    state.apply(state.legal_actions()[0])
    record = json.loads(json.dumps(state.record()))
    change(record)  # type: ignore[operator]
    with pytest.raises(InvalidRecord, match=message):
        veillee.replay(record)


def test_load_record_refuses_non_json(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("not json")
    with pytest.raises(InvalidRecord, match="not a JSON file"):
        load_record(path)
    with pytest.raises(InvalidRecord, match="cannot read"):
        load_record(tmp_path / "missing.json")


def test_public_api_matches_all() -> None:
    exported = {name for name in dir(veillee) if not name.startswith("_")}
    assert set(veillee.__all__) <= exported
    assert {"new_game", "game_names", "replay", "IllegalAction"} <= set(veillee.__all__)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", ["core", "games"])
def test_rules_never_import_a_front_end_or_numpy(layer: str) -> None:
    """Imports flow one way: core <- games <- bots <- {cli, server, rl} (ARCHITECTURE.md)."""
    forbidden = ("veillee.bots", "veillee.cli", "veillee.server", "veillee.rl", "numpy", "fastapi", "rich")
    if layer == "core":
        forbidden += ("veillee.games",)
    for path in (SRC / layer).rglob("*.py"):
        bad = {name for name in _imports(path) if name.startswith(forbidden)}
        assert not bad, f"{path.relative_to(SRC)} imports {bad}"
