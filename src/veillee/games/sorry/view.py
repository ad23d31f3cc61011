"""What each seat may know of a Sorry! Revenge match: views, redacted events, determinization, messages.

Public (ruling 29): the play pile and its total, the set-aside piles (every card in them was played face up),
the pawns, the number of cards in each hand and in the draw pile, every card played in or out of turn, the
tie-break piles, and what a dead card tells (ruling 27). Hidden: the other hands and the draw pile.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from veillee.core import JSON, RawEvent, Result
from veillee.games.sorry.actions import Action, Kind
from veillee.games.sorry.cards import IS_NUMBER, Card
from veillee.games.sorry.rules import PAWNS, Phase

if TYPE_CHECKING:
    from veillee.games.sorry.state import SorryState

__all__ = ["explain", "match_result", "redact", "resample_hidden", "stats", "view"]

_INERT = (Card.PLAY_2, Card.STEAL, Card.DONT)


def _cards(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def home_pawns(progress: int) -> int:
    """Pawns on the HOME side for a seat's progress (in the longer game, 5–8 flip them back to START)."""
    return progress if progress <= PAWNS else 2 * PAWNS - progress


def view(state: SorryState, seat: int | None) -> JSON:
    """The JSON view of ``seat`` (``None``: a spectator, who sees only public information)."""
    phase = state.phase
    tiebreak = phase is Phase.TIEBREAK or bool(state.tb_order)
    return {
        "game": "sorry",
        "seat": seat,
        "players": state.num_players,
        "options": dict(state.options),
        "round": state.round,
        "turn": state.turn,
        "direction": state.direction,
        "to_act": state.to_act,
        "phase": str(phase),
        "hand": None if seat is None else _cards(sorted(state.hands[seat])),
        "hand_sizes": [len(hand) for hand in state.hands],
        "draw_size": len(state.draw),
        "pile": _cards(state.pile),
        "total": state.total,
        "set_aside": _cards(state.set_aside),
        "progress": list(state.progress),
        "home": [home_pawns(p) for p in state.progress],
        "goal": state.goal,
        "play2_left": state.play2_left if phase is Phase.PLAY2 else 0,
        "steal": None
        if phase is not Phase.STEAL and phase is not Phase.BLOCK_STEAL
        else {"scorer": state.turn, "stealer": state.stealer, "still_to_ask": state.window[::-1]},
        "sorry_target": state.sorry_target,
        "known_no_effect": [
            {"cards": k, "sorry_included": state.inert_sorry[s]} if k else None for s, k in enumerate(state.inert)
        ],
        "tiebreak": None
        if not tiebreak
        else {
            "order": list(state.tb_order),
            "piles": [_cards(pile) for pile in state.tb_piles],
            "totals": list(state.tb_totals),
            "standing": state.tb_order[: state.tb_pos],
            "rounds": state.tb_rounds,
        },
        "winner": state.winner,
        "result": state.result().to_json() if state.is_over else None,
    }


def resample_hidden(state: SorryState, seat: int, rng: random.Random) -> None:
    """Deal the cards hidden from ``seat`` (other hands and the draw pile) anew, and draw a new seed.

    Kept, because they are public: hand sizes, and what the rules tell about a hand: a seat in the middle
    of a Play 2 holds as many Number cards as it still has to play, and after a dead card the cards left
    in that hand are cards without an effect (ruling 27). The narrowest constraints are met first, from the
    shuffled pool, so a consistent deal always exists (the true one proves it).
    """
    others = [o for o in range(state.num_players) if o != seat]
    pool = list(state.draw)
    for o in others:
        pool.extend(state.hands[o])
    rng.shuffle(pool)
    hands: dict[int, list[Card]] = {o: [] for o in others}

    def pick(o: int, wanted: tuple[Card, ...] | None, count: int) -> None:
        i = len(pool) - 1
        while count > 0 and i >= 0:  # the true deal meets every constraint, so the pool always suffices
            card = pool[i]
            if IS_NUMBER[card] if wanted is None else card in wanted:
                hands[o].append(pool.pop(i))
                count -= 1
            i -= 1

    for with_sorry in (False, True):
        for o in others:
            if state.inert[o] and state.inert_sorry[o] is with_sorry:
                pick(o, (*_INERT, Card.SORRY) if with_sorry else _INERT, state.inert[o])
    if state.phase is Phase.PLAY2 and state.turn != seat:
        pick(state.turn, None, state.play2_left)
    for o in others:
        hand = hands[o]
        for _ in range(len(state.hands[o]) - len(hand)):
            hand.append(pool.pop())
        state.hands[o] = hand
    state.draw = pool
    state.seed = rng.getrandbits(63)


def redact(event: RawEvent, seat: int | None) -> JSON:
    """One event as ``seat`` may see it: dealt and drawn cards only to their owner."""
    kind = event[0]
    if kind == "deal":
        _, first, hands = event
        return {
            "type": "deal",
            "first": first,
            "hand_sizes": [len(hand) for hand in hands],
            "hand": None if seat is None else _cards(hands[seat]),
        }
    if kind == "draw":
        _, actor, cards = event
        return {"type": "draw", "seat": actor, "count": len(cards), "cards": _cards(cards) if seat == actor else None}
    if kind in ("play", "add"):
        _, actor, card, total = event
        return {"type": kind, "seat": actor, "card": str(card), "total": total}
    if kind == "dead":
        return {"type": kind, "seat": event[1], "card": str(event[2])}
    if kind == "sorry":
        return {"type": kind, "seat": event[1], "target": event[2]}
    if kind in ("steal", "block"):
        return {"type": kind, "seat": event[1], "against": event[2]}
    if kind in ("pass", "twenty_one"):
        return {"type": kind, "seat": event[1]}
    if kind == "pawn":
        _, actor, step, progress = event
        return {"type": kind, "seat": actor, "step": step, "progress": progress, "home": home_pawns(progress)}
    if kind in ("bust", "stand"):
        return {"type": kind, "seat": event[1], "total": event[2]}
    if kind in ("set_aside", "reshuffle"):
        return {"type": kind, "cards": event[1]}
    if kind == "tiebreak":
        return {"type": kind, "seats": list(event[1])}
    if kind == "reveal":
        return {"type": kind, "seat": event[1], "cards": _cards(event[2])}
    if kind == "match_end":
        return {"type": kind, "winner": event[1]}
    raise ValueError(f"unknown Sorry! Revenge event {kind!r}")


def match_result(state: SorryState) -> Result:
    """The winner ranks first alone; the others by progress (ruling 30)."""
    winner = state.winner
    assert winner is not None
    scores = tuple(state.progress)
    others = [p for s, p in enumerate(scores) if s != winner]
    ranks = tuple(1 if s == winner else 2 + sum(1 for q in others if q > p) for s, p in enumerate(scores))
    return Result(scores, ranks, (winner,))


def explain(state: SorryState, action: object) -> str:
    """Why an action is refused, naming only public facts and the action itself."""
    if not isinstance(action, Action):
        return f"{action!r} is not a Sorry! Revenge action; build one with Action or state.action_from_json"
    phase = state.phase
    kind = action.kind
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    if phase is Phase.STEAL:
        return f"seat {state.turn} has just reached 21: steal it with a SORRY! card (steal) or let it go (pass)"
    if phase is Phase.BLOCK_STEAL or phase is Phase.BLOCK_SORRY:
        return "a SORRY! card is played against you: block it with Don't be SORRY! (block) or let it go (pass)"
    if phase is Phase.TIEBREAK:
        if kind is Kind.ADD and action.card in hand:
            return f"{action.card} would take your tie-break pile above 21"
        return "tie-break: add a Number card from your hand to your pile (add <card>) or stop (stand)"
    if phase is Phase.PLAY2:
        return f"Play 2: play {state.play2_left} more Number card(s) from your hand (play <number>)"
    if kind in (Kind.STEAL, Kind.BLOCK, Kind.ADD, Kind.STAND):
        return "this is not possible on your own turn: play one card from your hand"
    if kind is Kind.PASS:
        return "you must play one card from your hand on your turn"
    if action.card not in hand:
        return f"you have no {action.card} in your hand"
    if kind is Kind.SORRY:
        if action.target == seat:
            return "a SORRY! card is played against an opponent, not yourself"
        return f"seat {action.target} has no pawn on HOME to flip back"
    if kind is Kind.DEAD:
        return "a card may be played without effect only when no card in your hand has an effect"
    if action.card is Card.PLAY_2:
        return "Play 2 needs 2 Number cards in your hand besides it"
    return f"{action} is not possible now"


def stats(state: SorryState) -> dict[str, float]:
    """What a simulation summary reports of one match."""
    kinds = Counter(event[0] for event in state._log)
    return {
        "rounds": state.round,
        "turns": state.turns,
        "decisions": len(state._history),
        "twenty_ones": kinds["twenty_one"],
        "busts": kinds["bust"],
        "steals": kinds["steal"],
        "blocks": kinds["block"],
        "flip_back_sorry": kinds["sorry"],
        "dead_cards": kinds["dead"],
        "tiebreaks": state.tb_rounds,
        "reshuffles": state.reshuffles,
    }
