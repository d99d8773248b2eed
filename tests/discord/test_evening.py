"""A whole evening on Discord through the real discord.py client against the fake Discord:
a four-player sit-and-go (and a bot) with a rebuy played to its winner by the table message's
buttons, its result naming the players, and every command of the catalog used at least once."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

from adapters.common.catalog import groups, missing_entries
from chatdealer.dealer.seated_bots import is_bot

from .conftest import Launch, Running
from .fake_discord import ANN, BOB, CHANNEL_ID, CID, DAN, THREAD_ID, FakeDiscord, FakeUser
from .helpers import actor, answer, buttons_for, view_of
from .test_play import _moved

PLAYERS = (ANN, BOB, CID, DAN)
ARGUMENT_ERROR = re.compile(r"^Usage: ", re.MULTILINE)
OWN_ROOTS = {group.name for group in groups() if group.discord_root}


class Evening:
    """Sends `/poker` commands and records which catalog entries were answered."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.used: set[str] = set()

    async def say(
        self, user: FakeUser, command: str, /, *, channel: int = CHANNEL_ID, **options: Any
    ) -> str:
        root, _, under = command.partition(" ")
        if root in OWN_ROOTS:  # `host bank`: a top-level command of its own on Discord
            token = await self.fake.slash(user, under, channel=channel, root=root, **options)
        else:
            token = await self.fake.slash(user, command, channel=channel, **options)
        reply = await answer(self.fake, token)
        assert reply.content, command
        if command != "help":  # help shows the usage of commands
            assert not ARGUMENT_ERROR.search(reply.content), (command, reply.content)
        self.used.add(command)
        return reply.content


async def press(fake: FakeDiscord, running: Running) -> bool:
    """The player to act goes all in (or calls, or checks); False when nobody is to act."""
    view = await view_of(running)
    turn = view.turn
    if turn is None:
        return False
    if is_bot(turn.player_id):  # the bot plays on the dealer's clock
        await asyncio.sleep(0.05)
        return True
    message = await buttons_for(fake, running, view)
    ids = message.custom_ids()
    for action in ("allin", "call", "check"):
        custom_id = f"cd:act:{CHANNEL_ID}:{turn.token}:{action}"
        if custom_id in ids:
            await fake.click(actor(view), message, custom_id)
            await _moved(running, turn.token)
            return True
    raise AssertionError(f"no button to press: {ids}")


async def test_a_sit_and_go_with_a_rebuy_is_played_to_its_winner(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    evening = Evening(fake)
    await evening.say(
        ANN,
        "tournament open",
        buy_in="100",
        starting_stack="200",
        schedule="turbo",
        hands=3,
        rebuys=1,
        rebuy_until=2,
        clock="5",
        seats=5,
    )
    for user in PLAYERS:
        await evening.say(user, "tournament register")
    await evening.say(ANN, "addbot", style="tight")  # a bot takes the fifth seat
    await evening.say(CID, "tournament unregister")
    await evening.say(CID, "tournament register")
    await evening.say(BOB, "tournament status")
    await evening.say(DAN, "tournament start")
    rebought: list[str] = []

    def result() -> list[str]:
        return [m.content for _, m in fake.channel_log if m.content.startswith("🏆")]

    deadline = time.monotonic() + 240
    while not result():
        assert time.monotonic() < deadline, "the tournament did not finish"
        if await press(fake, running):
            continue
        view = await view_of(running)
        tournament = view.tournament
        stacks = {seat.name: seat.stack + seat.bet for seat in view.seats}
        busted = [user for user in PLAYERS if stacks.get(user.name, 0) == 0]
        if busted and not rebought and tournament is not None and tournament.level <= 2:
            await evening.say(busted[0], "tournament rebuy")
            after = (await view_of(running)).tournament
            if after is not None and after.prize_pool == tournament.prize_pool + 100:
                rebought.append(busted[0].name)
        await asyncio.sleep(0.05)
    assert rebought, "nobody rebought"
    screen = result()[-1]
    print("\n" + screen)
    places = screen.split("\n")[1:]
    named = {line.split(". ", 1)[1].split(" — ")[0] for line in places}
    assert len(places) == 5 and {"Ann", "Bob", "Cid", "Dan"} < named
    assert [name for name in named if name.endswith(" (bot)")]
    assert screen.split("\n")[0].startswith("🏆 ") and "prize pool 600" in screen
    assert " — prize " in places[0]
    # The evening's other commands, at a cash table in the channel's thread.
    await cash_table(evening)
    assert missing_entries(evening.used) == []


async def cash_table(evening: Evening) -> None:
    at = {"channel": THREAD_ID}
    say = evening.say
    await say(ANN, "create", blinds="5/10", **at)
    await say(ANN, "settings", clock="20", straddles=True, **at)
    await say(ANN, "house showdown", seven_deuce="20", **at)
    await say(ANN, "house runout", run_twice="ask", **at)
    for user in (ANN, BOB, CID):
        await say(user, "join", buy_in="200", **at)
    await say(BOB, "addbot", style="loose", **at)
    await say(CID, "sitout", **at)
    await say(CID, "back", **at)
    await say(BOB, "topup", amount="50", **at)
    await say(BOB, "straddle", **at)
    await say(ANN, "start", **at)
    await say(ANN, "cards", **at)
    await say(BOB, "showdown show", default="losing", **at)
    await say(BOB, "showdown muck", **at)
    await say(ANN, "table", **at)
    await say(BOB, "seed", text="purple elephant 42", **at)
    await say(BOB, "history", **at)
    await say(CID, "rabbit", **at)
    await say(BOB, "balance", **at)
    await say(BOB, "daily", **at)
    await say(BOB, "leaderboard", top=5, **at)
    await say(BOB, "night", **at)
    await say(ANN, "host cohost", member=BOB, **at)
    await say(ANN, "host pause", **at)
    await say(ANN, "host resume", **at)
    await say(ANN, "house seating", refill="10", every=5, cap="60", **at)
    await say(ANN, "host invite", member=BOB, **at)
    await say(ANN, "host uninvite", member=BOB, **at)
    await say(ANN, "host approve", member=BOB, **at)
    await say(ANN, "host decline", member=BOB, **at)
    await say(ANN, "host bank", admin=True, grant="1500", board="week", **at)
    await say(ANN, "host give", admin=True, member=BOB, amount="100", reason="good sport", **at)
    await say(ANN, "host take", admin=True, member=BOB, amount="50", reason="paid twice", **at)
    await say(CID, "host night", **at)
    await say(ANN, "kick", member=CID, **at)
    await say(BOB, "leave", **at)
    await say(ANN, "reset", **at)
    await say(ANN, "help", command="join", **at)
    await say(ANN, "stop", **at)
