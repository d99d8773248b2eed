from __future__ import annotations

import json

import msgspec
import pytest
from redis.exceptions import ResponseError

from chatdealer.store import (
    BankConfig,
    Change,
    Community,
    DailyOutcome,
    Outcome,
    StatDelta,
    Store,
    TableId,
    buy_in,
    cash_out,
)
from chatdealer.store.scripts import Scripts

from .conftest import NOW

DAY = 86_400


def seats(**stacks: int) -> bytes:
    return json.dumps({"schema": 1, "stacks": stacks}).encode()


def chips_in(state: bytes) -> int:
    stacks = json.loads(state)["stacks"]
    return sum(int(v) for v in stacks.values())


async def seated(store: Store, table: TableId, **stacks: int) -> int:
    """Opens accounts, creates the table and buys everyone in; returns the table's version."""
    await store.tables.create(table, seats())
    for player in stacks:
        await store.bank.open_account(table.home, player, NOW)
    moves = [buy_in(player, amount) for player, amount in stacks.items()]
    result = await store.tables.commit(table, 1, Change(seats(**stacks), moves=moves), now=NOW)
    assert result.ok, result
    assert result.version is not None
    return result.version


async def test_a_new_player_gets_the_starting_grant_once(store: Store, guild: Community) -> None:
    first = await store.bank.open_account(guild, "alice", NOW)
    again = await store.bank.open_account(guild, "alice", NOW + 5)
    assert (first.opened, first.balance) == (True, 1_000)
    assert (again.opened, again.balance) == (False, 1_000)
    assert await store.bank.balance(guild, "alice") == 1_000
    assert await store.bank.balance(guild, "bob") is None
    assert await store.bank.balance(Community("discord", "other"), "alice") is None


async def test_daily_chips_come_once_per_period(store: Store, guild: Community) -> None:
    assert (await store.bank.claim_daily(guild, "alice", NOW)).outcome is DailyOutcome.NO_ACCOUNT
    await store.bank.open_account(guild, "alice", NOW)
    first = await store.bank.claim_daily(guild, "alice", NOW)
    assert (first.outcome, first.balance, first.next_at) == (DailyOutcome.GRANTED, 1_100, NOW + DAY)
    early = await store.bank.claim_daily(guild, "alice", NOW + DAY - 1)
    assert (early.outcome, early.balance, early.next_at) == (
        DailyOutcome.TOO_SOON,
        1_100,
        NOW + DAY,
    )
    later = await store.bank.claim_daily(guild, "alice", NOW + DAY)
    assert (later.outcome, later.balance) == (DailyOutcome.GRANTED, 1_200)


async def test_the_daily_amount_and_period_are_configurable(store: Store, guild: Community) -> None:
    hourly = Store.on(store.client, bank=BankConfig(daily_amount=7, daily_period=3_600))
    await hourly.bank.open_account(guild, "alice", NOW)
    assert (await hourly.bank.claim_daily(guild, "alice", NOW)).balance == 1_007
    assert (await hourly.bank.claim_daily(guild, "alice", NOW + 3_599)).balance == 1_007
    assert (await hourly.bank.claim_daily(guild, "alice", NOW + 3_600)).balance == 1_014


async def test_a_buy_in_moves_chips_in_the_same_step_as_the_state(
    store: Store, table: TableId
) -> None:
    await seated(store, table, alice=300, bob=500)
    assert await store.bank.balance(table.home, "alice") == 700
    assert await store.bank.balance(table.home, "bob") == 500
    assert await store.tables.chips(table) == 800
    assert await store.tables.load(table) == (2, seats(alice=300, bob=500))


async def test_a_short_balance_refuses_the_buy_in_and_changes_nothing(
    store: Store, table: TableId
) -> None:
    version = await seated(store, table, alice=300)
    await store.bank.open_account(table.home, "bob", NOW)
    ledger_before = await store.bank.ledger(table.home)
    change = Change(
        seats(alice=300, bob=1_001),
        events=[b'{"bob":"sits"}'],
        deadline=NOW + 30,
        moves=[buy_in("bob", 1_001)],
        stats=[StatDelta("bob", hands_played=1)],
    )
    result = await store.tables.commit(table, version, change, now=NOW)
    assert result.outcome is Outcome.INSUFFICIENT_BALANCE
    assert (result.player, result.available) == ("bob", 1_000)
    assert await store.tables.load(table) == (version, seats(alice=300))
    assert await store.bank.balance(table.home, "bob") == 1_000
    assert await store.tables.chips(table) == 300
    assert await store.bank.ledger(table.home) == ledger_before
    assert [e.payload for e in await store.tables.events(table)] == []
    assert await store.timers.deadline(table) is None
    assert (await store.bank.stats(table.home, "bob")).hands_played == 0


async def test_a_player_without_an_account_cannot_buy_in(store: Store, table: TableId) -> None:
    await store.tables.create(table, seats())
    change = Change(seats(carol=10), moves=[buy_in("carol", 10)])
    result = await store.tables.commit(table, 1, change, now=NOW)
    assert (result.outcome, result.player) == (Outcome.NO_ACCOUNT, "carol")
    assert await store.tables.load(table) == (1, seats())


async def test_a_cash_out_returns_chips_to_the_bank(store: Store, table: TableId) -> None:
    version = await seated(store, table, alice=300, bob=500)
    change = Change(seats(bob=500), moves=[cash_out("alice", 450)])
    # alice won 150 from bob before leaving; the table still holds all 800 until she goes
    result = await store.tables.commit(table, version, change, now=NOW + 60)
    assert result.ok and result.balances == {"alice": 1_150}
    assert await store.tables.chips(table) == 350


async def test_cashing_out_more_than_the_table_holds_is_refused(
    store: Store, table: TableId
) -> None:
    version = await seated(store, table, alice=300)
    result = await store.tables.commit(
        table, version, Change(seats(), moves=[cash_out("alice", 301)]), now=NOW
    )
    assert (result.outcome, result.available) == (Outcome.TABLE_SHORT, 300)
    assert await store.bank.balance(table.home, "alice") == 700


async def test_a_table_holding_chips_cannot_be_deleted(store: Store, table: TableId) -> None:
    version = await seated(store, table, alice=300)
    assert await store.tables.delete(table) is Outcome.TABLE_HOLDS_CHIPS
    await store.tables.commit(table, version, Change(seats(), moves=[cash_out("alice", 300)]))
    assert await store.tables.delete(table) is Outcome.OK


def test_negative_or_fractional_amounts_are_refused() -> None:
    with pytest.raises(ValueError):
        buy_in("alice", -5)
    with pytest.raises(ValueError):
        cash_out("alice", 0)
    with pytest.raises(TypeError):
        buy_in("alice", 2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        StatDelta("alice", pot=-1)
    with pytest.raises(TypeError):
        StatDelta("alice", hands_won=True)
    with pytest.raises(TypeError):
        StatDelta("alice", pot=2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        StatDelta("alice", net=-(2**53))
    with pytest.raises(ValueError):
        StatDelta("alice", net=False)
    assert StatDelta("alice", 1, 1, 2**53 - 1, -(2**53) + 1).pot == 2**53 - 1
    with pytest.raises(ValueError):
        BankConfig(starting_grant=-1)


async def test_the_scripts_refuse_negative_amounts_too(store: Store, table: TableId) -> None:
    """A caller that bypasses the Python checks still cannot mint chips with a negative move."""
    await seated(store, table, alice=300)
    keys = [
        f"cd:{{{table.home.tag}}}:{name}"
        for name in (
            f"table:{table.channel}",
            f"events:{table.channel}",
            "deadlines",
            "table_chips",
            "bank",
            "ledger",
            "stats",
            "leaderboard",
        )
    ]
    minted = [("buy_in", "alice", -50)]
    packed = msgspec.msgpack.encode(
        [table.channel, 2, "{}", "", 10, str(NOW), 0, str(table), [], minted, [], 1000, [], 5, 0]
    )
    with pytest.raises(ResponseError, match="positive whole amount"):
        await store.client.evalsha(
            Scripts.register(store.client).commit.sha, len(keys), *keys, packed
        )
    assert await store.bank.balance(table.home, "alice") == 700


async def test_the_ledger_records_every_movement(store: Store, table: TableId) -> None:
    version = await seated(store, table, alice=300)
    await store.bank.claim_daily(table.home, "alice", NOW + 10)
    await store.tables.commit(
        table, version, Change(seats(), moves=[cash_out("alice", 250)]), now=NOW + 20
    )
    entries = await store.bank.ledger(table.home)
    assert [(e.kind, e.player, e.amount, e.table, e.time, e.balance) for e in entries] == [
        ("grant", "alice", 1_000, "", NOW, 1_000),
        ("buy_in", "alice", 300, str(table), NOW, 700),
        ("daily", "alice", 100, "", NOW + 10, 800),
        ("cash_out", "alice", 250, str(table), NOW + 20, 1_050),
    ]
    assert await store.bank.ledger(table.home, after=entries[1].id, count=1) == [entries[2]]


async def test_stats_and_leaderboard_move_with_the_hand(store: Store, table: TableId) -> None:
    version = await seated(store, table, alice=300, bob=500)
    for hand, pot in enumerate((120, 80), start=0):
        change = Change(
            seats(alice=300 + (hand + 1) * 60, bob=500 - (hand + 1) * 60),
            stats=[
                StatDelta("alice", hands_played=1, hands_won=1, pot=pot, net=60),
                StatDelta("bob", hands_played=1, net=-60),
            ],
        )
        result = await store.tables.commit(table, version, change, now=NOW)
        assert result.ok and result.version is not None
        version = result.version
    alice = await store.bank.stats(table.home, "alice")
    bob = await store.bank.stats(table.home, "bob")
    assert (alice.hands_played, alice.hands_won, alice.biggest_pot, alice.net) == (2, 2, 120, 120)
    assert (bob.hands_played, bob.hands_won, bob.biggest_pot, bob.net) == (2, 0, 0, -120)
    assert await store.bank.leaderboard(table.home) == [("alice", 120), ("bob", -120)]


async def test_the_audit_balances_banks_and_tables_against_grants(
    store: Store, table: TableId
) -> None:
    version = await seated(store, table, alice=300, bob=500)
    await store.bank.claim_daily(table.home, "bob", NOW)
    await store.tables.commit(
        table, version, Change(seats(bob=500), moves=[cash_out("alice", 300)]), now=NOW
    )
    other = Community("telegram", "-100")
    await store.bank.open_account(other, "carol", NOW)
    reports = await store.bank.audit(chips_of=chips_in)
    assert [r.community for r in reports] == [table.home, other]
    home = reports[0]
    assert (home.balances, home.on_tables, home.granted) == (1_600, 500, 2_100)
    assert all(r.ok for r in reports)


async def test_the_audit_catches_a_chip_created_out_of_nowhere(
    store: Store, table: TableId
) -> None:
    await seated(store, table, alice=300)
    assert (await store.bank.audit(table.home))[0].ok
    await store.client.hincrby(f"cd:{{{table.home.tag}}}:bank", "alice", 1)
    report = (await store.bank.audit(table.home))[0]
    assert not report.ok
    assert report.balances + report.on_tables == report.granted + 1


async def test_the_audit_catches_a_state_that_made_chips_up(store: Store, table: TableId) -> None:
    version = await seated(store, table, alice=300)
    await store.tables.save(table, version, seats(alice=3_000))  # a bug doubled her stack
    report = (await store.bank.audit(table.home, chips_of=chips_in))[0]
    assert not report.ok
    assert [(m.table, m.recorded, m.in_state) for m in report.mismatches] == [(table, 300, 3_000)]
