"""One real embedded Redis for the whole session, flushed before every test."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from redis.asyncio import Redis

from chatdealer.store import BankConfig, Community, EmbeddedRedis, Store, TableId


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


BANK = BankConfig(starting_grant=1_000, daily_amount=100, daily_period=86_400)
NOW = 1_700_000_000.0


@pytest.fixture
def store(client: Redis) -> Store:
    return Store.on(client, bank=BANK, lease=30.0)


@pytest.fixture
def guild() -> Community:
    return Community("discord", "111")


@pytest.fixture
def table(guild: Community) -> TableId:
    return guild.table("222")
