"""After a restart: the table messages of every live Telegram table brought up to date, so the
buttons a player sees carry the turn as it is (a press made just before the restart, or a
clock that ran while no worker was up, would otherwise leave buttons that are out of date).

Live tables are found from the store's registry of communities (Telegram chats) and each
chat's table-chips hash, whose fields are exactly its tables. A chat or table the registry
names wrongly is skipped with a log line; the work runs supervised beside the worker.
"""

from __future__ import annotations

import logging

from redis.asyncio import Redis

from adapters.telegram.poker import Poker
from chatdealer.store import TableId
from chatdealer.store.keys import Community

log = logging.getLogger(__name__)

PLATFORM = "telegram"
MOST = 10_000
"""Tables brought up to date at one start, at most (the rest are on their next change)."""


def _text(raw: bytes | str) -> str:
    return raw.decode() if isinstance(raw, bytes) else raw


async def live_tables(redis: Redis, communities: list[Community]) -> list[TableId]:
    """Every Telegram table that exists now, of the registered `communities`."""
    found: list[TableId] = []
    for community in communities:
        if community.platform != PLATFORM:
            continue
        for channel in await redis.hkeys(community.key("table_chips")):
            try:
                found.append(community.table(_text(channel)))
            except ValueError:
                log.warning("a table of %s has a malformed channel: skipped", community)
            if len(found) >= MOST:
                return found
    return found


async def bring_up_to_date(poker: Poker) -> int:
    """Publishes each live table as it is now; the number of tables refreshed."""
    refreshed = 0
    store = poker.dealer.store
    for table in await live_tables(store.client, await store.bank.communities()):
        view = await poker.view(table)
        if view is not None:
            poker.tables.update(table, view=view)
            refreshed += 1
    log.info("%d telegram tables brought up to date", refreshed)
    return refreshed
