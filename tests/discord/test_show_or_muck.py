"""Show or muck by button through discord.py against the fake Discord: the showdown waits for
each player's press, a press by anyone else is refused and changes nothing, and a mucked hand
never reaches the channel."""

from __future__ import annotations

import asyncio
import time

from chatdealer.dealer import TableView

from .conftest import Launch, Running
from .fake_discord import ANN, BOB, CHANNEL_ID, USERS, FakeDiscord, Message
from .helpers import (
    actor,
    answer,
    buttons_for,
    hole_cards,
    hole_text,
    next_turn,
    table_message_with,
    unshown_lines,
    view_of,
)


async def waiting_at_showdown(
    running: Running, after: TableView | None = None, timeout: float = 30.0
) -> TableView:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view = await view_of(running)
        if view.showdown is not None and (after is None or view.showdown != after.showdown):
            return view
        await asyncio.sleep(0.03)
    raise AssertionError("the showdown waited for nobody")


async def answer_buttons(fake: FakeDiscord, running: Running, view: TableView) -> Message:
    assert view.showdown is not None
    wanted = f"cd:act:{CHANNEL_ID}:{view.showdown.token}:muck"
    return await table_message_with(fake, running, wanted, "the show and muck buttons")


async def test_show_and_muck_are_pressed_at_the_showdown(fake: FakeDiscord, launch: Launch) -> None:
    running = await launch()
    await answer(fake, await fake.slash(ANN, "create"))
    await answer(fake, await fake.slash(ANN, "showdown", root="house", show="losing"))
    for user in (ANN, BOB):
        await answer(fake, await fake.slash(user, "join"))
    await answer(fake, await fake.slash(ANN, "start"))
    first = await next_turn(running)
    cards = {user.id: await hole_cards(running, user) for user in (ANN, BOB)}
    while (view := await view_of(running)).turn is not None:
        turn = view.turn
        message = await buttons_for(fake, running, view)
        action = "check" if turn.can_check else "call"
        await fake.click(actor(view), message, f"cd:act:{CHANNEL_ID}:{turn.token}:{action}")
        for _ in range(300):
            now = await view_of(running)
            if now.turn is None or now.turn.token != turn.token:
                break
            await asyncio.sleep(0.02)
    asked = await waiting_at_showdown(running)
    assert asked.showdown is not None and asked.hand_number == first.hand_number
    shower = USERS[int(asked.showdown.player_id)]
    other = BOB if shower is ANN else ANN
    message = await answer_buttons(fake, running, asked)
    show = f"cd:act:{CHANNEL_ID}:{asked.showdown.token}:show"
    refused = await answer(fake, await fake.click(other, message, show))
    assert refused.ephemeral, refused.content
    assert (await view_of(running)).showdown == asked.showdown  # nothing changed
    await fake.click(shower, message, show)
    mucking = await waiting_at_showdown(running, after=asked)
    assert mucking.showdown is not None and mucking.showdown.player_id == str(other.id)
    message = await answer_buttons(fake, running, mucking)
    await fake.click(other, message, f"cd:act:{CHANNEL_ID}:{mucking.showdown.token}:muck")
    for _ in range(300):
        if (await view_of(running)).hand_number != first.hand_number or not (
            await view_of(running)
        ).hand_running:
            break
        await asyncio.sleep(0.02)
    await running.poker.idle()
    lines = unshown_lines(fake)
    mucked, shown = cards[other.id], cards[shower.id]
    assert mucked is not None and shown is not None
    assert not [line for line in lines if hole_text(mucked) in line]
    assert any(hole_text(shown) in text for text in fake.channel_texts())
