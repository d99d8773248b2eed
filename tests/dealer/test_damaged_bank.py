"""Issue 15: a damaged balance, ledger entry or history is a clear refusal, never an exception.

Each record is damaged straight in Redis; the verbs that read it answer the asker with what is
wrong, the others keep working, nothing is written half way, and the audit says what it could
not count.
"""

from __future__ import annotations

from redis.asyncio import Redis

from chatdealer.dealer import Balance, Create, Daily, Join, LastHand, Leaderboard, Ledger, Start
from chatdealer.dealer.outgoing import BalanceShown, BankLedger, History
from chatdealer.store.keys import bank_keys, table_keys
from chatdealer.table import TableSettings

from .harness import ANN, BOB, Harness, payloads, refusals

SETTINGS = TableSettings(small_blind=5, big_blind=10, seat_count=6)


async def two_hands(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=400))
    await game.do(BOB, Join(buy_in=400))
    await game.do(ANN, Start())
    await game.play_hand()
    await game.do(ANN, Start())
    await game.play_hand()


async def test_a_balance_that_is_not_a_number_is_refused_on_balance_daily_and_join(
    game: Harness, client: Redis
) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Balance())
    await client.hset(bank_keys(game.table.home).bank, ANN.id, "a lot")
    granted = await client.get(bank_keys(game.table.home).granted)
    for args in (Balance(), Daily(), Join(buy_in=400)):
        out = await game.do(ANN, args)
        assert [r.code for r in refusals(out)] == ["damaged_account"], (args, out)
    assert await client.get(bank_keys(game.table.home).granted) == granted
    assert await client.hget(bank_keys(game.table.home).bank, ANN.id) == b"a lot"
    # Everyone else plays on.
    assert not refusals(await game.do(BOB, Join(buy_in=400)))
    [report] = await game.store.bank.audit(game.table.home)
    assert not report.ok
    assert report.damaged_accounts == (ANN.id,)


async def test_a_fractional_balance_is_damaged_too(game: Harness, client: Redis) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Balance())
    await client.hset(bank_keys(game.table.home).bank, ANN.id, "10.5")
    assert [r.code for r in refusals(await game.do(ANN, Join(buy_in=400)))] == ["damaged_account"]
    assert await client.hget(table_keys(game.table).table, "v") == b"1"


async def test_a_ledger_entry_missing_a_field_is_left_out_of_the_ledger(
    game: Harness, client: Redis
) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=400))
    await client.xadd(bank_keys(game.table.home).ledger, {"kind": "buy_in", "player": ANN.id})
    await client.xadd(
        bank_keys(game.table.home).ledger,
        {
            "kind": "daily",
            "player": ANN.id,
            "amount": "x",
            "table": "",
            "time": "1",
            "balance": "1",
        },
    )
    out = await game.do(ANN, Ledger())
    assert not refusals(out)
    [ledger] = payloads(out, BankLedger)
    assert [(m.kind, m.amount) for m in ledger.moves] == [("buy_in", 400), ("grant", 1_000)]
    assert len(await game.store.bank.ledger(game.table.home)) == 2


async def test_a_damaged_history_is_refused_and_the_other_hands_still_show(
    game: Harness, client: Redis
) -> None:
    await two_hands(game)
    hands = table_keys(game.table).hands
    await client.hset(hands, "2", "not a hand history")
    [refusal] = refusals(await game.do(ANN, LastHand()))
    assert refusal.code == "damaged_history"
    assert refusal.params == {"number": 2}
    out = await game.do(ANN, LastHand(number=1))
    assert not refusals(out)
    assert payloads(out, History)


async def test_a_damaged_list_of_a_hands_players_neither_stops_reading_nor_the_next_hands(
    game: Harness, client: Redis
) -> None:
    await two_hands(game)
    hands = table_keys(game.table).hands
    await client.hset(hands, "1:players", "[not json")
    await client.hset(hands, "2:players", "{}}")
    out = await game.do(ANN, LastHand(number=1))
    assert not refusals(out)
    # One canonical record a hand: the copies are made from it, not from the list of players.
    assert [h.private for h in payloads(out, History)] == [False, True]
    # A hand pushed over a damaged one, and the cap dropping one, still commit.
    game.store.tables.history_cap = 2
    await game.do(ANN, Start())
    await game.play_hand()
    assert await client.zrange(table_keys(game.table).history, 0, -1) == [b"2", b"3"]
    await game.assert_chips_conserved()


async def test_a_damaged_hand_record_is_refused_and_the_next_hands_still_commit(
    game: Harness, client: Redis
) -> None:
    await two_hands(game)
    hands = table_keys(game.table).hands
    await client.hset(hands, "1", b"\x00cd1" + b"VPRom" * 8)  # not a record any more
    assert [r.code for r in refusals(await game.do(ANN, LastHand(number=1)))] == ["damaged_history"]
    assert not refusals(await game.do(ANN, LastHand(number=2)))
    await game.do(ANN, Start())
    await game.play_hand()
    await game.assert_chips_conserved()


async def test_a_damaged_hand_number_in_the_history_index_is_refused(
    game: Harness, client: Redis
) -> None:
    await two_hands(game)
    await client.zadd(table_keys(game.table).history, {"three": 99})
    assert [r.code for r in refusals(await game.do(ANN, LastHand()))] == ["damaged_history"]


async def test_damaged_stats_do_not_stop_a_hand_ending(game: Harness, client: Redis) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=400))
    await game.do(BOB, Join(buy_in=400))
    stats = bank_keys(game.table.home).stats
    await client.hset(stats, f"{ANN.id}:hands", "many")
    await client.hset(stats, f"{ANN.id}:biggest", "huge")
    await game.do(ANN, Start())
    played = await game.play_hand()
    assert not refusals(played)
    [shown] = payloads(await game.do(ANN, Balance()), BalanceShown)
    assert shown.hands_played == 1
    await game.assert_chips_conserved()
    assert not refusals(await game.do(ANN, Leaderboard()))


async def test_a_damaged_count_of_granted_chips_writes_nothing_half_way(
    game: Harness, client: Redis
) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await client.set(bank_keys(game.table.home).granted, "plenty")
    out = await game.do(BOB, Balance())
    assert [r.code for r in refusals(out)] == ["damaged_account"]
    assert await client.hget(bank_keys(game.table.home).bank, BOB.id) is None
