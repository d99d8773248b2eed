"""The tests' Redis, chosen by the product's own settings (``chatdealer/store/settings.py``).

Unset, one real embedded Redis serves the whole session. With ``REDIS_URL`` (and
``REDIS_CLUSTER=1``, or ``REDIS_SENTINELS`` with ``REDIS_SENTINEL_MASTER``) the tests use that
server, cluster or Sentinel-watched primary instead, exactly as a worker would. Either way
every test that uses it starts from an empty Redis (``FLUSHALL`` on every primary): never
point these settings at a Redis whose data you want to keep.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator

import pytest
from redis.asyncio import Redis

from chatdealer.store import EmbeddedRedis
from chatdealer.store.settings import RedisSettings


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedRedis]:
    """The embedded server, for the tests about it and about one plain connection."""
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def redis_settings(request: pytest.FixtureRequest) -> RedisSettings:
    """The settings from the environment, or the embedded server's URL when there are none."""
    settings = RedisSettings.from_env()
    if not settings.is_embedded:
        return settings
    server: EmbeddedRedis = request.getfixturevalue("redis_server")
    return RedisSettings.from_env({}, url=server.url)


@pytest.fixture(scope="session")
def redis_url(redis_settings: RedisSettings) -> str:
    """The URL a worker of the tests is given (with the environment's cluster setting)."""
    if redis_settings.url is None:
        pytest.skip("this test hands a URL to a worker; Sentinel is named without one")
    return redis_settings.url


@pytest.fixture
async def new_client(
    redis_settings: RedisSettings,
) -> AsyncIterator[Callable[[], Awaitable[Redis]]]:
    """Makes more clients of the tests' Redis (other workers), each connected as a worker's is
    at start-up (a cluster client has read the slot map), and closed afterwards."""
    made: list[Redis] = []

    async def make() -> Redis:
        made.append(redis_settings.client())
        await made[-1].ping()
        return made[-1]

    yield make
    for client in made:
        await client.aclose()


@pytest.fixture
async def client(redis_settings: RedisSettings) -> AsyncIterator[Redis]:
    client = redis_settings.client()
    await client.flushall()
    yield client
    await client.aclose()
