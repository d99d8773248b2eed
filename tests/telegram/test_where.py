"""Where a press or a command comes from is what Telegram says, never what the callback data
claims: a table lives in its group's topic, a press from elsewhere is refused, and so is one
with no message to say where. Nobody faceless is seated, and names are made safe."""

from __future__ import annotations

import asyncio
import dataclasses

from adapters.telegram import Worker
from adapters.telegram.callbacks import parse_press
from chatdealer.dealer import Command, ShowTable, TableView, User
from chatdealer.dealer.outgoing import TableShown
from chatdealer.store import TableId

from .conftest import Launch
from .fake_bot_api import ANN, BOB, CHANNEL, GROUP, GROUP_ID, FakeBotApi, FakeUser, Sent

TOPIC = 7
IN_TOPIC = TableId("telegram", str(GROUP_ID), str(TOPIC))
MAIN = TableId("telegram", str(GROUP_ID), "0")


async def view_at(worker: Worker, table: TableId) -> TableView | None:
    out = await worker.dealer.handle(
        Command(table=table, user=User(id="watcher", name="watcher"), args=ShowTable())
    )
    return next((e.payload.view for e in out if isinstance(e.payload, TableShown)), None)


async def answer_to(fake: FakeBotApi, user: FakeUser, message: Sent | None, data: str) -> str:
    update = fake.press(user, message, data)
    query = update["callback_query"]["id"]
    assert await fake.push(update) == 200
    answer = await fake.wait_for(lambda: fake.answers.get(query), f"the answer to {data}")
    return str(answer.get("text", ""))


async def topic_table(fake: FakeBotApi, worker: Worker) -> tuple[TableView, Sent, str]:
    """A hand at the table of topic 7: its view, its message and the acting player's call."""
    await fake.push(fake.command(ANN, "/poker 1/2", topic=TOPIC))
    await fake.wait_for(lambda: fake.chat_messages(GROUP_ID), "the table message")
    for user in (ANN, BOB):
        await fake.push(fake.command(user, "/join", topic=TOPIC))
    for _ in range(200):
        view = await view_at(worker, IN_TOPIC)
        if view is not None and len(view.seats) == 2:
            break
        await asyncio.sleep(0.03)
    await fake.push(fake.command(ANN, "/start_game", topic=TOPIC))
    message = await fake.wait_for(lambda: fake.table_message(TOPIC), "the topic's buttons")
    view = await view_at(worker, IN_TOPIC)
    assert view is not None and view.turn is not None
    act = next(
        b["callback_data"]
        for b in message.buttons()
        if (press := parse_press(b["callback_data"])) and press.action in ("call", "check")
    )
    return view, message, act


async def test_a_press_is_taken_at_the_table_of_the_topic_it_came_from(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    view, message, act = await topic_table(fake, worker)
    assert view.turn is not None
    actor = ANN if view.turn.player_id == str(ANN.id) else BOB
    assert await view_at(worker, MAIN) is None

    elsewhere = dataclasses.replace(message, thread=None)  # the data names topic 7
    assert "out of date" in await answer_to(fake, actor, elsewhere, act)
    assert "out of date" in await answer_to(fake, actor, None, act)
    await worker.poker.idle(1.0)
    after = await view_at(worker, IN_TOPIC)
    assert after is not None and after.token == view.token

    assert await answer_to(fake, actor, message, act) == ""
    for _ in range(100):
        after = await view_at(worker, IN_TOPIC)
        if after is not None and after.token != view.token:
            break
        await asyncio.sleep(0.03)
    assert after is not None and after.token != view.token


async def test_anonymous_admins_and_channels_are_asked_to_post_as_themselves(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    await fake.push(fake.command(ANN, "/poker 1/2"))
    await fake.wait_for(lambda: fake.chat_messages(GROUP_ID), "the table message")
    for sender in (GROUP, CHANNEL):
        await fake.push(fake.command(BOB, "/join", as_chat=sender))
    replies = await fake.wait_for(
        lambda: [m for m in fake.chat_messages(GROUP_ID) if "Post as yourself" in m.content][1:],
        "both asked to post as themselves",
    )
    assert replies
    await worker.poker.idle(1.0)
    view = await view_at(worker, MAIN)
    assert view is not None and view.seats == ()


async def test_names_lose_control_and_direction_characters_and_are_cut(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    tricky = FakeUser(201, "\u202eAnn\u0007\u2066 the " + "very " * 20 + "long")
    await fake.push(fake.command(ANN, "/poker 1/2"))
    await fake.wait_for(lambda: fake.chat_messages(GROUP_ID), "the table message")
    await fake.push(fake.command(tricky, "/join"))
    for _ in range(200):
        view = await view_at(worker, MAIN)
        if view is not None and view.seats:
            break
        await asyncio.sleep(0.03)
    assert view is not None and view.seats
    name = view.seats[0].name
    assert name.startswith("Ann") and len(name) <= 32
    assert not any(ch in name for ch in "\u202e\u0007\u2066")
