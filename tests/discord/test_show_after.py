"""Showing cards after the hand through discord.py against the fake Discord (docs/rules.md §7):
the host pauses, the first to act folds, and between hands the table message carries Show
buttons; a player not in the hand is refused, the winner shows one card and the channel is told
it alone, a second press is refused, the folder shows both by typing `/showdown show`, and the
next deal takes the buttons away."""

from __future__ import annotations

import asyncio

from chatdealer.render import cards_text

from .conftest import Launch, Running
from .fake_discord import ANN, BOB, CHANNEL_ID, CID, FakeDiscord
from .helpers import actor, answer, hole_cards, next_turn, table_message_with, view_of
from .test_play import click


async def until(running: Running, check: object, what: str) -> None:
    for _ in range(500):
        if check(await view_of(running)):  # type: ignore[operator]
            return
        await asyncio.sleep(0.02)
    raise AssertionError(what)


async def test_the_uncontested_winner_shows_a_card_with_a_button(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await answer(fake, await fake.slash(ANN, "create"))
    for user in (ANN, BOB):
        await answer(fake, await fake.slash(user, "join"))
    await answer(fake, await fake.slash(ANN, "start"))
    await answer(fake, await fake.slash(ANN, "pause", root="host"))  # no next hand meanwhile
    view = await next_turn(running)
    folder = actor(view)
    winner = BOB if folder is ANN else ANN
    cards = {user.id: await hole_cards(running, user) for user in (ANN, BOB)}
    await click(fake, running, "fold")
    await until(running, lambda v: v.show_after is not None, "the hand to end")
    number = view.hand_number
    first = f"cd:sa:{CHANNEL_ID}:{number}:1"
    message = await table_message_with(fake, running, first, "the Show buttons")
    assert {first, f"cd:sa:{CHANNEL_ID}:{number}:2", f"cd:sa:{CHANNEL_ID}:{number}:0"} <= set(
        message.custom_ids()
    )
    refused = await answer(fake, await fake.click(CID, message, first))
    assert refused.ephemeral and "not in this hand" in refused.content, refused.content
    await fake.click(winner, message, first)
    won = cards[winner.id]
    assert won is not None
    told = f"{winner.name} shows {cards_text(won.cards[:1])}"
    await fake.wait_for(
        lambda: [m for _, m in fake.channel_log if told in m.content], what="the card told"
    )
    # Only the card shown is told (the other may still appear by chance elsewhere, as a card
    # of the draw for the button).
    second = cards_text(won.cards[1:])
    lines = [line for _, m in fake.channel_log for line in m.content.splitlines()]
    shows = [line for line in lines if f"{winner.name} shows" in line]
    assert shows and not [line for line in shows if second in line], shows
    twice = await answer(fake, await fake.click(winner, message, first))
    assert twice.ephemeral and "already shown" in twice.content, twice.content
    typed = await answer(fake, await fake.slash(folder, "show", root="showdown"))
    folded = cards[folder.id]
    assert folded is not None
    both = f"{folder.name} shows {cards_text(folded.cards)}"
    await fake.wait_for(
        lambda: [m for _, m in fake.channel_log if both in m.content], what="both cards told"
    )
    assert typed.content
    await answer(fake, await fake.slash(ANN, "resume", root="host"))
    await until(running, lambda v: v.hand_running and v.hand_number > number, "the next hand")
    await fake.wait_for(
        lambda: not [c for c in message.custom_ids() if c.startswith("cd:sa:")],
        what="the Show buttons gone with the next deal",
    )
    late = await answer(fake, await fake.slash(folder, "show", root="showdown"))
    assert late.ephemeral and "Nobody is asked to show" in late.content, late.content
