"""Restarts: `chatdealer telegram` stops cleanly on SIGTERM just after a press (it takes no
more updates, sends what is pending, exits 0 within 10 s), and within 5 s of the next worker's
start the player to act has a button that works. Also: the private-chat offer is made once per
player per 7 days, whatever the restarts, and one failing send never stops the others."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

from redis.asyncio import Redis

from adapters.telegram.callbacks import parse_press
from adapters.telegram.outbox import Outbox
from chatdealer.dealer import Act, Command, Dealer, User
from chatdealer.dealer.supervision import Supervisor
from chatdealer.store import EmbeddedRedis, Store

from .conftest import BANK, Launch
from .fake_bot_api import ANN, BOB, CID, GROUP_ID, FakeBotApi, Sent
from .test_game import TABLE, view_of

CHATDEALER = Path(sys.executable).with_name("chatdealer")


async def worker_process(fake: FakeBotApi, redis: EmbeddedRedis) -> asyncio.subprocess.Process:
    env = {
        **os.environ,
        "TELEGRAM_TOKEN": fake.token,
        "TELEGRAM_API_BASE": fake.base_url,
        "REDIS_URL": redis.url,
        "TELEGRAM_SET_COMMANDS": "0",
    }
    return await asyncio.create_subprocess_exec(
        str(CHATDEALER),
        "telegram",
        env=env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )


class Watch:
    """The table as a test sees it, through a dealer of its own on the same Redis."""

    def __init__(self, client: Redis) -> None:
        self.dealer = Dealer(Store.on(client, bank=BANK))

    async def token_buttons(self, fake: FakeBotApi) -> tuple[Sent, str] | None:
        """The table message and the acting player's call or check, once its buttons carry
        the turn as it is now."""
        view = await view_of(self)  # type: ignore[arg-type]
        message = fake.table_message()
        if view.turn is None or message is None:
            return None
        for button in message.buttons():
            press = parse_press(button.get("callback_data"))
            if press and press.token == view.turn.token and press.action in ("call", "check"):
                return message, button["callback_data"]
        return None


async def test_sigterm_just_after_a_press_then_the_next_worker_has_working_buttons(
    fake: FakeBotApi, launch: Launch, client: Redis, redis_server: EmbeddedRedis
) -> None:
    process = await worker_process(fake, redis_server)
    watch = Watch(client)
    try:
        await fake.push(fake.command(ANN, "/poker 1/2"))
        await fake.wait_for(lambda: fake.chat_messages(GROUP_ID), "the table message", 20)
        for user in (ANN, BOB, CID):
            await fake.push(fake.command(user, "/join"))
        await asyncio.sleep(1.0)
        await fake.push(fake.command(ANN, "/start_game"))
        found: tuple[Sent, str] | None = None
        deadline = time.monotonic() + 20
        while found is None and time.monotonic() < deadline:
            found = await watch.token_buttons(fake)
            await asyncio.sleep(0.05)
        assert found is not None, "no working button before the restart"
        message, data = found
        before = await view_of(watch)  # type: ignore[arg-type]
        assert before.turn is not None
        actor = {str(u.id): u for u in (ANN, BOB, CID)}[before.turn.player_id]
        update = fake.press(actor, message, data)
        await fake.push(update)
        await asyncio.sleep(0.05)
        stopping = time.monotonic()
        process.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(process.wait(), 15)
        assert code == 0, (await process.stderr.read()).decode()[-2000:]  # type: ignore[union-attr]
        assert time.monotonic() - stopping <= 11
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()

    # While no worker is up the hand moves on (as another worker's clock would move it), so
    # the message's buttons are out of date until the next worker brings them up to date.
    assert await watch.token_buttons(fake) is not None, "pending edits were not flushed"
    idle = await view_of(watch)  # type: ignore[arg-type]
    assert idle.turn is not None
    actor = {str(u.id): u for u in (ANN, BOB, CID)}[idle.turn.player_id]
    act = Act(action="call" if idle.turn.can_call else "check", token=idle.turn.token)
    acting = User(id=str(actor.id), name=actor.first_name)
    await watch.dealer.handle(Command(table=TABLE, user=acting, args=act))
    assert await watch.token_buttons(fake) is None

    started = time.monotonic()
    worker = await launch()
    found = None
    while found is None and time.monotonic() - started < 5:
        found = await watch.token_buttons(fake)
        await asyncio.sleep(0.05)
    assert found is not None, "the player to act had no working button 5 s after the start"
    message, data = found
    now = await view_of(worker)
    assert now.turn is not None
    actor = {str(u.id): u for u in (ANN, BOB, CID)}[now.turn.player_id]
    update = fake.press(actor, message, data)
    query = update["callback_query"]["id"]
    await fake.push(update)
    answer = await fake.wait_for(lambda: fake.answers.get(query), "the answer to the press")
    assert not answer.get("text"), answer
    for _ in range(100):
        if (await view_of(worker)).token != now.token:
            break
        await asyncio.sleep(0.03)
    assert (await view_of(worker)).token != now.token
    await fake.wait_for(lambda: fake.queries_sent <= set(fake.answers), "every press answered")


async def test_the_private_chat_is_offered_once_a_week_across_restarts(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    await fake.push(fake.command(ANN, "/poker 1/2"))
    await fake.wait_for(lambda: fake.chat_messages(GROUP_ID), "the table message")

    def offers() -> int:
        return len(
            [m for m in fake.chat_messages(GROUP_ID) if "Tap to get your cards" in m.content]
        )

    await fake.push(fake.command(CID, "/join"))
    await fake.wait_for(lambda: offers() == 1, "the offer at the first join")
    await fake.push(fake.command(CID, "/leave"))
    await worker.poker.idle(2.0)
    await worker.stop()
    again = await launch()
    await fake.push(fake.command(CID, "/join"))
    await fake.push(fake.command(BOB, "/join"))
    await fake.wait_for(lambda: offers() == 2, "Bob's offer")
    await again.poker.idle(2.0)
    assert offers() == 2  # Cid's came once


async def test_a_failing_send_does_not_stop_the_others() -> None:
    supervisor = Supervisor()
    outbox = Outbox(supervisor, senders=1)
    sent: list[int] = []

    async def fails() -> None:
        raise RuntimeError("Telegram said no")

    async def works(number: int) -> None:
        sent.append(number)

    outbox.put(fails())
    outbox.put(works(1))
    outbox.put(fails())
    outbox.put(works(2))
    assert await outbox.drain(2.0)
    assert sent == [1, 2]
    await supervisor.close()


async def test_a_stale_press_brings_back_buttons_that_work(
    fake: FakeBotApi, launch: Launch, client: Redis
) -> None:
    """Another worker moved the hand on (as one behind the same webhook would): a press on
    the buttons this worker last showed is refused, and the message then shows the turn as it
    is, with buttons that work."""
    worker = await launch()
    watch = Watch(client)
    await fake.push(fake.command(ANN, "/poker 1/2"))
    await fake.wait_for(lambda: fake.chat_messages(GROUP_ID), "the table message")
    for user in (ANN, BOB, CID):
        await fake.push(fake.command(user, "/join"))
    for _ in range(200):
        if len((await view_of(worker)).seats) == 3:
            break
        await asyncio.sleep(0.03)
    await fake.push(fake.command(ANN, "/start_game"))
    found = None
    for _ in range(200):
        found = await watch.token_buttons(fake)
        if found is not None:
            break
        await asyncio.sleep(0.03)
    assert found is not None
    message, data = found
    await worker.poker.idle(2.0)
    view = await view_of(watch)  # type: ignore[arg-type]
    assert view.turn is not None
    actor = {str(u.id): u for u in (ANN, BOB, CID)}[view.turn.player_id]
    act = Act(action="call" if view.turn.can_call else "check", token=view.turn.token)
    acting = User(id=str(actor.id), name=actor.first_name)
    await watch.dealer.handle(Command(table=TABLE, user=acting, args=act))
    assert await watch.token_buttons(fake) is None

    update = fake.press(actor, message, data)
    query = update["callback_query"]["id"]
    await fake.push(update)
    answer = await fake.wait_for(lambda: fake.answers.get(query), "the answer to the press")
    assert "out of date" in str(answer.get("text"))
    working = None
    for _ in range(100):
        working = await watch.token_buttons(fake)
        if working is not None:
            break
        await asyncio.sleep(0.03)
    assert working is not None, "the buttons stayed out of date"
