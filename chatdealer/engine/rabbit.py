"""The rabbit hunt (docs/rules.md §14): the board cards a hand that ended before the river would
have dealt, read off its deck without dealing them, so nothing in the hand changes."""

from __future__ import annotations

from chatdealer.engine.config import BOARD_CARDS
from chatdealer.engine.hand import Hand

_STREET_SIZES = (3, 1, 1)  # flop, turn, river, each after a burn


def rabbit_positions(hand: Hand) -> list[int]:
    """The positions in the hand's deck of the board cards never dealt; none for a hand still
    being played or one that reached the river."""
    if not hand.is_complete or len(hand.board) >= BOARD_CARDS:
        return []
    positions: list[int] = []
    at, dealt_so_far = hand.dealt, 0
    for size in _STREET_SIZES:
        if dealt_so_far >= len(hand.board):
            at += 1  # the burn
            positions += range(at, at + size)
            at += size
        dealt_so_far += size
    return positions


def rabbit_cards(hand: Hand) -> list[int]:
    """The cards of `rabbit_positions`, in the order they would have come."""
    return [hand.deck[position] for position in rabbit_positions(hand)]
