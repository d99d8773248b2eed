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
from collections.abc import Iterator
from pathlib import Path

import pytest
from redis.asyncio import Redis

from chatdealer.dealer import Command, Create, Join, ShowTable, Start, User, chips_of, open_dealer
from chatdealer.dealer.outgoing import Refused, TableShown
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


async def test_four_worker_processes_apply_every_press_once(server: EmbeddedRedis) -> None:
    url = server.url
    await open_table(url)
    version_before = await audit_ok(url)
    workers = [start_worker(url, 4.0) for _ in range(4)]
    results = [json.loads(worker.communicate(timeout=120)[0]) for worker in workers]
    assert all(worker.returncode == 0 for worker in workers)
    accepted = sum(r["accepted"] + r["starts"] for r in results)
    assert accepted > 20, results
    assert sum(r["stale"] for r in results) > 0, "four workers never raced for a token"
    assert all(r["other_refusals"] == 0 for r in results), results
    version_after = await audit_ok(url)
    # Each accepted press or start is exactly one committed step: none lost, none doubled.
    assert version_after - version_before == accepted


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
    assert after["accepted"] > 0
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
