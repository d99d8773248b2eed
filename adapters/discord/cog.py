"""The worker's life on the gateway: once logged in the dealer's clock starts and the `/poker`
tree (built from the catalog, `commands.poker_group`) is published; unloading stops both."""

from __future__ import annotations

import asyncio

from discord.ext import commands

from adapters.discord.poker import Poker


class PokerCog(commands.Cog):
    def __init__(
        self, poker: Poker, *, sync_commands: bool = True, clock_interval: float = 0.5
    ) -> None:
        super().__init__()
        self.poker = poker
        self.sync_commands = sync_commands
        self.clock_interval = clock_interval
        self._stop = asyncio.Event()
        self._clock: asyncio.Task[None] | None = None

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Once logged in: the dealer's clock starts, and the commands are published."""
        if self._clock is None:
            self._clock = asyncio.create_task(self.poker.run_clock(self._stop, self.clock_interval))
            if self.sync_commands:
                await self.poker.client.tree.sync()  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        self._stop.set()
        if self._clock is not None:
            await self._clock
        await self.poker.close()
