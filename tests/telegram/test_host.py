"""`/host bank` through python-telegram-bot against the fake Bot API: the group's
administrators (getChatMember) run the community's bank; everyone else may only look."""

from __future__ import annotations

from chatdealer.dealer.record import chips_of
from chatdealer.store import TableId

from .conftest import Launch
from .fake_bot_api import ANN, BOB, CID, GROUP_ID, FakeBotApi

TABLE = TableId("telegram", str(GROUP_ID), "0")


async def test_a_groups_admin_sets_the_bank_and_others_cannot(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    bank = worker.dealer.store.bank
    fake.admins.add(CID.id)
    await fake.push(fake.command(BOB, "/host bank grant=1000000"))
    await fake.wait_for(
        lambda: [
            m for m in fake.chat_messages(GROUP_ID) if "Only the server's admins" in m.content
        ],
        "the refusal",
    )
    assert (await bank.settings(TABLE.home)).starting_grant == 1_000
    await fake.push(fake.command(CID, "/host bank grant=3000 daily=50 hours=12 board=month"))
    said = await fake.wait_for(
        lambda: [m for m in fake.chat_messages(GROUP_ID) if "newcomers get 3,000" in m.content],
        "the new bank settings",
    )
    assert "50 chips every 12 hours" in said[0].content and "this month" in said[0].content
    await fake.push(fake.command(ANN, "/daily"))
    await fake.wait_for(
        lambda: [m for m in fake.chat_messages(GROUP_ID) if "3,050" in m.content],
        "the daily chips on top of the new grant",
    )
    reports = await bank.audit(TABLE.home, chips_of)
    assert all(report.ok for report in reports), reports
