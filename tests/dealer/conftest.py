"""One real embedded Redis for the session, flushed before every test; a clock tests move."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from redis.asyncio import Redis

from chatdealer.store import BankConfig, EmbeddedRedis, Store, TableId

from .harness import Clock, Harness

BANK = BankConfig(starting_grant=1_000, daily_amount=100, daily_period=86_400)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedRedis]:
    server = EmbeddedRedis(tmp_path_factory.mktemp("dealer-redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
async def client(redis_server: EmbeddedRedis) -> AsyncIterator[Redis]:
    client = Redis(unix_socket_path=redis_server.socket_path)
    await client.flushall()
    yield client
    await client.aclose()


@pytest.fixture
def store(client: Redis) -> Store:
    return Store.on(client, bank=BANK, lease=30.0)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def table_id() -> TableId:
    return TableId("discord", "guild1", "poker")


@pytest.fixture
def game(store: Store, clock: Clock, table_id: TableId) -> Harness:
    return Harness(store, clock, table_id)
