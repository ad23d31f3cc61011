"""Plain-text rendering of a Soupçons view, for the terminal, logs and golden files."""

from __future__ import annotations

from veillee.core import JSON

__all__ = ["render"]

_SIDE = {"night": "N", "day": "D", "removed": "-"}


def render(view: JSON) -> str:
    """A few lines that show a view at a glance (no colour: front-ends add their own)."""
    table = " ".join(f"{v}{_SIDE[side]}" for v, side in view["table"].items())
    lines = [
        f"Soupçons round {view['round']} - {view['phase']}, holder of three: seat {view['active']}, "
        f"to act: {view['to_act']}",
        f"table: {table}   ({view['night_cards']} Night, {view['table_cards']} on the table)",
    ]
    for seat, size in enumerate(view["hand_sizes"]):
        door = "Porte open" if view["doors"][seat] == "open" else "Porte down"
        lines.append(f"seat {seat}: {size} card(s) in hand, {door}")
    offer = view["offer"]
    if offer is not None:
        pending = f", offered as {offer['claim']}" if offer["pending"] else ""
        lines.append(f"seat {offer['giver']} offers to seat {offer['receiver']}: {offer['refused']} refused{pending}")
    for ex in view["exchanges"][-3:]:
        if ex["done"]:
            what = "nothing happens" if ex["effect"] == "nothing" else f"{ex['value']} {ex['effect']}"
            lines.append(f"  {ex['giver']} -> {ex['receiver']} claims {' '.join(ex['claims'])}: {what}")
    if view["hand"] is not None:
        lines.append(f"your hand (seat {view['seat']}): {' '.join(view['hand'])}")
    if view["result"]:
        lines.append(f"{view['camp']}: winners {view['result']['winners']}")
    return "\n".join(lines)
