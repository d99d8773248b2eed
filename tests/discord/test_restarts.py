"""Restarts on Discord, through the real discord.py client against the fake Discord: SIGTERM
flushes what is pending and closes; a new worker shows every live table as it is at once; a
stale press is answered with the table and working buttons; a raise form outlives its worker."""

from __future__ import annotations

import asyncio
import os
import signal
import time

from adapters.discord.lifecycle import on_signals

from .conftest import Launch
from .fake_discord import CHANNEL_ID, FakeDiscord
from .helpers import actor, answer, buttons_for, next_turn, table_message, view_of
from .test_play import _moved, seat_three


async def test_sigterm_just_after_a_press_flushes_it_and_closes(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await seat_three(fake, running)
    view = await next_turn(running)
    message = await buttons_for(fake, running, view)
    assert view.turn is not None
    loop = asyncio.get_running_loop()
    done = on_signals(running.bot, running.poker)
    try:
        call = f"cd:act:{CHANNEL_ID}:{view.turn.token}:call"
        await fake.click(actor(view), message, call)
        await _moved(running, view.turn.token)
        os.kill(os.getpid(), signal.SIGTERM)
        began = time.monotonic()
        await asyncio.wait_for(done.wait(), 10)
        assert time.monotonic() - began < 10
    finally:
        for number in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(number)
    assert running.bot.is_closed()
    after = await view_of(running)
    assert after.turn is not None
    # The press made before the signal is on the table message: the next player's buttons.
    ids = table_message(fake, running).custom_ids()
    assert f"cd:act:{CHANNEL_ID}:{after.turn.token}:fold" in ids
    # Within 5 s of a new worker's start the player to act has a working button.
    began = time.monotonic()
    restarted = await launch()
    now = await next_turn(restarted)
    message = await buttons_for(fake, restarted, now)
    assert now.turn is not None and now.turn.token == after.turn.token
    fold = f"cd:act:{CHANNEL_ID}:{now.turn.token}:fold"
    token = await fake.click(actor(now), message, fold)
    await _moved(restarted, now.turn.token)
    assert time.monotonic() - began < 5
    assert fake.replies_to(token)[0].type == 6  # taken, no refusal


async def test_a_new_worker_shows_a_press_its_predecessor_never_showed(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await seat_three(fake, running)
    view = await next_turn(running)
    message = await buttons_for(fake, running, view)
    assert view.turn is not None
    fake.refuse_edits = True  # the press is taken, its edit lost with the worker
    await fake.click(actor(view), message, f"cd:act:{CHANNEL_ID}:{view.turn.token}:call")
    await _moved(running, view.turn.token)
    await running.poker.tables.close()
    await running.bot.close()
    stale = table_message(fake, running)
    assert f"cd:act:{CHANNEL_ID}:{view.turn.token}:call" in stale.custom_ids()
    fake.refuse_edits = False
    began = time.monotonic()
    restarted = await launch()
    after = await next_turn(restarted)
    again = await buttons_for(fake, restarted, after)
    assert time.monotonic() - began < 5
    assert again.id == message.id
    assert after.turn is not None
    token = await fake.click(actor(after), again, f"cd:act:{CHANNEL_ID}:{after.turn.token}:call")
    await _moved(restarted, after.turn.token)
    assert fake.replies_to(token)[0].type == 6


async def test_a_stale_press_gets_the_table_with_working_buttons(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await seat_three(fake, running)
    view = await next_turn(running)
    old = await buttons_for(fake, running, view)
    assert view.turn is not None
    await fake.click(actor(view), old, f"cd:act:{CHANNEL_ID}:{view.turn.token}:call")
    await _moved(running, view.turn.token)
    after = await next_turn(running)
    assert after.turn is not None
    stale = f"cd:act:{CHANNEL_ID}:{view.turn.token}:fold"
    reply = await answer(fake, await fake.click(actor(after), old, stale))
    assert reply.ephemeral and "out of date" in reply.content
    assert "to act" in reply.content
    buttons = [
        part["custom_id"]
        for row in reply.data.get("components", [])
        for part in row.get("components", [])
    ]
    working = f"cd:act:{CHANNEL_ID}:{after.turn.token}:fold"
    assert working in buttons
    assert (await view_of(running)).turn == after.turn


async def test_a_raise_form_opened_before_a_restart_submits_after_it(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await seat_three(fake, running)
    view = await next_turn(running)
    message = await buttons_for(fake, running, view)
    assert view.turn is not None and view.turn.min_raise_to is not None
    token = await fake.click(actor(view), message, f"cd:act:{CHANNEL_ID}:{view.turn.token}:raise")
    form = await fake.wait_for(
        lambda: [r for r in fake.replies_to(token) if r.type == 9], what="the form"
    )
    await running.stop()
    restarted = await launch()
    amount = view.turn.min_raise_to + 3
    await fake.submit(actor(view), form[0].data["custom_id"], {"amount": f"{amount:,}"})
    await _moved(restarted, view.turn.token)
    assert max(seat.bet for seat in (await view_of(restarted)).seats) == amount
