"""The dealer on a Discord server (discord.py 2.7): `/poker` commands, one table message per
channel with persistent action buttons, private cards by ephemeral reply or DM.

    chatdealer discord          # DISCORD_TOKEN, optional DISCORD_API_BASE, DISCORD_GATEWAY_URL,
                                # SHARD_COUNT, SHARD_IDS, REDIS_URL

Imported as `adapters.discord`; it never shadows the `discord` library itself.
"""

from adapters.discord.bot import attach, make_bot, run, serve
from adapters.discord.config import ConfigError, DiscordSettings, settings_from_env

__all__ = [
    "ConfigError",
    "DiscordSettings",
    "attach",
    "make_bot",
    "run",
    "serve",
    "settings_from_env",
]
