"""A worker whose Redis is not up yet, or goes away for a while, waits for it with growing
pauses, says so in the log, refuses commands meanwhile as "unavailable", and plays on once it
is back: against a real ``redis-server`` stopped and started again on the same port and files."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from chatdealer.dealer import Command, Create, Dealer, ShowTable, open_dealer
from chatdealer.dealer.outgoing import Refused, TableShown
from chatdealer.store import TableId
from chatdealer.store.reconnect import Backoff
from tests.redis_servers import any_binary, free_ports, start_server

from .harness import ANN, Clock, payloads
from .test_timer_loop import Loop, deal_heads_up, timed_out_at

TABLE = TableId("discord", "guild1", "poker")
QUICK = Backoff(first=0.05, longest=0.2)


async def until_logged(caplog: pytest.LogCaptureFixture, text: str, times: int = 1) -> None:
    for _ in range(1_000):
        if caplog.text.count(text) >= times:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never logged {text!r} {times} times; log: {caplog.text[-2000:]}")


async def test_a_worker_started_before_its_redis_waits_and_plays_once_it_is_up(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    (port,) = free_ports(1)
    url = f"redis://127.0.0.1:{port}/0"

    async def worker() -> list[TableShown]:
        async with open_dealer(url, patience=QUICK) as dealer:
            await dealer.handle(Command(table=TABLE, user=ANN, args=Create()))
            out = await dealer.handle(Command(table=TABLE, user=ANN, args=ShowTable()))
            return payloads(out, TableShown)

    started = asyncio.create_task(worker())
    await until_logged(caplog, f"Redis at {url} is not reachable", times=3)
    assert not started.done(), "the worker gave up on a Redis that was not up yet"
    assert "trying again in 0.2 s" in caplog.text  # the pauses grew to the longest
    server = await asyncio.to_thread(start_server, tmp_path / "redis", port, binary=any_binary())
    try:
        shown = await asyncio.wait_for(started, 20)
    finally:
        server.stop()
    assert shown[0].view.host == ANN.id
    assert f"Redis at {url} answered after" in caplog.text


async def test_without_patience_a_missing_redis_fails_at_once() -> None:
    (port,) = free_ports(1)
    with pytest.raises(RedisConnectionError):
        async with open_dealer(f"redis://127.0.0.1:{port}/0", patience=None):
            pass


class StoppableRedis:
    """A real ``redis-server`` on one port and folder, stopped and started again by the test."""

    def __init__(self, folder: Path) -> None:
        (self.port,) = free_ports(1)
        self.folder = folder
        self.server = start_server(folder, self.port, binary=any_binary())

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    async def stop(self) -> None:
        await asyncio.to_thread(self.server.stop)  # a clean shutdown: the append-only file holds

    async def start(self) -> None:
        self.server = await asyncio.to_thread(
            start_server, self.folder, self.port, binary=any_binary()
        )


@asynccontextmanager
async def dealer_with_a_hand_on(redis: StoppableRedis, clock: Clock) -> AsyncIterator[Dealer]:
    """A worker on `redis` whose heads-up hand's first turn times out 30 s from now."""
    try:
        async with open_dealer(redis.url, clock=clock, patience=QUICK) as dealer:
            await deal_heads_up(dealer, TABLE)
            yield dealer
    finally:
        redis.server.stop()


async def test_the_clock_waits_out_a_redis_that_went_away_and_fires_once_it_is_back(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    redis, clock = StoppableRedis(tmp_path / "redis"), Clock()
    async with dealer_with_a_hand_on(redis, clock) as dealer:
        loop = Loop(dealer)
        loop.start()
        try:
            await redis.stop()
            clock.advance(31)  # the first turn's clock runs out while Redis is away
            await until_logged(caplog, "timer loop: Redis unavailable", times=3)
            refused = await dealer.handle(Command(table=TABLE, user=ANN, args=ShowTable()))
            assert [r.code for r in payloads(refused, Refused)] == ["unavailable"]
            assert loop.task is not None and not loop.task.done()
            await redis.start()
            await loop.until(timed_out_at(TABLE))
        finally:
            await loop.close()
        shown = await dealer.handle(Command(table=TABLE, user=ANN, args=ShowTable()))
        assert payloads(shown, TableShown)
    assert "timer loop: Redis is back after" in caplog.text
    assert dealer.supervisor.restarts == {}, "the clock crashed instead of waiting"


async def test_a_deadline_claimed_as_redis_goes_away_fires_once_it_is_back_not_a_lease_later(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The claim leases the deadline 30 s ahead; the clock does not move here, so only the
    worker remembering what it claimed and could not fire makes the turn time out."""
    caplog.set_level(logging.WARNING)
    redis, clock = StoppableRedis(tmp_path / "redis"), Clock()
    async with dealer_with_a_hand_on(redis, clock) as dealer:
        timers = dealer.store.timers
        claim_due = timers.claim_due
        away = asyncio.Event()

        async def claim_then_lose_redis(*args: object, **kwargs: object) -> list[TableId]:
            claimed = await claim_due(*args, **kwargs)  # type: ignore[arg-type]
            if claimed and not away.is_set():
                away.set()
                await redis.stop()
            return claimed

        timers.claim_due = claim_then_lose_redis  # type: ignore[method-assign]
        clock.advance(31)  # the first turn's clock runs out
        loop = Loop(dealer)
        loop.start()
        try:
            await until_logged(caplog, "timer loop: Redis unavailable", times=2)
            await redis.start()
            await loop.until(timed_out_at(TABLE))
        finally:
            await loop.close()
    assert away.is_set()
