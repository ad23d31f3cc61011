"""Plain-text rendering of a Sorry! Revenge view, for the terminal, logs and golden files."""

from __future__ import annotations

from veillee.core import JSON

__all__ = ["render"]


def render(view: JSON) -> str:
    """A few lines that show a view at a glance (no colour: front-ends add their own)."""
    arrow = "->" if view["direction"] == 1 else "<-"
    lines = [
        f"Sorry! Revenge round {view['round']} - turn of seat {view['turn']} {arrow} ({view['phase']}), "
        f"to act: {view['to_act']}",
        f"pile total {view['total']}: {' '.join(view['pile']) or '-'} | draw {view['draw_size']} | "
        f"set aside {len(view['set_aside'])}",
    ]
    for seat, home in enumerate(view["home"]):
        pawns = "H" * home + "S" * (4 - home)
        lines.append(
            f"seat {seat}: pawns {pawns} (progress {view['progress'][seat]}) | hand {view['hand_sizes'][seat]}"
        )
    if view["hand"] is not None:
        lines.append(f"your hand (seat {view['seat']}): {' '.join(view['hand']) or '-'}")
    if view["steal"]:
        lines.append(f"seat {view['steal']['scorer']} reached 21 (stealer: {view['steal']['stealer']})")
    if view["sorry_target"] is not None:
        lines.append(f"SORRY! against seat {view['sorry_target']}")
    if view["tiebreak"]:
        tb = view["tiebreak"]
        lines.append("tie-break: " + ", ".join(f"seat {s} {tb['totals'][s]}" for s in tb["order"]))
    if view["winner"] is not None:
        lines.append(f"winner: seat {view['winner']}")
    return "\n".join(lines)
