"""One real embedded Redis for the whole test session, flushed before every test that uses it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from redis.asyncio import Redis

from chatdealer.store import EmbeddedRedis


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedRedis]:
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
async def client(redis_server: EmbeddedRedis) -> AsyncIterator[Redis]:
    client = Redis(unix_socket_path=redis_server.socket_path)
    await client.flushall()
    yield client
    await client.aclose()
