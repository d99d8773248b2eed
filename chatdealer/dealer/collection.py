"""Garbage collection for a long-running chat worker: only short pauses while it serves.

A collection stops the whole worker, so its length is what the players waiting in it feel. What
a young collection walks is what was allocated since the last one; CPython's older collections
walk everything that survived, and a serving worker keeps a lot alive (10,000 tables' states,
decks made ahead, the caches): at 10,000 busy tables a middle collection paused the worker about
55 ms and a full one longer, each the open loop's p99 (`bench/service.py --realistic`). The
worker makes almost no cyclic garbage (a handful of objects in ten seconds), so older
collections are not left to CPython's counts: young ones run as usual, what survives them is
never walked again until a full collection that a supervised task runs on a clock. Garbage in
cycles that outlives a young collection waits for it, at most `FULL_COLLECTION_EVERY`.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

from chatdealer.dealer.supervision import Supervisor

log = logging.getLogger(__name__)

YOUNG_COLLECTION_EVERY = 700
"""Net new container objects between young collections, CPython's own: at 10,000 busy tables a
young collection paused the worker 3-9 ms at 700 against 12-21 ms at 2,000, three times as
often for about the same CPU, so the shorter pauses keep the open loop's p99 down."""
NEVER = 1_000_000_000
"""A count of young collections no worker reaches: older collections only run on the clock."""
FULL_COLLECTION_EVERY = 300.0
"""Seconds between full collections, each logged with its pause."""


def tune_for_serving(
    supervisor: Supervisor | None = None, every: float = FULL_COLLECTION_EVERY
) -> None:
    """Called once the worker is up: what start-up built (modules, tables, adapters) is frozen
    out of every collection, young collections walk only what is new, and `supervisor` (the
    dealer's) runs a full collection every `every` seconds. Without one, nothing but young
    collections runs (a benchmark's short life)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, NEVER, NEVER)
    if supervisor is not None:
        supervisor.start("full garbage collections", lambda: collect_fully(every))


async def collect_fully(every: float) -> None:
    """A full collection every `every` seconds, for ever: the garbage in cycles that outlived
    a young collection, freed."""
    while True:
        await asyncio.sleep(every)
        began = time.perf_counter()
        freed = gc.collect()
        log.info(
            "full garbage collection: %d objects in cycles freed, the worker paused %.1f ms",
            freed,
            (time.perf_counter() - began) * 1000,
        )
