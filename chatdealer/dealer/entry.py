"""Building the service: what adapters and the terminal call at start-up."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from chatdealer.dealer.service import BOT_DELAY, NEXT_HAND_DELAY, Dealer
from chatdealer.store import BankConfig, RedisConnection, Store

EVENTS_MAXLEN = 200
"""Each table's event stream is for following it live, not an archive: histories are kept."""


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
) -> AsyncIterator[Dealer]:
    """`async with open_dealer() as dealer:` on `url`, `$REDIS_URL` or the embedded Redis.

    On the way out the client is closed and an embedded server saved and stopped. Deadlines of
    tables a crashed worker left behind are found again (`rebuild_index`) before the first
    command, so they fire in this process's timer loop.
    """
    async with RedisConnection(url, data_dir=data_dir) as client:
        store = Store.on(client, bank=bank, events_maxlen=events_maxlen)
        await store.timers.rebuild_index()
        yield Dealer(
            store,
            clock=clock,
            next_hand_delay=next_hand_delay,
            bot_delay=bot_delay,
            bot_seed=bot_seed,
        )
