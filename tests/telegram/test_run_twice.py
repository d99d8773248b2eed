"""Running it twice through python-telegram-bot against the fake Bot API: the host types
`/house runout run_twice=ask`, Ann and Bob go all-in by the buttons, one presses Twice and the
other Once, and the board is run once, its pot paid whole; a press from Cid, who was not
asked, is refused in his popup."""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import Callable

from adapters.telegram import Worker
from adapters.telegram.callbacks import parse_press
from adapters.telegram.run_twice_buttons import parse_run_twice
from chatdealer.dealer import TableView

from .conftest import Launch
from .fake_bot_api import ANN, BOB, CID, GROUP_ID, USERS, FakeBotApi, Sent
from .test_game import Players, view_of
from .test_translations import said


async def test_one_player_presses_once_and_the_board_is_run_once(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    players = Players(fake, worker)
    await said(fake, ANN, "/poker")
    await said(fake, ANN, "/house runout run_twice=ask")
    assert (await view_of(worker)).settings.run_twice == "ask"  # type: ignore[union-attr]
    for user in (ANN, BOB):  # Cid only watches
        await said(fake, user, "/join")
    await said(fake, ANN, "/start_game")
    for move in ("allin", "call"):  # the first to act is all-in, the other calls
        view = await _next_turn(worker)
        message = await players.keyboard_for(view)
        data = next(
            b["callback_data"]
            for b in message.buttons()
            if (press := parse_press(b["callback_data"])) and press.action == move
        )
        player = turn_of(view)
        assert player is not None
        await players.press(USERS[int(player)], message, data)
        await fake.wait_for(functools.partial(players.moved_on, view), f"the {move}")
    message = await fake.wait_for(_asking(fake), "the Once and Twice buttons")
    once, twice = (
        b["callback_data"] for b in message.buttons() if parse_run_twice(b["callback_data"])
    )
    assert parse_run_twice(twice) is not None and parse_run_twice(twice).twice  # type: ignore[union-attr]
    refused = await players.press(CID, message, twice)
    assert "Only the players all-in" in str(refused.get("text")), refused
    asked = (await view_of(worker)).run_twice
    assert asked is not None and asked.agreed == ()
    await players.press(ANN if str(ANN.id) in asked.asked else BOB, message, twice)
    other = BOB if str(ANN.id) in asked.asked else ANN
    await players.press(other, message, once)
    (told,) = await fake.wait_for(
        lambda: [m for m in fake.chat_messages(GROUP_ID) if m.content.startswith("Hand #1\n")],
        "the board run once",
    )
    # One result: a winner or, when the board plays, a split.
    results = re.findall(r" (?:wins|split) ", told.content)
    assert len(results) == 1 and "run — " not in told.content, told.content


def turn_of(view: TableView) -> str | None:
    return view.turn.player_id if view.turn is not None else None


async def _next_turn(worker: Worker) -> TableView:
    for _ in range(300):
        view = await view_of(worker)
        if view.turn is not None:
            return view
        await asyncio.sleep(0.03)
    raise AssertionError("nobody came to act")


def _asking(fake: FakeBotApi) -> Callable[[], Sent | None]:
    def current() -> Sent | None:
        message = fake.table_message()
        if message and any(parse_run_twice(b.get("callback_data")) for b in message.buttons()):
            return message
        return None

    return current
