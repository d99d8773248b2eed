"""Everything the Telegram adapter can send, in Russian and Bulgarian: its own words are all
translated, and a Russian (or Bulgarian) group playing through the real worker is shown no
English sentence: not in replies, refusals, help, argument errors, the bank and ledger, buttons,
popups, private messages or the command menu."""

from __future__ import annotations

import asyncio
import html
import re

import pytest

from adapters.telegram.texts import CONTEXT, WORDS, ui
from chatdealer.render import language
from chatdealer.render.catalogs import read_entries

from .conftest import Launch
from .fake_bot_api import BOT_USERNAME, CHANNEL, GROUP, FakeBotApi, FakeUser, Sent
from .test_game import view_of

PLACEHOLDER = re.compile(r"\{[^}]*\}")
TAG = re.compile(r"<[^>]+>")


@pytest.mark.parametrize("code", ["ru", "bg"])
def test_every_word_of_the_adapter_is_translated(code: str) -> None:
    lang = language(code)
    same = [english for english in WORDS.values() if lang.text(CONTEXT, english) == english]
    assert same == []
    assert ui(code, "call", amount="5") != ui("en", "call", amount="5")


def english_fragments(code: str) -> set[str]:
    """Every English phrase of at least two words that the language translates: each message
    id of its catalogs (the dealer's, the catalog's and this adapter's), cut at its
    placeholders."""
    fragments: set[str] = set()
    for entry in read_entries(code):
        if not entry.msgid or not entry.translated or entry.value == entry.msgid:
            continue
        for piece in PLACEHOLDER.split(entry.msgid):
            piece = piece.strip(" .,:;·—-()")
            if len(piece) >= 8 and re.search(r"[A-Za-z]{2,} [A-Za-z]{2,}", piece):
                fragments.add(piece)
    return fragments


def shown(text: str) -> str:
    return html.unescape(TAG.sub("", text))


def everything_sent(fake: FakeBotApi) -> list[str]:
    texts: list[str] = []
    for message in fake.messages.values():
        texts += message.history
        texts += [button.get("text", "") for button in message.buttons()]
    texts += [str(answer.get("text", "")) for answer in fake.answers.values()]
    for commands in fake.commands.values():
        texts += [command["description"] for command in commands]
    return [shown(text) for text in texts if text]


def answers(fake: FakeBotApi) -> int:
    return len([call for call in fake.calls if call.method != "getUpdates"])


async def said(fake: FakeBotApi, user: FakeUser, text: str, **where: object) -> None:
    """Sends a command and waits for the bot to answer it (a reply, a post or an edit)."""
    before = answers(fake)
    await fake.push(fake.command(user, text, **where))  # type: ignore[arg-type]
    await fake.wait_for(lambda: answers(fake) > before, f"the answer to {text}")
    await asyncio.sleep(0.1)


async def press(fake: FakeBotApi, user: FakeUser, message: Sent, data: str) -> None:
    update = fake.press(user, message, data)
    query = update["callback_query"]["id"]
    await fake.push(update)
    await fake.wait_for(lambda: fake.answers.get(query), f"the answer to {data}")


@pytest.mark.parametrize("code", ["ru", "bg"])
async def test_a_group_in_the_language_is_shown_no_english(
    fake: FakeBotApi, launch: Launch, code: str
) -> None:
    worker = await launch()
    del fake.commands[None], fake.commands["en"]  # the English menu is for English readers
    dee, eve = FakeUser(104, "Dee", code), FakeUser(105, "Eve", code)
    fake.started.add(dee.id)
    await said(fake, dee, "/poker 1/2")
    for typed in (
        "/help",
        "/help join",
        "/tournament",
        "/topup abc",
        "/join 1k x",
        "/kick",
        "/join",
        "/topup",
        "/balance",
        "/daily",
        "/daily",
        "/leaderboard",
        "/night",
        "/history",
        "/settings",
        "/addbot tight",
        "/sitout",
        "/back",
    ):
        await said(fake, dee, typed)
    await said(fake, eve, "/join 100")
    await said(fake, eve, "/stop")
    await said(fake, eve, "/cards")
    await said(fake, eve, "/start_game")
    await said(fake, eve, "/poker", as_chat=GROUP)
    await said(fake, eve, "/join", as_chat=CHANNEL)
    table = await fake.wait_for(fake.table_message, "the table's buttons")
    cards = next(b["callback_data"] for b in table.buttons() if b["callback_data"][0] == "m")
    await press(fake, eve, table, cards)
    await press(fake, FakeUser(106, "Fay", code), table, cards)
    view = await view_of(worker)
    assert view.turn is not None
    acting = table.buttons()[0]["callback_data"]
    await press(fake, FakeUser(106, "Fay", code), table, acting)
    fake.started.add(eve.id)
    await said(fake, eve, "/start t_stale", chat_id=eve.id)
    await said(fake, eve, f"/start@{BOT_USERNAME}", chat_id=eve.id)
    await said(fake, eve, "/help", chat_id=eve.id)
    await said(fake, dee, "/stop")
    await said(fake, dee, "/tournament open 50 stack=500 turbo rebuys=1")
    await said(fake, dee, "/tournament register")
    await said(fake, dee, "/addbot loose")
    await said(fake, eve, "/tournament unregister")
    await said(fake, dee, "/tournament status")
    await said(fake, dee, "/tournament start")
    await asyncio.sleep(0.3)
    await worker.poker.idle(3.0)

    fragments = english_fragments(code)
    assert len(fragments) > 100
    english = [
        (fragment, text)
        for text in everything_sent(fake)
        for fragment in fragments
        if fragment in text
    ]
    assert english == []
