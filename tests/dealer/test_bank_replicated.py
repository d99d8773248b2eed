"""Bank chips move only once a replica has them (issue 18, item 4): a first grant, daily chips,
an admin's give or take and a reset paying a table's chips back each wait for the replica
(``WAIT``) before the player hears of them, on a real primary with a real replica; with the
replica gone, the player is told Redis is unavailable instead of being told chips arrived that
a lost primary would take with it.

Needs ``redis-server`` (Debian's); ``.ci/run`` installs it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from redis.asyncio import Redis

from chatdealer.dealer import Balance, Create, Daily, GiveChips, Join, TakeChips, User
from chatdealer.dealer.outgoing import DailyClaimed, Notice
from chatdealer.store import Store, TableId
from chatdealer.store.keys import bank_keys
from chatdealer.store.nights import NightOutcome
from tests.redis_servers import Server, available, free_ports, start_server

from .conftest import BANK
from .harness import ANN, BOB, DEE, Clock, Harness, payloads, refusals
from .test_play import SETTINGS

pytestmark = pytest.mark.skipif(not available(), reason="needs redis-server and redis-cli")

ADMIN = User(id="u-ada", name="Ada", admin=True)
TABLE = TableId("discord", "guild1", "poker")
WAIT_MS = 300


@dataclass
class Replicated:
    primary: Server
    replica: Server


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Replicated]:
    primary_port, replica_port = free_ports(2)
    primary = start_server(tmp_path / "primary", primary_port)
    replica = start_server(
        tmp_path / "replica", replica_port, "--replicaof", "127.0.0.1", str(primary_port)
    )
    yield Replicated(primary, replica)
    replica.stop()
    primary.stop()


@pytest.fixture
async def replica(servers: Replicated) -> AsyncIterator[Redis]:
    client = Redis(port=servers.replica.port)
    for _ in range(200):  # its first sync done
        if (await client.info("replication")).get("master_link_status") == "up":
            break
        await asyncio.sleep(0.05)
    assert (await client.info("replication"))["master_link_status"] == "up"
    yield client
    await client.aclose()


@pytest.fixture
async def primary(servers: Replicated, replica: Redis) -> AsyncIterator[Redis]:
    client = Redis(port=servers.primary.port)
    yield client
    await client.aclose()


@pytest.fixture
def game(primary: Redis) -> Harness:
    store = Store.on(primary, bank=BANK, wait_replicas=1, wait_timeout_ms=WAIT_MS)
    return Harness(store, Clock(), TABLE)


async def waits(primary: Redis) -> int:
    """How many ``WAIT`` commands the primary has run."""
    stats = await primary.info("commandstats")
    return int(stats.get("cmdstat_wait", {}).get("calls", 0))


async def replica_balance(replica: Redis, player: str) -> int | None:
    raw = await replica.hget(bank_keys(TABLE.home).bank, player)
    return None if raw is None else int(raw)


async def test_every_bank_chip_movement_waits_for_the_replica_before_it_is_told(
    game: Harness, primary: Redis, replica: Redis
) -> None:
    before = await waits(primary)
    claimed = payloads(await game.do(DEE, Daily()), DailyClaimed)
    assert [c.balance for c in claimed] == [1_100]  # the first grant, then the daily chips
    assert await waits(primary) == before + 2
    assert await replica_balance(replica, DEE.id) == 1_100  # already there when Dee was told

    before = await waits(primary)
    assert [r.code for r in refusals(await game.do(DEE, Daily()))] == ["daily_too_soon"]
    assert await waits(primary) == before  # nothing moved, nothing to wait for

    await game.do(BOB, Balance())
    before = await waits(primary)
    out = await game.do(ADMIN, GiveChips(player_id=BOB.id, amount=500, reason="won the raffle"))
    assert [n.code for n in payloads(out, Notice)] == ["chips_given"]
    out = await game.do(ADMIN, TakeChips(player_id=BOB.id, amount=200, reason="raffle ticket"))
    assert [n.code for n in payloads(out, Notice)] == ["chips_taken"]
    assert await waits(primary) == before + 2
    assert await replica_balance(replica, BOB.id) == 1_300
    await game.assert_chips_conserved()


async def test_a_reset_pays_the_table_back_only_once_the_replica_has_it(
    game: Harness, primary: Redis, replica: Redis
) -> None:
    assert not refusals(await game.do(ANN, Create(settings=SETTINGS)))
    assert not refusals(await game.do(ANN, Join(buy_in=150)))
    assert await replica_balance(replica, ANN.id) == 850
    seen = await game.store.repairs.inspect(TABLE)
    before = await waits(primary)
    result = await game.store.repairs.reset(TABLE, seen.version, game.clock())
    assert result.ok and result.paid == {ANN.id: 150}
    assert await waits(primary) == before + 1
    assert await replica_balance(replica, ANN.id) == 1_000
    await game.assert_chips_conserved()


async def test_without_a_replica_no_chip_movement_is_acknowledged(
    game: Harness, servers: Replicated, primary: Redis
) -> None:
    await game.do(BOB, Balance())
    servers.replica.kill()
    out = await game.do(DEE, Daily())
    assert [(r.code, o.to) for r, o in zip(refusals(out), out, strict=True)] == [
        ("unavailable", DEE.id)
    ]  # no welcome, no daily chips claimed: Dee is told nothing moved for sure
    out = await game.do(ADMIN, GiveChips(player_id=BOB.id, amount=500, reason="raffle"))
    assert [r.code for r in refusals(out)] == ["unavailable"]
    assert not payloads(out, Notice)
    await game.assert_chips_conserved()  # what stands on the primary still adds up


async def test_a_night_starts_and_ends_only_once_the_replica_has_it(
    game: Harness, primary: Redis, replica: Redis
) -> None:
    await game.do(ANN, Balance())
    before = await waits(primary)
    started = await game.store.nights.start(TABLE.home, 300, by=ADMIN.id, now=game.clock())
    assert started.outcome is NightOutcome.OK
    assert await replica_balance(replica, ANN.id) == 300  # the night's chips, on the replica
    ended = await game.store.nights.end(TABLE.home, now=game.clock() + 3_600)
    assert ended.outcome is NightOutcome.OK
    assert await waits(primary) == before + 2
    assert await replica_balance(replica, ANN.id) == 1_000  # her own balance back
    await game.assert_chips_conserved()
