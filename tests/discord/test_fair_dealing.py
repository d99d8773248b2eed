"""The deck commitment on Discord: the whole root in the table message, under the seats, and in
the hand's start line, through the real discord.py client against the fake Discord."""

from __future__ import annotations

from .conftest import Launch
from .fake_discord import ANN, FakeDiscord
from .helpers import answer, next_turn, table_message, view_of
from .test_play import seat_three


async def test_the_table_message_shows_the_whole_commitment(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await seat_three(fake, running)
    view = await next_turn(running)
    root, following = view.deck_commitment, view.next_deck_commitment
    assert len(root) == 64 and len(following) == 64 and root != following

    def shown() -> str | None:
        content = table_message(fake, running).content
        return content if f"Deck {root}" in content else None

    content = await fake.wait_for(shown, what="the commitment in the table message")
    assert f"Next deck {following} · cut it: seed <any text>" in content
    assert f"deck commitment {root} · no player seeds in the cut" in content  # the start line


async def test_the_host_opens_the_whole_deck_at_create_and_closes_it_in_settings(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await answer(fake, await fake.slash(ANN, "create", open_deck=True))
    settings = (await view_of(running)).settings
    assert settings is not None and settings.open_deck

    def said(words: str) -> bool:
        return any(words in message.content for message in fake.channel_messages())

    await fake.wait_for(lambda: said("whole deck opened after each hand"), what="the open deck")
    await answer(fake, await fake.slash(ANN, "settings", open_deck=False))
    settings = (await view_of(running)).settings
    assert settings is not None and not settings.open_deck
