"""A night in the store: balances set aside and given back in one script each, and the audit
counting the balances set aside as chips like any other."""

from __future__ import annotations

import pytest

from chatdealer.dealer.audit import describe
from chatdealer.store import Community, DamagedAccount, Store, TableId
from chatdealer.store.adjustments import Adjustment, adjust
from chatdealer.store.keys import bank_keys
from chatdealer.store.nights import NightOutcome, parked_key

from .conftest import NOW
from .test_bank import seated


async def test_the_audit_counts_the_balances_a_night_set_aside(
    store: Store, guild: Community
) -> None:
    for player in ("ann", "bob"):
        await store.bank.open_account(guild, player, NOW)
    started = await store.nights.start(guild, 300, by="ada", now=NOW)
    assert (started.outcome, started.people) == (NightOutcome.OK, 2)
    [report] = await store.bank.audit(guild)
    assert (report.balances, report.parked, report.granted) == (600, 2_000, 2_600)
    assert report.ok
    assert describe(report)[0] == (
        "discord:111: balances 600 + set aside for the night 2,000 + on tables 0 = 2,600, "
        "granted 2,600 (2 accounts, 0 tables; house 0): ok"
    )
    await store.client.hincrby(parked_key(guild), "ann", 50)  # a chip from nowhere
    [report] = await store.bank.audit(guild)
    assert not report.ok


async def test_a_night_neither_starts_nor_ends_while_a_person_holds_chips_at_a_table(
    store: Store, guild: Community, table: TableId
) -> None:
    await seated(store, table, ann=100)
    refused = await store.nights.start(guild, 300, by="ada", now=NOW)
    assert (refused.outcome, refused.table) == (NightOutcome.SEATED, table)
    assert await store.nights.running(guild) is None
    assert await store.bank.balance(guild, "ann") == 900
    [report] = await store.bank.audit(guild)
    assert report.ok and report.parked == 0


async def test_ending_a_night_gives_back_every_balance_and_keeps_the_results(
    store: Store, guild: Community
) -> None:
    await store.bank.open_account(guild, "ann", NOW)
    await store.nights.start(guild, 300, by="ada", now=NOW)
    newcomer = await store.bank.open_account(guild, "bob", NOW)
    assert newcomer.balance == 300  # the night's chips, not the starting grant
    gift = await adjust(
        store.client, guild, "ann", Adjustment.GIVEN, 100, by="ada", reason="raffle", now=NOW
    )
    assert gift.balance == 400
    ended = await store.nights.end(guild, now=NOW + 3_600)
    assert (ended.outcome, ended.people) == (NightOutcome.OK, 2)
    assert await store.bank.balance(guild, "ann") == 1_000
    assert await store.bank.balance(guild, "bob") is None
    results = {row.player: row.result for row in await store.nights.last_results(guild)}
    assert results == {"ann": 0, "bob": 0}  # a gift is not a win
    [report] = await store.bank.audit(guild)
    assert report.ok and (report.balances, report.parked, report.granted) == (1_000, 0, 1_000)


async def test_a_balance_set_aside_comes_back_even_if_its_night_account_was_lost(
    store: Store, guild: Community
) -> None:
    await store.bank.open_account(guild, "ann", NOW)
    await store.nights.start(guild, 300, by="ada", now=NOW)
    await store.client.hdel(bank_keys(guild).bank, "ann")
    assert (await store.nights.end(guild, now=NOW)).outcome is NightOutcome.OK
    assert await store.bank.balance(guild, "ann") == 1_000


async def test_balances_set_aside_with_no_night_running_are_never_overwritten(
    store: Store, guild: Community
) -> None:
    await store.bank.open_account(guild, "ann", NOW)
    await store.client.hset(parked_key(guild), "bob", 700)
    with pytest.raises(DamagedAccount):
        await store.nights.start(guild, 300, by="ada", now=NOW)
    assert await store.client.hget(parked_key(guild), "bob") == b"700"
    assert await store.bank.balance(guild, "ann") == 1_000
