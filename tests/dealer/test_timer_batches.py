"""Issue 19: due deadlines are fired in batches, many tables at once, earliest first.

A deal burst (every table's hand due together) must not queue behind the timer's interval: a
full batch is followed at once by the next claim, so every table is dealt within one turn of
the clock whatever the batch size, and a table due earlier is never left for one due later.
Each table's events are handed to the adapter as soon as that table has fired, not once the
whole batch has.
"""

from __future__ import annotations

import asyncio

from chatdealer.dealer import Dealer
from chatdealer.dealer.outgoing import Notice, Outgoing
from chatdealer.store import Store, TableId

from .harness import Clock
from .test_timer_loop import deal_heads_up

TABLES = [TableId("discord", f"guild{n % 3}", f"channel{n}") for n in range(12)]


def timed_out(out: list[Outgoing]) -> list[TableId]:
    return [
        o.table
        for o in out
        if isinstance(o.payload, Notice) and o.payload.code == "timed_out" and o.to is None
    ]


async def test_every_due_table_is_fired_in_one_call_beyond_one_at_a_time(
    store: Store, clock: Clock
) -> None:
    dealer = Dealer(store, clock=clock, timer_concurrency=4)
    for table in TABLES:
        await deal_heads_up(dealer, table)
    clock.advance(31)
    out = await Dealer(store, clock=clock, timer_concurrency=4).fire_due()
    assert sorted(map(str, set(timed_out(out)))) == sorted(map(str, TABLES))
    assert await Dealer(store, clock=clock).fire_due() == []  # each fired once


async def test_a_full_batch_is_followed_by_the_next_without_waiting_for_the_clock(
    store: Store, clock: Clock
) -> None:
    for table in TABLES:
        await deal_heads_up(Dealer(store, clock=clock), table)
    clock.advance(31)
    worker = Dealer(store, clock=clock, timer_batch=5, timer_concurrency=2)
    batches: list[list[TableId]] = []

    async def deliver(out: list[Outgoing]) -> None:
        batches.append(timed_out(out))

    stop = asyncio.Event()
    task = asyncio.create_task(worker.run_timers(stop, interval=3_600, deliver=deliver))
    try:
        for _ in range(1_000):
            if sum(map(len, batches)) >= len(TABLES):
                break
            assert not task.done(), task
            await asyncio.sleep(0.01)
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)
    assert [len(batch) for batch in batches] == [1] * len(TABLES)  # each told as it fires
    assert sorted(str(t) for batch in batches for t in batch) == sorted(map(str, TABLES))


async def test_tables_due_earlier_are_fired_first(store: Store, clock: Clock) -> None:
    tables = [TableId("discord", "guild9", f"channel{n}") for n in range(5)]  # one bank's worth
    for table in tables:
        await deal_heads_up(Dealer(store, clock=clock), table)
        clock.advance(1)  # each table's turn times out a second after the one before
    clock.advance(31)
    out = await Dealer(store, clock=clock, timer_batch=2).fire_due()
    assert sorted(map(str, timed_out(out))) == sorted(map(str, tables[:2]))


async def test_the_loop_wakes_for_the_next_deadline_before_its_interval_is_up(
    store: Store, clock: Clock
) -> None:
    table = TABLES[0]
    await deal_heads_up(Dealer(store, clock=clock), table)
    clock.advance(29.9)  # the turn times out in a tenth of a second
    delivered: list[Outgoing] = []

    async def deliver(out: list[Outgoing]) -> None:
        delivered.extend(out)

    stop = asyncio.Event()
    worker = Dealer(store, clock=clock)
    task = asyncio.create_task(worker.run_timers(stop, interval=3_600, deliver=deliver))
    try:
        await asyncio.sleep(0.05)
        clock.advance(0.2)
        for _ in range(1_000):
            if timed_out(delivered):
                break
            assert not task.done(), task
            await asyncio.sleep(0.01)
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)
    assert timed_out(delivered) == [table]
