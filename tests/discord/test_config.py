"""Starting the worker: the environment it reads, and the command that runs it."""

from __future__ import annotations

import discord
import pytest

import adapters.discord
from adapters.discord import ConfigError, DiscordSettings, settings_from_env
from adapters.discord.config import point_discord_at
from chatdealer import cli


def test_the_token_proxies_and_shards_come_from_the_environment() -> None:
    settings = settings_from_env(
        {
            "DISCORD_TOKEN": "abc",
            "DISCORD_API_BASE": "http://rest-proxy:8080/api/v10/",
            "DISCORD_GATEWAY_URL": "ws://gateway-proxy:7878",
            "SHARD_COUNT": "4",
            "SHARD_IDS": "2,3",
        }
    )
    assert settings.token == "abc"
    assert settings.api_base == "http://rest-proxy:8080/api/v10"
    assert settings.shard_count == 4 and settings.shard_ids == (2, 3)
    point_discord_at(settings)
    assert discord.http.Route("GET", "/users/@me").url == "http://rest-proxy:8080/api/v10/users/@me"
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://gateway-proxy:7878"


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"DISCORD_TOKEN": "abc", "SHARD_IDS": "1"},
        {"DISCORD_TOKEN": "abc", "SHARD_COUNT": "2", "SHARD_IDS": "2"},
        {"DISCORD_TOKEN": "abc", "SHARD_COUNT": "many"},
    ],
)
def test_unusable_settings_are_refused(env: dict[str, str]) -> None:
    with pytest.raises(ConfigError):
        settings_from_env(env)


def test_the_token_makes_discord_the_default_command(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[DiscordSettings] = []

    def run(settings: DiscordSettings) -> int:
        started.append(settings)
        return 0

    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setattr(adapters.discord, "run", run)
    assert cli.main([]) == 0
    assert cli.main(["discord"]) == 0
    assert [settings.token for settings in started] == ["abc", "abc"]
