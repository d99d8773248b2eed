"""Playing at the fake Discord's table as its three users."""

from __future__ import annotations

import asyncio
import re
import time

from chatdealer.dealer import Command, MyCards, PrivateView, ShowTable, TableView, User
from chatdealer.dealer.outgoing import HoleCards, TableShown
from chatdealer.render import cards_text
from chatdealer.store import TableId

from .conftest import Running
from .fake_discord import CHANNEL_ID, GUILD_ID, USERS, FakeDiscord, FakeUser, Message, Reply

TABLE = TableId("discord", str(GUILD_ID), str(CHANNEL_ID))


async def answer(fake: FakeDiscord, token: str) -> Reply:
    """Waits for the interaction's readable answer (a follow-up or a message)."""
    replies = await fake.wait_for(lambda: fake.answered(token), what=f"an answer to {token}")
    return replies[-1]  # type: ignore[no-any-return]


# Lines whose cards are public: a board, and a winner's five after " — ".
PUBLIC_CARDS_LINE = re.compile(r"\b(Board|Flop|Turn|River):| (wins|split) .* — ")


async def refused(fake: FakeDiscord, token: str, words: str) -> None:
    """A public command's refusal is its answer, to the asker alone: the channel reads nothing
    of it, not even a "Done"."""
    await fake.wait_for(
        lambda: [r for r in fake.answered(token) if r.ephemeral and words in r.content],
        what=words,
    )
    public = [r.content for r in fake.answered(token) if not r.ephemeral]
    assert public == [], public


async def view_of(running: Running) -> TableView:
    """The oracle: what the dealer holds (the test never takes tokens from here)."""
    out = await running.poker.dealer.handle(
        Command(table=TABLE, user=User(id="0", name="test"), args=ShowTable())
    )
    return next(e.payload.view for e in out if isinstance(e.payload, TableShown))


async def hole_cards(running: Running, user: FakeUser) -> PrivateView | None:
    out = await running.poker.dealer.handle(
        Command(table=TABLE, user=User(id=str(user.id), name=user.name), args=MyCards())
    )
    found = [e.payload.view for e in out if isinstance(e.payload, HoleCards)]
    return found[0] if found else None


def table_message(fake: FakeDiscord, running: Running) -> Message:
    message_id = running.poker.tables.channel(TABLE).message_id
    assert message_id is not None
    return fake.messages[message_id]


async def buttons_for(fake: FakeDiscord, running: Running, view: TableView) -> Message:
    """The table message once it shows the buttons for the turn in `view`."""
    assert view.turn is not None
    return await table_message_with(
        fake, running, f"cd:act:{CHANNEL_ID}:{view.turn.token}:", f"buttons for {view.turn.token}"
    )


async def table_message_with(
    fake: FakeDiscord, running: Running, prefix: str, what: str
) -> Message:
    """The table message once one of its buttons' custom ids starts with `prefix`."""

    def shown() -> Message | None:
        message_id = running.poker.tables.channel(TABLE).message_id
        message = fake.messages.get(message_id or 0)
        if message and any(cid.startswith(prefix) for cid in message.custom_ids()):
            return message
        return None

    return await fake.wait_for(shown, what=what)  # type: ignore[no-any-return]


def unshown_lines(fake: FakeDiscord) -> list[str]:
    """The channel's lines but a board's and a winner's (or splitters') five, which show cards
    in public."""
    return [
        line
        for text in fake.channel_texts()
        for line in text.split("\n")
        if not PUBLIC_CARDS_LINE.search(line)
    ]


async def next_turn(running: Running, timeout: float = 30.0) -> TableView:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view = await view_of(running)
        if view.turn is not None:
            return view
        await asyncio.sleep(0.03)
    raise AssertionError("nobody came to act")


def actor(view: TableView) -> FakeUser:
    assert view.turn is not None
    return USERS[int(view.turn.player_id)]


def hole_text(view: PrivateView) -> str:
    return cards_text(view.cards)
