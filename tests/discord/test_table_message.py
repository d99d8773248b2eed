"""The table message as a channel reads it: deadlines Discord counts down by itself, and the
last hand's board and result kept on it until the next deal."""

from __future__ import annotations

import re

from .conftest import Launch
from .fake_discord import FakeDiscord
from .helpers import TABLE, table_message, view_of
from .test_play import _moved, click, seat_three

RELATIVE = re.compile(r"<t:(\d+):R>")
# A checked-down hand ends in one winner or, when the board plays, a split.
RESULT = re.compile(r" (wins|split) ")


async def test_the_clock_counts_down_and_the_last_hand_stays_until_the_next_deal(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    await seat_three(fake, running)
    first = await view_of(running)
    while (view := await view_of(running)).hand_number == first.hand_number and view.turn:
        turn = view.turn
        shown = await fake.wait_for(
            lambda: RELATIVE.search(table_message(fake, running).content), what="the clock"
        )
        assert turn.deadline is not None or view.deadline is not None
        deadline = turn.deadline if turn.deadline is not None else view.deadline
        assert abs(int(shown[1]) - (deadline or 0)) <= 1
        await click(fake, running, "check" if turn.can_check else "call")
        await _moved(running, turn.token)
    message_id = running.poker.tables.channel(TABLE).message_id
    between = await fake.wait_for(
        lambda: [
            m.content
            for _, m in fake.channel_log
            if m.id == message_id
            and "▶" not in m.content
            and "Next hand <t:" in m.content
            and RESULT.search(m.content.split("```")[0])
        ],
        what="the table between hands",
    )
    last_board = [line for line in between[-1].split("\n") if line.startswith("Board: ")]
    assert last_board and len(last_board[0].split()) == 6  # "Board:" and five cards
    # The next deal takes the last hand's result off the message.
    second = await fake.wait_for(
        lambda: [
            m.content
            for _, m in fake.channel_log
            if m.id == message_id and f"Hand #{first.hand_number + 1}" in m.content
        ],
        what="the next hand on the table message",
    )
    assert not RESULT.search(second[-1].split("```")[0])
