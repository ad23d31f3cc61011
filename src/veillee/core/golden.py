"""Golden playthroughs (OpenSpiel's idea): a short match written out step by step, every seat's view and
every event as each seat sees it, so that a reviewer sees a rule change or a leak in a diff."""

from __future__ import annotations

import json
import random

from veillee.core.registry import Registry

__all__ = ["playthrough"]

GOLDEN_DECISIONS = 40


def playthrough(registry: Registry, game: str, seed: int = 1, decisions: int = GOLDEN_DECISIONS) -> str:
    """The text of the first ``decisions`` steps of a random match of ``game`` with the fewest players."""
    info = registry.get(game)
    state = registry.new_game(game, info.min_players, seed)
    rng = random.Random(seed)
    seats: list[int | None] = [None, *range(state.num_players)]
    lines = [f"# {info.title}, {state.num_players} players, seed {seed}, options {json.dumps(state.options)}"]

    def dump(obj: object) -> str:
        return json.dumps(obj, sort_keys=True, ensure_ascii=False)

    seen = 0
    for step in range(decisions + 1):
        for seat in seats:
            who = "spectator" if seat is None else f"seat {seat}"
            for event in state.events(seat, seen):
                lines.append(f"  event for {who}: {dump(event)}")
        seen = state.event_count
        for seat in seats:
            who = "spectator" if seat is None else f"seat {seat}"
            lines.append(f"  view of {who}: {dump(state.view(seat))}")
        if state.is_over or step == decisions:
            break
        legal = state.legal_actions()
        action = rng.choice(legal)
        lines.append(f"== step {step + 1}: seat {state.to_act} chooses {action} among {len(legal)}")
        lines.append(f"  legal: {' | '.join(map(str, legal))}")
        state.apply(action)
    return "\n".join(lines) + "\n"
