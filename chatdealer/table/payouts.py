"""Who is paid what from a sit-and-go's prize pool.

One place is paid up to four entrants, 65/35 for five to seven, 50/30/20 for eight to ten. Shares
are rounded down and the chips left over go one each to the highest places, so the prizes always
add up to the pool.
"""

from __future__ import annotations

from collections.abc import Sequence


def payout_percentages(entrants: int) -> tuple[int, ...]:
    if entrants <= 4:
        return (100,)
    if entrants <= 7:
        return (65, 35)
    return (50, 30, 20)


def prizes(pool: int, entrants: int) -> list[int]:
    """The prize of each paid place, first place first."""
    percentages = payout_percentages(entrants)
    shares = [pool * percent // 100 for percent in percentages]
    for place in range(pool - sum(shares)):
        shares[place % len(shares)] += 1
    return shares


def split_places(place_prizes: Sequence[int], count: int) -> list[int]:
    """Equal shares of the prizes of `count` tied places; odd chips to the first listed."""
    share, odd = divmod(sum(place_prizes), count)
    return [share + (1 if index < odd else 0) for index in range(count)]
