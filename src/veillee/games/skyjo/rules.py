"""Skyjo's turn flow: setup, legal actions, the three choices of a turn, line discards, round and match end.

Each function cites the rule or ruling it implements (``docs/rules/skyjo.md``: rules R1…, rulings 1…).
Functions change the ``SkyjoState`` in place; ``GameState.apply`` has checked legality before ``apply``.
The Action cards' effects live in ``effects.py``; piles and the market in ``table.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from veillee.core import derive, stacked
from veillee.games.skyjo import effects
from veillee.games.skyjo.actions import (
    ACTION_PILE,
    COPY,
    DISCARD,
    DRAW,
    DROP,
    MARKET,
    PASS,
    PLAY,
    REVEAL,
    SWAP,
    TAKE,
    Action,
    Kind,
)
from veillee.games.skyjo.cards import (
    LINE_SLOTS,
    VALUE,
    ActionCard,
    GameCard,
    Line,
    Slot,
    parse_action_card,
    parse_game_card,
)
from veillee.games.skyjo.events import (
    Deal,
    Discard,
    Draw,
    FinalReveal,
    Lines,
    MatchEnd,
    Play,
    Reveal,
    RoundEnd,
    Starter,
    Swap,
    Take,
    Trigger,
)
from veillee.games.skyjo.events import Drop as DropEvent
from veillee.games.skyjo.lines import lines_with_copy, natural_lines, star_lines
from veillee.games.skyjo.phases import P_CHOOSE, P_COPY, P_DRAWN, P_OVER, P_PLACE, P_REVEAL, P_SETUP, P_STAR, Phase
from veillee.games.skyjo.scoring import round_scores
from veillee.games.skyjo.table import draw_game, refill_market, take_action_card

if TYPE_CHECKING:
    from veillee.games.skyjo.state import SkyjoState

__all__ = ["Phase", "apply", "legal_actions", "start_match"]

STAR = GameCard.STAR
DRAW_THREE = ActionCard.DRAW_THREE
OWN_SWAP = ActionCard.OWN_SWAP
SLOT = tuple(Slot)
LINE = tuple(Line)
GRID_SIZE = 12
SETUP_REVEALS = 2
ALWAYS_PLAYABLE = frozenset(
    (
        ActionCard.DOUBLE_TURN,
        ActionCard.DEFENSE,
        ActionCard.REACTIVATION,
        ActionCard.METEORS,
        ActionCard.REVELATION,
        ActionCard.EXCHANGE,
    )
)
"""Cards whose effect is always possible at the start of a turn before the end is triggered: every grid
then still has a hidden card (``end_turn`` triggers the end after any turn that leaves a grid without one),
so Révélation always has a line to look at and Échange a card in every grid (``effects.playable``)."""


# -- setup ---------------------------------------------------------------------------------------------
def start_match(state: SkyjoState, stack: list[str] | None) -> None:
    """The first deal, from the stacked deck ``stack`` (notations) if a test or a record gives one."""
    deal(state, stack)


def deal(state: SkyjoState, stack: list[str] | None = None) -> None:
    """Deal a round (R3, ruling 41).

    Dealing order of the game deck (a stacked deck's game cards come first, in this order): seat 0 gets
    cards 1–12 into its slots r1c1…r3c4 row by row, seat 1 cards 13–24, and so on; the next card starts the
    discard; the rest is the pile, top first. Action deck (a stacked deck's Action cards, in order): the 4
    market slots, then the first card of the Action discard, then the Action pile, top first. Only the
    first round uses a stacked deck.
    """
    state.round += 1
    n = state.num_players
    rng = derive(state.seed, "round", state.round, "deal")
    action_rng = derive(state.seed, "round", state.round, "actions")
    if stack is not None:
        game_top = [c for c in stack if not _is_action(c)]
        action_top = [c for c in stack if _is_action(c)]
        deck = stacked(state.game_deck, game_top, rng, parse_game_card)
        actions = stacked(state.action_deck, action_top, action_rng, parse_action_card)
    else:
        deck = list(state.game_deck)
        rng.shuffle(deck)
        actions = list(state.action_deck)
        action_rng.shuffle(actions)
    state.grid = [deck[p * GRID_SIZE : (p + 1) * GRID_SIZE] for p in range(n)]  # type: ignore[misc]
    state.up = [[False] * GRID_SIZE for _ in range(n)]
    state.knowers = [[0] * GRID_SIZE for _ in range(n)]
    state.discard = [deck[n * GRID_SIZE]]
    state.pile = deck[n * GRID_SIZE + 1 :]
    state.pile.reverse()
    state.pile_public = False
    state.drawn = None
    state.drawn_from = None
    state.three = []
    state.three_kept = False
    if actions:
        state.market = list(actions[:4])
        state.action_discard = [actions[4]]
        state.action_pile = actions[5:]
        state.action_pile.reverse()
    else:
        state.market = [None, None, None, None]
        state.action_discard = []
        state.action_pile = []
    state.held = [[] for _ in range(n)]
    state.dirty = [False] * n
    state.star_cache = [[] for _ in range(n)]
    state.fresh = [[] for _ in range(n)]
    state.in_play = []
    state.effect = None
    state.picks = []
    state.meteor_queue = []
    state.star_rights = 0
    state.extra_turns = 0
    state.triggerer = None
    state.final_left = 0
    state.copy_lines = []
    state.final_queue = None
    state.last_turn_seat = None
    state.reshuffles = 0
    state.turn = 0
    state.starter = 0
    state.setup_queue = [p for p in range(n) for _ in range(SETUP_REVEALS)]
    state.phase = P_SETUP
    state.to_act = state.setup_queue[0]
    state.emit(Deal(state.round, state.discard[-1], tuple(state.market), tuple(state.action_discard)))


def _is_action(text: str) -> bool:
    try:
        parse_action_card(text)
    except ValueError:
        return False
    return True


def _first_player(state: SkyjoState) -> int:
    """Round 1 (and every round with ``first_player='highest'``): the highest sum of the revealed cards,
    ties to the first such seat from seat 0 (R5, ruling 25); later rounds: the last triggerer (ruling 21)."""
    if state.round > 1 and state.opts.first_player == "triggerer" and state.previous_triggerer is not None:
        return state.previous_triggerer
    sums = [
        sum(VALUE[c] for c, u in zip(grid, up, strict=True) if u and c is not None)
        for grid, up in zip(state.grid, state.up, strict=True)
    ]
    return sums.index(max(sums))


def begin_turn(state: SkyjoState, seat: int) -> None:
    """A new turn; Action cards taken before it become playable if another player has played since (ruling 4)."""
    if state.last_turn_seat != seat and state.fresh[seat]:
        state.held[seat].extend(state.fresh[seat])
        state.fresh[seat].clear()
    state.last_turn_seat = seat
    state.turn = seat
    state.to_act = seat
    state.phase = P_CHOOSE
    state.turns += 1


# -- legal actions -------------------------------------------------------------------------------------
# The hot path of every playout: the lists are picked from the tables of distinct actions (``actions.py``),
# with C-speed tests (``None in market``, ``grid.count(None)``) and per-card facts as tuples indexed by card.
ALL_MARKET = MARKET
ALWAYS_BY_CARD: tuple[bool, ...] = tuple(card in ALWAYS_PLAYABLE for card in ActionCard)


@cache
def _hidden_slots(up: tuple[bool, ...]) -> tuple[Action, ...]:
    return tuple(REVEAL[s] for s in range(GRID_SIZE) if not up[s])


def hidden_slots(state: SkyjoState, seat: int) -> list[Action]:
    """Reveal one of the seat's hidden cards (R5, R8)."""
    return list(_hidden_slots(tuple(state.up[seat])))


def swap_slots(state: SkyjoState, seat: int) -> list[Action]:
    """Swap the held card with any card of the seat's grid (R7)."""
    grid = state.grid[seat]
    if None not in grid:
        return list(SWAP)
    return [SWAP[s] for s in range(GRID_SIZE) if grid[s] is not None]


def _take_actions(state: SkyjoState) -> list[Action]:
    market = state.market
    out = list(ALL_MARKET) if None not in market else [MARKET[i] for i in range(4) if market[i] is not None]
    if state.action_pile or len(state.action_discard) > 1:
        out.append(ACTION_PILE)
    return out


def legal_actions(state: SkyjoState) -> list[Action]:
    phase = state.phase
    seat = state.turn
    if phase is P_CHOOSE:
        return _choose_actions(state, seat)
    if phase is P_PLACE:
        return swap_slots(state, seat)
    if phase is P_DRAWN:
        out = swap_slots(state, seat)
        if False in state.up[seat]:
            out.append(DISCARD)
        return out
    if phase is P_REVEAL:
        return hidden_slots(state, seat)
    if phase is P_SETUP:
        assert state.to_act is not None
        return hidden_slots(state, state.to_act)
    if phase is P_STAR:
        return [*_take_actions(state), PASS]
    if phase is P_COPY:
        return [*(COPY[line] for line in state.copy_lines), PASS]
    if phase is P_OVER:
        return []
    return effects.legal_actions(state, phase)


def _choose_actions(state: SkyjoState, seat: int) -> list[Action]:
    """R6–R10: take the discard, draw, take an Action card, or play/discard one (not once the end is on)."""
    discard = state.discard
    can_draw = bool(state.pile) or len(discard) > 1
    out = ([TAKE, DRAW] if can_draw else [TAKE]) if discard else ([DRAW] if can_draw else [])
    if state.action_rules:
        market = state.market
        if None in market:
            out += [MARKET[i] for i in range(4) if market[i] is not None]
        else:
            out += ALL_MARKET
        if state.action_pile or len(state.action_discard) > 1:
            out.append(ACTION_PILE)
        held = state.held[seat]
        if held and state.triggerer is None:
            kinds = sorted(set(held)) if len(held) > 1 else held
            for c in kinds:
                # effects.playable, inlined for the cards it may refuse
                if ALWAYS_BY_CARD[c]:
                    out.append(PLAY[c])
                elif c is DRAW_THREE:
                    if can_draw:
                        out.append(PLAY[c])
                elif c is OWN_SWAP:
                    if state.grid[seat].count(None) <= GRID_SIZE - 2:
                        out.append(PLAY[c])
                elif effects.playable(state, seat, c):
                    out.append(PLAY[c])
            out += [DROP[c] for c in kinds]
    return out


# -- effects -------------------------------------------------------------------------------------------
def apply(state: SkyjoState, action: Action) -> None:
    """Apply a legal action (``GameState.apply`` has checked it): one handler per kind of decision."""
    _APPLY[action.kind](state, action)


def _reveal(state: SkyjoState, action: Action) -> None:
    if state.phase is P_SETUP:
        _setup_reveal(state, action.slot)
        return
    reveal_own(state, state.turn, action.slot)
    if state.effect is DRAW_THREE:
        effects.finish_effect(state)
    else:
        after_main(state)


def _take(state: SkyjoState, action: Action) -> None:
    top = state.discard.pop()
    state.drawn = top
    state.drawn_from = "discard"
    state.emit(Take(state.turn, top))
    state.phase = P_PLACE


def _draw(state: SkyjoState, action: Action) -> None:
    got = draw_game(state)
    assert got is not None
    state.drawn = got
    state.drawn_from = "pile"
    state.emit(Draw(state.turn, got))
    state.phase = P_DRAWN


def _swap_action(state: SkyjoState, action: Action) -> None:
    _swap(state, state.turn, action.slot)


def _discard(state: SkyjoState, action: Action) -> None:
    drawn = state.drawn
    assert drawn is not None
    state.discard.append(drawn)
    state.drawn = None
    state.emit(Discard(state.turn, drawn))
    state.phase = P_REVEAL


def _take_action(state: SkyjoState, action: Action) -> None:
    take_action_card(state, state.turn, action.slot)
    if state.phase is P_STAR:
        state.star_rights -= 1
    after_main(state)


def _pass(state: SkyjoState, action: Action) -> None:
    if state.phase is P_STAR:
        state.star_rights = 0
        lines_phase(state)
    else:
        _after_copies(state)


def _copy(state: SkyjoState, action: Action) -> None:
    _copy_line(state, action.slot)


def _play(state: SkyjoState, action: Action) -> None:
    played = action.card
    assert isinstance(played, ActionCard)
    seat = state.turn
    state.held[seat].remove(played)
    state.in_play.append(played)
    state.emit(Play(seat, played))
    effects.start_effect(state, played)


def _drop(state: SkyjoState, action: Action) -> None:
    dropped = action.card
    assert isinstance(dropped, ActionCard)
    seat = state.turn
    state.held[seat].remove(dropped)
    state.action_discard.append(dropped)
    state.emit(DropEvent(seat, dropped))
    refill_market(state)
    after_main(state)


def _setup_reveal(state: SkyjoState, slot: int | None) -> None:
    """R5: the 2 setup reveals, seat by seat; then the first player starts (no Star right: not a turn)."""
    assert slot is not None and state.to_act is not None
    seat = state.to_act
    state.up[seat][slot] = True
    card = state.grid[seat][slot]
    assert card is not None
    state.emit(Reveal(seat, seat, SLOT[slot], card))
    state.setup_queue.pop(0)
    if state.setup_queue:
        state.to_act = state.setup_queue[0]
        return
    state.starter = _first_player(state)
    state.emit(Starter(state.starter))
    begin_turn(state, state.starter)


def reveal_own(state: SkyjoState, seat: int, slot: int | None) -> None:
    """Turn a hidden card of your own grid face up during your turn; a Star grants an Action card (R22)."""
    assert slot is not None
    state.up[seat][slot] = True
    state.knowers[seat][slot] = 0
    state.dirty[seat] = True
    card = state.grid[seat][slot]
    assert card is not None
    state.emit(Reveal(seat, seat, SLOT[slot], card))
    if card is STAR:
        state.star_rights += 1


def _swap(state: SkyjoState, seat: int, slot: int | None) -> None:
    """Put the held card face up at ``slot``; the replaced card goes face up on the discard (R7, R26)."""
    assert slot is not None
    card = state.drawn
    assert card is not None
    grid = state.grid[seat]
    old = grid[slot]
    assert old is not None
    grid[slot] = card
    state.up[seat][slot] = True
    state.dirty[seat] = True
    state.knowers[seat][slot] = 0
    state.discard.append(old)
    state.drawn = None
    state.emit(Swap(seat, SLOT[slot], card, old))
    if card is STAR:
        state.star_rights += 1
    if state.drawn_from == "three":
        effects.continue_three(state)
    else:
        after_main(state)


# -- end of turn ---------------------------------------------------------------------------------------
def after_main(state: SkyjoState) -> None:
    """The turn's choice is done: Star rights first (R22, rulings 19, 38), then the line discards (R25)."""
    if state.star_rights > 0:
        if _take_actions(state):
            state.phase = P_STAR
            state.to_act = state.turn
            return
        state.star_rights = 0
    # lines_phase, inlined: this runs at the end of nearly every turn
    seat = state.turn
    if state.dirty[seat]:
        state.dirty[seat] = False
        auto_discard(state, seat)
        options = state.star_cache[seat] = _star_options(state, seat) if STAR in state.grid[seat] else []
    else:
        options = state.star_cache[seat]
    if options:
        state.copy_lines = options
        state.phase = P_COPY
        state.to_act = seat
        return
    end_turn(state)


def auto_discard(state: SkyjoState, seat: int) -> None:
    """Discard every complete line of one number, at once, again until none is left (R25, ruling 15)."""
    lines = state.lines
    grid, up = state.grid[seat], state.up[seat]
    found = natural_lines(grid, up, lines)
    while found:
        _discard_lines(state, seat, found, None)
        found = natural_lines(grid, up, lines)


def _discard_lines(state: SkyjoState, seat: int, found: list[int], copied: int | None) -> None:
    grid, up, knowers = state.grid[seat], state.up[seat], state.knowers[seat]
    slots = sorted({s for line in found for s in LINE_SLOTS[line] if grid[s] is not None})
    cards = []
    for s in slots:
        card = grid[s]
        assert card is not None
        cards.append(card)
        grid[s] = None
        up[s] = True
        knowers[s] = 0
    state.discard.extend(cards)
    state.emit(Lines(seat, tuple(LINE[line] for line in found), tuple(cards), None if copied is None else LINE[copied]))


def _star_options(state: SkyjoState, seat: int) -> list[int]:
    if not state.action_rules:
        return []
    return star_lines(state.grid[seat], state.up[seat], state.lines)


def lines_phase(state: SkyjoState) -> None:
    """End of the turn: discard complete lines, then offer the Stars' copies (R23, R25, ruling 35)."""
    seat = state.turn
    if state.dirty[seat]:
        state.dirty[seat] = False
        auto_discard(state, seat)
        options = state.star_cache[seat] = _star_options(state, seat) if STAR in state.grid[seat] else []
    else:
        options = state.star_cache[seat]
    if options:
        state.copy_lines = options
        state.phase = P_COPY
        state.to_act = seat
        return
    end_turn(state)


def _copy_line(state: SkyjoState, line: int | None) -> None:
    """The Stars of ``line`` copy its number; every line thus complete is discarded (R23, rulings 16, 35)."""
    assert line is not None and state.to_act is not None
    seat = state.to_act
    grid, up = state.grid[seat], state.up[seat]
    found = lines_with_copy(grid, up, state.lines, line)
    _discard_lines(state, seat, found, line)
    auto_discard(state, seat)
    options = state.star_cache[seat] = _star_options(state, seat)
    if options:
        state.copy_lines = options
        return
    _after_copies(state)


def _after_copies(state: SkyjoState) -> None:
    state.copy_lines = []
    if state.final_queue is None:
        end_turn(state)
    else:
        state.final_queue.pop(0)
        _final_lines(state)


def end_turn(state: SkyjoState) -> None:
    """Trigger the end when a grid has no hidden card left (R28, rulings 18, 36); extra turns; the final turns (R29)."""
    seat = state.turn
    n = state.num_players
    if state.triggerer is None:
        ups = state.up
        for up in ups:
            if False not in up:
                state.triggerer = seat
                state.final_left = n - 1
                state.extra_turns = 0
                state.emit(Trigger(seat, tuple(p for p in range(n) if False not in ups[p])))
                break
        else:
            if state.extra_turns:
                state.extra_turns -= 1
                begin_turn(state, seat)
                return
    else:
        state.final_left -= 1
        if state.final_left == 0:
            end_round(state)
            return
    # begin_turn(state, (seat + 1) % n), inlined: this runs after nearly every turn
    seat = (seat + 1) % n
    fresh = state.fresh[seat]
    if fresh and state.last_turn_seat != seat:
        state.held[seat].extend(fresh)
        fresh.clear()
    state.last_turn_seat = seat
    state.turn = seat
    state.to_act = seat
    state.phase = P_CHOOSE
    state.turns += 1


# -- end of round and match ----------------------------------------------------------------------------
def end_round(state: SkyjoState) -> None:
    """Reveal every hidden card, discard complete lines in every grid (R27, ruling 14), then score (R30–R32)."""
    for p in range(state.num_players):
        up = state.up[p]
        slots = [s for s in range(GRID_SIZE) if not up[s]]
        if slots:
            for s in slots:
                up[s] = True
                state.knowers[p][s] = 0
            grid = state.grid[p]
            state.emit(FinalReveal(p, {SLOT[s]: card for s in slots if (card := grid[s]) is not None}))
    start = state.triggerer if state.triggerer is not None else 0
    state.final_queue = [(start + k) % state.num_players for k in range(state.num_players)]
    _final_lines(state)


def _final_lines(state: SkyjoState) -> None:
    queue = state.final_queue
    assert queue is not None
    while queue:
        seat = queue[0]
        auto_discard(state, seat)
        options = _star_options(state, seat)
        if options:
            state.copy_lines = options
            state.phase = P_COPY
            state.to_act = seat
            return
        queue.pop(0)
    state.final_queue = None
    _score_round(state)


def _score_round(state: SkyjoState) -> None:
    held = [len(h) + len(f) for h, f in zip(state.held, state.fresh, strict=True)]
    scores, doubled = round_scores(state.grid, held, state.triggerer)
    state.round_scores.append(scores)
    for p, points in enumerate(scores):
        state.totals[p] += points
    state.emit(RoundEnd(state.round, tuple(scores), tuple(state.totals), state.triggerer, doubled))
    state.previous_triggerer = state.triggerer
    if max(state.totals) >= state.opts.target:
        state.phase = P_OVER
        state.to_act = None
        state.is_over = True
        low = min(state.totals)
        state.emit(MatchEnd(tuple(p for p, t in enumerate(state.totals) if t == low)))
        return
    deal(state)


_APPLY: dict[Kind, Callable[[SkyjoState, Action], None]] = {
    Kind.REVEAL: _reveal,
    Kind.TAKE: _take,
    Kind.DRAW: _draw,
    Kind.SWAP: _swap_action,
    Kind.DISCARD: _discard,
    Kind.ACTION: _take_action,
    Kind.PASS: _pass,
    Kind.COPY: _copy,
    Kind.PLAY: _play,
    Kind.DROP: _drop,
    **{
        kind: effects.apply
        for kind in (Kind.OWN, Kind.FACES, Kind.KEEP, Kind.PUT, Kind.LOOK, Kind.REACTIVATE, Kind.PICK, Kind.STEAL)
    },
}
"""Each kind of decision's handler (the Action cards' effects are in ``effects.py``)."""
