"""The terminal program: one person at the local table, bots around them, the clock running.

Everything goes through the dealer service as any chat adapter does: commands in, events out.
What the table does is read back from its event stream in Redis, so a second terminal (`--join`)
sees the same hands. The timer loop runs in this process too, so bots move and an idle
player's clock runs out. SIGUSR1 writes where every thread and task is to the data dir's
`terminal.log` (`stacks`).
"""

from __future__ import annotations

import asyncio
import sys
from typing import TextIO

from adapters.console.options import ConsoleOptions
from adapters.console.reader import LineReader
from adapters.console.session import LocalTable
from adapters.console.stacks import StackDumps, log_path
from adapters.console.text import Painter, Text
from chatdealer.dealer import open_dealer
from chatdealer.store.server import default_data_dir

INTERRUPTED = 130
"""The exit status of a program stopped by Ctrl-C before the table was reached."""


def play(options: ConsoleOptions, out: TextIO | None = None) -> int:
    """Runs the local table until the player quits; the exit status."""
    stream = out or sys.stdout
    text = Text(stream, Painter.for_stream(stream), options.language)
    try:
        return asyncio.run(_play(options, text))
    except KeyboardInterrupt:  # before the session took Ctrl-C over: nothing to leave yet
        return INTERRUPTED


async def _play(options: ConsoleOptions, text: Text) -> int:
    dumps = StackDumps(log_path(options.data_dir or default_data_dir()))
    dumps.start()
    try:
        return await _deal(options, text)
    finally:
        dumps.stop()


async def _deal(options: ConsoleOptions, text: Text) -> int:
    async with open_dealer(
        options.redis_url,
        data_dir=options.data_dir,
        next_hand_delay=options.next_hand_delay,
        bot_delay=options.bot_delay,
        bot_seed=options.seed,
    ) as dealer:
        dealer.equities.start()  # spawned while the player sits down, not at the first all-in
        stop = asyncio.Event()
        timers = asyncio.create_task(dealer.run_timers(stop, interval=0.1, platforms={"console"}))
        table = LocalTable(dealer, options, text, LineReader())
        try:
            status = await table.run()
        finally:
            stop.set()
            await timers
    return status
