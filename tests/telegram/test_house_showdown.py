"""`/house showdown` through python-telegram-bot against the fake Bot API: the host types the
7-2 game's bounty and the table keeps it for its next hands."""

from __future__ import annotations

import asyncio

from adapters.telegram import Worker
from chatdealer.dealer.record import decode_record
from chatdealer.store import TableId

from .conftest import Launch
from .fake_bot_api import ANN, GROUP_ID, FakeBotApi

TABLE = TableId("telegram", str(GROUP_ID), "0")


async def bounty_of(worker: Worker) -> int | None:
    stored = await worker.dealer.store.tables.load(TABLE)
    if stored is None:
        return None
    record = decode_record(stored[1])
    return record.table.settings.seven_deuce if record.table is not None else None


async def test_the_host_types_the_seven_deuce_bounty(fake: FakeBotApi, launch: Launch) -> None:
    worker = await launch()
    await fake.push(fake.command(ANN, "/create"))
    await fake.wait_for(
        lambda: [m for m in fake.chat_messages(GROUP_ID) if "opened a table" in m.content],
        "the table opened",
    )
    assert await bounty_of(worker) == 0
    await fake.push(fake.command(ANN, "/house showdown seven_deuce=40"))
    for _ in range(100):
        if await bounty_of(worker) == 40:
            break
        await asyncio.sleep(0.05)
    assert await bounty_of(worker) == 40
    await fake.push(fake.command(ANN, "/house showdown seven_deuce=999999999"))
    await fake.wait_for(
        lambda: [m for m in fake.chat_messages(GROUP_ID) if "7-2 bounty" in m.content],
        "the refusal of a bounty past the largest buy-in",
    )
    assert await bounty_of(worker) == 40
