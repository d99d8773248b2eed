"""Main and side pots, and paying them out (RULES.md §6).

Pots are derived from what each player has put in, never kept as running totals, so they
cannot drift from the chips: one pot for each distinct level a player still in the hand reached,
each open only to the players who reached it. Folded players' chips stay in the pots they went
into; dead money (big-blind antes, dead small blinds) goes to the main pot.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec


class Pot(msgspec.Struct, frozen=True, array_like=True, gc=False):
    amount: int
    eligible: tuple[int, ...]


def build_pots(contributed: Sequence[int], in_hand: Sequence[bool], dead: int = 0) -> list[Pot]:
    """The pots from each seat's live contributions; seats listed in position order."""
    live = [seat for seat, alive in enumerate(in_hand) if alive]
    levels = sorted({contributed[seat] for seat in live})
    pots: list[Pot] = []
    eligible = tuple(live)  # every live player reached the lowest level
    previous = 0
    for level in levels:
        amount = 0
        for chips in contributed:
            if chips > previous:
                amount += (chips if chips < level else level) - previous
        if level != levels[0]:  # the players who stopped at the level below are out
            eligible = tuple([seat for seat in eligible if contributed[seat] >= level])
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        previous = level
    leftover = 0
    for chips in contributed:
        if chips > previous:
            leftover += chips - previous
    if pots:
        if dead:
            pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
        if leftover:
            pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].eligible)
    return [pot for pot in pots if pot.amount > 0]


def split(amount: int, winners: Sequence[int]) -> list[tuple[int, int]]:
    """Equal shares; odd chips go one each to the first winners left of the button.

    `winners` must be in position order (seat 0 sits left of the button).
    """
    if len(winners) == 1:
        return [(winners[0], amount)]
    share, odd = divmod(amount, len(winners))
    return [(seat, share + (1 if index < odd else 0)) for index, seat in enumerate(winners)]


def winners_of(pot: Pot, values: dict[int, int]) -> tuple[list[int], int]:
    """The seats that win `pot` among the hands shown (`values`), and their hand value.

    A pot whose every eligible player mucked goes to the best of them all the same: a pot is
    never left on the table. Callers pass only hands still in play.
    """
    eligible = pot.eligible
    if len(eligible) == 1:
        return [eligible[0]], values.get(eligible[0], 0)
    winners: list[int] = []
    best = 0
    for seat in eligible:
        value = values.get(seat)
        if value is None:
            continue
        if not winners or value > best:
            winners, best = [seat], value
        elif value == best:
            winners.append(seat)
    if not winners:
        return list(eligible), 0
    return winners, best
