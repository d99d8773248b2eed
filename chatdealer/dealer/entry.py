"""Building the service: what adapters and the terminal call at start-up."""

from __future__ import annotations

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
