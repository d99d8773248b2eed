"""Issue 17 end to end through discord.py against the fake Discord: a server's admin starts a
night and gives chips, a player asks to sit and is declined, then approved, by the request's
buttons, goes away and comes back, and the night ends with the banks as they were;
`chatdealer audit` holds after each step."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import Launch, Running
from .fake_discord import ANN, BOB, CID, FakeDiscord, Message
from .helpers import TABLE, answer, refused
from .test_host import audited
from .test_seating import away_and_back, seated


def requests(fake: FakeDiscord, asker: str) -> Callable[[], list[Message]]:
    return lambda: [
        m
        for m in fake.channel_messages()
        if m.content.startswith(f"{asker} asks to sit down") and m.custom_ids()
    ]


def told(fake: FakeDiscord, words: str) -> Callable[[], list[str]]:
    return lambda: [t for t in fake.channel_texts() if words in t]


async def test_a_night_with_a_join_declined_then_approved_by_buttons(
    fake: FakeDiscord, launch: Launch
) -> None:
    running: Running = await launch()
    store = running.poker.dealer.store
    await answer(fake, await fake.slash(BOB, "balance"))  # Bob has his 1,000 before the night
    token = await fake.slash(CID, "night", root="host", manager=True, action="start")
    await refused(fake, token, "Only the server's admins can start")
    assert await store.nights.running(TABLE.home) is None
    await fake.slash(ANN, "night", root="host", admin=True, action="start", chips="400")
    await fake.wait_for(told(fake, "Ann starts a night: everyone plays 400 chips"), what="night")
    assert await store.bank.balance(TABLE.home, str(BOB.id)) == 400
    await audited(running)

    await answer(fake, await fake.slash(ANN, "create"))
    await answer(fake, await fake.slash(ANN, "join"))
    await fake.slash(
        ANN, "give", root="host", admin=True, member=BOB, amount="100", reason="late arrival"
    )
    await fake.wait_for(told(fake, "Ann gives Bob 100 chips: late arrival"), what="the gift")
    assert await store.bank.balance(TABLE.home, str(BOB.id)) == 500
    await audited(running)

    await answer(fake, await fake.slash(ANN, "seating", root="house", join="approval"))
    await fake.slash(BOB, "join", buy_in="150")
    (request,) = await fake.wait_for(requests(fake, "Bob"), what="the request's buttons")
    _approve, decline = request.custom_ids()
    not_host = await answer(fake, await fake.click(CID, request, decline))
    assert not_host.ephemeral and "Only the table's host" in not_host.content
    await fake.click(ANN, request, decline)
    await fake.wait_for(told(fake, "Ann declined Bob's request to sit down"), what="decline")
    assert str(BOB.id) not in await seated(running)
    assert await store.bank.balance(TABLE.home, str(BOB.id)) == 500
    await audited(running)

    await fake.slash(BOB, "join", buy_in="150")
    (again,) = await fake.wait_for(
        lambda: [m for m in requests(fake, "Bob")() if m is not request], what="second request"
    )
    approve, _decline = again.custom_ids()
    await fake.click(ANN, again, approve)
    await fake.wait_for(told(fake, "Ann let Bob sit down"), what="the approval")
    assert str(BOB.id) in await seated(running)
    assert await store.bank.balance(TABLE.home, str(BOB.id)) == 350
    await audited(running)

    await away_and_back(fake, running, BOB)

    await fake.slash(CID, "leaderboard")
    await fake.wait_for(told(fake, "Tonight's results so far"), what="the night's board")
    token = await fake.slash(ANN, "night", root="host", admin=True, action="end")
    await refused(fake, token, "still have chips at a table")
    await answer(fake, await fake.slash(BOB, "leave"))
    await answer(fake, await fake.slash(ANN, "leave"))
    await fake.slash(ANN, "night", root="host", admin=True, action="end")
    await fake.wait_for(told(fake, "Ann ends the night"), what="the night's end")
    await fake.wait_for(told(fake, "The last night's results"), what="the night's results")
    assert await store.bank.balance(TABLE.home, str(BOB.id)) == 1_000
    assert await store.nights.running(TABLE.home) is None
    await audited(running)
