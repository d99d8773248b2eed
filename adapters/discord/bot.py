"""Building and running the Discord worker."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord.ext import commands

from adapters.common.pictures import close_pictures, start_pictures
from adapters.discord.buttons import ActButton, CardsButton
from adapters.discord.cog import PokerCog
from adapters.discord.commands import poker_group, root_groups
from adapters.discord.config import DiscordSettings, point_discord_at
from adapters.discord.lifecycle import on_signals
from adapters.discord.poker import Poker
from adapters.discord.run_twice_buttons import RunTwiceButton
from adapters.discord.seat_requests import SeatAnswerButton
from adapters.discord.show_after_buttons import ShowAfterButton
from adapters.discord.slash import SlashCommands
from adapters.discord.texts import DealerTranslator
from chatdealer.dealer import Dealer, open_dealer
from chatdealer.dealer.collection import tune_for_serving
from chatdealer.dealer.entry import CHAT_EVENTS_MAXLEN
from chatdealer.metrics import metrics_port, serving_metrics

log = logging.getLogger(__name__)


def make_bot(settings: DiscordSettings, **options: Any) -> commands.Bot:
    """A bot on the gateway with the guilds intent only (slash commands need no more); sharded
    across processes when SHARD_COUNT (and SHARD_IDS) are set."""
    intents = discord.Intents.none()
    intents.guilds = True
    kwargs: dict[str, Any] = {
        "command_prefix": commands.when_mentioned,
        "intents": intents,
        "help_command": None,
        "allowed_mentions": discord.AllowedMentions.none(),
        **options,
    }
    if settings.shard_count is not None:
        if settings.shard_ids:
            kwargs["shard_ids"] = list(settings.shard_ids)
        sharded = commands.AutoShardedBot(shard_count=settings.shard_count, **kwargs)
        return sharded  # type: ignore[return-value]
    return commands.Bot(**kwargs)


async def attach(
    bot: commands.Bot,
    dealer: Dealer,
    settings: DiscordSettings,
    *,
    clock_interval: float = 0.5,
) -> Poker:
    """Puts the dealer on the bot: the /poker commands, the persistent buttons, the clock."""
    poker = Poker(bot, dealer, edit_interval=settings.edit_interval)
    await bot.tree.set_translator(DealerTranslator())
    bot.add_dynamic_items(ActButton, CardsButton, SeatAnswerButton, RunTwiceButton, ShowAfterButton)
    runner = SlashCommands(poker)
    bot.tree.add_command(poker_group(runner))
    for root in root_groups(runner):
        bot.tree.add_command(root)
    cog = PokerCog(poker, sync_commands=settings.sync_commands, clock_interval=clock_interval)
    await bot.add_cog(cog)
    return poker


async def serve(settings: DiscordSettings) -> None:
    point_discord_at(settings)
    async with (
        open_dealer(settings.redis_url, events_maxlen=CHAT_EVENTS_MAXLEN) as dealer,
        serving_metrics(dealer.metrics, metrics_port()),
    ):
        start_pictures()
        dealer.work_off_loop()
        bot = make_bot(settings)
        async with bot:
            poker = await attach(bot, dealer, settings)
            on_signals(bot, poker)
            tune_for_serving(dealer.supervisor)
            try:
                await bot.start(settings.token)
            finally:
                close_pictures()


def run(settings: DiscordSettings) -> int:
    """`chatdealer discord`: runs the worker until interrupted."""
    discord.utils.setup_logging()
    try:
        asyncio.run(serve(settings))
    except KeyboardInterrupt:
        pass
    except discord.LoginFailure as problem:
        log.error("Discord refused the token: %s", problem)
        return 2
    return 0
