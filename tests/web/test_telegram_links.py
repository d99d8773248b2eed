"""On Telegram, with the web pages on: the real python-telegram-bot worker against the fake Bot
API. `/history` answers in the group with the hand's story, the .phh and a Replay button whose
page the worker serves; the asker's own copy, privately, opens the replay as a Mini App, where
Telegram's signed initData adds the asker's cards, and a forged initData opens nothing."""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import time
from urllib.parse import urlencode

import aiohttp
from playwright.async_api import Page

from adapters.telegram.callbacks import parse_press
from adapters.telegram.posts import captioned
from tests.telegram.conftest import Launch, fake, launch
from tests.telegram.fake_bot_api import ANN, GROUP_ID, USERS, FakeBotApi, FakeUser
from tests.telegram.test_game import CARDS, HAND, Players, open_table, view_of

__all__ = ["fake", "launch"]  # the Telegram tests' fixtures
HIDDEN = ["🂠", "🂠"]


def init_data(user: FakeUser, token: str) -> str:
    """initData as Telegram signs it for `user` (by its documentation, not the code tested)."""
    fields = {
        "user": json.dumps({"id": user.id, "first_name": user.first_name}),
        "auth_date": str(int(time.time())),
    }
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields)


async def opened_in_telegram(page: Page, url: str, signed: str) -> None:
    """The Mini App as Telegram opens it: `Telegram.WebApp.initData` set before any script."""
    await page.route("https://telegram.org/**", lambda route: route.abort())
    await page.add_init_script(f"window.Telegram = {{WebApp: {{initData: {json.dumps(signed)}}}}};")
    await page.goto(url)


async def one_hand_then(fake: FakeBotApi, launch: Launch, command: str) -> None:
    """A worker, a table, one hand played, then Ann's `command` in the group."""
    worker = await launch()
    players = Players(fake, worker)
    await open_table(fake, worker, players)
    await players.play_hands(1)
    await players.say(ANN, command)


def link_buttons(
    fake: FakeBotApi, chat: int, kind: str, path: str = "", *, with_file: bool = False
) -> list[str]:
    """The addresses of the `kind` ("url" or "web_app") buttons in `chat` leading to `path`,
    only under messages with a file when `with_file`."""
    return [
        address
        for message in fake.chat_messages(chat)
        if message.document is not None or not with_file
        for button in message.buttons()
        if kind in button
        and path in (address := button[kind] if kind == "url" else button[kind]["url"])
    ]


async def seat_cards(page: Page, name: str) -> list[str]:
    await page.wait_for_selector("#seats .seat")
    seat = page.locator("#seats .seat", has_text=name)
    return await seat.locator(".hole .card").all_inner_texts()


async def test_history_carries_replay_buttons_the_worker_serves(
    fake: FakeBotApi, launch: Launch, web: str, page: Page
) -> None:
    await one_hand_then(fake, launch, "/history")

    def buttons(chat: int, kind: str) -> list[str]:
        return link_buttons(fake, chat, kind, with_file=True)

    public = (await fake.wait_for(lambda: buttons(GROUP_ID, "url"), "the group's Replay"))[0]
    own = (await fake.wait_for(lambda: buttons(ANN.id, "web_app"), "Ann's Mini App"))[0]
    story = next(m for m in fake.chat_messages(GROUP_ID) if m.document is not None).content
    assert "Pre-flop: " in story and "Result: " in story
    assert public.startswith(web + "/replay/") and own.startswith(web + "/app/replay/")
    async with aiohttp.ClientSession() as session:
        async with session.get(public) as answer:
            assert answer.status == 200 and "Hand #1" in await answer.text()
        async with session.get(public[:-3] + "abc") as answer:
            assert answer.status == 403
    await page.goto(public)
    assert await seat_cards(page, "Ann") == HIDDEN
    await opened_in_telegram(page, own, init_data(ANN, fake.token))
    mine = await seat_cards(page, "Ann")
    assert mine != HIDDEN and len(mine) == 2

    def dealt_in_hand_1() -> list[str]:
        """Ann's cards of hand 1 as dealt to her privately; under load their picture may come
        after the next hand's, so it is found by its hand number, not by its place."""
        return [
            found.group(1)
            for m in fake.chat_messages(ANN.id)
            if m.photo is not None
            and (hand := HAND.search(m.content)) is not None
            and hand.group(1) == "1"
            and (found := CARDS.search(m.content))
        ]

    dealt = await fake.wait_for(dealt_in_hand_1, "Ann's cards of hand 1")
    assert f"{mine[0]} {mine[1]}" == dealt[0]  # the cards Ann was dealt privately


async def test_a_forged_init_data_opens_nothing(
    fake: FakeBotApi, launch: Launch, web: str, page: Page
) -> None:
    await one_hand_then(fake, launch, "/history")
    own = await fake.wait_for(
        lambda: [
            b["web_app"]["url"]
            for m in fake.chat_messages(ANN.id)
            for b in m.buttons()
            if "web_app" in b
        ],
        "Ann's Mini App",
    )
    forged = init_data(ANN, "999:not-this-bot")
    await opened_in_telegram(page, own[0], forged)
    await page.wait_for_selector("#refused")
    assert "opens nothing" in await page.inner_text("#refused")


def test_a_story_longer_than_a_caption_goes_whole_in_a_message_before_the_file() -> None:
    story = "Hand #9\n" + "\n".join(f"Pre-flop: line {n} " + "x" * 60 for n in range(20))
    before, caption = captioned(story)
    assert before == story and caption == "Hand #9"
    assert captioned("Hand #9\nshort") == (None, "Hand #9\nshort")


async def test_a_hand_won_by_a_fold_gets_its_replay_on_the_table_message(
    fake: FakeBotApi, launch: Launch, web: str
) -> None:
    """No showdown, so no showdown post: the table message carries the last hand's Replay."""
    worker = await launch()
    players = Players(fake, worker)
    await open_table(fake, worker, players)
    while (view := await view_of(worker)).hand_number == 1 and view.hand_running:
        turn = view.turn
        assert turn is not None
        message = await players.keyboard_for(view)
        fold = next(
            b["callback_data"]
            for b in message.buttons()
            if (press := parse_press(b.get("callback_data"))) is not None and press.action == "fold"
        )
        await players.press(USERS[int(turn.player_id)], message, fold)
        await fake.wait_for(functools.partial(players.moved_on, view), "the fold taken")

    def replays() -> list[str]:
        return [
            button["url"]
            for message in fake.chat_messages(GROUP_ID)
            for button in message.buttons()
            if button.get("text") == "Replay hand #1" and "url" in button
        ]

    url = (await fake.wait_for(replays, "the table message's Replay of hand 1"))[0]
    assert url.startswith(web + "/replay/")
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        page = await answer.text()
    assert answer.status == 200 and "Hand #1" in page


async def test_the_night_opens_as_a_mini_app_for_whoever_asked(
    fake: FakeBotApi, launch: Launch, web: str, page: Page
) -> None:
    """`/night` in the group: the results there with a link to the page, and to the asker,
    privately, the same page as a Mini App inside Telegram; an edited link opens nothing."""
    await one_hand_then(fake, launch, "/night")

    def buttons(chat: int, kind: str) -> list[str]:
        return link_buttons(fake, chat, kind, "/night/")

    public = (await fake.wait_for(lambda: buttons(GROUP_ID, "url"), "the group's night link"))[0]
    own = (await fake.wait_for(lambda: buttons(ANN.id, "web_app"), "Ann's night Mini App"))[0]
    assert public.startswith(web + "/night/") and own.startswith(web + "/app/night/")
    assert not buttons(GROUP_ID, "web_app")  # Telegram opens Mini Apps from private chats only
    await page.goto(public)
    in_browser = await page.locator("#ledger tr").all_inner_texts()
    await opened_in_telegram(page, own, init_data(ANN, fake.token))
    await page.wait_for_selector("#ledger")
    assert await page.locator("#ledger tr").all_inner_texts() == in_browser
    assert len(in_browser) > 1  # a header, then a line per player of the night
    assert await page.locator("#chart polyline").count() == len(in_browser) - 1
    await opened_in_telegram(page, own[:-3] + "abc", init_data(ANN, fake.token))
    await page.wait_for_selector("#refused")


async def test_three_hands_are_played_by_the_buttons_beside_the_last_hands_replay(
    fake: FakeBotApi, launch: Launch, web: str
) -> None:
    """From hand 2 on the table message's keyboard holds the last hand's Replay link under the
    action buttons; the players still find and press theirs, and each link opens its hand."""
    worker = await launch()
    players = Players(fake, worker)
    await open_table(fake, worker, players)
    await players.play_hands(3)
    assert {hand for hand, name in players.holes if name == "Cid"} == {1, 2, 3}

    def replay(number: int) -> list[str]:
        return [
            button["url"]
            for message in fake.chat_messages(GROUP_ID)
            for button in message.buttons()
            if button.get("text") == f"Replay hand #{number}" and "url" in button
        ]

    url = (await fake.wait_for(lambda: replay(3), "the Replay of hand 3"))[0]
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        assert answer.status == 200 and "Hand #3" in await answer.text()
