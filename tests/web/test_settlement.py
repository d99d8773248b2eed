"""Who pays whom: every net settled, in the fewest transfers."""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from chatdealer.settlement import Transfer, settle


def balances(transfers: list[Transfer]) -> dict[str, int]:
    moved: dict[str, int] = {}
    for t in transfers:
        moved[t.payer] = moved.get(t.payer, 0) - t.amount
        moved[t.payee] = moved.get(t.payee, 0) + t.amount
    return {who: net for who, net in moved.items() if net}


def fewest_by_brute_force(nets: dict[str, int]) -> int:
    """The fewest transfers, by trying every split into groups that add up to zero."""
    values = [net for net in nets.values() if net]

    def most_groups(left: tuple[int, ...]) -> int:
        if not left:
            return 0
        first, rest = left[0], left[1:]
        best = 0
        for size in range(len(rest) + 1):
            for others in itertools.combinations(range(len(rest)), size):
                if first + sum(rest[k] for k in others) == 0:
                    remaining = tuple(v for k, v in enumerate(rest) if k not in others)
                    best = max(best, 1 + most_groups(remaining))
        return best

    return len(values) - most_groups(tuple(values))


def test_two_pairs_settle_in_two_transfers_not_three() -> None:
    nets = {"Ann": 300, "Bo": -300, "Cy": 100, "Di": -100}
    assert settle(nets) == [Transfer("Bo", "Ann", 300), Transfer("Di", "Cy", 100)]


def test_nobody_owes_when_everyone_broke_even() -> None:
    assert settle({"Ann": 0, "Bo": 0}) == []


@given(st.lists(st.integers(-500, 500), min_size=1, max_size=7))
def test_every_night_settles_exactly_in_the_fewest_transfers(values: list[int]) -> None:
    values.append(-sum(values))  # a night adds up to zero
    nets = {f"p{i}": v for i, v in enumerate(values)}
    transfers = settle(nets)
    assert balances(transfers) == {who: net for who, net in nets.items() if net}
    assert all(t.amount > 0 for t in transfers)
    assert len(transfers) == fewest_by_brute_force(nets)


def test_a_big_night_still_settles_in_fewer_transfers_than_players() -> None:
    rng = random.Random(5)
    values = [rng.randint(-1000, 1000) for _ in range(19)]
    values.append(-sum(values))
    nets = {f"p{i}": v for i, v in enumerate(values)}
    transfers = settle(nets)
    assert balances(transfers) == {who: net for who, net in nets.items() if net}
    assert len(transfers) <= len([v for v in values if v]) - 1
