"""When the next table deadline may come due, so the timer loop sleeps until then, not longer.

The timer index holds, per community, a lower bound of its earliest deadline (see `timers`),
in `SHARDS` shards, each read here (one pipelined round trip, which a cluster client splits by
node):
never late, so waking at the earliest bound of the worker's platforms never misses a deal.
A bound may be early; the claim that finds nothing raises it, so the loop does not spin.
"""

from __future__ import annotations

from collections.abc import Collection

from redis.asyncio import Redis

from chatdealer.store.keys import SHARDS, shard_keys
from chatdealer.store.scripts import text

LOOKED_AT = 32
"""Earliest communities read in each shard; past these (all of other platforms) the loop's
interval rules."""


async def earliest_bound(client: Redis, platforms: Collection[str] | None = None) -> float | None:
    """The earliest lower bound of a deadline of `platforms` among the first few, or None."""
    pipe = client.pipeline(transaction=False)
    for shard in range(SHARDS):
        pipe.zrange(shard_keys(shard).due, 0, LOOKED_AT - 1, withscores=True)
    earliest: float | None = None
    for entries in await pipe.execute():
        for entry in entries:
            member, score = entry[0], float(entry[1])
            platform = text(member).partition(":")[0]
            if platforms is None or platform in platforms:
                earliest = score if earliest is None else min(earliest, score)
                break
    return earliest
