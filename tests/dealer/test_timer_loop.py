"""Issue 15: nothing one table holds, and nothing in a shared index, stops the dealer's clock.

The timer loop runs as a worker runs it (`run_timers` with a `deliver`), against the session's
Redis: a poisoned record quarantines its own table (logged with the table id, its channel told
it can be reset) while every other table's deadlines keep firing, and a poison entry in the
timer index, a deadlines set or the registry of communities is removed with a log line.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import pytest
from redis.asyncio import Redis

from chatdealer.dealer import Command, Create, Dealer, Join, ShowTable, Start, open_dealer
from chatdealer.dealer.outgoing import HandStarted, Notice, Outgoing, Refused
from chatdealer.dealer.supervision import Supervisor
from chatdealer.store import Community, Store, TableId
from chatdealer.store.keys import deadlines_key, index_keys, table_keys
from chatdealer.table import TableSettings

from .harness import ANN, BOB, Clock, Harness
from .poison import (
    State,
    acted_emptied,
    actor_out_of_range,
    edit_state,
    seats_out_of_range,
    wake_for_a_stranger,
)

CLOCK = TableSettings(small_blind=1, big_blind=2, action_seconds=30, time_bank_seconds=0)
HEALTHY = TableId("discord", "guild1", "healthy")
DAMAGED = TableId("discord", "guild1", "damaged")
ELSEWHERE = TableId("telegram", "-100", "main")
CARD = re.compile(r"\b(10|[2-9TJQKA])[cdhs]\b")


async def deal_heads_up(dealer: Dealer, table: TableId) -> None:
    """A hand whose first turn times out 30 s from now."""
    for user, args in (
        (ANN, Create(settings=CLOCK)),
        (ANN, Join(buy_in=200)),
        (BOB, Join(buy_in=200)),
        (ANN, Start()),
    ):
        out = await dealer.handle(Command(table=table, user=user, args=args))
        assert not [o for o in out if isinstance(o.payload, Refused)], out


class Loop:
    """`run_timers` in a task, everything it delivers kept."""

    def __init__(self, dealer: Dealer) -> None:
        self.dealer = dealer
        self.delivered: list[Outgoing] = []
        self.stop = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    async def deliver(self, out: list[Outgoing]) -> None:
        self.delivered += out

    def start(self) -> None:
        self.task = asyncio.create_task(
            self.dealer.run_timers(self.stop, interval=0.01, deliver=self.deliver)
        )

    async def until(self, seen: Callable[[list[Outgoing]], bool]) -> None:
        """Waits (generously: the machine is noisy) until the deliveries show `seen`."""
        assert self.task is not None
        for _ in range(1_000):
            if seen(self.delivered):
                return
            assert not self.task.done(), f"the timer loop ended: {self.task}"
            await asyncio.sleep(0.01)
        raise AssertionError(f"never delivered; got {[o.payload for o in self.delivered]}")

    async def close(self) -> None:
        self.stop.set()
        if self.task is not None:
            await asyncio.wait_for(self.task, 10)


def timed_out_at(table: TableId) -> Callable[[list[Outgoing]], bool]:
    return lambda out: any(
        o.table == table and isinstance(o.payload, Notice) and o.payload.code == "timed_out"
        for o in out
    )


def dealt_at(table: TableId) -> Callable[[list[Outgoing]], bool]:
    return lambda out: any(o.table == table and isinstance(o.payload, HandStarted) for o in out)


def told_damaged(table: TableId) -> Callable[[list[Outgoing]], bool]:
    return lambda out: any(
        o.table == table
        and o.to is None
        and isinstance(o.payload, Notice)
        and o.payload.code == "table_damaged"
        for o in out
    )


@pytest.mark.parametrize(
    ("poison", "logged"),
    [
        (actor_out_of_range, "actor"),
        (seats_out_of_range, "position"),
        (acted_emptied, "IndexError"),
        (wake_for_a_stranger, "not_seated"),
    ],
    ids=lambda value: getattr(value, "__name__", value),
)
async def test_a_poisoned_record_is_quarantined_and_every_other_table_keeps_its_clock(
    store: Store,
    client: Redis,
    clock: Clock,
    poison: Callable[[State], None],
    logged: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    dealer = Harness(store, clock, HEALTHY).dealer
    await deal_heads_up(dealer, DAMAGED)  # its deadline comes first
    clock.advance(1)
    await deal_heads_up(dealer, HEALTHY)
    await edit_state(client, DAMAGED, poison)
    loop = Loop(Dealer(store, clock=clock))  # a worker that has never seen either table
    loop.start()
    try:
        clock.advance(31)
        await loop.until(lambda out: timed_out_at(HEALTHY)(out) and told_damaged(DAMAGED)(out))
        # The healthy table's clock goes on: it deals the next hand, whose turn times out too.
        fired = len(loop.delivered)
        clock.advance(5)
        await loop.until(lambda out: dealt_at(HEALTHY)(out[fired:]))
        clock.advance(31)
        await loop.until(lambda out: timed_out_at(HEALTHY)(out[fired:]))
    finally:
        await loop.close()
    # Logged with the table's id and what is wrong (an exception's type and where it was
    # raised, never its text), never the record's contents: no card is named.
    damaged_lines = [r.getMessage() for r in caplog.records if str(DAMAGED) in r.getMessage()]
    assert any(logged in line for line in damaged_lines), damaged_lines
    assert not any(CARD.search(line) for line in damaged_lines), damaged_lines
    # Quarantined: no deadline left to claim, and its channel refuses play with a reason.
    assert await store.timers.deadline(DAMAGED) is None
    out = await dealer.handle(Command(table=DAMAGED, user=ANN, args=ShowTable()))
    assert [o.payload.code for o in out if isinstance(o.payload, Refused)] == ["damaged_table"]


async def test_poison_entries_in_the_timer_index_and_a_deadlines_set_are_removed(
    store: Store, client: Redis, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    dealer = Dealer(store, clock=clock)
    await deal_heads_up(dealer, HEALTHY)
    poisoned = Community("discord", "guild1")
    await client.zadd(index_keys(poisoned).due, {"no-colon-here": 0.0})
    await client.zadd(deadlines_key(poisoned), {"a channel with spaces": 0.0})
    await client.zadd(index_keys(poisoned).due, {poisoned.tag: 0.0})
    loop = Loop(dealer)
    loop.start()
    try:
        clock.advance(31)
        await loop.until(timed_out_at(HEALTHY))
    finally:
        await loop.close()
    assert await client.zscore(index_keys(poisoned).due, "no-colon-here") is None
    assert await client.zscore(deadlines_key(poisoned), "a channel with spaces") is None
    logged = caplog.text
    assert "no-colon-here" in logged and "a channel with spaces" in logged


async def test_a_crash_in_the_delivery_does_not_end_the_clock(store: Store, clock: Clock) -> None:
    dealer = Dealer(store, clock=clock)
    await deal_heads_up(dealer, HEALTHY)
    await deal_heads_up(dealer, ELSEWHERE)
    delivered: list[Outgoing] = []
    calls = 0

    async def flaky(out: list[Outgoing]) -> None:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("the chat platform is down")
        delivered.extend(out)

    stop = asyncio.Event()
    task = asyncio.create_task(dealer.run_timers(stop, interval=0.01, deliver=flaky))
    try:
        clock.advance(31)
        for _ in range(1_000):
            if calls >= 1:
                break
            await asyncio.sleep(0.01)
        clock.advance(31)
        for _ in range(1_000):
            if delivered:
                break
            assert not task.done()
            await asyncio.sleep(0.01)
        assert delivered
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)


async def test_a_malformed_community_tag_neither_stops_a_worker_starting_nor_the_audit(
    redis_url: str, client: Redis, caplog: pytest.LogCaptureFixture
) -> None:
    from chatdealer.dealer.audit import audit

    url = redis_url
    async with open_dealer(url) as dealer:
        await deal_heads_up(dealer, HEALTHY)
    await client.sadd(index_keys(HEALTHY.home).communities, "no-colon", "bad:tag with space")
    async with open_dealer(url) as dealer:  # used to raise inside rebuild_index
        out = await dealer.handle(Command(table=HEALTHY, user=ANN, args=ShowTable()))
        assert not [o for o in out if isinstance(o.payload, Refused)]
    assert not await client.sismember(index_keys(HEALTHY.home).communities, "no-colon")
    assert not await client.sismember(index_keys(HEALTHY.home).communities, "bad:tag with space")
    assert "no-colon" in caplog.text
    await client.sadd(index_keys(HEALTHY.home).communities, "no-colon")
    reports = await audit(url)
    assert [str(report.community) for report in reports] == [HEALTHY.home.tag]
    assert all(report.ok for report in reports)


async def test_the_table_key_of_a_quarantined_table_is_kept_for_its_reset(
    store: Store, client: Redis, clock: Clock
) -> None:
    await deal_heads_up(Dealer(store, clock=clock), DAMAGED)
    await edit_state(client, DAMAGED, seats_out_of_range)
    clock.advance(31)
    out = await Dealer(store, clock=clock).fire_due()
    assert told_damaged(DAMAGED)(out)
    assert await client.exists(table_keys(DAMAGED).table)
    # Told once: a second worker claiming nothing tells nobody again.
    clock.advance(60)
    assert await Dealer(store, clock=clock).fire_due() == []


async def test_the_timer_loop_itself_is_restarted_after_a_crash(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    dealer = Dealer(store, clock=clock, supervisor=Supervisor(first_delay=0.01, max_delay=0.01))
    await deal_heads_up(dealer, HEALTHY)
    rebuild = store.timers.rebuild_index
    calls = 0

    async def crashing_once() -> int:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise RuntimeError("a bug in start-up")
        return await rebuild()

    monkeypatch.setattr(store.timers, "rebuild_index", crashing_once)
    loop = Loop(dealer)
    loop.start()
    try:
        clock.advance(31)
        await loop.until(timed_out_at(HEALTHY))
    finally:
        await loop.close()
    assert dealer.supervisor.restarts == {"timer loop": 1}
    assert "timer loop crashed (RuntimeError at" in caplog.text
