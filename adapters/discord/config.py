"""The worker's settings, from the environment, and pointing discord.py at proxies."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

import discord
import yarl


class ConfigError(ValueError):
    """A setting in the environment cannot be used."""


@dataclass(frozen=True, slots=True)
class DiscordSettings:
    token: str
    api_base: str | None = None
    """REST base including the version, e.g. ``http://rest-proxy:8080/api/v10``."""
    gateway_url: str | None = None
    """The gateway (or a gateway proxy) to connect to, e.g. ``ws://gateway-proxy:7878``."""
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    redis_url: str | None = None
    sync_commands: bool = True
    """Publish the /poker commands at start-up (turn off for all but one worker)."""
    edit_interval: float = 1.0
    """Seconds between two edits of one channel's table message (Discord allows 5 in 5 s)."""


def settings_from_env(env: Mapping[str, str] | None = None) -> DiscordSettings:
    env = os.environ if env is None else env
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError("DISCORD_TOKEN is not set")
    shard_count = _integer(env, "SHARD_COUNT")
    shard_ids: tuple[int, ...] | None = None
    raw_ids = env.get("SHARD_IDS", "").strip()
    if raw_ids:
        try:
            shard_ids = tuple(int(part) for part in raw_ids.replace(",", " ").split())
        except ValueError:
            raise ConfigError(f"SHARD_IDS must be numbers: {raw_ids!r}") from None
        if shard_count is None:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT")
        if any(not 0 <= shard < shard_count for shard in shard_ids):
            raise ConfigError(f"SHARD_IDS must be below SHARD_COUNT ({shard_count})")
    return DiscordSettings(
        token=token,
        api_base=env.get("DISCORD_API_BASE", "").strip().rstrip("/") or None,
        gateway_url=env.get("DISCORD_GATEWAY_URL", "").strip() or None,
        shard_count=shard_count,
        shard_ids=shard_ids,
        redis_url=env.get("REDIS_URL", "").strip() or None,
        sync_commands=env.get("DISCORD_SYNC_COMMANDS", "1").strip().lower()
        not in ("0", "false", "no"),
    )


def _integer(env: Mapping[str, str], name: str) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number: {raw!r}") from None
    if value < 1:
        raise ConfigError(f"{name} must be at least 1")
    return value


def point_discord_at(settings: DiscordSettings) -> None:
    """Sends discord.py's REST calls and gateway connection to the configured proxies.

    discord.py reads both from class attributes, so this is process-wide, as the proxies are.
    """
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)
