"""The store's side of issue 15: chip records kept with every move, scripts that write all or
nothing whatever they find damaged, quarantine, and a reset that pays out exactly what the
bank counts on a table, to its chip records' owners or, for chips they do not place, the house.
"""

from __future__ import annotations

import json

import pytest
from redis.asyncio import Redis

from chatdealer.store import (
    HOUSE,
    BankConfig,
    Change,
    DamagedAccount,
    DamagedTable,
    Outcome,
    Store,
    TableId,
    buy_in,
    cash_out,
)
from chatdealer.store.keys import bank_keys, table_keys
from chatdealer.store.scripts import text

from .conftest import NOW


def state(n: int) -> bytes:
    return json.dumps({"schema": 1, "n": n}).encode()


async def everything(client: Redis, table: TableId) -> dict[str, object]:
    """Every key of the table's community, as it is: to check nothing was written."""
    found: dict[str, object] = {}
    async for key in client.scan_iter(match=f"cd:{{{table.home.tag}}}:*"):
        kind, name = text(await client.type(key)), text(key)
        if kind == "hash":
            found[name] = await client.hgetall(key)
        elif kind == "zset":
            found[name] = await client.zrange(key, 0, -1, withscores=True)
        elif kind == "stream":
            found[name] = await client.xlen(key)
        else:
            found[name] = await client.get(key)
    return found


async def seated(store: Store, table: TableId, *chips: tuple[str, int]) -> int:
    """A table holding each player's buy-in, its chip records written with the moves."""
    await store.tables.create(table, state(0))
    for player, _ in chips:
        await store.bank.open_account(table.home, player, NOW)
    moves = [buy_in(player, amount) for player, amount in chips]
    result = await store.tables.commit(
        table, 1, Change(state(1), moves=moves, held=dict(chips)), now=NOW
    )
    assert result.ok
    return 2


async def test_the_chip_records_are_written_with_the_moves_and_read_back(
    store: Store, table: TableId
) -> None:
    await seated(store, table, ("ann", 300), ("bob", 200))
    assert await store.tables.held(table) == {"ann": 300, "bob": 200}
    result = await store.tables.commit(
        table, 2, Change(state(2), moves=[cash_out("bob", 200)], held={"ann": 300}), now=NOW
    )
    assert result.ok
    assert await store.tables.held(table) == {"ann": 300}
    [report] = await store.bank.audit(table.home, lambda raw: 300)
    assert report.ok, report


async def test_the_house_may_go_below_zero_down_to_its_credit(
    client: Redis, table: TableId
) -> None:
    store = Store.on(client, bank=BankConfig(house_credit=500))
    await store.tables.create(table, state(0))
    ok = await store.tables.commit(table, 1, Change(state(1), moves=[buy_in(HOUSE, 400)]))
    assert ok.ok and ok.balances == {HOUSE: -400}
    short = await store.tables.commit(table, 2, Change(state(2), moves=[buy_in(HOUSE, 101)]))
    assert short.outcome is Outcome.INSUFFICIENT_BALANCE
    assert short.player == HOUSE and short.available == 100
    [report] = await store.bank.audit(table.home)
    assert report.ok and report.house == -400


@pytest.mark.parametrize(
    ("key", "value", "raised"),
    [
        ("table_chips", "lots", DamagedTable),
        ("bank", "10.5", DamagedAccount),
        ("bank", "x", DamagedAccount),
    ],
)
async def test_a_commit_meeting_a_damaged_value_writes_nothing(
    store: Store, client: Redis, table: TableId, key: str, value: str, raised: type[Exception]
) -> None:
    version = await seated(store, table, ("ann", 300))
    if key == "table_chips":
        await client.hset(table_keys(table).table_chips, table.channel, value)
    else:
        await client.hset(bank_keys(table.home).bank, "ann", value)
    before = await everything(client, table)
    with pytest.raises(raised):
        await store.tables.commit(
            table,
            version,
            Change(state(9), events=[b"e"], moves=[cash_out("ann", 300)], held={}),
            now=NOW,
        )
    assert await everything(client, table) == before


async def test_a_wrongly_typed_ledger_stops_a_commit_before_it_writes(
    store: Store, client: Redis, table: TableId
) -> None:
    version = await seated(store, table, ("ann", 300))
    ledger = bank_keys(table.home).ledger
    await client.delete(ledger)
    await client.set(ledger, "not a stream")
    before = await everything(client, table)
    with pytest.raises(DamagedTable):
        await store.tables.commit(
            table, version, Change(state(9), moves=[cash_out("ann", 300)], held={}), now=NOW
        )
    assert await everything(client, table) == before


async def test_quarantine_marks_the_table_moves_its_version_and_takes_its_deadline(
    store: Store, table: TableId
) -> None:
    await store.tables.create(table, state(0), deadline=NOW)
    assert await store.repairs.quarantine(table, "IndexError at step.py:1")
    assert not await store.repairs.quarantine(table, "again")  # told once
    with pytest.raises(DamagedTable, match="quarantined"):
        await store.tables.load(table)
    assert await store.timers.deadline(table) is None
    assert (await store.tables.commit(table, 1, Change(state(1)))).outcome is Outcome.CONFLICT


async def test_a_reset_pays_each_chip_record_and_deletes_the_table(
    store: Store, client: Redis, table: TableId
) -> None:
    await seated(store, table, ("ann", 300), ("bob", 200))
    await client.hset(table_keys(table).table, "s", b"damaged")
    seen = await store.repairs.inspect(table)
    result = await store.repairs.reset(table, seen.version, NOW)
    assert result.ok and result.paid == {"ann": 300, "bob": 200}
    assert await store.bank.balance(table.home, "ann") == 1_000
    assert await store.tables.load(table) is None and await store.tables.held(table) == {}
    assert await store.tables.chips(table) is None
    [report] = await store.bank.audit(table.home)
    assert report.ok and report.tables == 0
    assert await store.tables.create(table, state(0))  # the channel is free again


async def test_chips_no_record_places_go_to_the_house_and_the_audit_holds(
    store: Store, client: Redis, table: TableId
) -> None:
    """A table from before chip records, whose state cannot be read: nobody can be named."""
    await seated(store, table, ("ann", 300), ("bob", 200))
    await client.delete(table_keys(table).held)
    seen = await store.repairs.inspect(table)
    result = await store.repairs.reset(table, seen.version, NOW, fallback={"ann": 300})
    assert result.paid == {"ann": 300, HOUSE: 200}
    [report] = await store.bank.audit(table.home)
    assert report.ok and report.house == 200


async def test_a_reset_never_pays_out_more_than_the_bank_counts_on_the_table(
    store: Store, client: Redis, table: TableId
) -> None:
    await seated(store, table, ("ann", 300))
    await client.hset(table_keys(table).held, "ann", 10**9)
    seen = await store.repairs.inspect(table)
    result = await store.repairs.reset(table, seen.version, NOW)
    assert result.paid == {"ann": 300}
    [report] = await store.bank.audit(table.home)
    assert report.ok


async def test_a_reset_of_a_table_changed_since_it_was_inspected_does_nothing(
    store: Store, client: Redis, table: TableId
) -> None:
    await seated(store, table, ("ann", 300))
    seen = await store.repairs.inspect(table)
    await client.hincrby(table_keys(table).table, "v", 1)  # a newer worker committed meanwhile
    before = await everything(client, table)
    assert not (await store.repairs.reset(table, seen.version, NOW)).ok
    assert await everything(client, table) == before


async def test_a_reset_paying_into_a_damaged_balance_writes_nothing(
    store: Store, client: Redis, table: TableId
) -> None:
    await seated(store, table, ("ann", 300), ("bob", 200))
    await client.hset(bank_keys(table.home).bank, "bob", "broken")
    seen = await store.repairs.inspect(table)
    before = await everything(client, table)
    with pytest.raises(DamagedAccount):
        await store.repairs.reset(table, seen.version, NOW)
    assert await everything(client, table) == before


async def test_creating_a_table_over_chip_records_left_behind_is_refused(
    store: Store, client: Redis, table: TableId
) -> None:
    await client.hset(table_keys(table).held, "ann", 300)
    with pytest.raises(DamagedTable):
        await store.tables.create(table, state(0))
    assert await store.tables.load(table) is None


async def test_the_audit_catches_chip_records_that_disagree_with_the_bank(
    store: Store, client: Redis, table: TableId
) -> None:
    await seated(store, table, ("ann", 300))
    await client.hset(table_keys(table).held, "ann", 301)
    [report] = await store.bank.audit(table.home, lambda raw: 300)
    assert not report.ok
    [mismatch] = report.mismatches
    assert (mismatch.recorded, mismatch.in_state, mismatch.held) == (300, 300, 301)


async def test_a_damaged_entry_in_a_tables_event_stream_is_left_out(
    store: Store, client: Redis, table: TableId
) -> None:
    await store.tables.create(table, state(0), events=[b"first"])
    await client.xadd(table_keys(table).events, {"v": "x", "e": "bad"})
    await client.xadd(table_keys(table).events, {"e": "no version"})
    await store.tables.save(table, 1, state(1), events=[b"second"])
    assert [e.payload for e in await store.tables.events(table)] == [b"first", b"second"]
