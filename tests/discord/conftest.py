"""The fake Discord, and the real bot (discord.py) run against it on the session's Redis."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass

import discord
import pytest
from discord.ext import commands
from redis.asyncio import Redis

from adapters.common.pictures import start_pictures
from adapters.discord import DiscordSettings, attach, make_bot
from adapters.discord.config import point_discord_at
from adapters.discord.poker import Poker
from chatdealer.dealer import Dealer
from chatdealer.dealer.entry import CHAT_EVENTS_MAXLEN
from chatdealer.store import BankConfig, Store

from .fake_discord import FakeDiscord

BANK = BankConfig(starting_grant=1_000, daily_amount=100, daily_period=86_400)


@dataclass
class Running:
    bot: commands.Bot
    poker: Poker
    task: asyncio.Task[None]

    async def stop(self) -> None:
        await self.poker.idle(5.0)
        await self.bot.close()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(self.task, 5.0)


Launch = Callable[[], Awaitable[Running]]


@pytest.fixture(autouse=True)
def discord_routes() -> Iterator[None]:
    base = discord.http.Route.BASE
    gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    yield
    discord.http.Route.BASE = base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway


@pytest.fixture(autouse=True, scope="session")
def _picture_processes() -> None:
    """Spawned before the first test's deal, as `serve` spawns them at start-up."""
    start_pictures()


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def launch(fake: FakeDiscord, client: Redis) -> AsyncIterator[Launch]:
    """Starts the bot (again, after a restart) on the same Redis: a new client, a new dealer."""
    running: list[Running] = []

    async def start() -> Running:
        settings = DiscordSettings(
            token="fake-token", api_base=fake.api, gateway_url=fake.gateway, edit_interval=0.05
        )
        point_discord_at(settings)
        dealer = Dealer(
            Store.on(client, bank=BANK, events_maxlen=CHAT_EVENTS_MAXLEN),
            next_hand_delay=0.2,
            bot_delay=0.05,
        )
        bot = make_bot(settings, guild_ready_timeout=0.1)
        poker = await attach(bot, dealer, settings, clock_interval=0.05)
        task = asyncio.create_task(bot.start(settings.token))
        ready = asyncio.create_task(bot.wait_until_ready())
        await asyncio.wait([ready, task], timeout=10, return_when=asyncio.FIRST_COMPLETED)
        if task.done():
            ready.cancel()
            task.result()
        assert ready.done(), "the bot did not get ready"
        await fake.wait_for(lambda: fake.commands, what="the commands to be published")
        bot_running = Running(bot, poker, task)
        running.append(bot_running)
        return bot_running

    yield start
    for bot_running in running:
        if not bot_running.bot.is_closed():
            await bot_running.stop()
