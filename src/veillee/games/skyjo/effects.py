"""The nine Action cards' effects (rules R11–R19, rulings 4–13 and 26–35), each a short series of decisions.

A played card sits in ``state.in_play`` while it resolves and then goes to the Action discard; a card
replayed by Réactivation is pushed on top, so it is discarded first and the Réactivation last (ruling 10).
Every choice an effect asks for is a decision of the player of the card (``state.turn``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from veillee.games.skyjo import turn
from veillee.games.skyjo.actions import (
    FACES,
    KEEP,
    KEEP_NONE,
    OWN,
    PUT,
    REACTIVATE,
    REACTIVATE_NONE,
    Action,
    Kind,
    targeted,
)
from veillee.games.skyjo.cards import LINE_SLOTS, ActionCard, GameCard, Line, Slot
from veillee.games.skyjo.events import Keep, Look, Meteor, Moved, Pick, Place, Put, Reactivate, Steal, Three
from veillee.games.skyjo.lines import ALL_LINES
from veillee.games.skyjo.phases import (
    P_EXCHANGE,
    P_FACES,
    P_KEEP,
    P_LOOK,
    P_METEORS,
    P_OWN,
    P_PLACE,
    P_PUT,
    P_REACTIVATE,
    P_REVEAL,
    P_STEAL,
)
from veillee.games.skyjo.table import draw_game, holds_defense, refill_market, use_defense

if TYPE_CHECKING:
    from veillee.games.skyjo.state import SkyjoState

__all__ = ["apply", "continue_three", "finish_effect", "legal_actions", "playable", "start_effect"]

STAR = GameCard.STAR
SLOT = tuple(Slot)
A = ActionCard
# the cards and kinds as globals: an enum member looked up on its class costs several global loads
A_DEFENSE = A.DEFENSE
A_DOUBLE_TURN = A.DOUBLE_TURN
A_DRAW_THREE = A.DRAW_THREE
A_EXCHANGE = A.EXCHANGE
A_METEORS = A.METEORS
A_OWN_SWAP = A.OWN_SWAP
A_REACTIVATION = A.REACTIVATION
A_REVELATION = A.REVELATION
A_STEAL = A.STEAL
K_FACES = Kind.FACES
K_KEEP = Kind.KEEP
K_LOOK = Kind.LOOK
K_OWN = Kind.OWN
K_PICK = Kind.PICK
K_PUT = Kind.PUT
K_REACTIVATE = Kind.REACTIVATE
K_STEAL = Kind.STEAL
GRID_SIZE = 12
THREE = 3


def playable(state: SkyjoState, seat: int, card: ActionCard) -> bool:
    """Whether ``card`` can be played for its effect now (it can always be discarded instead).

    Échangez vos propres cartes needs 2 cards in your grid, Tirez trois cartes a card to draw, Échange a
    card in two grids, Vol an opponent's Action card (ruling 26); the others can always be played.
    """
    if card is A_OWN_SWAP:
        return state.grid[seat].count(None) <= GRID_SIZE - 2
    if card is A_DRAW_THREE:
        return bool(state.pile) or len(state.discard) > 1
    if card is A_EXCHANGE:
        return sum(g.count(None) < GRID_SIZE for g in state.grid) >= 2
    if card is A_STEAL:
        held, fresh = state.held, state.fresh
        return sum(map(len, held)) + sum(map(len, fresh)) > len(held[seat]) + len(fresh[seat])
    if card is A_REVELATION:
        return any(False in up for up in state.up)
    return True


def start_effect(state: SkyjoState, card: ActionCard) -> None:
    """Begin resolving ``card`` (played from the hand or replayed by Réactivation)."""
    seat = state.turn
    state.effect = card
    if card is A_DOUBLE_TURN:
        state.extra_turns += state.opts.double_turn_extra
        finish_effect(state)
    elif card is A_DEFENSE:
        state.extra_turns += 1
        finish_effect(state)
    elif card is A_OWN_SWAP:
        state.phase = P_OWN
    elif card is A_DRAW_THREE:
        drawn = []
        for _ in range(THREE):
            got = draw_game(state)
            if got is None:
                break
            drawn.append(got)
        state.three = drawn
        state.three_kept = False
        state.emit((Three, seat, len(drawn), tuple(drawn)))
        state.phase = P_KEEP
    elif card is A_REVELATION:
        state.phase = P_LOOK
    elif card is A_REACTIVATION:
        state.phase = P_REACTIVATE
    elif card is A_EXCHANGE:
        state.picks = []
        state.phase = P_EXCHANGE
    elif card is A_STEAL:
        state.phase = P_STEAL
    else:
        n = state.num_players
        state.meteor_queue = [(seat + k) % n for k in range(1, n)]
        _next_meteor(state)


def finish_effect(state: SkyjoState) -> None:
    """The effect is over: the cards in play go to the Action discard, innermost first (ruling 10)."""
    while state.in_play:
        state.action_discard.append(state.in_play.pop())
    state.effect = None
    state.picks = []
    refill_market(state)
    turn.after_main(state)


# -- legal actions -------------------------------------------------------------------------------------
ALL_OWN = tuple(OWN.values())


def _present(grid: list[GameCard | None], row: tuple[Action, ...]) -> Sequence[Action]:
    """The actions of ``row`` (one per slot) for the slots of ``grid`` that still hold a card."""
    if None not in grid:
        return row
    return [row[s] for s in range(GRID_SIZE) if grid[s] is not None]


@cache
def _lines_with_hidden(up: tuple[bool, ...]) -> tuple[int, ...]:
    """The lines of a grid with a hidden card (a removed slot counts as face up)."""
    return tuple(line for line in ALL_LINES if any(not up[s] for s in LINE_SLOTS[line]))


def legal_actions(state: SkyjoState, phase: str) -> list[Action]:
    seat = state.turn
    n = state.num_players
    if phase is P_OWN:
        grid = state.grid[seat]
        if None not in grid:
            return list(ALL_OWN)
        present = [s for s in range(GRID_SIZE) if grid[s] is not None]
        return [OWN[a, b] for i, a in enumerate(present) for b in present[i + 1 :]]
    if phase is P_FACES:
        return list(FACES.values())
    if phase is P_KEEP:
        return [*(KEEP[c] for c in sorted(set(state.three))), KEEP_NONE]
    if phase is P_PUT:
        return [PUT[c] for c in sorted(set(state.three))]
    look, pick, steal = targeted(n)
    if phase is P_LOOK:
        out = []
        for p in range(n):
            row = look[p]
            out += [row[line] for line in _lines_with_hidden(tuple(state.up[p]))]
        return out
    if phase is P_REACTIVATE:
        kinds = [c for c in sorted(set(state.action_discard)) if playable(state, seat, c)]
        return [REACTIVATE[c] for c in kinds] or [REACTIVATE_NONE]
    if phase is P_EXCHANGE:
        first = state.picks[0][0] if state.picks else None
        out = []
        for p in range(n):
            if p != first:
                out += _present(state.grid[p], pick[p])
        return out
    if phase is P_STEAL:
        return [steal[p][c] for p in range(n) if p != seat for c in sorted(set(state.held[p]) | set(state.fresh[p]))]
    if phase is P_METEORS:
        p = state.meteor_queue[0]
        return list(_present(state.grid[p], pick[p]))
    return []


# -- decisions -----------------------------------------------------------------------------------------
def apply(state: SkyjoState, action: Action) -> None:
    kind = action.kind
    seat = state.turn
    if kind is K_OWN:
        assert action.slot is not None and action.slot2 is not None
        state.picks = [(seat, action.slot), (seat, action.slot2)]
        state.phase = P_FACES
    elif kind is K_FACES:
        _faces(state, seat, bool(action.up), bool(action.up2))
    elif kind is K_KEEP:
        card = action.card
        if card is None:
            state.emit((Keep, seat, None))
            continue_three(state)
        else:
            assert isinstance(card, GameCard)
            state.three.remove(card)
            state.three_kept = True
            state.drawn = card
            state.drawn_from = "three"
            state.emit((Keep, seat, card))
            state.phase = P_PLACE
    elif kind is K_PUT:
        assert isinstance(action.card, GameCard)
        _put(state, seat, action.card)
        continue_three(state)
    elif kind is K_LOOK:
        _look(state, seat, action.target, action.slot)
    elif kind is K_REACTIVATE:
        card = action.card
        if card is None:
            state.emit((Reactivate, seat, None))
            finish_effect(state)
        else:
            assert isinstance(card, ActionCard)
            pile = state.action_discard
            del pile[len(pile) - 1 - pile[::-1].index(card)]
            state.in_play.append(card)
            state.emit((Reactivate, seat, card))
            start_effect(state, card)
    elif kind is K_PICK:
        assert action.target is not None and action.slot is not None
        if state.phase is P_EXCHANGE:
            _exchange_pick(state, seat, action.target, action.slot)
        else:
            _meteor(state, seat, action.target, action.slot)
    elif kind is K_STEAL:
        assert action.target is not None and isinstance(action.card, ActionCard)
        _steal(state, seat, action.target, action.card)


def _faces(state: SkyjoState, seat: int, up_first: bool, up_second: bool) -> None:
    """Swap the two picked cards, each put back on the chosen face (R11, R17; rulings 12, 13, 19, 33, 34).

    A card put face down stays known to whoever knew it, and to everybody if it was face up before. A Star
    turned face up in your grid, or arriving face up in it from another grid, grants an Action card.
    """
    (p, s), (q, t) = state.picks
    grid_p, grid_q = state.grid[p], state.grid[q]
    card_p, card_q = grid_p[s], grid_q[t]
    was_up_p, was_up_q = state.up[p][s], state.up[q][t]
    know_p, know_q = state.knowers[p][s], state.knowers[q][t]
    everyone = state.all_seats
    grid_p[s], grid_q[t] = card_q, card_p
    state.up[p][s], state.up[q][t] = up_first, up_second
    state.dirty[p] = state.dirty[q] = True
    state.knowers[p][s] = 0 if up_first else (everyone if was_up_q else know_q)
    state.knowers[q][t] = 0 if up_second else (everyone if was_up_p else know_p)
    assert state.effect is not None
    state.emit(
        Moved(
            seat,
            state.effect,
            Place(p, SLOT[s], up_first, card_q if up_first or was_up_q else None),
            Place(q, SLOT[t], up_second, card_p if up_second or was_up_p else None),
        )
    )
    own = p == q
    if up_first and card_q is STAR and p == seat and not (own and was_up_q):
        state.star_rights += 1
    if up_second and card_p is STAR and q == seat and not (own and was_up_p):
        state.star_rights += 1
    finish_effect(state)


def _put(state: SkyjoState, seat: int, card: GameCard) -> None:
    state.three.remove(card)
    state.discard.append(card)
    state.emit((Put, seat, card))


def continue_three(state: SkyjoState) -> None:
    """Tirez trois cartes after the keep decision (R13, ruling 27): the kept card has been swapped in;
    the others are discarded one by one in the chosen order (the last on top); with none kept, a hidden
    card of your grid is then revealed. When the order cannot matter, the cards go without a decision."""
    seat = state.turn
    three = state.three
    if three and len(set(three)) == 1:
        while three:
            _put(state, seat, three[0])
    if three:
        state.phase = P_PUT
        return
    if not state.three_kept and False in state.up[seat]:
        state.phase = P_REVEAL
        return
    finish_effect(state)


def _look(state: SkyjoState, seat: int, target: int | None, line: int | None) -> None:
    """Révélation: the player alone learns the hidden cards of the line (R14)."""
    assert target is not None and line is not None
    grid, up, knowers = state.grid[target], state.up[target], state.knowers[target]
    bit = 1 << seat
    seen: dict[Slot, GameCard] = {}
    for s in LINE_SLOTS[line]:
        card = grid[s]
        if card is not None and not up[s]:
            knowers[s] |= bit
            seen[SLOT[s]] = card
    state.emit((Look, seat, target, Line(line), len(seen), seen))
    finish_effect(state)


def _exchange_pick(state: SkyjoState, seat: int, target: int, slot: int) -> None:
    """Échange avec un autre joueur: after the second pick, each attacked holder of a Défense blocks it
    (rulings 6, 12, 32); otherwise the faces are chosen."""
    state.picks.append((target, slot))
    state.emit((Pick, seat, target, SLOT[slot]))
    if len(state.picks) < 2:
        return
    blocked = False
    if state.opts.defense_blocks_exchange:
        for p, _ in state.picks:
            if p != seat and holds_defense(state, p):
                use_defense(state, seat, p, A_EXCHANGE)
                blocked = True
    if blocked:
        finish_effect(state)
    else:
        state.phase = P_FACES


def _steal(state: SkyjoState, seat: int, target: int, card: ActionCard) -> None:
    """Vol de carte Action: take the card and an extra turn; a Défense blocks the theft (R18; rulings 7, 8, 31)."""
    if holds_defense(state, target):
        use_defense(state, seat, target, A_STEAL)
        if state.opts.steal_blocked_extra_turn:
            state.extra_turns += 1
        finish_effect(state)
        return
    source = state.held[target] if card in state.held[target] else state.fresh[target]
    source.remove(card)
    (state.held if state.opts.stolen_playable_at_once else state.fresh)[seat].append(card)
    state.emit((Steal, seat, target, card))
    state.extra_turns += 1
    finish_effect(state)


def _next_meteor(state: SkyjoState) -> None:
    """Averse de météorites: the next opponent whose card you choose; a Défense blocks their share (rulings 6, 11)."""
    queue = state.meteor_queue
    seat = state.turn
    while queue:
        p = queue[0]
        if holds_defense(state, p):
            use_defense(state, seat, p, A_METEORS)
        elif not state.pile and len(state.discard) <= 1:
            queue.clear()
            break
        elif any(c is not None for c in state.grid[p]):
            state.phase = P_METEORS
            return
        queue.pop(0)
    finish_effect(state)


def _meteor(state: SkyjoState, seat: int, target: int, slot: int) -> None:
    """The chosen card goes, shown, under the discard; the pile's top card takes its place face up (rulings 11, 30)."""
    new = draw_game(state)
    assert new is not None
    grid = state.grid[target]
    old = grid[slot]
    assert old is not None
    grid[slot] = new
    state.up[target][slot] = True
    state.dirty[target] = True
    state.knowers[target][slot] = 0
    state.discard.insert(0, old)
    state.emit((Meteor, seat, target, SLOT[slot], old, new))
    state.meteor_queue.pop(0)
    _next_meteor(state)
