"""On Discord, with the web pages on: the real discord.py bot against the fake Discord. A hand's
showdown and `/poker history` carry a Replay link button to the page the worker serves; the
asker's own copy, in their ephemeral answer, links to their own replay with their cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import aiohttp

from chatdealer.dealer.views import TurnView
from tests.discord.conftest import Launch, discord_routes, fake, launch
from tests.discord.fake_discord import ANN, FakeDiscord
from tests.discord.helpers import view_of
from tests.discord.test_play import _moved, click, seat_three

__all__ = ["discord_routes", "fake", "launch"]  # the Discord tests' fixtures
LINK_STYLE = 5


def link_urls(components: list[dict[str, Any]], label: str | None = None) -> list[str]:
    return [
        item["url"]
        for row in components
        for item in row.get("components", [])
        if item.get("style") == LINK_STYLE and label in (None, item.get("label"))
    ]


async def first_hand_played(
    fake: FakeDiscord, launch: Launch, choose: Callable[[TurnView], str]
) -> int:
    """A worker launched, three players seated, and its first hand played to its end with the
    action `choose` picks at each turn; the hand's number."""
    running = await launch()
    await seat_three(fake, running)
    first = (await view_of(running)).hand_number
    while (view := await view_of(running)).hand_number == first and view.turn:
        await click(fake, running, choose(view.turn))
        await _moved(running, view.turn.token)
    return first


async def test_showdown_and_history_carry_replay_link_buttons(
    fake: FakeDiscord, launch: Launch, web: str
) -> None:
    first = await first_hand_played(
        fake, launch, lambda turn: "check" if turn.can_check else "call"
    )
    showdown = await fake.wait_for(
        lambda: [u for m in fake.channel_messages() for u in link_urls(m.components, "Replay")],
        what="the showdown's Replay button",
    )
    token = await fake.slash(ANN, "history", number=first)

    def history_links(ephemeral: bool) -> list[str]:
        """The Replay links of the history's copies: the asker's own (ephemeral) or the
        channel's (a non-ephemeral answer or a channel message with the .phh)."""
        found = [
            url
            for reply in fake.answered(token)
            if reply.ephemeral == ephemeral and reply.attachments
            for url in link_urls(reply.data.get("components") or [])
        ]
        if not ephemeral:
            found += [
                url
                for m in fake.channel_messages()
                if any(name == f"hand-{first}.phh" for name in m.attachments)
                for url in link_urls(m.components)
            ]
        return found

    own = await fake.wait_for(lambda: history_links(True), what="the asker's own Replay")
    public = await fake.wait_for(lambda: history_links(False), what="the history's Replay")
    mine = next(r for r in fake.answered(token) if r.ephemeral and r.attachments)
    assert "Result: " in mine.content
    assert own and all(u.startswith(f"{web}/replay/") for u in [*showdown, *public, *own])
    assert own[0] not in public
    async with aiohttp.ClientSession() as session:
        for url in (showdown[0], public[0], own[0]):
            async with session.get(url) as got:
                assert got.status == 200 and f"Hand #{first}" in await got.text()


async def test_a_hand_won_by_a_fold_gets_its_replay_on_the_table_message(
    fake: FakeDiscord, launch: Launch, web: str
) -> None:
    """No showdown, so no showdown post: the table message carries the last hand's Replay."""
    first = await first_hand_played(fake, launch, lambda turn: "fold")
    url = (
        await fake.wait_for(
            lambda: [
                u
                for m in fake.channel_messages()
                for u in link_urls(m.components, f"Replay hand #{first}")
            ],
            what="the table message's Replay",
        )
    )[0]
    assert url.startswith(f"{web}/replay/")
    assert not [u for m in fake.channel_messages() for u in link_urls(m.components) if u != url]
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        page = await answer.text()
    assert answer.status == 200 and f"Hand #{first}" in page
