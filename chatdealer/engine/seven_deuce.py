"""The 7-2 game (docs/rules.md §14): a pot won at showdown with seven-deuce shown collects the
table's bounty from every other player dealt in.

The bounty is paid after the pots, out of the stacks as they then are, and never more than a
player has, so no chip is made or lost; it is a side bet on the hand, not part of any pot.
"""

from __future__ import annotations

from collections.abc import Sequence

from chatdealer.cards import rank_of
from chatdealer.engine.events import BountyCollected, Event, PotAwarded

SEVEN, DEUCE = 5, 0
"""The ranks' indexes in `chatdealer.cards.RANKS`."""


def is_seven_deuce(cards: Sequence[int]) -> bool:
    """Two hole cards, a seven and a deuce, of any suits."""
    return len(cards) == 2 and sorted(rank_of(card) for card in cards) == [DEUCE, SEVEN]


def bounty_winners(
    events: Sequence[Event], holes: Sequence[Sequence[int]], shown: Sequence[bool]
) -> list[int]:
    """The seats, in position order, that won a pot at showdown holding seven-deuce shown."""
    winners: set[int] = set()
    for event in events:
        if isinstance(event, PotAwarded) and event.hand_value and not event.low:
            for seat, chips in event.shares:
                if chips > 0 and shown[seat] and is_seven_deuce(holes[seat]):
                    winners.add(seat)
    return sorted(winners)


def collect_bounties(
    amount: int,
    events: Sequence[Event],
    holes: Sequence[Sequence[int]],
    shown: Sequence[bool],
    stacks: list[int],
) -> list[BountyCollected]:
    """Move each winner's bounty from the other players' `stacks` (in place), each payer
    capped at what they have; a seven-deuce winner never pays another."""
    if amount <= 0:
        return []
    winners = bounty_winners(events, holes, shown)
    collected: list[BountyCollected] = []
    for winner in winners:
        payments: list[tuple[int, int]] = []
        for seat, stack in enumerate(stacks):
            if seat in winners or stack <= 0:
                continue
            paid = min(amount, stack)
            stacks[seat] -= paid
            stacks[winner] += paid
            payments.append((seat, paid))
        collected.append(BountyCollected(winner, sum(p for _, p in payments), tuple(payments)))
    return collected
