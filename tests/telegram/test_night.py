"""Issue 17 end to end through python-telegram-bot against the fake Bot API: a group's admin
starts a night and gives chips, a player asks to sit and is declined, then approved, by the
request's buttons, goes away and comes back, and the night ends with the banks as they were;
`chatdealer audit` holds after each step."""

from __future__ import annotations

from chatdealer.dealer.record import chips_of

from .conftest import Launch
from .fake_bot_api import ANN, BOB, CID, GROUP_ID, FakeBotApi
from .test_game import view_of
from .test_host import TABLE
from .test_seating import away_and_back, posted
from .test_translations import press, said


async def test_a_night_with_a_join_declined_then_approved_by_buttons(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    bank = worker.dealer.store.bank
    nights = worker.dealer.store.nights
    fake.admins.add(ANN.id)

    async def audited() -> None:
        reports = await bank.audit(TABLE.home, chips_of)
        assert all(report.ok for report in reports), reports

    async def seated() -> set[str]:
        return {seat.player_id for seat in (await view_of(worker)).seats}

    await said(fake, BOB, "/balance")  # Bob has his 1,000 before the night
    await fake.push(fake.command(CID, "/host night start chips=400"))
    await fake.wait_for(posted(fake, "Only the server's admins can start"), "a member refused")
    assert await nights.running(TABLE.home) is None
    await said(fake, ANN, "/host night start chips=400")
    await fake.wait_for(posted(fake, "Ann starts a night: everyone plays 400 chips"), "the night")
    assert await bank.balance(TABLE.home, str(BOB.id)) == 400
    await audited()

    await said(fake, ANN, "/poker")
    await said(fake, ANN, "/join")
    await said(fake, ANN, "/host give 100 late arrival", reply_to=BOB)
    await fake.wait_for(posted(fake, "Ann gives Bob 100 chips: late arrival"), "the gift")
    assert await bank.balance(TABLE.home, str(BOB.id)) == 500
    await audited()

    await said(fake, ANN, "/house seating join=approval")
    await fake.push(fake.command(BOB, "/join 150"))
    (request,) = await fake.wait_for(
        lambda: [
            m
            for m in fake.chat_messages(GROUP_ID)
            if m.content.startswith("Bob asks to sit down") and m.buttons()
        ],
        "the request's buttons",
    )
    _approve, decline = (button["callback_data"] for button in request.buttons())
    update = fake.press(CID, request, decline)  # Cid does not run the table
    await fake.push(update)
    told = await fake.wait_for(lambda: fake.answers.get(update["callback_query"]["id"]), "Cid")
    assert "Only the table's host" in told["text"]
    await press(fake, ANN, request, decline)
    await fake.wait_for(posted(fake, "Ann declined Bob's request to sit down"), "the decline")
    assert str(BOB.id) not in await seated()
    assert await bank.balance(TABLE.home, str(BOB.id)) == 500
    await audited()

    await fake.push(fake.command(BOB, "/join 150"))
    (asked,) = await fake.wait_for(
        lambda: [
            m
            for m in fake.chat_messages(GROUP_ID)
            if m.content.startswith("Bob asks to sit down") and m.buttons() and m is not request
        ],
        "the second request",
    )
    again, _ = (button["callback_data"] for button in asked.buttons())
    await press(fake, ANN, asked, again)
    await fake.wait_for(posted(fake, "Ann let Bob sit down"), "the approval")
    assert str(BOB.id) in await seated()
    assert await bank.balance(TABLE.home, str(BOB.id)) == 350
    await audited()

    await away_and_back(fake, worker, BOB)

    await said(fake, CID, "/leaderboard")
    await fake.wait_for(posted(fake, "Tonight's results so far"), "the night's board")
    await said(fake, ANN, "/host night end")
    await fake.wait_for(posted(fake, "still have chips at a table"), "players still seated")
    await said(fake, BOB, "/leave")
    await said(fake, ANN, "/leave")
    await said(fake, ANN, "/host night end")
    await fake.wait_for(posted(fake, "Ann ends the night"), "the night's end")
    await fake.wait_for(posted(fake, "The last night's results"), "the night's results")
    assert await bank.balance(TABLE.home, str(BOB.id)) == 1_000
    assert await nights.running(TABLE.home) is None
    await audited()
