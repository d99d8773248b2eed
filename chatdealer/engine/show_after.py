"""Showing after the hand (docs/rules.md §7): the winner of an uncontested pot and the players
who folded may show one of their cards, or all of them, once the hand is over. The hand itself
is not changed: this only says who may show and which of their cards."""

from __future__ import annotations

from chatdealer.engine.hand import Hand
from chatdealer.engine.refusals import IllegalAction
from chatdealer.fairness import hole_positions

ALL = 0
"""The card number that shows every hole card."""


def may_show(hand: Hand) -> list[int]:
    """The positions that may show after the hand: every player who folded, and the one player
    left when all the others folded. A hand that went to a showdown settled its players' cards
    there (shown or mucked), so they may not."""
    if not hand.is_complete:
        return []
    left = [seat for seat, folded in enumerate(hand.folded) if not folded]
    folded = [seat for seat, folded in enumerate(hand.folded) if folded]
    return sorted(folded + left) if len(left) == 1 else folded


def chosen_cards(hand: Hand, seat: int, card: int) -> list[int]:
    """Which of the seat's hole cards (their indexes) `card` names: 1 for the first, 2 for the
    second..., `ALL` for every one. Refuses a seat that may not show and a card it was not
    dealt."""
    if seat not in may_show(hand):
        raise IllegalAction("not_in_hand")
    dealt = len(hand.holes[seat])
    if card == ALL:
        return list(range(dealt))
    if not 1 <= card <= dealt:
        raise IllegalAction("no_such_card", most=dealt)
    return [card - 1]


def shown_positions(hand: Hand, seat: int, indexes: list[int]) -> list[int]:
    """Where those hole cards lie in the hand's dealt order: what the public proof opens."""
    holes = hole_positions(hand.seat_count, seat, hand.config.variant.hole_cards)
    return [holes[index] for index in indexes]
