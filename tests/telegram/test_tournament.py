"""A sit-and-go in a Telegram group, end to end through the real python-telegram-bot worker:
opened with its options, registered for by three people and a bot, started, played by the
buttons to its winner with a rebuy, levels announced in the group, and the results naming
everyone by name with their place and prize."""

from __future__ import annotations

import asyncio
import re
import time

import pytest

from adapters.telegram import Worker
from adapters.telegram.callbacks import parse_press
from chatdealer.dealer.record import chips_of, decode_record
from chatdealer.table.tournament import TournamentSettings

from .conftest import Launch
from .fake_bot_api import ANN, BOB, CID, USERS, FakeBotApi, FakeUser
from .test_game import TABLE, Players, view_of

OPEN = (
    "/tournament open 100 stack=200 levels=10/20,20/40,50/100,100/200"
    " hands=1 rebuys=1 rebuy_until=3 clock=5"
)
REBUY_OFFER = re.compile(r"(\w+) can rebuy")
REBOUGHT = re.compile(r"^(?:› )?(.+?) rebuys: prize pool", re.MULTILINE)  # one rebuy each


def group_text(fake: FakeBotApi) -> str:
    return "\n".join(fake.group_texts())


async def said(fake: FakeBotApi, user: FakeUser, text: str, expected: str) -> None:
    await fake.push(fake.command(user, text))
    await fake.wait_for(lambda: expected in group_text(fake), f"{expected!r} after {text}")


async def play_to_the_end(fake: FakeBotApi, players: Players) -> set[str]:
    """Every person shoves whenever it is their turn (calls when they cannot), and rebuys
    when offered; returns who rebought."""
    rebought: set[str] = set()
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        text = group_text(fake)
        if "wins the tournament" in text:
            return rebought
        for name in REBUY_OFFER.findall(text):
            user = next((u for u in USERS.values() if u.first_name == name), None)
            if user is not None and name not in rebought:
                rebought.add(name)
                await fake.push(fake.command(user, "/tournament rebuy"))
        view = await view_of(players.worker)
        turn = view.turn
        if turn is None or not turn.player_id.isdigit():
            await asyncio.sleep(0.05)
            continue
        message = await players.keyboard_for(view)
        buttons = {
            press.action: button["callback_data"]
            for button in message.buttons()
            if (press := parse_press(button["callback_data"])) is not None and press.action
        }
        data = buttons.get("allin") or buttons.get("call") or buttons.get("check")
        assert data is not None, buttons
        await players.press(USERS[int(turn.player_id)], message, data)
        await asyncio.sleep(0.05)
    raise AssertionError("the tournament did not end:\n" + group_text(fake)[-3000:])


async def test_a_four_player_sit_and_go_with_a_rebuy_is_played_to_its_winner(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    players = Players(fake, worker)
    await said(fake, ANN, OPEN, "opened a sit-and-go")
    view = await view_of(worker)
    assert view.tournament is not None
    assert (view.tournament.buy_in, view.tournament.starting_stack) == (100, 200)
    for user in (ANN, BOB, CID):
        await said(fake, user, "/tournament register", f"{user.first_name} registered")
    await said(fake, CID, "/tournament unregister", "Cid unregistered")
    await said(fake, CID, "/tournament register", "Cid registered (3 in)")
    await fake.push(fake.command(BOB, "/addbot tight"))
    for _ in range(200):
        tournament = (await view_of(worker)).tournament
        if tournament is not None and len(tournament.entrants) == 4:
            break
        await asyncio.sleep(0.03)
    tournament = (await view_of(worker)).tournament
    assert tournament is not None and len(tournament.entrants) == 4
    assert tournament.prize_pool == 400
    await fake.push(fake.command(BOB, "/tournament status"))
    await said(fake, ANN, "/tournament start", "The tournament starts")

    await play_to_the_end(fake, players)
    await worker.poker.idle(3.0)
    # The rebuys the dealer took: an offer answered after its clock ran out is refused.
    rebought = set(REBOUGHT.findall(group_text(fake)))
    assert rebought, "nobody rebought"

    announced = [t for t in fake.group_texts() if t.startswith("Level 2: blinds 20/40")]
    assert announced, "the new level was not announced in the group"
    result = next(t for t in fake.group_texts() if "wins the tournament" in t)
    rows = re.findall(r"^(\d)\. (.+?)(?: — prize ([\d,]+))?$", result, re.MULTILINE)
    assert len(rows) == 4, result
    assert {"Ann", "Bob", "Cid"} < {name for _, name, _ in rows}
    assert any(name.endswith("(bot)") for _, name, _ in rows)
    assert rows[0][0] == "1" and rows[0][2], "the winner is paid"
    assert sum(int(prize.replace(",", "")) for _, _, prize in rows if prize) == 100 * (
        4 + len(rebought)
    )
    assert not re.search(r"\b10[1-3]\b|bot:", result), "ids instead of names"
    for report in await worker.dealer.store.bank.audit(TABLE.home, chips_of):
        assert report.ok, report
    print("\n--- the tournament result in the group ---\n" + result)


async def stored_settings(worker: Worker) -> TournamentSettings | None:
    loaded = await worker.dealer.store.tables.load(TABLE)
    if loaded is None:
        return None
    tournament = decode_record(loaded[1]).tournament
    return tournament.settings if tournament is not None else None


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("0 1000 turbo minutes=4", {"buy_in": 0, "minutes": 4, "first": (10, 20)}),
        ("25 800 hands=6 rebuys=2 rebuy_until=4", {"hands": 6, "rebuys": (2, 4)}),
        ("levels=5/10,10/20/2 hands=3", {"levels": 2, "first": (5, 10), "hands": 3}),
        ("schedule=custom levels=5/10,10/20 minutes=7", {"levels": 2, "minutes": 7}),
    ],
)
async def test_a_sit_and_go_opens_with_every_option(
    fake: FakeBotApi, launch: Launch, typed: str, expected: dict[str, object]
) -> None:
    worker = await launch()
    await said(fake, ANN, f"/tournament open {typed}", "opened a sit-and-go")
    settings = await stored_settings(worker)
    assert settings is not None
    schedule = settings.schedule
    if "buy_in" in expected:
        assert settings.buy_in == expected["buy_in"]
    if "minutes" in expected:
        assert schedule.minutes_per_level == expected["minutes"] and not schedule.hands_per_level
    if "hands" in expected:
        assert schedule.hands_per_level == expected["hands"]
    if "rebuys" in expected:
        assert (settings.max_rebuys, settings.rebuy_levels) == expected["rebuys"]
    if "levels" in expected:
        assert len(schedule.levels) == expected["levels"]
    if "first" in expected:
        first = schedule.levels[0]
        assert (first.small_blind, first.big_blind) == expected["first"]


async def test_a_bad_tournament_option_is_answered_and_opens_nothing(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    await said(fake, ANN, "/tournament open 100 1500 hands=5 minutes=5", "minutes or a number")
    await said(fake, ANN, "/tournament open schedule=custom", "A custom schedule needs its levels")
    assert await stored_settings(worker) is None
