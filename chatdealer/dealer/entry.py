"""Building the service: what adapters and the terminal call at start-up."""

from __future__ import annotations

import gc
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from chatdealer.dealer.service import BOT_DELAY, NEXT_HAND_DELAY, Dealer
from chatdealer.store import BankConfig, RedisConnection, Store
from chatdealer.store.reconnect import Backoff, reach

EVENTS_MAXLEN = 64
"""Each table's event stream is for following it live, not an archive: histories are kept. A
commit adds one entry; the terminal table reads it every 0.1 s, but a loaded machine or a
terminal run with quick bots (`--bot-delay 0.1`) can fall many commits behind, and an entry
trimmed before it is read is a line the player never sees. Trimmed exactly (the commit
script); four entries would keep a busy 6-max table's stream near 7 KB
(`bench/history_size.py`), but lost lines at the terminal cost more than the bytes."""
CHAT_EVENTS_MAXLEN = 0
"""A chat worker writes no event stream: it tells the platform what each commit returned, and
nothing reads the stream after it. An entry is about 570 bytes of the append-only file for every
action (`bench/history_size.py`)."""

YOUNG_COLLECTION_EVERY = 2_000
"""Net new container objects between young collections (CPython's default is 700)."""


def tune_for_serving() -> None:
    """Garbage collection for a long-running chat worker, once it is up.

    A collection stops the whole worker, so its length is what the players waiting in it feel.
    A young collection walks what was allocated since the last one, and every twentieth walks
    the survivors of twenty: at 20,000 a young collection paused the worker 15-19 ms and the
    middle one 135-140 ms (open-loop p99 85-95 ms, `bench/service.py --realistic`); at 2,000
    they take about 2 ms and 7-22 ms (p99 under 10 ms), at the default 700 each action pays for
    several. The tables' states and the views are msgspec structs with `gc=False` (plain data,
    no cycles), so the 10,000 states a worker keeps are never walked; what start-up built
    (modules, tables, adapters) is frozen out of every collection.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, 20, 20)


@asynccontextmanager
async def open_dealer(
    url: str | None = None,
    *,
    data_dir: Path | None = None,
    bank: BankConfig | None = None,
    clock: Callable[[], float] = time.time,
    next_hand_delay: float = NEXT_HAND_DELAY,
    events_maxlen: int = EVENTS_MAXLEN,
    bot_delay: float = BOT_DELAY,
    bot_seed: int | None = None,
    patience: Backoff | None = Backoff(),  # noqa: B008 - frozen, so one shared value is safe
) -> AsyncIterator[Dealer]:
    """`async with open_dealer() as dealer:` on `url`, `$REDIS_URL` or the embedded Redis.

    On the way out the client is closed, an embedded server saved and stopped, and the process
    that works out all-in chances stopped. Deadlines of
    tables a crashed worker left behind are found again (`rebuild_index`) before the first
    command, so they fire in this process's timer loop. A Redis that is not up yet is waited
    for with `patience` (growing pauses, each logged); None fails at once.
    """
    connection = RedisConnection(url, data_dir=data_dir, patience=patience)
    async with connection as client:
        settings = connection.settings
        store = Store.on(
            client,
            bank=bank,
            events_maxlen=events_maxlen,
            wait_replicas=settings.wait_replicas,
            wait_timeout_ms=settings.wait_timeout_ms,
        )
        if patience is None:
            await store.timers.rebuild_index()
        else:
            await reach(store.timers.rebuild_index, settings.describe(), patience)
        dealer = Dealer(
            store,
            clock=clock,
            next_hand_delay=next_hand_delay,
            bot_delay=bot_delay,
            bot_seed=bot_seed,
        )
        try:
            yield dealer
        finally:
            dealer.equities.close()
