"""All-in chances in Omaha and Omaha hi-lo (RULES.md §13): each hand's expected share of the
pot over the boards still to come, shown before an all-in run-out.

The flop and the turn leave few boards (at most C(45, 2) = 990), so they are counted exactly;
before the flop the boards are sampled. In hi-lo each board splits the pot between the best high
and the best qualifying low as the engine pays it, so a hand's share may be a half or a quarter.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import combinations

from chatdealer.cards import Card, CardError, Deck, check_unique
from chatdealer.equity import EquityResult, HandEquity
from chatdealer.omaha.evaluator import omaha_high, omaha_low

EXACT_BOARDS = 2_000  # count every board when there are no more of them than this
SAMPLED_BOARDS = 3_000


def omaha_equity(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card] = (),
    *,
    hi_lo: bool = False,
    rng: random.Random | None = None,
) -> EquityResult:
    """Each hand's chance to scoop, to share, and its expected share of the pot."""
    known = [card for hole in holes for card in hole] + list(board)
    check_unique(known)
    if len(holes) < 2 or len(board) > 5:
        raise CardError("chances need two hands or more and at most five board cards")
    rest = [card for card in Deck.STANDARD.cards() if card not in set(known)]
    missing = 5 - len(board)
    exact = math.comb(len(rest), missing) <= EXACT_BOARDS
    if exact:
        boards = [(*board, *more) for more in combinations(rest, missing)]
    else:
        draw = rng or random.Random()
        boards = [(*board, *draw.sample(rest, missing)) for _ in range(SAMPLED_BOARDS)]
    count = len(holes)
    scoops, splits, shares = [0] * count, [0] * count, [0.0] * count
    for full in boards:
        highs = [omaha_high(hole, full) for hole in holes]
        got = _halves(highs, 1.0)
        if hi_lo:
            lows = [omaha_low(hole, full) for hole in holes]
            if any(lows):
                got = [
                    h + low for h, low in zip(_halves(highs, 0.5), _halves(lows, 0.5), strict=True)
                ]
        for seat, share in enumerate(got):
            if share >= 1.0:
                scoops[seat] += 1
            elif share > 0:
                splits[seat] += 1
            shares[seat] += share
    total = len(boards)
    hands = tuple(
        HandEquity(win=scoops[s] / total, tie=splits[s] / total, equity=shares[s] / total)
        for s in range(count)
    )
    return EquityResult(hands=hands, boards=total, exact=exact, half_width=0.0 if exact else 0.02)


def _halves(values: list[int], part: float) -> list[float]:
    """`part` of the pot shared by the best of `values` (0 is no hand: a missing low wins none)."""
    best = max(values)
    if best == 0:
        return [0.0] * len(values)
    winners = values.count(best)
    return [part / winners if value == best else 0.0 for value in values]
