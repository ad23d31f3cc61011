"""The tie-break (« Bris d'égalité », R19, Rulings 18, 23): tied winners build their own piles toward 21.

Each tied player in play order (from the player after the buster) adds Number cards from their hand, one
at a time, onto a pile in front of them, never above 21, and stands when they wish. The highest pile wins.
If the top is shared, the piles are set aside, the players still tied show and set aside their hands, draw
5 new cards each and go again (Rulings 18, 23).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from veillee.games.sorry.cards import VALUE, Card
from veillee.games.sorry.events import Add, Reveal, Stand, TieBreak
from veillee.games.sorry.phases import Phase
from veillee.games.sorry.piles import HAND_SIZE, draw_cards, take_from_hand
from veillee.games.sorry.scoring import end_match

if TYPE_CHECKING:
    from veillee.games.sorry.state import SorryState

__all__ = ["add", "stand", "start"]


def start(state: SorryState, tied: list[int]) -> None:
    """Open a tie-break between ``tied`` (in play order)."""
    state.tb_order = list(tied)
    state.tb_pos = 0
    state.tb_totals = [0] * state.num_players
    state.tb_rounds += 1
    state.phase = Phase.TIEBREAK
    state.to_act = tied[0]
    state.emit(TieBreak(tuple(tied)))


def add(state: SorryState, card: Card | None) -> None:
    """Put a Number card from the hand onto one's tie-break pile."""
    seat = state.to_act
    assert seat is not None and card is not None
    take_from_hand(state, seat, card)
    state.tb_piles[seat].append(card)
    state.tb_totals[seat] += VALUE[card]
    state.emit((Add, seat, card, state.tb_totals[seat]))


def stand(state: SorryState) -> None:
    """Stop adding; once every tied player has stood, the highest pile wins or the tie goes on."""
    seat = state.to_act
    assert seat is not None
    state.emit((Stand, seat, state.tb_totals[seat]))
    state.tb_pos += 1
    if state.tb_pos < len(state.tb_order):
        state.to_act = state.tb_order[state.tb_pos]
        return
    best = max(state.tb_totals[s] for s in state.tb_order)
    leaders = [s for s in state.tb_order if state.tb_totals[s] == best]
    if len(leaders) == 1:
        end_match(state, leaders[0])
        return
    for s in state.tb_order:
        state.set_aside.extend(state.tb_piles[s])
        state.tb_piles[s] = []
    for s in leaders:
        hand = state.hands[s]
        state.emit(Reveal(s, tuple(sorted(hand))))
        state.set_aside.extend(hand)
        hand.clear()
        state.inert[s] = 0
    for s in leaders:
        draw_cards(state, s, HAND_SIZE)
    start(state, leaders)
