"""Paying the pots at the end of a hand, side pots first (RULES.md §6, §13).

In hi-lo each pot is split in two: the best high takes one half and the best qualifying low the
other; a pot none of whose players shows a low goes whole to the high. An odd chip between the
halves goes to the high half, and odd chips within a half by `split`'s rule (one each to the
first winners left of the button). A player can win both halves (scoop), or share one half
with another (quartering).
"""

from __future__ import annotations

from chatdealer.engine.events import PotAwarded
from chatdealer.engine.pots import Pot, split, winners_of


def pay_pots(
    pots: list[Pot],
    highs: dict[int, int],
    lows: dict[int, int] | None,
    stacks: list[int],
    won: list[int],
) -> list[PotAwarded]:
    """Pay every pot onto `stacks` and `won`; `lows` is None but in a hi-lo showdown.

    Only hands shown are in `highs` and `lows`; a pot every one of whose players mucked goes to
    the best of them all the same (see `winners_of`)."""
    awards: list[PotAwarded] = []
    for index in range(len(pots) - 1, -1, -1):
        pot = pots[index]
        pot_lows = (
            {seat: lows[seat] for seat in pot.eligible if seat in lows}
            if lows is not None and len(pot.eligible) > 1
            else {}
        )
        low_half = pot.amount // 2 if pot_lows else 0
        winners, value = winners_of(pot, highs)
        awards.append(_pay(index, pot.amount - low_half, winners, value, False, stacks, won))
        if low_half:
            low_winners, low_value = winners_of(pot, pot_lows)
            awards.append(_pay(index, low_half, low_winners, low_value, True, stacks, won))
    return awards


def _pay(
    index: int,
    amount: int,
    winners: list[int],
    value: int,
    low: bool,
    stacks: list[int],
    won: list[int],
) -> PotAwarded:
    shares = split(amount, winners)
    for seat, chips in shares:
        stacks[seat] += chips
        won[seat] += chips
    return PotAwarded(index, amount, tuple(shares), value, low)
