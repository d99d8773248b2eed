"""A worker's start and end on Discord.

At start-up the table messages of every live table of the platform (one with a deadline: a
hand being played, or the next one due) are brought up to date, so a press a stopped worker
took but never showed is shown and the player to act has working buttons at once.

On SIGTERM or SIGINT the worker stops taking presses and commands (they are answered
"restarting"), stops the clock, flushes what is pending (table edits, posts, DMs) within
`FLUSH_SECONDS`, then closes the gateway; leaving `open_dealer` closes Redis.
"""

from __future__ import annotations

import asyncio
import logging
import signal

from discord.ext import commands
from redis.exceptions import RedisError

from adapters.discord.poker import PLATFORM, Poker
from chatdealer.dealer import User
from chatdealer.store.keys import Community, deadlines_key
from chatdealer.store.scripts import text

log = logging.getLogger(__name__)

FLUSH_SECONDS = 10.0
OBSERVER = User(id="0", name="dealer")
"""Who reads a table to show it (the dealer itself; nothing is changed by a look)."""


async def live_tables(poker: Poker, platform: str = PLATFORM) -> list[Community]:
    """The platform's communities (the store skips a damaged registry entry)."""
    communities = await poker.dealer.store.bank.communities()
    return [community for community in communities if community.platform == platform]


async def bring_up_to_date(poker: Poker) -> int:
    """Publishes every live table's message afresh; returns how many tables it took."""
    redis = poker.dealer.store.client
    count = 0
    try:
        communities = await live_tables(poker)
        for community in communities:
            for raw in await redis.zrange(deadlines_key(community), 0, -1):
                try:
                    table = community.table(text(raw))
                except ValueError:
                    continue
                view = await poker.view(table, OBSERVER)
                if view is not None:
                    poker.tables.update(table, view=view)
                    count += 1
    except (RedisError, OSError) as problem:
        log.warning(
            "bringing the tables up to date: Redis unavailable (%s)", type(problem).__name__
        )
    log.info("brought %d live tables up to date", count)
    return count


async def shut_down(bot: commands.Bot, poker: Poker, timeout: float = FLUSH_SECONDS) -> None:
    """Stops taking input, flushes what is pending within `timeout`, closes the gateway."""
    poker.closing = True
    cog = bot.get_cog("PokerCog")
    if cog is not None:
        await cog.stop_clock()  # type: ignore[attr-defined]
    await poker.idle(timeout)
    await bot.close()


def on_signals(bot: commands.Bot, poker: Poker) -> asyncio.Event:
    """SIGTERM and SIGINT shut the worker down cleanly; the event is set once it is done."""
    loop = asyncio.get_running_loop()
    done = asyncio.Event()
    started: list[asyncio.Task[None]] = []

    async def stopping() -> None:
        try:
            await shut_down(bot, poker)
        finally:
            done.set()

    def stop() -> None:
        if not started:
            log.info("stopping: flushing pending edits and DMs")
            started.append(loop.create_task(stopping()))

    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop)
    return done
