"""Running it twice agreed with buttons through discord.py against the fake Discord: the host
sets `/house runout run_twice:ask`, both all-in players press Twice, and the channel is told
both runs; a press from someone not asked and a second press are refused to the presser only."""

from __future__ import annotations

import re

from .conftest import Launch
from .fake_discord import ANN, BOB, CHANNEL_ID, CID, FakeDiscord, Message
from .helpers import answer, next_turn, table_message, view_of
from .test_play import _moved, click

# Each run ends in one winner or, when the board plays, a split.
RESULT = re.compile(r" (wins|split) ")


async def test_both_players_press_twice_and_the_board_is_run_twice(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await answer(fake, await fake.slash(ANN, "create"))
    await answer(fake, await fake.slash(ANN, "runout", root="house", run_twice="ask"))
    view = await view_of(running)
    assert view.settings is not None and view.settings.run_twice == "ask"
    for user in (ANN, BOB):
        await answer(fake, await fake.slash(user, "join"))
    await answer(fake, await fake.slash(ANN, "start"))
    first = await next_turn(running)
    await click(fake, running, "allin")
    await _moved(running, first.turn.token if first.turn else None)
    await click(fake, running, "call")
    token, message = await _asked(fake, running)
    twice = f"cd:rt:{CHANNEL_ID}:{token}:2"
    assert {twice, f"cd:rt:{CHANNEL_ID}:{token}:1"} <= set(message.custom_ids())
    refused = await answer(fake, await fake.click(CID, message, twice))
    assert refused.ephemeral and "Only the players all-in" in refused.content, refused.content
    await answer(fake, await fake.click(ANN, message, twice))
    again = await answer(fake, await fake.click(ANN, message, twice))
    assert again.ephemeral and "already said twice" in again.content, again.content
    await fake.click(BOB, message, twice)
    told = await fake.wait_for(
        lambda: [m for _, m in fake.channel_log if "Second run — " in m.content],
        what="the second run told",
    )
    assert "First run — " in told[0].content  # both runs told, each with its half pot
    lines = told[0].content.splitlines()
    assert any(line.startswith("First run — ") and RESULT.search(line) for line in lines)
    assert any(line.startswith("Second run — ") and RESULT.search(line) for line in lines)


async def _asked(fake: FakeDiscord, running: object) -> tuple[str, Message]:
    """The question's token and the table message once it shows Once and Twice."""
    prefix = f"cd:rt:{CHANNEL_ID}:"

    def shown() -> tuple[str, Message] | None:
        message = table_message(fake, running)  # type: ignore[arg-type]
        for cid in message.custom_ids():
            if cid.startswith(prefix):
                return cid[len(prefix) :].rsplit(":", 1)[0], message
        return None

    return await fake.wait_for(shown, what="the Once and Twice buttons")  # type: ignore[no-any-return]
