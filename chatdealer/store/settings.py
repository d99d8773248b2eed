"""Which Redis the service talks to, and how: one server, a Redis Cluster, or Sentinel.

- ``REDIS_URL``: ``redis://[user:password@]host:port/db``, ``rediss://`` (TLS) or
  ``unix:///path/to/socket``. Unset (and no Sentinel), the embedded server is used.
- ``REDIS_CLUSTER=1``: ``REDIS_URL`` names any node of a Redis Cluster; redis-py's
  ``RedisCluster`` finds the others and routes every key to the primary of its slot.
- ``REDIS_SENTINELS=host:port,host:port`` with ``REDIS_SENTINEL_MASTER=name``: the primary is
  asked of Sentinel, and asked again after a failover. ``REDIS_URL`` (optional) then only gives
  the data nodes' user, password, database and TLS; ``REDIS_SENTINEL_PASSWORD`` is the
  Sentinels' own password, when they have one.
- ``REDIS_WAIT_REPLICAS=N`` (default 1 under Sentinel, else 0): a table commit is
  acknowledged once N replicas have it too (``WAIT``, at most ``REDIS_WAIT_TIMEOUT_MS``,
  default 500), so losing the primary does not lose it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from redis.asyncio import Redis, RedisCluster
from redis.asyncio.connection import SSLConnection, parse_url
from redis.asyncio.sentinel import Sentinel, SentinelManagedSSLConnection

URL_VARIABLE = "REDIS_URL"
CLUSTER_VARIABLE = "REDIS_CLUSTER"
SENTINELS_VARIABLE = "REDIS_SENTINELS"
SENTINEL_MASTER_VARIABLE = "REDIS_SENTINEL_MASTER"
SENTINEL_PASSWORD_VARIABLE = "REDIS_SENTINEL_PASSWORD"
WAIT_REPLICAS_VARIABLE = "REDIS_WAIT_REPLICAS"
WAIT_TIMEOUT_VARIABLE = "REDIS_WAIT_TIMEOUT_MS"

SCHEMES = ("redis://", "rediss://", "unix://")
SOCKET_TIMEOUT = 5.0
"""Seconds a reply may take before the connection counts as gone (a dead primary is noticed
instead of waited on for ever)."""


class SettingError(ValueError):
    """A Redis setting the service cannot use; the message names the variable and the fix."""


def _flag(env: Mapping[str, str], name: str) -> bool:
    value = env.get(name, "").strip().lower()
    if value in ("", "0", "no", "false", "off"):
        return False
    if value in ("1", "yes", "true", "on"):
        return True
    raise SettingError(f"{name}={value!r}: use 1 (on) or 0 (off)")


def _whole(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit():
        raise SettingError(f"{name}={raw!r}: expected a whole number, 0 or more")
    return int(raw)


def _sentinels(raw: str) -> tuple[tuple[str, int], ...]:
    found = []
    for part in (p.strip() for p in raw.split(",")):
        if not part:
            continue
        host, sep, port = part.rpartition(":")
        if not sep or not host or not port.isdigit():
            raise SettingError(
                f"{SENTINELS_VARIABLE}: {part!r} is not host:port (e.g. sentinel-1:26379)"
            )
        found.append((host.strip("[]"), int(port)))
    if not found:
        raise SettingError(f"{SENTINELS_VARIABLE} names no sentinel (host:port,host:port)")
    return tuple(found)


@dataclass(frozen=True, slots=True)
class RedisSettings:
    url: str | None = None
    cluster: bool = False
    sentinels: tuple[tuple[str, int], ...] = ()
    sentinel_master: str | None = None
    sentinel_password: str | None = None
    wait_replicas: int = 0
    wait_timeout_ms: int = 500

    @classmethod
    def from_env(
        cls, env: Mapping[str, str] | None = None, url: str | None = None
    ) -> RedisSettings:
        """The settings in `env` (default: the process's); `url` overrides ``REDIS_URL``."""
        env = os.environ if env is None else env
        url = (url or env.get(URL_VARIABLE, "")).strip() or None
        if url is not None and not url.startswith(SCHEMES):
            raise SettingError(
                f"{URL_VARIABLE}={url!r}: expected redis://host:port, rediss://host:port "
                "(TLS) or unix:///path/to/socket"
            )
        cluster = _flag(env, CLUSTER_VARIABLE)
        raw_sentinels = env.get(SENTINELS_VARIABLE, "").strip()
        master = env.get(SENTINEL_MASTER_VARIABLE, "").strip() or None
        sentinels = _sentinels(raw_sentinels) if raw_sentinels else ()
        if sentinels and master is None:
            raise SettingError(
                f"{SENTINELS_VARIABLE} is set but {SENTINEL_MASTER_VARIABLE} is not: name the "
                "primary Sentinel watches (its `sentinel monitor` name)"
            )
        if master is not None and not sentinels:
            raise SettingError(f"{SENTINEL_MASTER_VARIABLE} is set but {SENTINELS_VARIABLE} is not")
        if cluster and sentinels:
            raise SettingError(
                f"{CLUSTER_VARIABLE}=1 and {SENTINELS_VARIABLE} cannot be used together: a Redis "
                "Cluster fails over by itself"
            )
        if cluster and url is None:
            raise SettingError(f"{CLUSTER_VARIABLE}=1 needs {URL_VARIABLE} naming any node")
        if cluster and url is not None and url.startswith("unix://"):
            raise SettingError(f"{CLUSTER_VARIABLE}=1 needs a redis:// or rediss:// node address")
        return cls(
            url=url,
            cluster=cluster,
            sentinels=sentinels,
            sentinel_master=master,
            sentinel_password=env.get(SENTINEL_PASSWORD_VARIABLE) or None,
            wait_replicas=_whole(env, WAIT_REPLICAS_VARIABLE, 1 if sentinels else 0),
            wait_timeout_ms=_whole(env, WAIT_TIMEOUT_VARIABLE, 500),
        )

    @property
    def mode(self) -> str:
        """``embedded``, ``standalone``, ``cluster`` or ``sentinel``."""
        if self.sentinels:
            return "sentinel"
        if self.cluster:
            return "cluster"
        return "standalone" if self.url is not None else "embedded"

    @property
    def is_embedded(self) -> bool:
        return self.mode == "embedded"

    def describe(self) -> str:
        """Where the client points, without any password."""
        if self.sentinels:
            names = ",".join(f"{host}:{port}" for host, port in self.sentinels)
            return f"sentinel {names} master {self.sentinel_master}"
        return redact(self.url or "embedded")

    def client(self) -> Redis:
        """A new client for these settings (not for the embedded server, which has no URL
        until it runs). A ``RedisCluster`` is typed as ``Redis``: it takes the same commands,
        and the two places that differ (`AutoPipeline`, `doctor`) look at which it is."""
        if self.sentinels:
            return self._sentinel_client()
        if self.url is None:
            raise RuntimeError("the embedded server's client comes from its socket")
        if self.cluster:
            return cast(Redis, RedisCluster.from_url(self.url, socket_timeout=SOCKET_TIMEOUT))
        return Redis.from_url(self.url)

    def _sentinel_client(self) -> Redis:
        data: dict[str, Any] = dict(parse_url(self.url)) if self.url else {}
        if data.pop("connection_class", None) is SSLConnection:
            data["connection_class"] = SentinelManagedSSLConnection
        elif self.url and self.url.startswith("unix://"):
            raise SettingError(f"{URL_VARIABLE} under Sentinel must be redis:// or rediss://")
        for address in ("host", "port", "path"):
            data.pop(address, None)
        sentinel_kwargs: dict[str, Any] = {"socket_timeout": SOCKET_TIMEOUT}
        if self.sentinel_password:
            sentinel_kwargs["password"] = self.sentinel_password
        sentinel = Sentinel(  # type: ignore[no-untyped-call, unused-ignore]
            list(self.sentinels), sentinel_kwargs=sentinel_kwargs, socket_timeout=SOCKET_TIMEOUT
        )
        assert self.sentinel_master is not None
        return cast(Redis, sentinel.master_for(self.sentinel_master, **data))


def redact(url: str) -> str:
    """`url` with its password replaced by ``***``."""
    scheme, sep, rest = url.partition("://")
    credentials, at, where = rest.rpartition("@")
    if not sep or not at:
        return url
    user, colon, _ = credentials.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}@{where}"


def is_cluster(client: object) -> bool:
    return isinstance(client, RedisCluster)
