from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable

from redis.asyncio import Redis

from chatdealer.store import Change, Outcome, Store, TableId, TableStore
from chatdealer.store.scripts import Scripts

from .conftest import NOW


def counter(n: int) -> bytes:
    return json.dumps({"schema": 1, "n": n}).encode()


def count_of(state: bytes) -> int:
    n = json.loads(state)["n"]
    assert isinstance(n, int)
    return n


async def test_a_new_table_starts_at_version_one(store: Store, table: TableId) -> None:
    assert await store.tables.load(table) is None
    assert await store.tables.create(table, counter(0))
    assert await store.tables.load(table) == (1, counter(0))
    assert await store.tables.chips(table) == 0


async def test_creating_an_existing_table_is_refused(store: Store, table: TableId) -> None:
    assert await store.tables.create(table, counter(0))
    assert not await store.tables.create(table, counter(99))
    assert await store.tables.load(table) == (1, counter(0))


async def test_save_with_a_stale_version_conflicts_and_writes_nothing(
    store: Store, table: TableId
) -> None:
    await store.tables.create(table, counter(0))
    assert await store.tables.save(table, 1, counter(1), events=[b'{"e":1}'], deadline=NOW)
    stale = await store.tables.commit(table, 1, Change(counter(7), events=[b'{"e":7}']))
    assert stale.outcome is Outcome.CONFLICT and stale.version == 2
    assert await store.tables.load(table) == (2, counter(1))
    assert [e.payload for e in await store.tables.events(table)] == [b'{"e":1}']
    assert await store.timers.deadline(table) == NOW


async def test_saving_a_missing_table_is_refused(store: Store, table: TableId) -> None:
    result = await store.tables.commit(table, 1, Change(counter(1)))
    assert result.outcome is Outcome.MISSING
    assert await store.tables.load(table) is None


async def test_events_carry_the_version_that_produced_them(store: Store, table: TableId) -> None:
    await store.tables.create(table, counter(0), events=[b"created"])
    await store.tables.save(table, 1, counter(1), events=[b"a", b"b"])
    events = await store.tables.events(table)
    assert [(e.version, e.payload) for e in events] == [(1, b"created"), (2, b"a"), (2, b"b")]
    later = await store.tables.events(table, after=events[0].id)
    assert [e.payload for e in later] == [b"a", b"b"]


async def test_the_event_stream_is_capped(store: Store, table: TableId) -> None:
    tables = TableStore(store.client, Scripts.register(store.client), events_maxlen=10)
    await tables.create(table, counter(0))
    for version in range(1, 301):
        assert await tables.save(table, version, counter(version), events=[b"x"])
    length = await store.client.xlen(f"cd:{{{table.home.tag}}}:events:{table.channel}")
    assert 10 <= length < 300  # MAXLEN ~ trims whole stream nodes, so roughly


async def test_a_worker_without_a_live_feed_writes_no_event_stream(
    store: Store, table: TableId
) -> None:
    tables = TableStore(store.client, Scripts.register(store.client), events_maxlen=0)
    await tables.create(table, counter(0), events=[b"created"])
    for version in range(1, 6):
        assert await tables.save(table, version, counter(version), events=[b"x"])
    assert await store.client.exists(f"cd:{{{table.home.tag}}}:events:{table.channel}") == 0
    loaded = await tables.load(table)
    assert loaded is not None and loaded[0] == 6  # every commit landed


async def test_twenty_concurrent_writers_lose_no_increment(store: Store, table: TableId) -> None:
    await store.tables.create(table, counter(0))
    calls = 0

    def increment(state: bytes) -> bytes:
        nonlocal calls
        calls += 1
        return counter(count_of(state) + 1)

    async def writer() -> None:
        for _ in range(10):
            result = await store.tables.update(table, increment)
            assert result.ok

    await asyncio.gather(*(writer() for _ in range(20)))
    loaded = await store.tables.load(table)
    assert loaded is not None
    version, state = loaded
    assert count_of(state) == 200
    assert version == 201
    assert calls > 200, "the writers never raced, so no conflict was retried"


async def test_concurrent_writers_on_separate_clients_lose_no_increment(
    store: Store, table: TableId, new_client: Callable[[], Awaitable[Redis]]
) -> None:
    await store.tables.create(table, counter(0))
    workers = [await new_client() for _ in range(4)]
    try:
        stores = [Store.on(w) for w in workers]

        async def writer(s: Store) -> None:
            for _ in range(25):
                assert (await s.tables.update(table, lambda st: counter(count_of(st) + 1))).ok

        await asyncio.gather(*(writer(s) for s in stores))
    finally:
        for w in workers:
            await w.aclose()
    loaded = await store.tables.load(table)
    assert loaded is not None and count_of(loaded[1]) == 100


async def test_an_action_that_changes_nothing_writes_nothing(store: Store, table: TableId) -> None:
    await store.tables.create(table, counter(0))
    result = await store.tables.update(table, lambda state: None)
    assert result.outcome is Outcome.UNCHANGED and result.version == 1
    assert await store.tables.load(table) == (1, counter(0))


async def test_update_of_a_missing_table_reports_it(store: Store, table: TableId) -> None:
    result = await store.tables.update(table, lambda state: state)
    assert result.outcome is Outcome.MISSING


async def test_delete_removes_table_events_and_deadline(store: Store, table: TableId) -> None:
    await store.tables.create(table, counter(0), events=[b"x"], deadline=NOW)
    assert await store.tables.delete(table, expected_version=2) is Outcome.CONFLICT
    assert await store.tables.delete(table) is Outcome.OK
    assert await store.tables.load(table) is None
    assert await store.tables.events(table) == []
    assert await store.timers.deadline(table) is None
    assert await store.tables.chips(table) is None
    assert await store.tables.delete(table) is Outcome.MISSING
