from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

from chatdealer.store import (
    BankConfig,
    Change,
    Community,
    EmbeddedRedis,
    Outcome,
    RedisConnection,
    Store,
    buy_in,
    default_data_dir,
)
from chatdealer.store.server import AOF_FILENAME, DB_FILENAME

from .conftest import NOW


def test_the_data_directory_follows_xdg() -> None:
    assert default_data_dir({"XDG_DATA_HOME": "/data"}) == Path("/data/chatdealer")
    assert default_data_dir({}) == Path.home() / ".local" / "share" / "chatdealer"


async def test_the_embedded_server_keeps_everything_across_a_restart(tmp_path: Path) -> None:
    guild = Community("discord", "1")
    table = guild.table("2")
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.005)
            ticks += 1

    beat = asyncio.create_task(ticker())
    connection = RedisConnection(data_dir=tmp_path, env={})
    async with connection as client:
        beat.cancel()
        assert ticks > 0, "starting the server blocked the event loop"
        assert connection.is_embedded and connection.url.startswith("unix://")
        store = Store.on(client, bank=BankConfig(starting_grant=500))
        await store.bank.open_account(guild, "alice", NOW)
        await store.tables.create(table, b'{"v":1}', deadline=NOW)
        change = Change(b'{"v":2}', deadline=NOW + 5, moves=[buy_in("alice", 200)])
        assert (await store.tables.commit(table, 1, change, now=NOW)).ok
    assert (tmp_path / DB_FILENAME).exists() and (tmp_path / AOF_FILENAME).exists()

    async with RedisConnection(data_dir=tmp_path, env={}) as client:
        store = Store.on(client)
        assert await store.tables.load(table) == (2, b'{"v":2}')
        assert await store.bank.balance(guild, "alice") == 300
        assert await store.timers.claim_due(NOW + 5) == [table]
        assert all(report.ok for report in await store.bank.audit())


async def test_a_killed_server_loses_at_most_a_second(tmp_path: Path) -> None:
    """The append-only file is fsynced every second, so even a SIGKILL keeps older writes."""
    server = EmbeddedRedis(tmp_path)
    await asyncio.to_thread(server.start)
    connection = RedisConnection(server.url, env={})
    try:
        async with connection as client:
            await client.set("survivor", "yes")
            await asyncio.sleep(1.2)
            pid = int((await client.info("server"))["process_id"])
        os.kill(pid, signal.SIGKILL)
    finally:
        await asyncio.to_thread(server.stop)
    async with RedisConnection(data_dir=tmp_path, env={}) as client:
        assert await client.get("survivor") == b"yes"


async def test_redis_url_wins_over_the_embedded_server(redis_server: EmbeddedRedis) -> None:
    env = {"REDIS_URL": f"unix://{redis_server.socket_path}"}
    connection = RedisConnection(env=env, data_dir=Path("/nonexistent/never/created"))
    async with connection as client:
        assert not connection.is_embedded
        assert connection.url == env["REDIS_URL"]
        await client.set("via-url", "1")
        store = Store.on(client)
        table = Community("telegram", "-5").table("0")
        await store.tables.delete(table)
        assert await store.tables.create(table, b"{}")
        assert await store.tables.delete(table) is Outcome.OK
    assert not Path("/nonexistent/never/created").exists()
    async with RedisConnection(env=env) as again:  # the shared server was not stopped
        assert await again.get("via-url") == b"1"
        await again.delete("via-url")


async def test_a_second_worker_on_the_same_data_shares_the_server(tmp_path: Path) -> None:
    """Two processes on one data directory must not run two servers on the same files."""
    first, second = EmbeddedRedis(tmp_path), EmbeddedRedis(tmp_path)
    await asyncio.to_thread(first.start)
    await asyncio.to_thread(second.start)
    assert first.socket_path == second.socket_path
    async with RedisConnection(second.url, env={}) as client:
        await client.set("shared", "1")
        await asyncio.to_thread(first.stop)  # the other worker is still connected
        assert await client.get("shared") == b"1"
    await asyncio.to_thread(second.stop)
    async with RedisConnection(data_dir=tmp_path, env={}) as client:
        assert await client.get("shared") == b"1"
