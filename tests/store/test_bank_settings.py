"""A community's own bank settings, read by the bank scripts when they grant."""

from __future__ import annotations

import pytest

from chatdealer.store import (
    BoardPeriod,
    Change,
    Community,
    DailyOutcome,
    StatDelta,
    Store,
    TableId,
)
from chatdealer.store.bank_settings import settings_key

from .conftest import NOW
from .test_bank import chips_in, seated, seats

HOUR = 3_600
WEEK = 7 * 86_400


async def test_a_community_without_settings_has_the_service_defaults(
    store: Store, guild: Community
) -> None:
    settings = await store.bank.settings(guild)
    assert (settings.starting_grant, settings.daily_amount, settings.daily_period) == (
        1_000,
        100,
        86_400,
    )
    assert settings.board is BoardPeriod.ALL


async def test_the_starting_grant_is_the_communitys_own(store: Store, guild: Community) -> None:
    other = Community("discord", "other")
    await store.bank.change_settings(guild, starting_grant=5_000)
    assert (await store.bank.open_account(guild, "alice", NOW)).balance == 5_000
    assert (await store.bank.open_account(other, "alice", NOW)).balance == 1_000
    report = (await store.bank.audit(guild))[0]
    assert report.ok and report.granted == 5_000


async def test_a_changed_grant_leaves_existing_accounts_alone(
    store: Store, guild: Community
) -> None:
    await store.bank.open_account(guild, "alice", NOW)
    await store.bank.change_settings(guild, starting_grant=0)
    assert (await store.bank.open_account(guild, "alice", NOW)).balance == 1_000
    assert (await store.bank.open_account(guild, "bob", NOW)).balance == 0
    assert (await store.bank.audit(guild))[0].ok


async def test_daily_chips_follow_the_communitys_amount_and_period(
    store: Store, guild: Community
) -> None:
    await store.bank.change_settings(guild, daily_amount=250, daily_period=HOUR)
    await store.bank.open_account(guild, "alice", NOW)
    first = await store.bank.claim_daily(guild, "alice", NOW)
    assert (first.outcome, first.balance, first.amount, first.next_at) == (
        DailyOutcome.GRANTED,
        1_250,
        250,
        NOW + HOUR,
    )
    assert (await store.bank.claim_daily(guild, "alice", NOW + HOUR - 1)).balance == 1_250
    assert (await store.bank.claim_daily(guild, "alice", NOW + HOUR)).balance == 1_500
    report = (await store.bank.audit(guild))[0]
    assert report.ok and report.granted == 1_500


async def test_a_community_may_give_no_daily_chips(store: Store, guild: Community) -> None:
    await store.bank.open_account(guild, "alice", NOW)
    await store.bank.change_settings(guild, daily_amount=0)
    result = await store.bank.claim_daily(guild, "alice", NOW)
    assert result.outcome is DailyOutcome.OFF
    assert await store.bank.balance(guild, "alice") == 1_000
    assert [entry.kind for entry in await store.bank.ledger(guild)] == ["grant"]


@pytest.mark.parametrize(
    "change",
    [
        {"starting_grant": -1},
        {"daily_amount": -5},
        {"daily_period": 10.0},
        {"daily_period": 400 * 86_400.0},
        {"board": "year"},
    ],
)
async def test_a_bad_setting_changes_nothing(
    store: Store, guild: Community, change: dict[str, object]
) -> None:
    await store.bank.change_settings(guild, daily_amount=300)
    with pytest.raises(ValueError):
        await store.bank.change_settings(guild, **change)  # type: ignore[arg-type]
    settings = await store.bank.settings(guild)
    assert (settings.starting_grant, settings.daily_amount, settings.board) == (
        1_000,
        300,
        BoardPeriod.ALL,
    )


async def test_a_damaged_setting_reads_as_the_default(store: Store, guild: Community) -> None:
    await store.client.hset(settings_key(guild), "grant", "lots")
    await store.client.hset(settings_key(guild), "daily", "-7")
    assert (await store.bank.open_account(guild, "alice", NOW)).balance == 1_000
    assert (await store.bank.claim_daily(guild, "alice", NOW)).amount == 100
    assert (await store.bank.audit(guild))[0].ok


async def test_the_leaderboard_shows_the_chosen_period(store: Store, table: TableId) -> None:
    version = await seated(store, table, alice=300, bob=500)
    for when, net in ((NOW - 5 * WEEK, 200), (NOW, 30)):
        change = Change(
            seats(alice=300, bob=500),
            stats=[StatDelta("alice", net=net), StatDelta("bob", net=-net)],
        )
        result = await store.tables.commit(table, version, change, now=when)
        assert result.ok and result.version is not None
        version = result.version
    home = table.home
    assert await store.bank.leaderboard(home, now=NOW) == [("alice", 230), ("bob", -230)]
    week = await store.bank.leaderboard(home, board=BoardPeriod.WEEK, now=NOW)
    assert week == [("alice", 30), ("bob", -30)]
    month = await store.bank.leaderboard(home, board=BoardPeriod.MONTH, now=NOW)
    assert month == [("alice", 30), ("bob", -30)]
    assert await store.bank.leaderboard(home, board=BoardPeriod.WEEK, now=NOW + WEEK) == []
    assert (await store.bank.audit(home, chips_of=chips_in))[0].ok
