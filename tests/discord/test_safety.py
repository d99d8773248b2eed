"""Presses are taken at the table they came from, and names cannot dress up as markdown:
through the real discord.py client against the fake Discord."""

from __future__ import annotations

import dataclasses
import re

import pytest

from .conftest import Launch
from .fake_discord import ANN, BOB, CHANNEL_ID, THREAD_ID, USERS, FakeDiscord, FakeUser
from .helpers import actor, answer, buttons_for, next_turn, view_of
from .test_play import seat_three

MAL = FakeUser(100_000_000_000_000_009, "**Mal** [x](https://e.vil) # \u202eevil @everyone")
CODE_BLOCK = re.compile(r"```.*?```", re.DOTALL)


async def test_a_press_naming_another_channels_table_is_refused(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await answer(fake, await fake.slash(ANN, "create", channel=THREAD_ID))
    await seat_three(fake, running)
    view = await next_turn(running)
    message = await buttons_for(fake, running, view)
    assert view.turn is not None
    call = f"cd:act:{CHANNEL_ID}:{view.turn.token}:call"
    # The channel's button, pressed from the thread (a forged interaction): refused there.
    forged = dataclasses.replace(message, channel_id=THREAD_ID)
    for custom_id in (
        call,
        f"cd:cards:{CHANNEL_ID}",
        f"cd:act:{CHANNEL_ID}:{view.turn.token}:raise",
    ):
        reply = await answer(fake, await fake.click(actor(view), forged, custom_id))
        assert reply.ephemeral and "another table" in reply.content
    assert (await view_of(running)).turn == view.turn


async def test_a_name_shows_as_typed_never_as_markdown(
    fake: FakeDiscord, launch: Launch, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(USERS, MAL.id, MAL)
    running = await launch()
    await answer(fake, await fake.slash(ANN, "create"))
    for user in (ANN, BOB, MAL):
        await answer(fake, await fake.slash(user, "join"))
    await answer(fake, await fake.slash(ANN, "start"))
    view = await next_turn(running)
    await fake.wait_for(
        lambda: any("Mal" in t for t in fake.channel_texts() if "sits down" in t), what="Mal"
    )
    await answer(fake, await fake.slash(BOB, "night"))
    await running.poker.idle()
    shown = [CODE_BLOCK.sub("", text) for text in fake.channel_texts()]
    named = [text for text in shown if "Mal" in text]
    assert named
    for text in named:
        assert "\\*\\*Mal\\*\\* \\[x\\]" in text, text  # bold and link escaped
        assert not re.search(r"(?<!\\)\[x\]\(", text)
        assert "\u202e" not in text
    assert view.seats
