"""Typed lines acted on in a task of their own, in the order they were typed.

The reader only reads: a line that takes long to act on (the dealer slow under load, the table
being followed at the same moment) never holds up the next one, so a `quit`, Ctrl-C or end of
input typed meanwhile is always seen, and the session ends even if that line never finishes.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

FINISH_WAIT = 5.0
"""How long ending the session waits for the lines typed before it to be acted on."""


class LineActor:
    def __init__(self, act: Callable[[str], Awaitable[None]]) -> None:
        self.act = act
        self.lines: asyncio.Queue[str] = asyncio.Queue()

    def put(self, line: str) -> None:
        self.lines.put_nowait(line)

    async def run(self) -> None:
        """Acts on each line as it comes, until cancelled (supervised: a crash restarts it)."""
        while True:
            line = await self.lines.get()
            try:
                await self.act(line)
            finally:
                self.lines.task_done()

    async def finish(self, wait: float = FINISH_WAIT) -> None:
        """The lines already typed are acted on, for at most `wait` seconds."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.lines.join(), wait)
