"""The deck commitment on Discord: the whole root in the table message, under the seats, and in
the hand's start line, through the real discord.py client against the fake Discord."""

from __future__ import annotations

from .conftest import Launch
from .fake_discord import FakeDiscord
from .helpers import next_turn, table_message
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
