"""`/house seating` and `/host approve|decline|invite|uninvite` through python-telegram-bot
against the fake Bot API: who sits is the host's (and co-hosts') to say; the chips hold."""

from __future__ import annotations

from collections.abc import Callable

from adapters.telegram import Worker
from chatdealer.dealer.record import chips_of, decode_record

from .conftest import Launch
from .fake_bot_api import ANN, BOB, CID, GROUP_ID, FakeBotApi, FakeUser, Sent
from .test_game import view_of
from .test_host import TABLE
from .test_translations import press, said


def posted(fake: FakeBotApi, words: str) -> Callable[[], list[Sent]]:
    return lambda: [m for m in fake.chat_messages(GROUP_ID) if words in m.content]


async def away_and_back(fake: FakeBotApi, worker: Worker, user: FakeUser) -> None:
    """The player sits out and comes back; the chips hold after each."""
    for typed, away in (("/sitout", True), ("/back", False)):
        await said(fake, user, typed)
        view = await view_of(worker)
        state = next(str(seat.state) for seat in view.seats if seat.player_id == str(user.id))
        assert (state == "sitting_out") is away, (typed, state)
        reports = await worker.dealer.store.bank.audit(TABLE.home, chips_of)
        assert all(report.ok for report in reports), reports


async def test_a_join_on_approval_and_an_invite_only_table(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    bank = worker.dealer.store.bank

    async def audited() -> None:
        reports = await bank.audit(TABLE.home, chips_of)
        assert all(report.ok for report in reports), reports

    async def seated() -> set[str]:
        return {seat.player_id for seat in (await view_of(worker)).seats}

    await said(fake, ANN, "/poker")
    await said(fake, ANN, "/join")
    await said(fake, ANN, "/house seating join=approval")
    await fake.wait_for(posted(fake, "Seating: on approval"), "the seating rules")
    await fake.push(fake.command(BOB, "/join 150"))
    await fake.wait_for(posted(fake, "Bob asks to sit down"), "the join request")
    assert str(BOB.id) not in await seated()
    (request,) = await fake.wait_for(
        lambda: [m for m in posted(fake, "Bob asks to sit down")() if m.buttons()],
        "the request's buttons",
    )
    approve, _decline = (button["callback_data"] for button in request.buttons())
    update = fake.press(CID, request, approve)  # a player who does not run the table
    await fake.push(update)
    said_to_cid = await fake.wait_for(
        lambda: fake.answers.get(update["callback_query"]["id"]), "the refusal"
    )
    assert "Only the table's host" in said_to_cid["text"]
    assert str(BOB.id) not in await seated()
    await press(fake, ANN, request, approve)
    await fake.wait_for(posted(fake, "Ann let Bob sit down"), "the approval")
    view = await view_of(worker)
    assert {seat.player_id: seat.stack for seat in view.seats}[str(BOB.id)] == 150
    await audited()
    await away_and_back(fake, worker, BOB)
    await fake.push(fake.command(ANN, "/house seating join=invite"))
    await fake.wait_for(posted(fake, "Seating: invite-only"), "invite-only")
    await fake.push(fake.command(CID, "/join"))
    await fake.wait_for(posted(fake, "This table is invite-only"), "the stranger refused")
    assert str(CID.id) not in await seated()
    await audited()
    await said(fake, ANN, "/host invite", reply_to=CID)  # Cid never sat: named as Telegram says
    await fake.wait_for(posted(fake, "Cid is on the invite list"), "the invitee by name")
    await said(fake, CID, "/join")
    assert str(CID.id) in await seated()
    await audited()


async def test_short_decks_straight_above_trips_is_chosen_in_the_group(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    await said(fake, ANN, "/poker 1/2 short straight_beats_trips=on")
    loaded = await worker.dealer.store.tables.load(TABLE)
    assert loaded is not None
    settings = decode_record(loaded[1]).settings
    assert settings is not None and settings.straight_beats_trips


async def test_settings_take_the_seating_options_as_typed(fake: FakeBotApi, launch: Launch) -> None:
    worker = await launch()
    await said(fake, ANN, "/poker")
    await said(fake, ANN, "/settings away=15 refill=10 every=5 cap=60")
    await fake.wait_for(
        posted(fake, "sitting out leaves the seat after 15 minutes"), "the seating rules"
    )
    loaded = await worker.dealer.store.tables.load(TABLE)
    assert loaded is not None
    seating = decode_record(loaded[1]).seating
    assert (seating.auto_leave_minutes, seating.refill_seconds) == (15, 10)
    assert (seating.refill_hands, seating.refill_cap) == (5, 60)


async def test_an_answered_request_says_who_answered_and_keeps_no_buttons(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    await said(fake, ANN, "/poker")
    await said(fake, ANN, "/join")
    await said(fake, ANN, "/house seating join=approval")
    await fake.wait_for(posted(fake, "Seating: on approval"), "the seating rules")

    async def request_of(user: FakeUser) -> Sent:
        waiting = posted(fake, f"{user.first_name} asks to sit down")
        (request,) = await fake.wait_for(
            lambda: [m for m in waiting() if m.buttons()], f"{user.first_name}'s request"
        )
        return request

    def data(request: Sent) -> list[str]:
        return [button["callback_data"] for button in request.buttons()]

    await fake.push(fake.command(BOB, "/join"))
    bob = await request_of(BOB)
    await press(fake, ANN, bob, data(bob)[0])
    await fake.wait_for(lambda: not bob.buttons(), "Bob's request closed")
    assert bob.content.startswith("Bob asks to sit down")
    assert bob.content.endswith("Approved by Ann")

    await fake.push(fake.command(CID, "/join"))
    cid = await request_of(CID)
    await said(fake, ANN, "/host decline", reply_to=CID)
    update = fake.press(ANN, cid, data(cid)[0])
    await fake.push(update)
    popup = await fake.wait_for(
        lambda: fake.answers.get(update["callback_query"]["id"]), "the stale press's answer"
    )
    assert popup["text"] == "This request was already answered"
    await fake.wait_for(lambda: not cid.buttons(), "Cid's stale request closed")
    assert str(CID.id) not in {seat.player_id for seat in (await view_of(worker)).seats}

    await fake.push(fake.command(CID, "/join"))
    again = await fake.wait_for(
        lambda: [m for m in posted(fake, "Cid asks to sit down")() if m.buttons()],
        "Cid's second request",
    )
    await press(fake, ANN, again[0], data(again[0])[1])
    await fake.wait_for(lambda: not again[0].buttons(), "Cid's second request closed")
    assert again[0].content.endswith("Declined by Ann")
    assert str(CID.id) not in {seat.player_id for seat in (await view_of(worker)).seats}
