"""When the next table deadline may come due, so the timer loop sleeps until then, not longer.

The timer index holds, per community, a lower bound of its earliest deadline (see `timers`):
never late, so waking at the earliest bound of the worker's platforms never misses a deal.
A bound may be early; the claim that finds nothing raises it, so the loop does not spin.
"""

from __future__ import annotations

from collections.abc import Collection

from redis.asyncio import Redis

from chatdealer.store.keys import TIMER_INDEX
from chatdealer.store.scripts import text

LOOKED_AT = 32
"""Earliest communities read; past these (all of other platforms) the loop's interval rules."""


async def earliest_bound(client: Redis, platforms: Collection[str] | None = None) -> float | None:
    """The earliest lower bound of a deadline of `platforms` among the first few, or None."""
    entries = await client.zrange(TIMER_INDEX, 0, LOOKED_AT - 1, withscores=True)
    for entry in entries:
        member, score = entry[0], entry[1]
        platform = text(member).partition(":")[0]
        if platforms is None or platform in platforms:
            return float(score)
    return None
