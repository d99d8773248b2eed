"""Three players in a supergroup, end to end: the real python-telegram-bot application against
the fake Bot API, in long-polling and in webhook mode.

Ann and Bob started a private chat with the bot; Cid never did, so he sees his cards in the
"My cards" popup. Hole cards must never reach the group, stale buttons must be refused, every
callback query answered, and a 429 from Telegram waited out.
"""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import Callable

import pytest

from adapters.telegram import Worker
from adapters.telegram.callbacks import parse_press
from chatdealer.dealer import Command, ShowTable, TableView, User
from chatdealer.dealer.outgoing import TableShown
from chatdealer.store import TableId

from .conftest import Launch
from .fake_bot_api import ANN, BOB, BOT_USERNAME, CID, GROUP_ID, USERS, FakeBotApi, FakeUser, Sent

TABLE = TableId("telegram", str(GROUP_ID), "0")
CARDS = re.compile(r"Your cards: (\S+ \S+)")
# Lines whose cards are public: a board, and a winner's five after " — ".
BOARD_LINE = re.compile(r"\b(Board|Flop|Turn|River):| (wins|split) .* — ")
HAND = re.compile(r"Hand #(\d+)")


async def view_of(worker: Worker) -> TableView:
    out = await worker.dealer.handle(
        Command(table=TABLE, user=User(id="watcher", name="watcher"), args=ShowTable())
    )
    views = [e.payload.view for e in out if isinstance(e.payload, TableShown)]
    assert views, out
    return views[0]


class Players:
    """The three players, pressing what the group's table message shows."""

    def __init__(self, fake: FakeBotApi, worker: Worker) -> None:
        self.fake = fake
        self.worker = worker
        self.holes: dict[tuple[int, str], str] = {}
        """(hand, name) -> "A♠ K♠", as each player saw their cards privately."""

    async def say(self, user: FakeUser, text: str) -> None:
        assert await self.fake.push(self.fake.command(user, text)) == 200

    async def press(self, user: FakeUser, message: Sent, data: str) -> dict[str, object]:
        update = self.fake.press(user, message, data)
        query_id = update["callback_query"]["id"]
        assert await self.fake.push(update) == 200
        return await self.fake.wait_for(
            lambda: self.fake.answers.get(query_id), f"the answer to {data}"
        )

    async def keyboard_for(self, view: TableView) -> Sent:
        """The table message once its buttons carry the token of the turn in `view`."""
        assert view.turn is not None
        token = view.turn.token

        def current() -> Sent | None:
            message = self.fake.table_message()
            if message is None:
                return None
            for button in message.buttons():
                press = parse_press(button.get("callback_data"))
                if press is not None and press.token == token:
                    return message
            return None

        return await self.fake.wait_for(current, f"buttons for {token}")

    async def my_cards(self, user: FakeUser, hand: int) -> str:
        message = await self.fake.wait_for(self.fake.table_message, "the table message")
        data = next(data for data in message.callback_data() if data[0] == "m")
        answer = await self.press(user, message, data)
        assert answer.get("show_alert") is True
        text = str(answer["text"])
        assert len(text) <= 200 and f"#{hand}" in text
        found = CARDS.search(text)
        assert found, text
        self.holes[(hand, user.first_name)] = found.group(1)
        return text

    async def play_hands(self, hands: int, *, raise_in_hand: int = 1) -> None:
        """Plays until `hands` hands are over, by the buttons: calls and checks, one raise of
        the minimum in `raise_in_hand`, and Cid looking at his cards in every hand."""
        looked: set[int] = set()
        stale_tested = False
        raised: set[int] = set()
        for _ in range(400):
            view = await view_of(self.worker)
            if view.hand_number > hands or (view.hand_number == hands and not view.hand_running):
                return
            turn = view.turn
            if turn is None:
                await asyncio.sleep(0.03)
                continue
            hand = view.hand_number
            if hand not in looked:
                looked.add(hand)
                await self.my_cards(CID, hand)
            message = await self.keyboard_for(view)
            buttons = {
                press.action: (data, press)
                for data in message.callback_data()
                if (press := parse_press(data)) is not None and press.action
            }
            user = USERS[int(turn.player_id)]
            if hand == raise_in_hand and hand not in raised and "raise" in buttons:
                raised.add(hand)
                data = buttons["raise"][0]
            else:
                data = buttons["check"][0] if "check" in buttons else buttons["call"][0]
            answer = await self.press(user, message, data)
            assert "text" not in answer or not answer["text"], answer
            await self.fake.wait_for(
                functools.partial(self.moved_on, view), f"the action after {turn.token}", timeout=5
            )
            if not stale_tested:
                stale_tested = True
                await self.stale_press_is_refused(user, message, data)

    def moved_on(self, before: TableView) -> bool:
        message = self.fake.table_message()
        if message is None:
            return False
        assert before.turn is not None
        for button in message.buttons():
            press = parse_press(button.get("callback_data"))
            if press is not None and press.token == before.turn.token:
                return False
        return True

    async def stale_press_is_refused(self, user: FakeUser, message: Sent, data: str) -> None:
        await self.worker.poker.idle(2.0)
        group_calls = len([c for c in self.fake.calls if c.params.get("chat_id") == GROUP_ID])
        before = await view_of(self.worker)
        answer = await self.press(user, message, data)
        assert "out of date" in str(answer.get("text")), answer
        await asyncio.sleep(0.2)
        after = await view_of(self.worker)
        assert after.token == before.token
        assert len([c for c in self.fake.calls if c.params.get("chat_id") == GROUP_ID]) == (
            group_calls
        )


async def open_table(fake: FakeBotApi, worker: Worker, players: Players) -> None:
    fake.started.update({ANN.id, BOB.id})
    assert await fake.push(fake.command(BOB, "/start", chat_id=BOB.id)) == 200
    await players.say(ANN, "/poker")
    await fake.wait_for(lambda: fake.chat_messages(GROUP_ID), "the table message")
    await players.say(ANN, f"/join@{BOT_USERNAME}")
    await players.say(BOB, "/join")
    await players.say(CID, "/join 150")
    await players.say(BOB, "/join@SomeOtherBot")

    async def seated() -> int:
        return len((await view_of(worker)).seats)

    for _ in range(200):
        if await seated() == 3:
            break
        await asyncio.sleep(0.03)
    assert await seated() == 3
    links = await fake.wait_for(
        lambda: [b["url"] for m in fake.chat_messages(GROUP_ID) for b in m.buttons() if "url" in b],
        "the deep link offered at join",
    )
    assert any(link.startswith(f"https://t.me/{BOT_USERNAME}?start=t") for link in links)
    await players.say(ANN, "/start_game")
    await fake.wait_for(lambda: fake.table_message(), "the table's buttons")


def check_secrecy(fake: FakeBotApi, players: Players) -> None:
    """No hole card in the group: no private text, and a player's two cards appear only on a
    line naming that player (as "Ann shows A♠ K♠" at a showdown does), or on a later hand's
    board or showdown, where the same two cards can come again."""
    for user in (ANN, BOB):
        private = [m for m in fake.chat_messages(user.id) if m.photo is not None]
        assert private, f"{user.first_name} got no cards privately"
        for message in private:
            found, hand = CARDS.search(message.content), HAND.search(message.content)
            assert found and hand, message.content
            players.holes[(int(hand.group(1)), user.first_name)] = found.group(1)
    assert {name for _, name in players.holes} == {"Ann", "Bob", "Cid"}
    texts = fake.group_texts()
    assert texts
    for text in texts:
        assert "Your cards" not in text
        for (_, name), pair in players.holes.items():
            for line in text.split("\n"):
                # A board line never holds a hole card of its own hand (one deck), but a later
                # hand's board may hold the same two cards, as may another player's showdown.
                if pair in line and not BOARD_LINE.search(line):
                    assert name in line or " shows " in line, (name, pair, line)


async def assert_all_answered(fake: FakeBotApi, worker: Worker) -> None:
    await worker.poker.idle(3.0)
    await fake.wait_for(
        lambda: fake.queries_sent <= set(fake.answers), "every callback query to be answered"
    )


async def test_three_players_play_by_long_polling(fake: FakeBotApi, launch: Launch) -> None:
    worker = await launch()
    assert fake.webhook is None
    assert {None, "en", "ru", "bg"} <= set(fake.commands)
    assert [c["command"] for c in fake.commands["ru"]][:3] == ["poker", "settings", "join"]
    players = Players(fake, worker)
    await open_table(fake, worker, players)
    assert not fake.calls_to("sendMessage", GROUP_ID) or all(
        "SomeOtherBot" not in str(call.params) for call in fake.calls
    )

    # Cid never started the bot: his deal is refused once (403), then remembered.
    await players.play_hands(1)
    fake.fail_next(("editMessageText", "editMessageCaption", "editMessageMedia"), 429, 1)
    await players.play_hands(2, raise_in_hand=2)
    assert any(call.status == 429 for call in fake.calls)
    await worker.poker.idle(5.0)
    view = await view_of(worker)
    table = fake.table_message()
    assert table is not None and f"Hand #{view.hand_number}" in table.content

    refused = [c for c in fake.calls if c.params.get("chat_id") == CID.id]
    assert len(refused) == 1 and refused[0].status == 403
    check_secrecy(fake, players)
    assert {hand for hand, name in players.holes if name == "Cid"} == {1, 2}

    # /cards in the group: Ann's go to her privately; Cid is pointed at the button.
    await players.say(CID, "/cards")
    reply = await fake.wait_for(
        lambda: [m for m in fake.chat_messages(GROUP_ID) if "My cards" in m.content],
        "the reply to Cid's /cards",
    )
    assert "Your cards" not in reply[-1].content
    await assert_all_answered(fake, worker)


async def test_three_players_play_by_webhook(fake: FakeBotApi, launch: Launch) -> None:
    worker = await launch(webhook=True)
    assert fake.webhook is not None
    url, secret = fake.webhook
    assert url.endswith("/telegram/hook") and secret
    wrong = await fake.post_webhook({"update_id": 999, **fake.command(ANN, "/poker")}, "wrong")
    assert wrong == 403
    assert not fake.chat_messages(GROUP_ID)

    players = Players(fake, worker)
    await open_table(fake, worker, players)
    await players.play_hands(2)
    await worker.poker.idle(5.0)
    check_secrecy(fake, players)
    await assert_all_answered(fake, worker)


@pytest.mark.parametrize("language", ["ru", "bg"])
async def test_the_table_speaks_the_creators_language(
    fake: FakeBotApi, launch: Launch, language: str
) -> None:
    worker = await launch()
    host = FakeUser(104, "Dee", language_code=language)
    await fake.push(fake.command(host, "/poker"))
    await fake.wait_for(lambda: fake.chat_messages(GROUP_ID), "the table message")
    view = await view_of(worker)
    assert view.settings is not None and view.settings.language == language


async def test_settings_are_for_the_host_and_the_groups_admins(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    fake.admins.add(CID.id)
    await fake.push(fake.command(ANN, "/poker sb=1 bb=2"))
    await fake.wait_for(lambda: fake.chat_messages(GROUP_ID), "the table message")
    await fake.push(fake.command(BOB, "/settings bb=10 sb=5"))
    await fake.wait_for(lambda: fake.calls_to("getChatMember"), "the admin check")
    await worker.poker.idle(2.0)
    view = await view_of(worker)
    assert view.settings is not None and view.settings.big_blind == 2
    await fake.push(fake.command(CID, "/settings bb=10 sb=5 lang=bg"))

    async def big_blind() -> int:
        settings = (await view_of(worker)).settings
        assert settings is not None
        return settings.big_blind

    for _ in range(100):
        if await big_blind() == 10:
            break
        await asyncio.sleep(0.03)
    assert await big_blind() == 10
    await fake.push(fake.command(CID, "/settings blinds=huge"))
    await fake.wait_for(
        lambda: [m for m in fake.chat_messages(GROUP_ID) if "huge" in m.content],
        "the answer to a setting it does not know",
    )


async def test_sitting_out_kicking_and_closing_the_table(fake: FakeBotApi, launch: Launch) -> None:
    """/sitout and /back for anyone seated; /kick (as a reply) and /stop for the host or admins."""
    worker = await launch()
    await fake.push(fake.command(ANN, "/poker sb=1 bb=2"))
    await fake.wait_for(lambda: fake.chat_messages(GROUP_ID), "the table message")
    for user in (ANN, BOB, CID):
        await fake.push(fake.command(user, "/join"))

    async def seats() -> dict[str, str]:
        return {seat.name: seat.state for seat in (await view_of(worker)).seats}

    async def until(check: Callable[[dict[str, str]], bool], what: str) -> None:
        for _ in range(200):
            if check(await seats()):
                return
            await asyncio.sleep(0.03)
        raise AssertionError(f"{what}: {await seats()}")

    await until(lambda s: len(s) == 3, "three seated")
    await fake.push(fake.command(CID, "/sitout"))
    await until(lambda s: s.get("Cid") == "sitting_out", "Cid sits out")
    await fake.push(fake.command(CID, "/back"))
    await until(lambda s: s.get("Cid") != "sitting_out", "Cid is back")
    await fake.push(fake.command(BOB, "/kick", reply_to=CID))  # Bob is neither host nor admin
    await fake.push(fake.command(BOB, "/stop"))
    await worker.poker.idle(2.0)
    assert len(await seats()) == 3
    await fake.push(fake.command(ANN, "/kick", reply_to=CID))
    await until(lambda s: "Cid" not in s, "Cid sent away")
    await fake.push(fake.command(ANN, "/stop"))
    await until(lambda s: not s, "everyone gone")
