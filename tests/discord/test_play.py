"""Three players at a Discord table, through the real discord.py client and a fake Discord."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from .conftest import Launch, Running
from .fake_discord import ANN, BOB, CHANNEL_ID, CID, THREAD_ID, FakeDiscord
from .helpers import (
    actor,
    answer,
    buttons_for,
    hole_cards,
    hole_text,
    next_turn,
    table_message,
    unshown_lines,
    view_of,
)


def dm_with(fake: FakeDiscord, user_id: int, text: str) -> Callable[[], bool]:
    return lambda: any(u == user_id and text in said for u, said, _ in fake.dms)


async def seat_three(fake: FakeDiscord, running: Running) -> None:
    reply = await answer(fake, await fake.slash(ANN, "create"))
    assert reply.ephemeral and "opened a table" in reply.content
    for user in (ANN, BOB, CID):
        reply = await answer(fake, await fake.slash(user, "join"))
        assert reply.ephemeral and "sits down" in reply.content, reply.content
    await answer(fake, await fake.slash(ANN, "start"))


async def click(fake: FakeDiscord, running: Running, action: str) -> str:
    """The player to act presses `action` on the table message; returns the interaction."""
    view = await next_turn(running)
    message = await buttons_for(fake, running, view)
    assert view.turn is not None
    custom_id = f"cd:act:{CHANNEL_ID}:{view.turn.token}:{action}"
    assert custom_id in message.custom_ids(), (custom_id, message.custom_ids())
    return await fake.click(actor(view), message, custom_id)


async def test_three_players_play_hands_with_commands_and_buttons(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await seat_three(fake, running)
    first = await next_turn(running)
    # Hand 1: checked and called down to a showdown.
    cards = {user.id: await hole_cards(running, user) for user in (ANN, BOB, CID)}
    while (view := await view_of(running)).hand_number == first.hand_number and view.turn:
        turn = view.turn
        await click(fake, running, "check" if turn.can_check else "call")
        await _moved(running, turn.token)
    # Every player got their cards by DM as the hand was dealt (a DM may be a moment behind
    # clicks as fast as these).
    for user in (ANN, BOB, CID):
        private = cards[user.id]
        assert private is not None
        await fake.wait_for(dm_with(fake, user.id, hole_text(private)), what="the cards by DM")
    showdown = await fake.wait_for(
        lambda: [m for _, m in fake.channel_log if m.content.startswith("**Hand #1")],
        what="the showdown post",
    )
    assert "shows" in showdown[0].content
    assert showdown[0].attachments == ["showdown.png"]
    assert all(files == ["cards.png"] for _, _, files in fake.dms)
    # Hand 2: the first to act goes all in, the others fold: no card is ever shown.
    second = await next_turn(running)
    assert second.hand_number == first.hand_number + 1
    secret = [await hole_cards(running, user) for user in (ANN, BOB, CID)]
    await click(fake, running, "allin")
    await _moved(running, second.turn.token if second.turn else None)
    while (view := await view_of(running)).hand_number == second.hand_number and view.turn:
        await click(fake, running, "fold")
        await _moved(running, view.turn.token)
    await running.poker.idle()
    # Hand 1's board or its winner's five may hold the same two cards; any other line
    # holding them would be a leak.
    lines = unshown_lines(fake)
    for private in secret:
        assert private is not None
        assert not [line for line in lines if hole_text(private) in line]
    # Hole cards went only to their owner: DMs, and ephemeral answers.
    token = await fake.slash(BOB, "cards")
    reply = await answer(fake, token)
    assert reply.ephemeral
    assert table_message(fake, running).edits > 5
    assert any(m.attachments == ["table.png"] for _, m in fake.channel_log)


async def _moved(running: Running, token: object) -> None:
    for _ in range(300):
        view = await view_of(running)
        if view.turn is None or view.turn.token != token:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the action did not move the hand on")


async def test_my_cards_button_answers_ephemerally(fake: FakeDiscord, launch: Launch) -> None:
    running = await launch()
    await seat_three(fake, running)
    view = await next_turn(running)
    message = await buttons_for(fake, running, view)
    custom_id = f"cd:cards:{CHANNEL_ID}"
    assert custom_id in message.custom_ids()
    for user in (ANN, BOB, CID):
        reply = await answer(fake, await fake.click(user, message, custom_id))
        private = await hole_cards(running, user)
        assert private is not None
        assert reply.ephemeral and hole_text(private) in reply.content


async def test_a_stale_button_is_refused(fake: FakeDiscord, launch: Launch) -> None:
    running = await launch()
    await seat_three(fake, running)
    view = await next_turn(running)
    old = await buttons_for(fake, running, view)
    assert view.turn is not None
    stale = f"cd:act:{CHANNEL_ID}:{view.turn.token}:call"
    await fake.click(actor(view), old, stale)
    await _moved(running, view.turn.token)
    after = await next_turn(running)
    reply = await answer(fake, await fake.click(actor(after), old, stale))
    assert reply.ephemeral and "out of date" in reply.content
    assert (await view_of(running)).turn == after.turn


async def test_old_buttons_work_after_a_restart(fake: FakeDiscord, launch: Launch) -> None:
    running = await launch()
    await seat_three(fake, running)
    view = await next_turn(running)
    message = await buttons_for(fake, running, view)
    await running.stop()
    fake.commands = []

    restarted = await launch()
    assert view.turn is not None
    custom_id = f"cd:act:{CHANNEL_ID}:{view.turn.token}:call"
    token = await fake.click(actor(view), message, custom_id)
    await _moved(restarted, view.turn.token)
    assert fake.replies_to(token)[0].type == 6  # acknowledged, no message
    after = await next_turn(restarted)
    # The same table message is edited again, with the new turn's buttons.
    again = await buttons_for(fake, restarted, after)
    assert again.id == message.id


async def test_raise_opens_a_form_with_quick_sizes(fake: FakeDiscord, launch: Launch) -> None:
    running = await launch()
    await seat_three(fake, running)
    view = await next_turn(running)
    message = await buttons_for(fake, running, view)
    assert view.turn is not None and view.turn.min_raise_to is not None
    raise_id = f"cd:act:{CHANNEL_ID}:{view.turn.token}:raise"
    token = await fake.click(actor(view), message, raise_id)
    form = await fake.wait_for(
        lambda: [r for r in fake.replies_to(token) if r.type == 9], what="the form"
    )
    data = form[0].data
    assert data["custom_id"] == f"cd:raise:{CHANNEL_ID}:{view.turn.token}"
    quick = next(c for c in data["components"] if c["type"] == 18)["component"]
    labels = [option["label"] for option in quick["options"]]
    assert labels[0] == f"Min {view.turn.min_raise_to:,}"
    assert labels[-1] == f"All-in {view.turn.all_in_to:,}"
    amount = view.turn.min_raise_to + 2
    await fake.submit(actor(view), data["custom_id"], {"amount": str(amount)})
    await _moved(running, view.turn.token)
    after = await view_of(running)
    assert max(seat.bet for seat in after.seats) == amount


async def test_a_blocked_dm_falls_back_to_the_button(fake: FakeDiscord, launch: Launch) -> None:
    fake.blocked_dms.add(CID.id)
    running = await launch()
    await seat_three(fake, running)
    view = await next_turn(running)
    await fake.wait_for(lambda: fake.dm_attempts.get(CID.id), what="a DM to Cid")
    await fake.wait_for(lambda: len(fake.dms) >= 2, what="the other DMs")
    message = await buttons_for(fake, running, view)
    # The "My cards" answer is what the notice points to: it is not told there.
    reply = await answer(fake, await fake.click(CID, message, f"cd:cards:{CHANNEL_ID}"))
    private = await hole_cards(running, CID)
    assert private is not None
    assert reply.ephemeral and hole_text(private) in reply.content
    assert "direct messages" not in reply.content
    # Cid's next answer tells him, once.
    told = await answer(fake, await fake.slash(CID, "balance"))
    assert told.ephemeral and "My cards" in told.content and "direct messages" in told.content
    # The next hand does not try Cid's DMs again, nor tell him again, even after a restart.
    first = view.hand_number
    while (view := await view_of(running)).hand_number == first and view.turn:
        await click(fake, running, "fold" if view.turn.can_fold else "check")
        await _moved(running, view.turn.token)
    await fake.wait_for(lambda: len(fake.dms) >= 4, what="the next hand's DMs")
    assert fake.dm_attempts[CID.id] == 1
    await running.stop()
    restarted = await launch()
    await next_turn(restarted)
    again = await answer(fake, await fake.slash(CID, "balance"))
    assert "direct messages" not in again.content
    assert fake.dm_attempts[CID.id] == 1


async def test_a_rate_limited_edit_is_retried(fake: FakeDiscord, launch: Launch) -> None:
    running = await launch()
    await seat_three(fake, running)
    fake.rate_limit_edits = 1
    view = await next_turn(running)
    await click(fake, running, "call")
    assert view.turn is not None
    await _moved(running, view.turn.token)
    after = await next_turn(running)
    await buttons_for(fake, running, after)
    assert fake.rate_limited == 1


async def test_only_the_host_or_a_manager_changes_settings(
    fake: FakeDiscord, launch: Launch
) -> None:
    await launch()
    await answer(fake, await fake.slash(ANN, "create"))
    refused = await answer(fake, await fake.slash(BOB, "settings", big_blind=4, small_blind=2))
    assert refused.ephemeral and "host" in refused.content
    managed = await answer(
        fake, await fake.slash(BOB, "settings", manager=True, big_blind=4, small_blind=2)
    )
    assert "2/4" in managed.content
    hosted = await answer(fake, await fake.slash(ANN, "settings", clock=20))
    assert "host" not in hosted.content


async def test_a_thread_is_a_table_of_its_own(fake: FakeDiscord, launch: Launch) -> None:
    await launch()
    reply = await answer(fake, await fake.slash(ANN, "create", channel=THREAD_ID))
    assert "opened a table" in reply.content
    posted = await fake.wait_for(lambda: fake.channel_messages(THREAD_ID), what="thread table")
    assert "Nobody is seated" in posted[0].content
    refused = await answer(fake, await fake.slash(BOB, "join"))
    assert "no table" in refused.content.lower()


async def test_commands_are_published_with_translations(fake: FakeDiscord, launch: Launch) -> None:
    await launch()
    poker = fake.command()
    assert poker["name"] == "poker"
    assert poker["description_localizations"]["ru"].startswith("Покер")
    assert poker["description_localizations"]["bg"].startswith("Покер")
    names = {option["name"] for option in poker["options"]}
    assert {"create", "join", "leave", "sitout", "back", "topup", "start", "cards"} <= names
    assert {"table", "history", "balance", "daily", "leaderboard", "night"} <= names
    assert {"settings", "addbot", "help"} <= names
    assert "tournament" in {command["name"] for command in fake.commands}  # its own command


async def test_only_the_host_or_a_manager_sends_a_player_away_or_closes_the_table(
    fake: FakeDiscord, launch: Launch
) -> None:
    await launch()
    await answer(fake, await fake.slash(ANN, "create"))
    for user in (BOB, CID):
        await answer(fake, await fake.slash(user, "join"))
    refused = await answer(fake, await fake.slash(BOB, "kick", member=CID))
    assert refused.ephemeral and "host" in refused.content
    kicked = await answer(fake, await fake.slash(ANN, "kick", member=CID))
    assert "Cid leaves" in kicked.content
    refused = await answer(fake, await fake.slash(CID, "stop"))
    assert "host" in refused.content
    stopped = await answer(fake, await fake.slash(BOB, "stop", manager=True))
    assert "closing" in stopped.content
