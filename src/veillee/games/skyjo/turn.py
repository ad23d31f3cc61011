"""Skyjo's deal and the end of a turn, of a round and of the match (rules R3, R5, R22–R32).

Each function cites the rule or ruling it implements (``docs/rules/skyjo.md``). The decisions' handlers
(``rules.py``) and the Action cards' effects (``effects.py``) call ``after_main`` when a turn's choice is
done; this module calls neither, so the package has no import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from veillee.core import derive, stacked
from veillee.games.skyjo.actions import (
    ACTION_PILE,
    MARKET,
    Action,
)
from veillee.games.skyjo.cards import (
    GRID_SIZE,
    LINE,
    LINE_SLOTS,
    SETUP_REVEALS,
    SLOT,
    STAR,
    VALUE,
    parse_action_card,
    parse_game_card,
)
from veillee.games.skyjo.events import (
    Deal,
    FinalReveal,
    Lines,
    MatchEnd,
    RoundEnd,
    Trigger,
)
from veillee.games.skyjo.lines import lines_with_copy, natural_lines, star_lines
from veillee.games.skyjo.phases import P_CHOOSE, P_COPY, P_OVER, P_SETUP, P_STAR
from veillee.games.skyjo.scoring import round_scores

if TYPE_CHECKING:
    from veillee.games.skyjo.state import SkyjoState

__all__ = ["after_main", "begin_turn", "deal", "end_turn", "start_match", "take_actions"]


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
    state.emit((Deal, state.round, state.discard[-1], tuple(state.market), tuple(state.action_discard)))


def _is_action(text: str) -> bool:
    try:
        parse_action_card(text)
    except ValueError:
        return False
    return True


def first_player(state: SkyjoState) -> int:
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


def take_actions(state: SkyjoState) -> list[Action]:
    market = state.market
    out = list(MARKET) if None not in market else [MARKET[i] for i in range(4) if market[i] is not None]
    if state.action_pile or len(state.action_discard) > 1:
        out.append(ACTION_PILE)
    return out


# -- end of turn ---------------------------------------------------------------------------------------
def after_main(state: SkyjoState) -> None:
    """The turn's choice is done: Star rights first (R22, rulings 19, 38), then the line discards (R25)."""
    if state.star_rights > 0:
        if take_actions(state):
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
    copied_line = None if copied is None else LINE[copied]
    state.emit((Lines, seat, tuple(LINE[line] for line in found), tuple(cards), copied_line))


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


def copy_line(state: SkyjoState, line: int | None) -> None:
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
    after_copies(state)


def after_copies(state: SkyjoState) -> None:
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
                state.emit((Trigger, seat, tuple(p for p in range(n) if False not in ups[p])))
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
            state.emit((FinalReveal, p, {SLOT[s]: card for s in slots if (card := grid[s]) is not None}))
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
    state.emit((RoundEnd, state.round, tuple(scores), tuple(state.totals), state.triggerer, doubled))
    state.previous_triggerer = state.triggerer
    if max(state.totals) >= state.opts.target:
        state.phase = P_OVER
        state.to_act = None
        state.is_over = True
        low = min(state.totals)
        state.emit((MatchEnd, tuple(p for p, t in enumerate(state.totals) if t == low)))
        return
    deal(state)
