"""Showing cards after the hand through python-telegram-bot against the fake Bot API
(docs/rules.md §7): the host pauses, the first to act folds, and between hands the table
message carries Show buttons; Cid, not in the hand, is refused in his popup, the winner shows
one card and the group is told it alone, a second press is refused, the folder types
`/showdown show` and both their cards are told; a press of the old button once the next hand is
dealt is refused and changes nothing."""

from __future__ import annotations

import asyncio
import functools

from adapters.telegram import Worker
from adapters.telegram.callbacks import parse_press
from adapters.telegram.show_after_buttons import parse_show_after
from chatdealer.dealer import Command, MyCards, TableView, User
from chatdealer.dealer.outgoing import HoleCards
from chatdealer.render import cards_text

from .conftest import Launch
from .fake_bot_api import ANN, BOB, CID, GROUP_ID, USERS, FakeBotApi, FakeUser, Sent
from .test_game import TABLE, Players, view_of
from .test_translations import said


async def cards_of(worker: Worker, user: FakeUser) -> tuple[str, ...]:
    asker = User(id=str(user.id), name=user.first_name)
    out = await worker.dealer.handle(Command(table=TABLE, user=asker, args=MyCards()))
    (cards,) = [e.payload.view.cards for e in out if isinstance(e.payload, HoleCards)]
    return cards


async def until(worker: Worker, check: object, what: str) -> TableView:
    for _ in range(500):
        view = await view_of(worker)
        if check(view):  # type: ignore[operator]
            return view
        await asyncio.sleep(0.02)
    raise AssertionError(what)


def told(fake: FakeBotApi, text: str) -> list[Sent]:
    return [m for m in fake.chat_messages(GROUP_ID) if text in m.content]


async def test_the_uncontested_winner_shows_a_card_with_a_button(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    players = Players(fake, worker)
    await said(fake, ANN, "/poker")
    for user in (ANN, BOB):
        await said(fake, user, "/join")
    await said(fake, ANN, "/start_game")
    await said(fake, ANN, "/host pause")  # no next hand meanwhile
    view = await until(worker, lambda v: v.turn is not None, "a turn")
    assert view.turn is not None
    folder = USERS[int(view.turn.player_id)]
    winner = BOB if folder is ANN else ANN
    cards = {user.id: await cards_of(worker, user) for user in (ANN, BOB)}
    message = await players.keyboard_for(view)
    fold = next(
        b["callback_data"]
        for b in message.buttons()
        if (press := parse_press(b["callback_data"])) and press.action == "fold"
    )
    await players.press(folder, message, fold)
    await fake.wait_for(functools.partial(players.moved_on, view), "the fold")
    number = view.hand_number

    def showing() -> Sent | None:
        current = fake.table_message()
        if current and any(parse_show_after(b.get("callback_data")) for b in current.buttons()):
            return current
        return None

    message = await fake.wait_for(showing, "the Show buttons")
    presses = {
        shown.card: b["callback_data"]
        for b in message.buttons()
        if (shown := parse_show_after(b.get("callback_data"))) and shown.hand == number
    }
    assert set(presses) == {0, 1, 2}
    refused = await players.press(CID, message, presses[1])
    assert "not in this hand" in str(refused.get("text")), refused
    await players.press(winner, message, presses[1])
    first = f"{winner.first_name} shows {cards_text(cards[winner.id][:1])}"
    await fake.wait_for(lambda: told(fake, first), "the card told")
    # The other card stays private (it may still appear by chance as a card of the draw for
    # the button, so only the show lines are read).
    second = cards_text(cards[winner.id][1:])
    shows = f"{winner.first_name} shows"
    lines = [line for m in told(fake, shows) for line in m.content.splitlines()]
    assert not [line for line in lines if shows in line and second in line]
    again = await players.press(winner, message, presses[2])
    assert "already shown" in str(again.get("text")), again
    await said(fake, folder, "/showdown show")
    both = f"{folder.first_name} shows {cards_text(cards[folder.id])}"
    await fake.wait_for(lambda: told(fake, both), "both cards told")
    await said(fake, ANN, "/host resume")
    await until(worker, lambda v: v.hand_running and v.hand_number > number, "the next hand")
    late = await players.press(folder, message, presses[0])
    assert "until the next one is dealt" in str(late.get("text")), late
    assert len(told(fake, both)) == 1  # nothing shown again
