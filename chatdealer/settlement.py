"""Who pays whom at the end of a night, in the fewest transfers.

Each player's net for the night (what they took away and still hold, less what they brought)
is settled by transfers from those who lost to those who won. A group of players whose nets
add up to zero settles among themselves in one transfer fewer than its size, so the fewest
transfers come from splitting everyone into as many such groups as possible: worked out
exactly over the subsets for up to `EXACT_UP_TO` players with a result, and by pairing the
biggest debt with the biggest win beyond that (never more than one transfer fewer than players).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

EXACT_UP_TO = 12
"""Players with a result the exact search takes (2^12 subsets: about a millisecond)."""


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: str
    payee: str
    amount: int


def settle(nets: Mapping[str, int]) -> list[Transfer]:
    """The transfers that settle `nets` (player -> net, winners positive), biggest first.

    Nets that do not add up to zero (players folded into the night's earlier total) settle as
    far as the smaller side goes."""
    players = [(who, net) for who, net in nets.items() if net]
    if len(players) <= EXACT_UP_TO and sum(net for _, net in players) == 0:
        groups = _zero_groups([net for _, net in players])
        transfers = [t for group in groups for t in _pair_off([players[i] for i in group])]
    else:
        transfers = _pair_off(players)
    return sorted(transfers, key=lambda t: (-t.amount, t.payer, t.payee))


def _zero_groups(nets: Sequence[int]) -> list[list[int]]:
    """The players split into the most groups whose nets add up to zero."""
    count = len(nets)
    full = (1 << count) - 1
    total = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + nets[low.bit_length() - 1]
    # best[mask]: the most zero groups the players of `mask` split into, when they add to zero
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        most = 0
        rest = mask
        while rest:
            low = rest & -rest
            most = max(most, best[mask ^ low])
            rest ^= low
        best[mask] = most + (1 if total[mask] == 0 else 0)
    groups: list[list[int]] = []
    mask = full
    while mask:  # peel off a smallest zero group that keeps the best count
        group = next(
            sub for sub in _submasks(mask) if total[sub] == 0 and best[mask ^ sub] == best[mask] - 1
        )
        groups.append([i for i in range(count) if group >> i & 1])
        mask ^= group
    return groups


def _submasks(mask: int) -> list[int]:
    subs = []
    sub = mask
    while sub:
        subs.append(sub)
        sub = (sub - 1) & mask
    return sorted(subs, key=lambda s: (s.bit_count(), s))


def _pair_off(players: Sequence[tuple[str, int]]) -> list[Transfer]:
    """Biggest debt to biggest win, until one side is settled: one transfer fewer than the
    players of a group that adds up to zero."""
    owe = sorted(((who, -net) for who, net in players if net < 0), key=lambda p: (-p[1], p[0]))
    win = sorted(((who, net) for who, net in players if net > 0), key=lambda p: (-p[1], p[0]))
    owed = [amount for _, amount in owe]
    won = [amount for _, amount in win]
    transfers = []
    i = j = 0
    while i < len(owe) and j < len(win):
        amount = min(owed[i], won[j])
        transfers.append(Transfer(owe[i][0], win[j][0], amount))
        owed[i] -= amount
        won[j] -= amount
        if owed[i] == 0:
            i += 1
        if won[j] == 0:
            j += 1
    return transfers
