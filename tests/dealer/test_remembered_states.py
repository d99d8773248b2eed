"""Issue 19: the worker's cache of tables is bounded by the memory it takes, not by a count."""

from __future__ import annotations

from chatdealer.dealer.remembered import Remembered, RememberedStates
from chatdealer.store import TableId

TABLES = [TableId("discord", "guild", f"channel{n}") for n in range(10)]


def test_the_tables_served_longest_ago_go_first_past_the_budget() -> None:
    one = Remembered(1, b"x" * 1_000)
    states = RememberedStates(budget=3 * one.cost)
    for table in TABLES:
        states.put(table, Remembered(1, b"x" * 1_000))
    assert len(states) == 3 and states.size <= states.budget
    assert list(states) == TABLES[-3:]


def test_a_table_served_again_is_kept_and_counted_once() -> None:
    one = Remembered(1, b"x" * 1_000)
    states = RememberedStates(budget=3 * one.cost)
    for table in TABLES[:3]:
        states.put(table, Remembered(1, b"x" * 1_000))
    states.put(TABLES[0], Remembered(2, b"x" * 1_000))  # served again: now the newest
    states.put(TABLES[3], Remembered(1, b"x" * 1_000))
    assert list(states) == [TABLES[2], TABLES[0], TABLES[3]]
    assert states.size == 3 * one.cost


def test_a_taken_table_no_longer_counts() -> None:
    states = RememberedStates(budget=10**6)
    states.put(TABLES[0], Remembered(1, b"x" * 1_000))
    taken = states.pop(TABLES[0])
    assert taken is not None and taken.version == 1
    assert states.size == 0 and states.pop(TABLES[0]) is None


def test_bigger_tables_take_more_of_the_budget() -> None:
    small, big = Remembered(1, b"x" * 500), Remembered(1, b"x" * 3_000)
    states = RememberedStates(budget=2 * big.cost)
    for table in TABLES[:4]:
        states.put(table, Remembered(1, b"x" * 500))
    assert len(states) == 4
    states.put(TABLES[4], Remembered(1, b"x" * 3_000))
    states.put(TABLES[5], Remembered(1, b"x" * 3_000))
    assert list(states) == TABLES[4:6] and small.cost < big.cost
