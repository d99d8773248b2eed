"""The Redis settings: which client a worker builds, and clear words for settings it cannot use."""

from __future__ import annotations

import pytest
from redis.asyncio import Redis, RedisCluster
from redis.asyncio.sentinel import SentinelConnectionPool, SentinelManagedSSLConnection

from chatdealer.store.settings import RedisSettings, SettingError, redact


def test_no_setting_means_the_embedded_server() -> None:
    assert RedisSettings.from_env({}).mode == "embedded"


def test_a_url_names_one_server_with_its_password() -> None:
    settings = RedisSettings.from_env({"REDIS_URL": "redis://ann:secret@db:6380/2"})
    assert settings.mode == "standalone"
    client = settings.client()
    kwargs = client.connection_pool.connection_kwargs
    assert (kwargs["host"], kwargs["port"], kwargs["db"]) == ("db", 6380, 2)
    assert (kwargs["username"], kwargs["password"]) == ("ann", "secret")
    assert "secret" not in settings.describe()


def test_cluster_mode_builds_a_cluster_client_from_any_node() -> None:
    settings = RedisSettings.from_env({"REDIS_URL": "redis://node-2:7001", "REDIS_CLUSTER": "1"})
    assert settings.mode == "cluster"
    assert isinstance(settings.client(), RedisCluster)


def test_sentinel_takes_password_and_tls_from_the_url() -> None:
    env = {
        "REDIS_SENTINELS": "s1:26379, s2:26380",
        "REDIS_SENTINEL_MASTER": "main",
        "REDIS_URL": "rediss://:pw@ignored:1/3",
    }
    settings = RedisSettings.from_env(env)
    assert settings.mode == "sentinel"
    assert settings.sentinels == (("s1", 26379), ("s2", 26380))
    assert settings.wait_replicas == 1  # chip movements wait for a replica by default
    client = settings.client()
    assert isinstance(client, Redis)
    pool = client.connection_pool
    assert isinstance(pool, SentinelConnectionPool)
    assert pool.connection_class is SentinelManagedSSLConnection
    assert pool.connection_kwargs["password"] == "pw"
    assert pool.connection_kwargs["db"] == 3


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"REDIS_URL": "http://db:6379"}, "REDIS_URL"),
        ({"REDIS_CLUSTER": "1"}, "REDIS_URL"),
        ({"REDIS_CLUSTER": "maybe", "REDIS_URL": "redis://db"}, "REDIS_CLUSTER"),
        ({"REDIS_SENTINELS": "s1:26379"}, "REDIS_SENTINEL_MASTER"),
        ({"REDIS_SENTINEL_MASTER": "main"}, "REDIS_SENTINELS"),
        ({"REDIS_SENTINELS": "s1", "REDIS_SENTINEL_MASTER": "m"}, "REDIS_SENTINELS"),
        (
            {"REDIS_SENTINELS": "s1:1", "REDIS_SENTINEL_MASTER": "m", "REDIS_CLUSTER": "1"},
            "REDIS_CLUSTER",
        ),
        ({"REDIS_WAIT_REPLICAS": "-1"}, "REDIS_WAIT_REPLICAS"),
    ],
)
def test_a_setting_that_cannot_work_is_named(env: dict[str, str], named: str) -> None:
    with pytest.raises(SettingError, match=named):
        RedisSettings.from_env(env)


def test_redacted_urls_keep_no_password() -> None:
    assert redact("redis://ann:secret@db:1/0") == "redis://ann:***@db:1/0"
    assert redact("rediss://:secret@db:1") == "rediss://:***@db:1"
    assert redact("unix:///run/redis.sock") == "unix:///run/redis.sock"
