"""Game records: a match as JSON (game, options, seed, actions) that replays identically."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from veillee.core.codec import JSON
from veillee.core.errors import InvalidRecord, VeilleeError
from veillee.core.registry import Registry
from veillee.core.state import RECORD_FORMAT, GameState

__all__ = ["load_record", "replay", "save_record"]

_KEYS = {"format", "game", "rules", "players", "options", "seed", "actions", "deck", "meta"}
"""``meta`` is free-form JSON for front-ends (seat names, bot levels); replaying ignores it."""


def replay(record: object, registry: Registry) -> GameState[Any]:
    """Rebuild the match a record describes, checking that every action is legal in turn.

    Raises ``InvalidRecord`` saying what is wrong and, for a bad action, which one (counting from 1).
    """
    if not isinstance(record, dict):
        raise InvalidRecord("a game record must be a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise InvalidRecord(f"not a veillée game record (expected format {RECORD_FORMAT!r})")
    unknown = set(record) - _KEYS
    if unknown:
        raise InvalidRecord(f"unknown field(s) in the record: {', '.join(sorted(unknown))}")
    for key in ("game", "players", "seed", "actions"):
        if key not in record:
            raise InvalidRecord(f"the record has no {key!r}")
    options = record.get("options", {})
    actions = record["actions"]
    if not isinstance(options, dict) or not isinstance(actions, list):
        raise InvalidRecord("'options' must be an object and 'actions' a list")
    try:
        info = registry.get(record["game"])
    except VeilleeError as exc:
        raise InvalidRecord(str(exc)) from None
    played = record.get("rules", "1")  # records older than the version field were played under version 1
    if played != info.version:
        raise InvalidRecord(
            f"this {info.title} record was played under rules version {str(played)[:20]}; this veillée plays version "
            f"{info.version}, so replaying it could give another match: it is refused"
        )
    try:
        state = registry.new_game(record["game"], record["players"], record["seed"], deck=record.get("deck"), **options)
    except (VeilleeError, TypeError) as exc:
        raise InvalidRecord(f"cannot start the match: {exc}") from None
    for number, obj in enumerate(actions, start=1):
        try:
            state.apply(state.action_from_json(obj))
        except VeilleeError as exc:
            raise InvalidRecord(f"action {number} ({json.dumps(obj, default=repr)}): {exc}") from None
    return state


def load_record(path: str | Path) -> JSON:
    """Read a record file; raises ``InvalidRecord`` if it is not JSON."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise InvalidRecord(f"cannot read {path}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InvalidRecord(f"{path} is not a JSON file: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidRecord(f"{path} does not hold a game record")
    return data


def save_record(state: GameState[Any], path: str | Path, meta: JSON | None = None) -> None:
    """Write ``state.record()`` (with front-end ``meta``) to ``path``, whole then renamed, so that a crash
    never leaves half a file."""
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    record = state.record()
    if meta is not None:
        record["meta"] = meta
    tmp.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    tmp.replace(target)
