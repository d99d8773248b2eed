"""`/house seating` and `/host approve|decline|invite|uninvite` through discord.py against the
fake Discord: who sits is the host's (and co-hosts') to say; the chips hold after each step."""

from __future__ import annotations

from chatdealer.dealer.record import decode_record

from .conftest import Launch, Running
from .fake_discord import ANN, BOB, CID, DAN, FakeDiscord, FakeUser, Message
from .helpers import TABLE, answer, view_of
from .test_host import audited


async def seated(running: Running) -> set[str]:
    return {seat.player_id for seat in (await view_of(running)).seats}


async def state_of(running: Running, user: FakeUser) -> str:
    view = await view_of(running)
    return next(str(seat.state) for seat in view.seats if seat.player_id == str(user.id))


async def away_and_back(fake: FakeDiscord, running: Running, user: FakeUser) -> None:
    """The player sits out and comes back; the chips hold after each."""
    await answer(fake, await fake.slash(user, "sitout"))
    assert await state_of(running, user) == "sitting_out"
    await audited(running)
    await answer(fake, await fake.slash(user, "back"))
    assert await state_of(running, user) != "sitting_out"
    await audited(running)


async def test_a_join_on_approval_waits_for_the_host(fake: FakeDiscord, launch: Launch) -> None:
    running = await launch()
    await answer(fake, await fake.slash(ANN, "create"))
    await answer(fake, await fake.slash(ANN, "join"))
    rules = await answer(fake, await fake.slash(ANN, "seating", root="house", join="approval"))
    assert rules.content.startswith("Seating: on approval")
    await fake.slash(BOB, "join", buy_in="150")
    await fake.wait_for(
        lambda: [t for t in fake.channel_texts() if "Bob asks to sit down" in t],
        what="the join request",
    )
    assert str(BOB.id) not in await seated(running)
    await answer(fake, await fake.slash(CID, "join"))
    await fake.slash(ANN, "approve", root="host", member=CID)
    await fake.wait_for(lambda: [t for t in fake.channel_texts() if "Ann let Cid" in t], what="Cid")
    (request,) = await fake.wait_for(
        lambda: [m for m in fake.channel_messages() if "Bob asks" in m.content and m.custom_ids()],
        what="the request's buttons",
    )
    approve, decline = request.custom_ids()
    assert ":y:" in approve and ":n:" in decline
    refused = await answer(fake, await fake.click(CID, request, approve))  # no host
    assert refused.ephemeral and "Only the table's host" in refused.content
    assert str(BOB.id) not in await seated(running)
    await fake.click(ANN, request, approve)
    await fake.wait_for(lambda: [t for t in fake.channel_texts() if "Ann let Bob" in t], what="Bob")
    view = await view_of(running)
    assert {seat.player_id: seat.stack for seat in view.seats}[str(BOB.id)] == 150
    await audited(running)
    await away_and_back(fake, running, BOB)


async def test_an_invite_only_table_turns_a_stranger_away(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await answer(fake, await fake.slash(ANN, "create"))
    await fake.slash(ANN, "seating", root="house", join="invite")
    refused = await answer(fake, await fake.slash(BOB, "join"))
    assert refused.ephemeral and "invite-only" in refused.content
    assert str(BOB.id) not in await seated(running)
    await fake.slash(ANN, "invite", root="host", member=BOB)
    await fake.wait_for(
        lambda: [t for t in fake.channel_texts() if "Bob is on the invite list" in t],
        what="the invitee named as the server shows them",
    )
    await answer(fake, await fake.slash(BOB, "join"))
    assert str(BOB.id) in await seated(running)
    await audited(running)


async def test_short_decks_straight_above_trips_is_chosen_by_slash(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await answer(fake, await fake.slash(ANN, "create", variant="short", straight_beats_trips=True))
    loaded = await running.poker.dealer.store.tables.load(TABLE)
    assert loaded is not None
    settings = decode_record(loaded[1]).settings
    assert settings is not None and settings.straight_beats_trips


async def test_an_answered_request_says_who_answered_and_keeps_no_buttons(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await answer(fake, await fake.slash(ANN, "create"))
    await answer(fake, await fake.slash(ANN, "join"))
    await answer(fake, await fake.slash(ANN, "seating", root="house", join="approval"))

    async def request_of(user: FakeUser) -> Message:
        def waiting() -> list[Message]:
            return [
                m
                for m in fake.channel_messages()
                if f"{user.name} asks" in m.content and m.custom_ids()
            ]

        found: list[Message] = await fake.wait_for(waiting, what=f"{user.name}'s request")
        (request,) = found
        return request

    await fake.slash(BOB, "join")
    bob = await request_of(BOB)
    await fake.slash(CID, "join")
    cid = await request_of(CID)
    await answer(fake, await fake.click(ANN, bob, bob.custom_ids()[0]))
    await fake.wait_for(lambda: not bob.custom_ids(), what="Bob's request closed")
    assert bob.content.startswith("Bob asks to sit down")
    assert bob.content.endswith("Approved by Ann")
    await answer(fake, await fake.click(ANN, cid, cid.custom_ids()[1]))
    await fake.wait_for(lambda: not cid.custom_ids(), what="Cid's request closed")
    assert cid.content.endswith("Declined by Ann")
    assert await seated(running) == {str(ANN.id), str(BOB.id)}

    await fake.slash(DAN, "join")
    dan = await request_of(DAN)
    await answer(fake, await fake.slash(ANN, "decline", root="host", member=DAN))
    stale = await answer(fake, await fake.click(ANN, dan, dan.custom_ids()[0]))
    assert stale.ephemeral and stale.content == "This request was already answered"
    await fake.wait_for(lambda: not dan.custom_ids(), what="Dan's stale request closed")
    assert str(DAN.id) not in await seated(running)
    await audited(running)
