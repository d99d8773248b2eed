"""Table deadlines that any worker may claim, kept in Redis so they survive worker restarts.

A table's deadline must change in the same script as its state, so it lives in a sorted set of
its community (``C:deadlines``, score = unix time). To find due deadlines without scanning every
community, an index keeps, per community, a *lower bound* of its earliest deadline. The index is
split into shards (``cd:{timers:<n>}:due``, see ``keys.py``), each on whichever node holds its
slot, and a claim reads them all. The bound may be early (a claimer then finds nothing due and
raises it) but must never be late, which gives two rules:

- whoever makes a community's earliest deadline earlier lowers the bound afterwards (``ZADD LT``)
  and bumps the community's epoch;
- a claimer raises the bound to the earliest deadline it saw only if the epoch is still the one it
  read, so it never overwrites a bound lowered in the meantime.

The index lives in slots of its own, so lowering it is a second round trip, paid only when an action
moves its community's earliest deadline earlier. A worker that dies between the two leaves the
bound too late, and so does a Redis gone away between them; :meth:`Timers.rebuild_index`
(run when a worker starts, and by the timer loop after an outage) repairs that.

A claim is a lease: the deadline moves ``lease`` seconds ahead instead of vanishing, so if the
claiming worker crashes the timer fires again; the action's save then sets the table's next
deadline or clears it.

These indexes are shared by every table, so one bad entry must cost nothing but itself: a
member of the timer index or of the registry of communities that is not a community tag, and a
member of a deadlines set that is not a channel, is removed with a log line.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Collection
from typing import Any

from redis.asyncio import Redis

from chatdealer.store.keys import (
    LEGACY_COMMUNITIES,
    LEGACY_TIMER_EPOCHS,
    LEGACY_TIMER_INDEX,
    SHARDS,
    Community,
    ShardKeys,
    TableId,
    deadlines_key,
    index_keys,
    shard_keys,
    table_keys,
)
from chatdealer.store.pipelining import AutoPipeline
from chatdealer.store.scripts import Scripts, scored, text

log = logging.getLogger(__name__)

DEFAULT_LEASE = 30.0
REBUILT_AT_ONCE = 500
"""Communities whose bounds a rebuild sets in one pair of round trips."""


def format_time(when: float) -> str:
    """Shortest exact text of a unix time; Lua and ZADD both parse it back to the same double."""
    return repr(float(when))


async def lower_bound(
    scripts: Scripts, pipeline: AutoPipeline, community: Community, deadline: str
) -> None:
    """Sent down the pipeline's links, which a commit has just come back on, rather than a
    pooled connection that may have died with a Redis restart since it was last used."""
    shard = index_keys(community)
    await pipeline.run(scripts.index_lower, [shard.due, shard.epochs], [community.tag, deadline])


class Timers:
    """Finds and claims due table deadlines; safe to run in any number of workers at once."""

    def __init__(
        self,
        client: Redis,
        scripts: Scripts,
        *,
        lease: float = DEFAULT_LEASE,
        pipeline: AutoPipeline | None = None,
    ) -> None:
        """`pipeline`: the one the table commits use, so a poll's reads of the index shards
        share its connections (one write per server for all of them)."""
        if lease <= 0:
            raise ValueError("the lease must be positive")
        self._client = client
        self._scripts = scripts
        self._pipeline = pipeline or AutoPipeline(client)
        self.lease = lease

    async def claim_due(
        self, now: float, limit: int = 100, platforms: Collection[str] | None = None
    ) -> list[TableId]:
        """Claims up to ``limit`` tables whose deadline is at or before ``now``.

        Each due deadline is handed to exactly one caller, then comes due again ``lease``
        seconds later unless the table's next save moves or clears it. ``platforms`` limits the
        claim to tables of those platforms: a Discord worker cannot tell a Telegram group what
        its timer did, so it leaves those deadlines to a Telegram worker.
        """
        if limit <= 0:
            return []
        scripts, pipeline = self._scripts, self._pipeline
        start = secrets.randbelow(SHARDS)  # no shard always first: each gets its turn at `limit`
        shards = [shard_keys((start + n) % SHARDS) for n in range(SHARDS)]
        replies: list[Any] = await asyncio.gather(
            *(
                pipeline.run(
                    scripts.index_due, [shard.due, shard.epochs], [format_time(now), limit]
                )
                for shard in shards
            )
        )
        found: list[tuple[ShardKeys, Community, str]] = []
        for shard, reply in zip(shards, replies, strict=True):
            for i in range(0, len(reply), 2):
                community = await self._community_or_drop(shard, reply[i])
                if community is None:
                    continue
                if platforms is not None and community.platform not in platforms:
                    continue
                found.append((shard, community, text(reply[i + 1])))
        if not found:
            return []
        # The due communities are claimed at once, in one round trip, and settled in another:
        # one after another, each paid a turn of a busy event loop (seconds for a hundred).
        # `limit` is shared out evenly; what a community leaves of its share goes round again
        # to those that took all of theirs.
        claimed: list[TableId] = []
        settled: dict[Community, tuple[ShardKeys, str, str]] = {}
        until = format_time(now + self.lease)
        candidates, room = found, limit
        while candidates and room > 0:
            count = len(candidates)
            shares = [room // count + (n < room % count) for n in range(count)]
            chosen = [
                (item, share) for item, share in zip(candidates, shares, strict=True) if share
            ]
            dues: list[Any] = await asyncio.gather(
                *(
                    pipeline.run(
                        scripts.claim_due,
                        [deadlines_key(community)],
                        [format_time(now), share, until],
                    )
                    for (_, community, _), share in chosen
                )
            )
            candidates = []
            for ((shard, community, epoch), share), due in zip(chosen, dues, strict=True):
                channels = due[1:]
                room -= len(channels)
                settled[community] = (shard, epoch, text(due[0]))
                if len(channels) == share:
                    candidates.append((shard, community, epoch))
                for channel in channels:
                    table_id = await self._table_or_drop(community, channel)
                    if table_id is not None:
                        claimed.append(table_id)
        await asyncio.gather(
            *(
                pipeline.run(
                    scripts.index_settle, [shard.due, shard.epochs], [community.tag, epoch, first]
                )
                for community, (shard, epoch, first) in settled.items()
            )
        )
        return claimed

    async def _community_or_drop(self, shard: ShardKeys, raw: bytes | str) -> Community | None:
        try:
            return Community.parse(text(raw))
        except ValueError:  # a UnicodeDecodeError too
            log.warning("timer index: %r is not a community tag: removed", raw)
            async with self._client.pipeline(transaction=True) as pipe:
                pipe.zrem(shard.due, raw)
                pipe.hdel(shard.epochs, raw)
                await pipe.execute()
            return None

    async def _table_or_drop(self, community: Community, raw: bytes | str) -> TableId | None:
        try:
            return community.table(text(raw))
        except ValueError:
            log.warning("deadlines of %s: %r is not a channel: removed", community, raw)
            await self._client.zrem(deadlines_key(community), raw)
            return None

    async def reschedule(self, table_id: TableId, deadline: float | None) -> bool:
        """Moves or clears a deadline without a state change (False if the table is gone)."""
        keys = table_keys(table_id)
        when = "" if deadline is None else format_time(deadline)
        reply = await self._scripts.reschedule(
            keys=[keys.deadlines, keys.table], args=[table_id.channel, when]
        )
        if text(reply[0]) != "ok":
            return False
        if lowered := text(reply[1]):
            await lower_bound(self._scripts, self._pipeline, table_id.home, lowered)
        return True

    async def deadline(self, table_id: TableId) -> float | None:
        score = await self._client.zscore(deadlines_key(table_id.home), table_id.channel)
        return None if score is None else float(score)

    async def rebuild_index(self) -> int:
        """Re-lowers every community's bound; returns how many communities have deadlines.

        Only needed after a worker died between a save and its index update; cheap enough to
        run whenever a worker starts. Each shard of the registry is read on the node holding
        it. The one registry and index of earlier versions are moved into the shards first.
        """
        await self._move_legacy_registry()
        found = 0
        for shard in range(SHARDS):
            registry = shard_keys(shard).communities
            communities: list[Community] = []
            async for raw in self._client.sscan_iter(registry):
                try:
                    communities.append(Community.parse(text(raw)))
                except ValueError:
                    log.warning("registry of communities: %r is not a community tag: removed", raw)
                    await self._client.srem(registry, raw)
            for start in range(0, len(communities), REBUILT_AT_ONCE):
                found += await self._relower(communities[start : start + REBUILT_AT_ONCE])
        return found

    async def _relower(self, communities: list[Community]) -> int:
        """Each community's bound set to its earliest deadline, all of them in two round trips
        (one after another, a worker with thousands of communities started for seconds)."""
        pipeline = self._pipeline
        firsts: list[Any] = await asyncio.gather(
            *(
                pipeline.command("ZRANGE", deadlines_key(community), 0, 0, "WITHSCORES")
                for community in communities
            )
        )
        due = [
            (community, format_time(first[0][1]))
            for community, reply in zip(communities, firsts, strict=True)
            if (first := scored(reply or []))
        ]
        await asyncio.gather(
            *(lower_bound(self._scripts, pipeline, community, at) for community, at in due)
        )
        return len(due)

    async def _move_legacy_registry(self) -> None:
        """Each tag of the old one-key registry into its shard; the old index is rebuilt from
        the registry, so it is simply dropped."""
        moved = 0
        async for raw in self._client.sscan_iter(LEGACY_COMMUNITIES):
            try:
                community = Community.parse(text(raw))
            except ValueError:
                continue  # the old registry's bad entries go with it
            await self._client.sadd(index_keys(community).communities, community.tag)
            moved += 1
        if moved:
            log.info("moved %d communities into the sharded registry", moved)
        await self._client.delete(LEGACY_COMMUNITIES)
        await self._client.delete(LEGACY_TIMER_INDEX)
        await self._client.delete(LEGACY_TIMER_EPOCHS)
