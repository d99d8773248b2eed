"""Show or muck by button through python-telegram-bot against the fake Bot API: the showdown
waits for each player's press, a press by anyone else is refused and changes nothing, and a
mucked hand never reaches the group."""

from __future__ import annotations

import asyncio

from adapters.telegram import Worker
from adapters.telegram.callbacks import parse_press
from chatdealer.dealer import TableView

from .conftest import Launch
from .fake_bot_api import ANN, BOB, GROUP_ID, USERS, FakeBotApi, Sent
from .test_game import BOARD_LINE, Players, view_of


async def showdown_after(worker: Worker, before: TableView | None = None) -> TableView:
    for _ in range(600):
        view = await view_of(worker)
        if view.showdown is not None and (before is None or view.showdown != before.showdown):
            return view
        await asyncio.sleep(0.03)
    raise AssertionError("the showdown waited for nobody")


async def answer_keyboard(fake: FakeBotApi, view: TableView) -> dict[str, tuple[str, Sent]]:
    assert view.showdown is not None
    token = view.showdown.token

    def current() -> dict[str, tuple[str, Sent]] | None:
        message = fake.table_message()
        if message is None:
            return None
        found: dict[str, tuple[str, Sent]] = {
            str(press.action): (str(button["callback_data"]), message)
            for button in message.buttons()
            if (press := parse_press(button.get("callback_data"))) is not None
            and press.token == token
            and press.action in ("show", "muck")
        }
        return found if len(found) == 2 else None

    return await fake.wait_for(current, "the show and muck buttons")


async def test_show_and_muck_are_pressed_at_the_showdown(fake: FakeBotApi, launch: Launch) -> None:
    worker = await launch()
    players = Players(fake, worker)
    fake.started.update({ANN.id, BOB.id})
    await players.say(ANN, "/poker 1/2")
    await fake.wait_for(lambda: fake.chat_messages(GROUP_ID), "the table message")
    await players.say(ANN, "/house showdown show=losing")
    for _ in range(200):
        settings = (await view_of(worker)).settings
        if settings is not None and settings.show_default == "losing":
            break
        await asyncio.sleep(0.03)
    for user in (ANN, BOB):
        await players.say(user, "/join")
    for _ in range(200):
        if len((await view_of(worker)).seats) == 2:
            break
        await asyncio.sleep(0.03)
    await players.say(ANN, "/start_game")
    for _ in range(400):
        view = await view_of(worker)
        if view.showdown is not None:
            break
        turn = view.turn
        if turn is None:
            await asyncio.sleep(0.03)
            continue
        for user in (ANN, BOB):
            if (view.hand_number, user.first_name) not in players.holes:
                await players.my_cards(user, view.hand_number)
        message = await players.keyboard_for(view)
        buttons = {
            press.action: button["callback_data"]
            for button in message.buttons()
            if (press := parse_press(button["callback_data"])) is not None and press.action
        }
        data = buttons["check"] if "check" in buttons else buttons["call"]
        await players.press(USERS[int(turn.player_id)], message, data)
        for _ in range(200):
            now = await view_of(worker)
            if now.turn is None or now.turn.token != turn.token:
                break
            await asyncio.sleep(0.02)
    asked = await showdown_after(worker)
    assert asked.showdown is not None
    shower = USERS[int(asked.showdown.player_id)]
    other = BOB if shower is ANN else ANN
    keys = await answer_keyboard(fake, asked)
    data, message = keys["show"]
    refused = await players.press(other, message, data)
    assert refused.get("text"), refused  # told why, and nothing changed
    assert (await view_of(worker)).showdown == asked.showdown
    await players.press(shower, message, data)
    mucking = await showdown_after(worker, asked)
    assert mucking.showdown is not None and mucking.showdown.player_id == str(other.id)
    data, message = (await answer_keyboard(fake, mucking))["muck"]
    await players.press(other, message, data)
    for _ in range(300):
        if (
            not (await view_of(worker)).hand_running
            or (await view_of(worker)).hand_number != asked.hand_number
        ):
            break
        await asyncio.sleep(0.02)
    await worker.poker.idle(3.0)
    hand = asked.hand_number
    mucked, shown = (
        players.holes[(hand, other.first_name)],
        players.holes[(hand, shower.first_name)],
    )
    lines = [line for text in fake.group_texts() for line in text.split("\n")]
    assert not [line for line in lines if mucked in line and not BOARD_LINE.search(line)]
    assert any(shown in line for line in lines)
