"""What each Redis server the service uses says about itself: version, role, persistence, memory.

Read from ``INFO`` (and ``CONFIG GET appendfsync`` where the server allows it), on every node of
a cluster. Used at start-up, to warn when a server would lose acknowledged changes in a crash,
and by ``chatdealer doctor``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis, RedisCluster
from redis.exceptions import RedisError

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ServerFacts:
    name: str
    """host:port (or the socket) of the node."""
    version: str
    role: str
    appendonly: bool
    appendfsync: str
    maxmemory: int
    maxmemory_policy: str
    used_memory: str
    replicas: int

    @property
    def persistence(self) -> str:
        if self.appendonly:
            return f"append-only file on (appendfsync {self.appendfsync})"
        return "append-only file OFF: a crash loses every change since the last snapshot"

    @property
    def memory(self) -> str:
        limit = "no limit" if self.maxmemory == 0 else f"maxmemory {self.maxmemory}"
        return f"{self.used_memory} used, {limit}, policy {self.maxmemory_policy}"

    def warnings(self) -> list[str]:
        found = []
        if not self.appendonly:
            found.append(
                f"Redis {self.name} has appendonly off: a crash loses every acknowledged change "
                "since its last snapshot (set appendonly yes, appendfsync everysec)"
            )
        if self.maxmemory and self.maxmemory_policy != "noeviction":
            found.append(
                f"Redis {self.name} may evict keys (maxmemory-policy {self.maxmemory_policy}): "
                "tables and banks would vanish; set maxmemory-policy noeviction"
            )
        return found


def _facts(name: str, info: Mapping[str, Any], appendfsync: str) -> ServerFacts:
    return ServerFacts(
        name=name,
        version=str(info.get("redis_version", "?")),
        role=str(info.get("role", "?")),
        appendonly=str(info.get("aof_enabled", "0")) == "1",
        appendfsync=appendfsync,
        maxmemory=int(info.get("maxmemory", 0) or 0),
        maxmemory_policy=str(info.get("maxmemory_policy", "?")),
        used_memory=str(info.get("used_memory_human", "?")),
        replicas=int(info.get("connected_slaves", 0) or 0),
    )


async def _appendfsync(client: Redis, **target: Any) -> str:
    try:
        reply: Any = await client.config_get("appendfsync", **target)
    except RedisError:
        return "unknown (CONFIG GET refused)"
    if isinstance(reply, dict) and reply and all(isinstance(v, dict) for v in reply.values()):
        reply = next(iter(reply.values()))  # a cluster answers per node
    value = reply.get("appendfsync") or reply.get(b"appendfsync") or "?"
    return value.decode() if isinstance(value, bytes) else str(value)


async def server_facts(client: Redis) -> list[ServerFacts]:
    """One entry per server: every node of a cluster, else the one the client talks to."""
    if isinstance(client, RedisCluster):
        found = []
        for node in client.get_nodes():
            info = await client.info(target_nodes=node)
            fsync = await _appendfsync(client, target_nodes=node)
            found.append(_facts(node.name, info, fsync))
        return sorted(found, key=lambda facts: (facts.role != "master", facts.name))
    info = await client.info()
    kwargs = client.connection_pool.connection_kwargs
    name = kwargs.get("path") or f"{kwargs.get('host', '?')}:{kwargs.get('port', '?')}"
    service = getattr(client.connection_pool, "service_name", None)
    if service is not None:  # Sentinel's: the primary's address is Sentinel's to say
        name = f"primary of {service} (port {info.get('tcp_port', '?')})"
    return [_facts(str(name), info, await _appendfsync(client))]


async def warn_without_persistence(client: Redis, where: str) -> list[str]:
    """Logs (and returns) a warning for each server that would lose acknowledged changes."""
    try:
        facts = await server_facts(client)
    except RedisError as problem:  # a managed Redis may refuse INFO: nothing to say then
        log.info("could not read the settings of Redis at %s: %s", where, problem)
        return []
    found = [warning for server in facts for warning in server.warnings()]
    for warning in found:
        log.warning("%s", warning)
    return found
