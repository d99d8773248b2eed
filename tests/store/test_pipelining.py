"""Commits made at the same moment share one trip to Redis, and each still gets its own answer."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from chatdealer.store import (
    Change,
    EmbeddedRedis,
    HandRecord,
    Outcome,
    Store,
    TableId,
    TableStore,
)
from chatdealer.store.pipelining import AutoPipeline
from chatdealer.store.scripts import Scripts, text

from .conftest import BANK


def counter(n: int) -> bytes:
    return json.dumps({"schema": 1, "n": n}).encode()


async def test_commits_made_together_each_get_their_own_answer(
    store: Store, table: TableId
) -> None:
    tables = [table.home.table(f"c{n}") for n in range(40)]
    for each in tables:
        assert await store.tables.create(each, counter(0))
    # Even tables commit from the version they hold, odd ones from a stale version.
    results = await asyncio.gather(
        *(
            store.tables.commit(each, 1 if n % 2 == 0 else 7, Change(counter(n + 1)))
            for n, each in enumerate(tables)
        )
    )
    assert [r.outcome for r in results] == [
        Outcome.OK if n % 2 == 0 else Outcome.CONFLICT for n in range(40)
    ]
    for n, each in enumerate(tables):
        expected = (2, counter(n + 1)) if n % 2 == 0 else (1, counter(0))
        assert await store.tables.load(each) == expected


async def test_fifty_simultaneous_commits_need_one_connection_not_fifty(
    redis_server: EmbeddedRedis, table: TableId
) -> None:
    client = Redis(unix_socket_path=redis_server.socket_path, client_name="batched")
    try:
        tables = TableStore(client, Scripts.register(client))
        channels = [table.home.table(f"b{n}") for n in range(50)]
        for each in channels:
            await tables.create(each, counter(0))
        await client.connection_pool.disconnect()
        results = await asyncio.gather(
            *(tables.commit(each, 1, Change(counter(1))) for each in channels)
        )
        assert all(r.ok for r in results)
        listed = await client.client_list()
        assert sum(1 for c in listed if c.get("name") == "batched") <= 2
    finally:
        await client.aclose()


async def test_commits_go_through_after_redis_forgets_its_scripts(
    store: Store, table: TableId
) -> None:
    tables = [table.home.table(f"f{n}") for n in range(5)]
    for each in tables:
        await store.tables.create(each, counter(0))
    await store.client.script_flush()
    results = await asyncio.gather(
        *(store.tables.commit(each, 1, Change(counter(5))) for each in tables)
    )
    assert all(r.ok for r in results)
    assert [await store.tables.load(each) for each in tables] == [(2, counter(5))] * 5


async def test_a_finished_hand_is_kept_by_the_same_commit(store: Store, table: TableId) -> None:
    await store.tables.create(table, counter(0))
    played = HandRecord(12, b'{"hand":12}', {"alice": b'{"alice":"AsKs"}', "bob": b"{}"})
    stale = await store.tables.commit(table, 5, Change(counter(1), hands=[played]))
    assert stale.outcome is Outcome.CONFLICT
    assert await store.history.get(table, 12) is None, "a refused commit wrote its hand"
    assert (await store.tables.commit(table, 1, Change(counter(1), hands=[played]))).ok
    assert await store.history.get(table, 12) == played


async def test_the_commit_keeps_the_history_cap(client: Redis, table: TableId) -> None:
    tables = TableStore(client, Scripts.register(client), history_cap=3)
    await tables.create(table, counter(0))
    for n in range(1, 6):
        hand = HandRecord(n, f'{{"hand":{n}}}'.encode(), {"alice": b"a"})
        assert (await tables.commit(table, n, Change(counter(n), hands=[hand]))).ok
    store = Store.on(client, bank=BANK)
    assert [h.number for h in await store.history.last(table, 10)] == [5, 4, 3]
    hands_key = f"cd:{{{table.home.tag}}}:hands:{table.channel}"
    assert sorted(text(f) for f in await client.hkeys(hands_key)) == sorted(
        f"{n}{part}" for n in (3, 4, 5) for part in ("", ":alice", ":players")
    )


async def test_redis_away_reaches_every_waiting_commit(table: TableId, tmp_path: Path) -> None:
    client = Redis(unix_socket_path=str(tmp_path / "nobody-listens.sock"))
    try:
        tables = TableStore(client, Scripts.register(client))
        channels = [table.home.table(f"a{n}") for n in range(10)]
        results = await asyncio.gather(
            *(tables.commit(each, 1, Change(counter(1))) for each in channels),
            return_exceptions=True,
        )
        assert all(isinstance(r, RedisConnectionError) for r in results), results
    finally:
        await client.aclose()


async def test_a_commit_cancelled_before_it_is_sent_writes_nothing(
    store: Store, table: TableId
) -> None:
    tables = [table.home.table(f"x{n}") for n in range(6)]
    for each in tables:
        await store.tables.create(each, counter(0))
    tasks = [
        asyncio.create_task(store.tables.commit(each, 1, Change(counter(9)))) for each in tables
    ]
    await asyncio.sleep(0)  # every commit is now waiting for the shared trip
    tasks[2].cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    assert isinstance(results[2], asyncio.CancelledError)
    assert all(r.ok for n, r in enumerate(results) if n != 2)  # type: ignore[union-attr]
    assert await store.tables.load(tables[2]) == (1, counter(0))
    assert await store.tables.load(tables[3]) == (2, counter(9))


async def test_a_kept_connection_that_redis_closed_is_replaced(
    redis_server: EmbeddedRedis, table: TableId
) -> None:
    client = Redis(unix_socket_path=redis_server.socket_path, client_name="kept")
    try:
        tables = TableStore(client, Scripts.register(client))
        await tables.create(table, counter(0))
        assert (await tables.commit(table, 1, Change(counter(1)))).ok  # keeps its connection
        killed = await client.client_kill_filter(skipme=True, _type="normal")
        assert killed >= 1
        await asyncio.sleep(0.1)  # Redis's close reaches this process
        result = await tables.commit(table, 2, Change(counter(2)))
        assert result.ok, result
        assert await tables.load(table) == (3, counter(2))
    finally:
        await client.aclose()


async def test_a_refused_command_raises_for_its_caller_alone(client: Redis) -> None:
    pipeline = AutoPipeline(client)
    await client.hset("a-hash", "field", "1")
    results = await asyncio.gather(
        pipeline.command("INCR", "a-counter"),
        pipeline.command("INCR", "a-hash"),  # the wrong kind of key: Redis refuses
        pipeline.command("HGET", "a-hash", "field"),
        return_exceptions=True,
    )
    assert results[0] == 1 and results[2] == b"1"
    assert isinstance(results[1], ResponseError) and "WRONGTYPE" in str(results[1])


async def test_a_reply_that_never_comes_times_out_and_the_next_command_gets_through(
    redis_server: EmbeddedRedis,
) -> None:
    client = Redis(unix_socket_path=redis_server.socket_path, socket_timeout=0.2)
    busy = (
        "local start = redis.call('TIME') "
        "repeat local now = redis.call('TIME') "
        "until (now[1] - start[1]) * 1000000 + now[2] - start[2] > 500000 "
        "return 1"
    )
    try:
        pipeline = AutoPipeline(client)
        results = await asyncio.gather(
            pipeline.command("EVAL", busy, 0),
            pipeline.command("PING"),
            return_exceptions=True,
        )
        assert isinstance(results[0], RedisTimeoutError), results
        assert isinstance(results[1], RedisTimeoutError | RedisConnectionError), results
        await asyncio.sleep(0.5)  # the script is over
        assert await pipeline.command("PING") == b"PONG"
    finally:
        await client.aclose()


async def test_work_done_while_a_script_runs_leaves_every_reply_with_its_caller(
    client: Redis,
) -> None:
    pipeline = AutoPipeline(client)
    echo = client.register_script("redis.call('RPUSH', KEYS[1], ARGV[1]) return ARGV[1]")
    done: list[str] = []
    answer = await pipeline.run(echo, ["a-list"], ["first"], meanwhile=lambda: done.append("x"))
    assert answer == b"first" and done == ["x"]

    def fails() -> None:
        raise RuntimeError("the table message could not be made")

    with pytest.raises(RuntimeError):  # the caller hears of its failed work
        await pipeline.run(echo, ["a-list"], ["second"], meanwhile=fails)
    # The command had left: it ran, and its reply does not go to the next caller.
    assert await pipeline.run(echo, ["a-list"], ["third"]) == b"third"
    assert await client.lrange("a-list", 0, -1) == [b"first", b"second", b"third"]
