"""What each hand is worth at showdown, and whether it can still win, for every variant.

Hold'em hands are valued in `Hand` itself (its hot path); Omaha's are valued here with the
Omaha evaluator: the high of exactly two hole and three board cards, and in hi-lo the
eight-or-better low (RULES.md §13). Low values are 1..56, higher is better; a hand
without a qualifying low has no entry.
"""

from __future__ import annotations

from collections.abc import Sequence

from chatdealer.engine.pots import Pot
from chatdealer.omaha.evaluator import omaha_high, omaha_low


def omaha_highs(
    holes: Sequence[Sequence[int]], board: Sequence[int], seats: Sequence[bool]
) -> dict[int, int]:
    """The high value of each seat marked in `seats`."""
    return {seat: omaha_high(holes[seat], board) for seat, wanted in enumerate(seats) if wanted}


def omaha_lows(
    holes: Sequence[Sequence[int]], board: Sequence[int], seats: Sequence[bool]
) -> dict[int, int]:
    """The low value of each seat marked in `seats` that has a qualifying low."""
    lows: dict[int, int] = {}
    for seat, wanted in enumerate(seats):
        if wanted:
            low = omaha_low(holes[seat], board)
            if low:
                lows[seat] = low
    return lows


def can_win_low(seat: int, lows: dict[int, int], shown: Sequence[bool], pots: list[Pot]) -> bool:
    """Whether `seat` has a low that ties or beats every low shown so far in a pot it is in."""
    mine = lows.get(seat)
    if mine is None:
        return False
    for pot in pots:
        eligible = pot.eligible
        if seat in eligible and not any(
            shown[other] and lows.get(other, 0) > mine for other in eligible
        ):
            return True
    return False
