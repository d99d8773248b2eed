"""Under Sentinel, a primary killed mid-game (kill -9) loses no acknowledged action, and play
resumes on the promoted replica within 10 s, through the settings a worker is given.

Needs ``redis-server`` (Debian's, which also runs Sentinel); ``.ci/run`` installs it.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from redis.exceptions import RedisError

from chatdealer.store import Community, RedisConnection, Store
from tests.redis_servers import LocalSentinel, available

pytestmark = pytest.mark.skipif(not available(), reason="needs redis-server and redis-cli")

RESUME_WITHIN = 10.0


@pytest.fixture
def sentinel(tmp_path: Path) -> Iterator[LocalSentinel]:
    watched = LocalSentinel(tmp_path / "sentinel").start()
    yield watched
    watched.stop()


def increment(state: bytes) -> bytes:
    return json.dumps({"n": json.loads(state)["n"] + 1}).encode()


async def test_a_killed_primary_loses_no_acknowledged_action_and_play_resumes(
    sentinel: LocalSentinel,
) -> None:
    connection = RedisConnection(env=sentinel.env())
    settings = connection.settings
    assert settings.mode == "sentinel" and settings.wait_replicas == 1
    table = Community("telegram", "group1").table("main")
    async with connection as client:
        store = Store.on(
            client,
            wait_replicas=settings.wait_replicas,
            wait_timeout_ms=settings.wait_timeout_ms,
        )
        assert await store.tables.create(table, json.dumps({"n": 0}).encode())
        acknowledged = 0
        refused = 0  # not acknowledged: each may or may not have been applied
        killed_at: float | None = None
        resumed_at: float | None = None

        async def play() -> None:
            nonlocal acknowledged, refused, resumed_at
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                started = time.monotonic()
                try:
                    result = await store.tables.update(table, increment)
                except RedisError:
                    refused += 1
                    await asyncio.sleep(0.05)
                    continue
                assert result.ok, result
                acknowledged += 1
                if killed_at is not None and resumed_at is None and started > killed_at:
                    resumed_at = time.monotonic()  # the first action begun after the kill
                if resumed_at is not None and acknowledged >= before_kill + 20:
                    return

        before_kill = 10**9
        players = asyncio.create_task(play())
        await asyncio.sleep(0.5)
        old_primary = sentinel.server_on(sentinel.primary_port())
        before_kill = acknowledged
        assert before_kill > 10
        killed_at = time.monotonic()
        old_primary.kill()
        await players
        assert resumed_at is not None, "play never resumed"
        assert resumed_at - killed_at < RESUME_WITHIN
        assert sentinel.primary_port() != old_primary.port  # a replica was promoted
        loaded = await store.tables.load(table)
        assert loaded is not None
        applied = json.loads(loaded[1])["n"]
        # Every acknowledged increment is there; at most the unacknowledged ones besides.
        assert acknowledged <= applied <= acknowledged + refused
