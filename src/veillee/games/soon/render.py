"""Plain-text rendering of a SOON view, for the terminal, logs and golden files."""

from __future__ import annotations

from veillee.core import JSON

__all__ = ["render"]


def render(view: JSON) -> str:
    """A few lines that show a view at a glance (no colour: front-ends add their own)."""
    lines = [f"SOON round {view['round']} - turn of seat {view['turn']} ({view['phase']}), to act: {view['to_act']}"]
    top = view["discard"][-1] if view["discard"] else "-"
    lines.append(f"pile {view['pile_size']} | discard top {top} ({len(view['discard'])} cards)")
    for seat, suite in enumerate(view["suites"]):
        marks = "*" if view["finisher"] == seat else " "
        known = f" known {' '.join(view['known_in_hand'][seat])}" if view["known_in_hand"][seat] else ""
        lines.append(
            f"{marks}seat {seat}: total {view['totals'][seat]:3d} | hand {view['hand_sizes'][seat]}{known} | "
            f"suite {' '.join(suite) or '-'}"
        )
    if view["hand"] is not None:
        lines.append(f"your hand (seat {view['seat']}): {' '.join(view['hand'])}")
    if view["ask"]:
        ask = view["ask"]
        colour = f" {ask['colour']}" if ask["colour"] else ""
        lines.append(f"seat {ask['asker']} asks seat {ask['target']} for a {ask['value']}{colour}")
    if view["result"]:
        lines.append(f"winners: {view['result']['winners']}")
    return "\n".join(lines)
