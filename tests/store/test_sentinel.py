"""Under Sentinel, a primary killed mid-game (kill -9) loses no acknowledged action, and play
resumes on the promoted replica within 10 s, through the settings a worker is given; with commits
waiting for every replica, a primary demoted mid-game (a planned failover) acknowledges nothing
that its resync from the new primary would throw away, and play goes on there.

Needs ``redis-server`` (Debian's, which also runs Sentinel); ``.ci/run`` installs it.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from redis.exceptions import RedisError

from chatdealer.store import Community, RedisConnection, Store, TableId
from tests.redis_servers import LocalSentinel, available

pytestmark = pytest.mark.skipif(not available(), reason="needs redis-server and redis-cli")

RESUME_WITHIN = 10.0
TABLE = Community("telegram", "group1").table("main")


@pytest.fixture
def sentinel(tmp_path: Path) -> Iterator[LocalSentinel]:
    watched = LocalSentinel(tmp_path / "sentinel").start()
    yield watched
    watched.stop()


def increment(state: bytes) -> bytes:
    return json.dumps({"n": json.loads(state)["n"] + 1}).encode()


@dataclass
class Player:
    """Presses as fast as it is answered, counting what was acknowledged and what was refused
    (refused: not acknowledged, so it may or may not have been applied)."""

    store: Store
    table: TableId
    acknowledged: int = 0
    refused: int = 0
    changed_at: float | None = None
    resumed_at: float | None = None
    """When the first action begun after `changed_at` was acknowledged."""

    async def play(self, until: Callable[[Player], bool]) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not until(self):
            started = time.monotonic()
            try:
                result = await self.store.tables.update(self.table, increment)
            except RedisError:
                self.refused += 1
                await asyncio.sleep(0.05)
                continue
            assert result.ok, result
            self.acknowledged += 1
            changed = self.changed_at
            if changed is not None and self.resumed_at is None and started > changed:
                self.resumed_at = time.monotonic()

    async def applied(self) -> int:
        loaded = await self.store.tables.load(self.table)
        assert loaded is not None
        return int(json.loads(loaded[1])["n"])


async def test_a_killed_primary_loses_no_acknowledged_action_and_play_resumes(
    sentinel: LocalSentinel,
) -> None:
    connection = RedisConnection(env=sentinel.env())
    settings = connection.settings
    assert settings.mode == "sentinel" and settings.wait_replicas == 1
    async with connection as client:
        store = Store.on(
            client, wait_replicas=settings.wait_replicas, wait_timeout_ms=settings.wait_timeout_ms
        )
        assert await store.tables.create(TABLE, json.dumps({"n": 0}).encode())
        player = Player(store, TABLE)
        before: list[int] = []

        def enough(p: Player) -> bool:
            return p.resumed_at is not None and p.acknowledged >= before[0] + 20

        playing = asyncio.create_task(player.play(enough))
        await asyncio.sleep(0.5)
        old_primary = sentinel.server_on(sentinel.primary_port())
        before.append(player.acknowledged)
        assert before[0] > 10
        player.changed_at = time.monotonic()
        old_primary.kill()
        await playing
        assert player.resumed_at is not None, "play never resumed"
        assert player.resumed_at - player.changed_at < RESUME_WITHIN
        assert sentinel.primary_port() != old_primary.port  # a replica was promoted
        applied = await player.applied()
        # Every acknowledged increment is there; at most the unacknowledged ones besides.
        assert player.acknowledged <= applied <= player.acknowledged + player.refused


async def test_a_primary_demoted_mid_game_acknowledges_nothing_it_cannot_keep(
    sentinel: LocalSentinel,
) -> None:
    """While Sentinel promotes one replica, the old primary still takes writes, and the other
    replica still confirms them until it is moved to the new primary, whose copy then replaces
    them: only a commit every replica confirmed (the promoted one included) is safe, hence
    `REDIS_WAIT_REPLICAS` = the number of replicas."""
    connection = RedisConnection(env={**sentinel.env(), "REDIS_WAIT_REPLICAS": "2"})
    settings = connection.settings
    async with connection as client:
        store = Store.on(
            client, wait_replicas=settings.wait_replicas, wait_timeout_ms=settings.wait_timeout_ms
        )
        assert await store.tables.create(TABLE, json.dumps({"n": 0}).encode())
        player = Player(store, TABLE)
        old = sentinel.primary_port()
        promoted: list[int] = []  # acknowledged when the new primary was announced

        def enough(p: Player) -> bool:
            return bool(promoted) and p.acknowledged >= promoted[0] + 20

        playing = asyncio.create_task(player.play(enough))
        await asyncio.sleep(0.3)
        demote = await asyncio.create_subprocess_exec(
            "redis-cli",
            "-p",
            str(sentinel.sentinels[0].port),
            "sentinel",
            "failover",
            sentinel.master_name,
            stdout=asyncio.subprocess.DEVNULL,
        )
        assert await demote.wait() == 0
        player.changed_at = began = time.monotonic()
        while await asyncio.to_thread(sentinel.primary_port) == old:
            assert time.monotonic() - began < RESUME_WITHIN, "no failover"
            await asyncio.sleep(0.1)
        promoted.append(player.acknowledged)
        await playing
        assert player.acknowledged >= promoted[0] + 20, "play did not go on on the new primary"
        assert time.monotonic() - began < 2 * RESUME_WITHIN
        applied = await player.applied()
        # Nothing acknowledged by the demoted primary was lost in its resync.
        assert player.acknowledged <= applied <= player.acknowledged + player.refused


async def test_doctor_shows_the_primary_sentinel_names_and_its_replicas(
    sentinel: LocalSentinel,
) -> None:
    from chatdealer.store.doctor import diagnose

    lines, healthy = await diagnose(env=sentinel.env())
    assert healthy
    assert lines[0] == f"connection: sentinel {sentinel.sentinel_addresses} master chatdealer"
    assert lines[1] == "mode: sentinel (1 primary, 2 replicas)"
    assert "commits wait for: 1 replica(s), at most 500 ms" in lines
    assert any(f"port {sentinel.primary_port()}" in line for line in lines)
