"""`/house showdown` through discord.py against the fake Discord: the host sets the 7-2 game's
bounty; a player who is not the host is refused and the table keeps its settings."""

from __future__ import annotations

from .conftest import Launch
from .fake_discord import ANN, BOB, FakeDiscord
from .helpers import answer, view_of


async def test_the_host_sets_the_seven_deuce_bounty(fake: FakeDiscord, launch: Launch) -> None:
    running = await launch()
    reply = await answer(fake, await fake.slash(ANN, "create"))
    assert "opened a table" in reply.content, reply.content
    refused = await answer(fake, await fake.slash(BOB, "showdown", root="house", seven_deuce="50"))
    assert refused.ephemeral and "host" in refused.content, refused.content
    view = await view_of(running)
    assert view.settings is not None and view.settings.seven_deuce == 0
    await answer(fake, await fake.slash(ANN, "showdown", root="house", seven_deuce="50"))
    view = await view_of(running)
    assert view.settings is not None and view.settings.seven_deuce == 50
    too_much = await answer(
        fake, await fake.slash(ANN, "showdown", root="house", seven_deuce="1000000")
    )
    assert too_much.ephemeral and "7-2 bounty" in too_much.content, too_much.content
    view = await view_of(running)
    assert view.settings is not None and view.settings.seven_deuce == 50
