from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from redis.asyncio import Redis

from chatdealer.store import Community, Store, TableId
from chatdealer.store.keys import (
    LEGACY_COMMUNITIES,
    LEGACY_TIMER_INDEX,
    SHARDS,
    index_keys,
    shard_keys,
)

from .conftest import NOW


async def test_a_due_deadline_is_claimed_and_a_future_one_is_not(
    store: Store, table: TableId
) -> None:
    later = table.home.table("333")
    await store.tables.create(table, b"{}", deadline=NOW)
    await store.tables.create(later, b"{}", deadline=NOW + 60)
    assert await store.timers.claim_due(NOW - 1) == []
    assert await store.timers.claim_due(NOW) == [table]
    assert await store.timers.claim_due(NOW + 1) == []


async def test_two_concurrent_claimers_never_claim_the_same_timer(store: Store) -> None:
    tables = [Community("discord", f"g{g}").table(f"c{c}") for g in range(10) for c in range(10)]
    for i, t in enumerate(tables):
        await store.tables.create(t, b"{}", deadline=NOW - i)
    first, second = await asyncio.gather(
        store.timers.claim_due(NOW, limit=70), store.timers.claim_due(NOW, limit=70)
    )
    rest = await store.timers.claim_due(NOW, limit=1_000)
    claimed = first + second + rest
    assert len(claimed) == len(set(claimed)) == 100
    assert set(claimed) == set(tables)


async def test_a_claim_is_a_lease_that_comes_back_if_the_worker_dies(
    store: Store, table: TableId
) -> None:
    await store.tables.create(table, b"{}", deadline=NOW)
    assert await store.timers.claim_due(NOW) == [table]
    # the worker crashed before saving: nothing until the 30 s lease runs out
    assert await store.timers.claim_due(NOW + 29) == []
    assert await store.timers.claim_due(NOW + 30) == [table]


async def test_the_action_save_moves_or_clears_the_claimed_deadline(
    store: Store, table: TableId
) -> None:
    await store.tables.create(table, b"{}", deadline=NOW)
    assert await store.timers.claim_due(NOW) == [table]
    assert await store.tables.save(table, 1, b"{}", deadline=NOW + 20)
    assert await store.timers.claim_due(NOW + 19) == []
    assert await store.timers.claim_due(NOW + 20) == [table]
    assert await store.tables.save(table, 2, b"{}", deadline=None)
    assert await store.timers.deadline(table) is None
    assert await store.timers.claim_due(NOW + 10_000) == []


async def test_an_earlier_deadline_set_after_a_claim_is_not_missed(
    store: Store, guild: Community
) -> None:
    slow, fast = guild.table("slow"), guild.table("fast")
    await store.tables.create(slow, b"{}", deadline=NOW)
    await store.tables.create(fast, b"{}")
    assert await store.timers.claim_due(NOW) == [slow]  # the index now points at NOW + 30
    assert await store.tables.save(fast, 1, b"{}", deadline=NOW + 5)
    assert await store.timers.claim_due(NOW + 5) == [fast]


async def test_timers_fire_for_a_worker_started_later(
    store: Store, table: TableId, new_client: Callable[[], Awaitable[Redis]]
) -> None:
    await store.tables.create(table, b"{}", deadline=NOW)
    fresh = await new_client()
    try:
        assert await Store.on(fresh).timers.claim_due(NOW) == [table]
    finally:
        await fresh.aclose()


async def test_rebuilding_the_index_recovers_a_lost_bound(store: Store, table: TableId) -> None:
    await store.tables.create(table, b"{}", deadline=NOW)
    await store.client.delete(
        index_keys(table.home).due
    )  # as if a worker died right after its save
    assert await store.timers.claim_due(NOW) == []
    assert await store.timers.rebuild_index() == 1
    assert await store.timers.claim_due(NOW) == [table]


async def test_rebuilding_recovers_the_bounds_of_more_communities_than_one_round_trip_sets(
    store: Store,
) -> None:
    tables = [Community("discord", f"g{g}").table("c") for g in range(1_200)]
    for t in tables:
        await store.tables.create(t, b"{}", deadline=NOW)
    await store.tables.create(Community("discord", "later").table("c"), b"{}", deadline=NOW + 60)
    for shard in range(SHARDS):
        await store.client.delete(shard_keys(shard).due)  # every bound lost
    assert await store.timers.claim_due(NOW, limit=5_000) == []
    assert await store.timers.rebuild_index() == 1_201
    claimed = await store.timers.claim_due(NOW, limit=5_000)
    assert sorted(map(str, claimed)) == sorted(map(str, tables))


async def test_reschedule_moves_a_deadline_without_a_state_change(
    store: Store, table: TableId
) -> None:
    await store.tables.create(table, b"{}", deadline=NOW + 100)
    assert await store.timers.reschedule(table, NOW + 1)
    assert await store.timers.claim_due(NOW + 1) == [table]
    assert await store.tables.load(table) == (1, b"{}")
    assert not await store.timers.reschedule(table.home.table("gone"), NOW)


async def test_a_worker_claims_only_the_timers_of_the_platforms_it_serves(store: Store) -> None:
    """A Discord worker cannot deliver a Telegram table's timeout; it leaves it to Telegram."""
    on_discord = Community("discord", "g1").table("c1")
    on_telegram = Community("telegram", "-100").table("-100")
    await store.tables.create(on_discord, b"{}", deadline=NOW)
    await store.tables.create(on_telegram, b"{}", deadline=NOW)
    assert await store.timers.claim_due(NOW, platforms={"discord"}) == [on_discord]
    assert await store.timers.claim_due(NOW, platforms={"discord"}) == []
    assert await store.timers.claim_due(NOW, platforms={"telegram"}) == [on_telegram]


async def test_deadlines_of_many_communities_spread_over_the_index_shards(store: Store) -> None:
    communities = [Community("discord", str(n)) for n in range(64)]
    for community in communities:
        await store.tables.create(community.table("1"), b"{}", deadline=NOW)
    holding = [shard for shard in range(SHARDS) if await store.client.zcard(shard_keys(shard).due)]
    assert len(holding) > SHARDS // 2  # no one key (so no one cluster slot) has them all
    claimed = await store.timers.claim_due(NOW, limit=1_000)
    assert sorted(map(str, claimed)) == sorted(str(c.table("1")) for c in communities)
    assert await store.timers.claim_due(NOW, limit=1_000) == []  # each handed out once


async def test_a_claim_stops_at_its_limit_across_shards(store: Store) -> None:
    for n in range(40):
        await store.tables.create(Community("discord", str(n)).table("1"), b"{}", deadline=NOW)
    first = await store.timers.claim_due(NOW, limit=25)
    rest = await store.timers.claim_due(NOW, limit=25)
    assert len(first) == 25 and len(rest) == 15
    assert not set(first) & set(rest)


async def test_a_claim_shares_its_limit_between_the_communities_due(store: Store) -> None:
    """A busy community with many hands due does not keep the others waiting."""
    busy = [Community("discord", "busy").table(f"c{c}") for c in range(50)]
    quiet = [Community("discord", f"g{g}").table("c") for g in range(9)]
    for t in busy + quiet:
        await store.tables.create(t, b"{}", deadline=NOW)
    first = await store.timers.claim_due(NOW, limit=20)
    assert len(first) == 20
    assert set(quiet) <= set(first)  # every quiet community had its one table claimed
    rest = await store.timers.claim_due(NOW, limit=1_000)
    assert sorted(map(str, first + rest)) == sorted(map(str, busy + quiet))  # none left behind


async def test_the_registry_of_an_earlier_version_is_moved_into_the_shards(
    store: Store, table: TableId
) -> None:
    await store.tables.create(table, b"{}", deadline=NOW)
    home = index_keys(table.home)
    await store.client.delete(home.communities, home.due, home.epochs)
    await store.client.sadd(LEGACY_COMMUNITIES, table.home.tag)  # as an older dealer left it
    await store.client.zadd(LEGACY_TIMER_INDEX, {table.home.tag: NOW})
    assert await store.timers.rebuild_index() == 1
    assert await store.client.smembers(home.communities) == {table.home.tag.encode()}
    assert not await store.client.exists(LEGACY_COMMUNITIES, LEGACY_TIMER_INDEX)
    assert await store.timers.claim_due(NOW) == [table]
    assert [c.tag for c in await store.bank.communities()] == [table.home.tag]
