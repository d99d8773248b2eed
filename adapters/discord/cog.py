"""The worker's life on the gateway: once logged in the live tables are brought up to date,
the dealer's clock starts and the `/poker` tree (built from the catalog,
`commands.poker_group`) is published; unloading stops the clock; the raise form is taken by
its custom id."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord.ext import commands

from adapters.discord.buttons import submit_raise
from adapters.discord.lifecycle import bring_up_to_date
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
        """Once logged in: the live tables' messages are brought up to date, the dealer's
        clock starts, and the commands are published."""
        if self._clock is None:
            await bring_up_to_date(self.poker)
            self._clock = asyncio.create_task(self.poker.run_clock(self._stop, self.clock_interval))
            if self.sync_commands:
                await self.poker.client.tree.sync()  # type: ignore[attr-defined]

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """The raise form, taken by its custom id whatever worker opened it."""
        await submit_raise(interaction)

    async def stop_clock(self) -> None:
        self._stop.set()
        if self._clock is not None:
            await self._clock

    async def cog_unload(self) -> None:
        await self.stop_clock()
        await self.poker.close()
