"""The store on a real 3-primary Redis Cluster (Debian's redis-server), whatever the suite's own
Redis is: communities on every primary, slots moved while tables play, the audit on every node.

These need ``redis-server`` and ``redis-cli``; ``.ci/run`` installs them, so CI always runs them.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from redis.asyncio import Redis, RedisCluster

from chatdealer.store import Community, Store, TableId
from chatdealer.store.keys import SHARDS, shard_keys
from chatdealer.store.pipelining import AutoPipeline
from chatdealer.store.settings import RedisSettings
from tests.redis_servers import LocalCluster, available

from .conftest import BANK, NOW

pytestmark = pytest.mark.skipif(not available(), reason="needs redis-server and redis-cli")


@pytest.fixture(scope="module")
def local_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCluster]:
    cluster = LocalCluster(Path(tmp_path_factory.mktemp("cluster"))).start()
    yield cluster
    cluster.stop()


@pytest.fixture
async def cluster_client(local_cluster: LocalCluster) -> AsyncIterator[Redis]:
    settings = RedisSettings.from_env({"REDIS_URL": local_cluster.url, "REDIS_CLUSTER": "1"})
    client = settings.client()
    await client.ping()
    await client.flushall()
    yield client
    await client.aclose()


def counter(n: int) -> bytes:
    return json.dumps({"n": n}).encode()


def count_of(state: bytes) -> int:
    return int(json.loads(state)["n"])


def increment(state: bytes) -> bytes:
    return counter(count_of(state) + 1)


def primary_of(client: Redis, key: str) -> str:
    cluster = client
    assert isinstance(cluster, RedisCluster)
    return str(cluster.nodes_manager.get_node_from_slot(cluster.keyslot(key)).name)


async def test_communities_on_every_primary_play_and_audit_through_one_client(
    cluster_client: Redis,
) -> None:
    store = Store.on(cluster_client, bank=BANK)
    communities = [Community("discord", str(n)) for n in range(12)]
    homes = {primary_of(cluster_client, c.key("bank")) for c in communities}
    assert len(homes) == 3  # the test means something only if every primary holds some
    for community in communities:
        table = community.table("1")
        assert await store.tables.create(table, counter(0), deadline=NOW)
        await store.bank.open_account(community, "ann", NOW)
    results = await asyncio.gather(
        *(
            store.tables.update(c.table("1"), lambda s: counter(count_of(s) + 1))
            for c in communities
        )
    )
    assert all(result.ok for result in results)
    for community in communities:
        loaded = await store.tables.load(community.table("1"))
        assert loaded is not None and count_of(loaded[1]) == 1
    # The shared indexes are spread too: no one primary holds every shard.
    assert len({primary_of(cluster_client, shard_keys(n).due) for n in range(SHARDS)}) == 3
    reports = await store.bank.audit()
    assert sorted(r.community.tag for r in reports) == sorted(c.tag for c in communities)
    assert all(r.ok for r in reports)
    # A fresh worker finds every community's deadline, wherever it lives.
    fresh = Store.on(cluster_client, bank=BANK)
    assert await fresh.timers.rebuild_index() == 0  # the saves cleared the deadlines


async def test_a_refused_command_on_a_cluster_is_a_redis_error(cluster_client: Redis) -> None:
    pipeline = AutoPipeline(cluster_client)
    await cluster_client.hset("a-hash", "field", "1")
    with pytest.raises(Exception) as refused:
        await pipeline.command("INCR", "a-hash")
    assert "WRONGTYPE" in str(refused.value)
    assert await pipeline.command("HGET", "a-hash", "field") == b"1"


async def run(node: Redis, *command: object) -> Any:
    return await node.execute_command(*command)  # type: ignore[no-untyped-call]


async def move_slot(cluster: LocalCluster, slot: int, source: int, target: int) -> None:
    """Moves `slot` from the node on port `source` to the one on `target`, key by key, as
    ``redis-cli --cluster reshard`` does, pausing between keys so commands meet every step."""
    nodes = {port: Redis(host="127.0.0.1", port=port) for port in cluster.ports}
    try:
        source_id, target_id = cluster.node_id(source), cluster.node_id(target)
        await run(nodes[target], "CLUSTER", "SETSLOT", slot, "IMPORTING", source_id)
        await run(nodes[source], "CLUSTER", "SETSLOT", slot, "MIGRATING", target_id)
        while keys := await run(nodes[source], "CLUSTER", "GETKEYSINSLOT", slot, 1):
            await run(nodes[source], "MIGRATE", "127.0.0.1", target, "", 0, 5000, "KEYS", *keys)
            await asyncio.sleep(0.005)
        for port in (target, source, *cluster.ports):
            await run(nodes[port], "CLUSTER", "SETSLOT", slot, "NODE", target_id)
    finally:
        for node in nodes.values():
            await node.aclose()


async def test_slots_moved_under_load_apply_every_action_once_and_the_audit_holds(
    cluster_client: Redis, local_cluster: LocalCluster
) -> None:
    store = Store.on(cluster_client, bank=BANK)
    community = Community("discord", "moving")
    tables = [community.table(f"t{n}") for n in range(6)]
    for table in tables:
        assert await store.tables.create(table, counter(0), deadline=NOW + 5)
    for player in ("ann", "bob", "cid"):
        await store.bank.open_account(community, player, NOW)
    assert isinstance(cluster_client, RedisCluster)
    slot = cluster_client.keyslot(community.key("bank"))
    home = int(primary_of(cluster_client, community.key("bank")).rpartition(":")[2])
    other = next(port for port in local_cluster.ports if port != home)
    applied = {table: 0 for table in tables}
    stop = asyncio.Event()

    async def play(table: TableId) -> None:
        while not stop.is_set():
            result = await store.tables.update(table, increment)
            assert result.ok, result
            applied[table] += 1

    players = [asyncio.create_task(play(table)) for table in tables for _ in range(2)]
    try:
        await asyncio.sleep(0.1)
        await move_slot(local_cluster, slot, home, other)
        await asyncio.sleep(0.1)
        await move_slot(local_cluster, slot, other, home)  # and back, under load again
        await asyncio.sleep(0.1)
    finally:
        stop.set()
        await asyncio.gather(*players)
    assert sum(applied.values()) > 50
    for table in tables:
        loaded = await store.tables.load(table)
        assert loaded is not None
        version, state = loaded
        assert count_of(state) == applied[table] == version - 1  # each applied exactly once
    [report] = await store.bank.audit(community)
    assert report.ok and report.granted == 3 * BANK.starting_grant
    assert sorted(map(str, await store.timers.claim_due(NOW + 5))) == []  # saves cleared them
