"""`chatdealer doctor`: what the dealer would connect to, and whether that Redis keeps its data.

Prints the connection (without passwords), the mode, and for every server its role, version,
persistence and memory policy, then any warning the workers would log at start-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from chatdealer.store.health import ServerFacts, server_facts
from chatdealer.store.server import RedisConnection


async def diagnose(
    env: Mapping[str, str] | None = None, data_dir: Path | None = None
) -> tuple[list[str], bool]:
    """The lines to print, and whether every server keeps acknowledged changes safely."""
    connection = RedisConnection(env=env, data_dir=data_dir)
    settings = connection.settings
    async with connection as client:
        facts = await server_facts(client)
        where = connection.embedded.url if settings.is_embedded else settings.describe()
    primaries = sum(1 for f in facts if f.role == "master")
    replicas = (  # a cluster lists its replicas as nodes; one server only counts its own
        sum(1 for f in facts if f.role != "master")
        if settings.cluster
        else sum(f.replicas for f in facts)
    )
    lines = [
        f"connection: {where}",
        f"mode: {settings.mode} ({_count(primaries, 'primary', 'primaries')}, "
        f"{_count(replicas, 'replica', 'replicas')})",
    ]
    if settings.wait_replicas:
        lines.append(
            f"commits wait for: {settings.wait_replicas} replica(s), "
            f"at most {settings.wait_timeout_ms} ms"
        )
    lines += [_describe(server) for server in facts]
    warnings = [warning for server in facts for warning in server.warnings()]
    lines += [f"WARNING: {warning}" for warning in warnings] or ["ok: every server keeps its data"]
    return lines, not warnings


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def _describe(server: ServerFacts) -> str:
    role = "primary" if server.role == "master" else server.role
    replicas = f", {server.replicas} replica(s) attached" if server.role == "master" else ""
    return (
        f"server {server.name}: {role}, Redis {server.version}{replicas}; "
        f"persistence: {server.persistence}; memory: {server.memory}"
    )
