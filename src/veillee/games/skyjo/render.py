"""Plain-text rendering of a Skyjo view, for the terminal, logs and golden files."""

from __future__ import annotations

from veillee.core import JSON

__all__ = ["render"]


def _cell(cell: JSON | None) -> str:
    if cell is None:
        return "  . "
    if cell["up"]:
        return f"{cell['card']:>4}"
    if cell["known"]:
        return f"({cell['card']})".rjust(4)
    return "  # "


def render(view: JSON) -> str:
    """A few lines per grid: face-up cards, ``#`` hidden, ``(5)`` hidden but known, ``.`` discarded."""
    head = f"Skyjo round {view['round']} - turn of seat {view['turn']} ({view['phase']}), to act: {view['to_act']}"
    lines = [head]
    top = view["discard"][-1] if view["discard"] else "-"
    lines.append(f"pile {view['pile_size']} | discard top {top} | drawn {view['drawn'] or '-'}")
    if view["options"]["rules"] == "action":
        market = " ".join(c or "-" for c in view["market"])
        lines.append(
            f"market: {market} | action pile {view['action_pile_size']} | action discard "
            f"{view['action_discard'][-1] if view['action_discard'] else '-'}"
        )
    for seat, grid in enumerate(view["grids"]):
        mark = "*" if view["triggerer"] == seat else " "
        cards = view["action_cards"][seat]
        held = " ".join(cards["playable"] + [f"({c})" for c in cards["not_yet_playable"]])
        lines.append(f"{mark}seat {seat}: total {view['totals'][seat]:4d}  {held}")
        for row in range(3):
            lines.append("    " + "".join(_cell(c) for c in grid[row * 4 : row * 4 + 4]))
    if view["three"]:
        lines.append(f"you look at: {' '.join(view['three'])}")
    if view["result"]:
        lines.append(f"winners: {view['result']['winners']}")
    return "\n".join(lines)
