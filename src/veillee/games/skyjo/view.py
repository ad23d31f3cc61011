"""What each seat may know of a Skyjo match: views, redacted events, and determinization.

Public: every face-up card, the whole game discard (its cards were all shown face up), the card drawn from
the pile (it is shown before being swapped or discarded), the market, every Action card in front of a
player, the Action discard, and the cards that were face up before being turned face down. Private to one
seat: the hidden cards it looked at with Révélation, and the three cards of its Tirez trois cartes until
they are placed or discarded. Hidden from all: the other face-down cards and the order of both piles.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from veillee.core import JSON, RawEvent
from veillee.games.skyjo.actions import line_name, slot_name

if TYPE_CHECKING:
    from veillee.games.skyjo.state import SkyjoState

__all__ = ["knows", "redact", "resample_hidden", "view"]


def _str(card: Any) -> str | None:
    return None if card is None else str(card)


def knows(state: SkyjoState, seat: int | None, owner: int, slot: int) -> bool:
    """Whether ``seat`` knows the face-down card at ``slot`` of ``owner``'s grid (``None``: everybody does)."""
    mask = state.knowers[owner][slot]
    if seat is None:
        return mask == state.all_seats
    return bool(mask >> seat & 1)


def _grid(state: SkyjoState, seat: int | None, owner: int) -> list[JSON | None]:
    out: list[JSON | None] = []
    grid, up = state.grid[owner], state.up[owner]
    for slot in range(12):
        card = grid[slot]
        if card is None:
            out.append(None)
        elif up[slot]:
            out.append({"card": str(card), "up": True, "known": True})
        elif knows(state, seat, owner, slot):
            out.append({"card": str(card), "up": False, "known": True})
        else:
            out.append({"card": None, "up": False, "known": False})
    return out


def view(state: SkyjoState, seat: int | None) -> JSON:
    """The JSON view of ``seat`` (``None``: a spectator, who sees only public information)."""
    n = state.num_players
    three_visible = seat is not None and seat == state.turn
    return {
        "game": "skyjo",
        "seat": seat,
        "players": n,
        "options": dict(state.options),
        "round": state.round,
        "starter": state.starter,
        "turn": state.turn,
        "to_act": state.to_act,
        "phase": str(state.phase),
        "grids": [_grid(state, seat, p) for p in range(n)],
        "hidden_counts": [up.count(False) for up in state.up],
        "discard": [str(c) for c in state.discard],
        "pile_size": len(state.pile),
        "drawn": _str(state.drawn),
        "three": [str(c) for c in state.three] if three_visible else None,
        "three_size": len(state.three),
        "market": [_str(c) for c in state.market],
        "action_pile_size": len(state.action_pile),
        "action_discard": [str(c) for c in state.action_discard],
        "action_cards": [
            {
                "playable": sorted(str(c) for c in state.held[p]),
                "not_yet_playable": sorted(str(c) for c in state.fresh[p]),
            }
            for p in range(n)
        ],
        "in_play": [str(c) for c in state.in_play],
        "picks": [[p, slot_name(s)] for p, s in state.picks],
        "meteor_next": state.meteor_queue[0] if state.meteor_queue else None,
        "copy_lines": [line_name(line) for line in state.copy_lines],
        "star_rights": state.star_rights,
        "extra_turns": state.extra_turns,
        "triggerer": state.triggerer,
        "final_turns_left": state.final_left if state.triggerer is not None else None,
        "totals": list(state.totals),
        "round_scores": [list(r) for r in state.round_scores],
        "result": state.result().to_json() if state.is_over else None,
    }


def resample_hidden(state: SkyjoState, seat: int, rng: random.Random) -> None:
    """Deal every card hidden from ``seat`` anew, consistently with what it knows, and draw a new seed.

    Kept: every face-up card, the hidden cards ``seat`` knows, the discard, the drawn card, its own Tirez
    trois cards. Once the pile has been rebuilt from the discard its cards are known as a set: then the
    pile (with another player's Tirez trois cards, drawn from it) is shuffled within itself, and the
    unknown grid cards among themselves. The Action pile is shuffled.
    """
    n = state.num_players
    bit = 1 << seat
    unknown_slots = [
        (p, s)
        for p in range(n)
        for s in range(12)
        if not state.up[p][s] and state.grid[p][s] is not None and not state.knowers[p][s] & bit
    ]
    private_three = bool(state.three) and state.turn != seat
    if state.pile_public:
        pile_group = list(state.pile) + (list(state.three) if private_three else [])
        grid_group = [state.grid[p][s] for p, s in unknown_slots]
        rng.shuffle(pile_group)
        rng.shuffle(grid_group)
        pool = grid_group + pile_group
    else:
        pool = [state.grid[p][s] for p, s in unknown_slots] + list(state.pile)
        if private_three:
            pool += state.three
        rng.shuffle(pool)
    for p, s in unknown_slots:
        state.grid[p][s] = pool.pop(0)
    if private_three:
        state.three = [pool.pop() for _ in range(len(state.three))]  # type: ignore[misc]
    state.pile = pool  # type: ignore[assignment]
    actions = Counter(state.action_deck)
    actions.subtract(c for c in state.market if c is not None)
    actions.subtract(state.action_discard)
    actions.subtract(state.in_play)
    for p in range(n):
        actions.subtract(state.held[p])
        actions.subtract(state.fresh[p])
    action_pile = [card for card, count in actions.items() for _ in range(count)]
    rng.shuffle(action_pile)
    state.action_pile = action_pile
    state.seed = rng.getrandbits(63)


def redact(event: RawEvent, seat: int | None) -> JSON:
    """One event as ``seat`` may see it: Tirez trois and Révélation cards only to their player."""
    kind = event[0]
    if kind == "deal":
        _, round_no, top, market, action_discard = event
        return {
            "type": kind,
            "round": round_no,
            "discard": str(top),
            "market": [_str(c) for c in market],
            "action_discard": [str(c) for c in action_discard],
        }
    if kind == "reveal":
        _, actor, owner, slot, card = event
        return {"type": kind, "seat": actor, "owner": owner, "slot": slot_name(slot), "card": str(card)}
    if kind in ("take", "draw", "discard", "put"):
        return {"type": kind, "seat": event[1], "card": str(event[2])}
    if kind == "swap":
        _, actor, slot, card, old = event
        return {"type": kind, "seat": actor, "slot": slot_name(slot), "card": str(card), "replaced": str(old)}
    if kind == "starter":
        return {"type": kind, "seat": event[1]}
    if kind == "refill":
        return {"type": kind, "market": event[1] + 1, "card": str(event[2])}
    if kind == "take_action":
        _, actor, market, card = event
        return {"type": kind, "seat": actor, "market": "pile" if market is None else market + 1, "card": str(card)}
    if kind in ("play", "drop"):
        return {"type": kind, "seat": event[1], "card": str(event[2])}
    if kind == "three":
        _, actor, cards = event
        out: JSON = {"type": kind, "seat": actor, "count": len(cards)}
        if seat == actor:
            out["cards"] = [str(c) for c in cards]
        return out
    if kind in ("keep", "reactivate"):
        return {"type": kind, "seat": event[1], "card": _str(event[2])}
    if kind == "look":
        _, actor, target, line, seen = event
        out = {"type": kind, "seat": actor, "target": target, "line": line_name(line), "count": len(seen)}
        if seat == actor:
            out["cards"] = {slot_name(s): str(c) for s, c in seen}
        return out
    if kind == "moved":
        _, actor, p, s, q, t, up_first, up_second, card_first, card_second, effect = event
        return {
            "type": kind,
            "seat": actor,
            "card": str(effect),
            "first": {"seat": p, "slot": slot_name(s), "up": up_first, "card": _str(card_first)},
            "second": {"seat": q, "slot": slot_name(t), "up": up_second, "card": _str(card_second)},
        }
    if kind == "pick":
        return {"type": kind, "seat": event[1], "target": event[2], "slot": slot_name(event[3])}
    if kind == "blocked":
        return {"type": kind, "seat": event[1], "defender": event[2], "attack": str(event[3])}
    if kind == "steal":
        return {"type": kind, "seat": event[1], "target": event[2], "card": str(event[3])}
    if kind == "meteor":
        _, actor, target, slot, old, new = event
        return {
            "type": kind,
            "seat": actor,
            "target": target,
            "slot": slot_name(slot),
            "removed": str(old),
            "card": str(new),
        }
    if kind == "lines":
        _, owner, lines, cards, copied = event
        return {
            "type": kind,
            "seat": owner,
            "lines": [line_name(line) for line in lines],
            "cards": [str(c) for c in cards],
            "copied": None if copied is None else line_name(copied),
        }
    if kind == "reshuffle":
        return {"type": kind, "pile": event[1], "size": event[2]}
    if kind == "trigger":
        return {"type": kind, "seat": event[1], "grids": list(event[2])}
    if kind == "final_reveal":
        _, owner, slots, cards = event
        return {
            "type": kind,
            "seat": owner,
            "cards": {slot_name(s): str(c) for s, c in zip(slots, cards, strict=True)},
        }
    if kind == "round_end":
        _, round_no, scores, totals, triggerer, doubled = event
        return {
            "type": kind,
            "round": round_no,
            "scores": list(scores),
            "totals": list(totals),
            "triggerer": triggerer,
            "doubled": doubled,
        }
    if kind == "match_end":
        return {"type": kind, "winners": list(event[1])}
    raise ValueError(f"unknown Skyjo event {kind!r}")
