"""`/host bank` through discord.py against the fake Discord: the server's admins (Manage Server,
as the interaction says) run the community's bank; everyone else may only look."""

from __future__ import annotations

from chatdealer.dealer.record import chips_of

from .conftest import Launch, Running
from .fake_discord import ANN, BOB, FakeDiscord
from .helpers import TABLE, answer, refused


async def audited(running: Running) -> None:
    reports = await running.poker.dealer.store.bank.audit(TABLE.home, chips_of)
    assert all(report.ok for report in reports), reports


async def test_an_admin_sets_the_bank_and_the_channel_is_told(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    token = await fake.slash(ANN, "bank", root="host", admin=True, grant=2_500, daily=0)
    said = await fake.wait_for(
        lambda: [t for t in fake.channel_texts() if "newcomers get 2,500 chips" in t],
        what="the new bank settings in the channel",
    )
    assert "no daily chips" in said[0]
    assert fake.answered(token)
    settings = await running.poker.dealer.store.bank.settings(TABLE.home)
    assert (settings.starting_grant, settings.daily_amount) == (2_500, 0)
    balance = await answer(fake, await fake.slash(BOB, "balance"))
    assert "2,500" in balance.content
    refused = await answer(fake, await fake.slash(BOB, "daily"))
    assert "no daily chips" in refused.content and refused.ephemeral
    await audited(running)


async def test_a_channel_manager_who_is_no_admin_cannot_change_the_bank(
    fake: FakeDiscord, launch: Launch
) -> None:
    running = await launch()
    token = await fake.slash(BOB, "bank", root="host", manager=True, grant="1000000")
    await refused(fake, token, "Only the server's admins")
    settings = await running.poker.dealer.store.bank.settings(TABLE.home)
    assert settings.starting_grant == 1_000
    shown = await answer(fake, await fake.slash(BOB, "bank", root="host"))
    assert shown.ephemeral and "newcomers get 1,000 chips" in shown.content
    await audited(running)


async def test_an_admin_gives_and_takes_a_members_chips(fake: FakeDiscord, launch: Launch) -> None:
    running = await launch()
    bank = running.poker.dealer.store.bank
    await answer(fake, await fake.slash(BOB, "balance"))
    token = await fake.slash(BOB, "give", root="host", member=BOB, amount="900", reason="me")
    await refused(fake, token, "Only the server's admins")
    assert await bank.balance(TABLE.home, str(BOB.id)) == 1_000
    gift = await fake.slash(
        ANN, "give", root="host", admin=True, member=BOB, amount="250", reason="won the bet"
    )
    assert gift
    await fake.wait_for(
        lambda: [t for t in fake.channel_texts() if "gives Bob 250 chips: won the bet" in t],
        what="the gift told to the channel",
    )
    assert await bank.balance(TABLE.home, str(BOB.id)) == 1_250
    token = await fake.slash(
        ANN, "take", root="host", admin=True, member=BOB, amount="5000", reason="all"
    )
    await refused(fake, token, "has only 1,250 chips")
    await fake.slash(ANN, "take", root="host", admin=True, member=BOB, amount="50", reason="oops")
    await fake.wait_for(
        lambda: [t for t in fake.channel_texts() if "takes 50 chips from Bob: oops" in t],
        what="the take told to the channel",
    )
    assert await bank.balance(TABLE.home, str(BOB.id)) == 1_200
    await audited(running)
