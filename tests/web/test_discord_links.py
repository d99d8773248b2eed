"""On Discord, with the web pages on: the real discord.py bot against the fake Discord. A hand's
showdown and `/poker history` carry a Replay link button to the page the worker serves; the
asker's own copy, in their ephemeral answer, links to their own replay with their cards."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from tests.discord.conftest import Launch, discord_routes, fake, launch
from tests.discord.fake_discord import ANN, FakeDiscord
from tests.discord.helpers import answer, view_of
from tests.discord.test_play import _moved, click, seat_three
from tests.telegram.conftest import free_port

__all__ = ["discord_routes", "fake", "launch"]  # the Discord tests' fixtures
LINK_STYLE = 5


def link_urls(components: list[dict[str, Any]]) -> list[str]:
    return [
        item["url"]
        for row in components
        for item in row.get("components", [])
        if item.get("style") == LINK_STYLE
    ]


async def test_showdown_and_history_carry_replay_link_buttons(
    fake: FakeDiscord, launch: Launch, monkeypatch: pytest.MonkeyPatch
) -> None:
    port = free_port()
    web = f"http://127.0.0.1:{port}"
    monkeypatch.setenv("CHATDEALER_WEB_URL", web)
    monkeypatch.setenv("CHATDEALER_WEB_PORT", str(port))
    monkeypatch.setenv("CHATDEALER_WEB_SECRET", "the tests' own secret, long enough")
    running = await launch()
    await seat_three(fake, running)
    first = (await view_of(running)).hand_number
    while (view := await view_of(running)).hand_number == first and view.turn:
        turn = view.turn
        await click(fake, running, "check" if turn.can_check else "call")
        await _moved(running, turn.token)
    showdown = await fake.wait_for(
        lambda: [u for m in fake.channel_messages() for u in link_urls(m.components)],
        what="the showdown's Replay button",
    )
    reply = await answer(fake, await fake.slash(ANN, "history", number=first))
    assert reply.ephemeral and "Result: " in reply.content
    own = link_urls(reply.data.get("components") or [])
    public = await fake.wait_for(
        lambda: [
            u for m in fake.channel_messages() if m.attachments for u in link_urls(m.components)
        ],
        what="the history's Replay button",
    )
    assert own and all(u.startswith(f"{web}/replay/") for u in [*showdown, *public, *own])
    assert own[0] not in public
    async with aiohttp.ClientSession() as session:
        for url in (showdown[0], public[0], own[0]):
            async with session.get(url) as got:
                assert got.status == 200 and f"Hand #{first}" in await got.text()
