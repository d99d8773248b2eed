"""The Telegram commands are the catalog's: every entry is served, the menu lists them in each
language, and a bad argument is answered with what was wrong and the right form, through the
real python-telegram-bot worker against the fake Bot API."""

from __future__ import annotations

import asyncio

from telegram.ext import CommandHandler

from adapters.common.catalog import Platform, entries, missing_entries, spelled, words
from adapters.telegram import Worker
from adapters.telegram.commands import command_word, read

from .conftest import Launch
from .fake_bot_api import ANN, BOB, GROUP_ID, FakeBotApi, FakeUser
from .test_game import view_of


def group_commands(worker: Worker) -> set[str]:
    """The command words the worker's application answers in groups."""
    served: set[str] = set()
    for handlers in worker.application.handlers.values():
        for handler in handlers:
            if isinstance(handler, CommandHandler) and handler.callback.__name__ == "on_group":
                served |= set(handler.commands)
    return served


async def test_every_catalog_entry_is_a_telegram_command(fake: FakeBotApi, launch: Launch) -> None:
    worker = await launch()
    served = group_commands(worker)
    reached = []
    for entry in entries():
        typed = f"{spelled(entry, Platform.TELEGRAM)} {next(iter(entry.examples), '')}"
        word, rest = command_word(typed)
        assert word in served, f"/{word} is not handled"
        reached.append(read(word, rest, "en", {}).entry.key)
    assert missing_entries(reached) == []
    assert {"poker", "tournament", "start_game", "top", "ledger", "help"} <= served


async def test_the_menu_lists_the_catalog_in_each_language(
    fake: FakeBotApi, launch: Launch
) -> None:
    await launch()
    for code in ("en", "ru", "bg"):
        menu = {c["command"]: c["description"] for c in fake.commands[code]}
        assert {"poker", "join", "tournament", "night", "leaderboard", "help"} <= set(menu)
        join = next(entry for entry in entries() if entry.key == "join")
        assert menu["join"] == words(code).summary(join)
    assert fake.commands["ru"] != fake.commands["en"]
    assert fake.commands[None] == fake.commands["en"]


async def replies_to(fake: FakeBotApi, user: FakeUser, text: str, expected: str) -> str:
    before = len(fake.chat_messages(GROUP_ID))
    await fake.push(fake.command(user, text))
    found = await fake.wait_for(
        lambda: [m.content for m in fake.chat_messages(GROUP_ID)[before:] if expected in m.content],
        f"the answer to {text}",
    )
    return found[-1]


async def test_a_bad_argument_is_answered_with_the_right_form_and_changes_nothing(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    await fake.push(fake.command(ANN, "/poker 1/2"))
    await fake.wait_for(lambda: fake.chat_messages(GROUP_ID), "the table message")
    await fake.push(fake.command(ANN, "/join 100"))
    for _ in range(200):
        if (await view_of(worker)).seats:
            break
        await asyncio.sleep(0.03)
    stack = (await view_of(worker)).seats[0].stack
    for typed, said in (
        ("/topup abc", "abc is not an amount of chips"),
        ("/topup -5", "-5 won't do: it must be more than 0"),
        ("/topup 1.5", "1.5 is not a whole number"),
    ):
        answer = await replies_to(fake, ANN, typed, said)
        assert "Usage: <code>/topup [amount]</code>" in answer
        assert "<code>/topup 500</code>" in answer
    await replies_to(fake, BOB, "/tournament opne", "There's no command tournament opne")
    await replies_to(fake, BOB, "/join 1k x", "x is not a number")
    await worker.poker.idle(2.0)
    view = await view_of(worker)
    assert [seat.stack for seat in view.seats] == [stack]


async def test_help_comes_from_the_catalog(fake: FakeBotApi, launch: Launch) -> None:
    await launch()
    whole = await replies_to(fake, ANN, "/help", "Poker at this table")
    assert "/tournament open" in whole and "/start_game" in whole
    one = await replies_to(fake, ANN, "/help topup", "<b>/topup</b>")
    assert "Usage" in one
    await replies_to(fake, ANN, "/tournament", "<b>/tournament</b>")
    await replies_to(fake, ANN, "/poker help join", "<b>/join</b>")
