"""Issue 15: nothing the dealer keeps grows without bound.

A deleted (or reset) table's hand histories expire after the store's `history_ttl` (30 days by
default) unless a table is opened in that channel again; a table's state keeps the night's
ledger for the players at the table and the last few who left (the others' results folded into
one total), and a night ends when the table empties (a new one starting when someone sits down
there again), so the state stays under 4 KB however many people come and go.
"""

from __future__ import annotations

import random

from redis.asyncio import Redis

from chatdealer.dealer import Create, Join, Leave, Ledger, Reset, Start, User
from chatdealer.dealer.outgoing import NightShown
from chatdealer.dealer.record import decode_record
from chatdealer.store import Store
from chatdealer.store.keys import table_keys
from chatdealer.store.tables import DEFAULT_HISTORY_TTL
from chatdealer.table import Table, TableSettings
from chatdealer.table.ledger import KEPT_DEPARTED

from .harness import ANN, BOB, Harness, payloads, refusals
from .poison import write_state

SETTINGS = TableSettings(small_blind=5, big_blind=10, seat_count=6)
MANAGER = User(id="u-mod", name="Mod", manager=True)
MONTH = 30 * 24 * 60 * 60


async def a_played_hand(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=400))
    await game.do(BOB, Join(buy_in=400))
    await game.do(ANN, Start())
    await game.play_hand()


async def ttls(client: Redis, game: Harness) -> list[int]:
    keys = table_keys(game.table)
    return [await client.ttl(keys.history), await client.ttl(keys.hands)]


async def test_a_deleted_tables_histories_expire_and_a_new_table_keeps_them(
    game: Harness, client: Redis
) -> None:
    await a_played_hand(game)
    assert await ttls(client, game) == [-1, -1]  # a live table's history never expires
    await game.do(ANN, Leave())
    await game.do(BOB, Leave())
    loaded = await game.stored()
    assert (await game.store.tables.delete(game.table, loaded[0])).value == "ok"
    assert DEFAULT_HISTORY_TTL == MONTH
    assert all(MONTH - 60 < ttl <= MONTH for ttl in await ttls(client, game))
    assert not refusals(await game.do(ANN, Create(settings=SETTINGS)))
    assert await ttls(client, game) == [-1, -1]


async def test_a_reset_tables_histories_expire(game: Harness, client: Redis) -> None:
    await a_played_hand(game)
    await write_state(client, game.table, b"damaged")
    assert not refusals(await game.do(MANAGER, Reset()))
    assert all(MONTH - 60 < ttl <= MONTH for ttl in await ttls(client, game))


async def test_the_history_ttl_is_configurable(client: Redis, game: Harness) -> None:
    game.store = Store.on(client, history_ttl=3_600)
    game.dealer = game.new_dealer()
    await a_played_hand(game)
    await game.do(ANN, Leave())
    await game.do(BOB, Leave())
    await game.store.tables.delete(game.table)
    assert all(3_500 < ttl <= 3_600 for ttl in await ttls(client, game))


async def test_a_table_state_stays_small_however_many_visitors_come_and_go(
    game: Harness,
) -> None:
    """Three hundred people through the dealer, each sitting down, playing and leaving."""
    await game.do(ANN, Create(settings=TableSettings(small_blind=5, big_blind=10, seat_count=2)))
    await game.do(ANN, Join(buy_in=400))
    largest = 0
    for number in range(300):
        visitor = User(id=f"u-visitor-{number}", name=f"Visitor number {number}")
        game.users[visitor.id] = visitor
        assert not refusals(await game.do(visitor, Join(buy_in=400)))
        if number % 10 == 0:
            await game.do(ANN, Start())
            await game.play_hand()
        assert not refusals(await game.do(visitor, Leave()))
        largest = max(largest, len((await game.stored())[1]))
    assert largest <= 4_096, largest
    [night] = payloads(await game.do(ANN, Ledger()), NightShown)
    assert len(night.lines) <= 1 + KEPT_DEPARTED
    assert night.lines[0].player_id == ANN.id or ANN.id in {line.player_id for line in night.lines}
    record = decode_record((await game.stored())[1])
    assert record.cash is not None
    assert record.cash.ledger.balance == record.cash.chips_on_table()
    await game.assert_chips_conserved()


def test_three_thousand_visitors_leave_a_table_state_under_4_kb() -> None:
    table = Table.open(TableSettings(small_blind=5, big_blind=10, seat_count=9), now=0.0)
    rng = random.Random(7)
    for seat in range(4):
        table.sit(f"regular-{seat}", f"Regular {seat}", 400, seat)
    largest = 0
    for number in range(3_000):
        player = f"visitor-{number:05d}-with-a-long-platform-id"
        table.sit(player, f"A visitor with a long name {number}", rng.randint(400, 1_000))
        won = rng.randint(-300, 300)  # from a regular, as a pot would be
        visitor, regular = table.player(player), table.player(f"regular-{number % 4}")
        won = max(-visitor.stack, min(won, regular.stack))
        visitor.stack += won
        regular.stack -= won
        table.leave(player)
        largest = max(largest, len(table.to_json()))
        # Chips in minus chips out is what sits at the table, folded rows included.
        assert table.ledger.balance == table.chips_on_table()
    assert largest <= 4_096, largest
    assert len(table.ledger.rows) == 4 + KEPT_DEPARTED


def test_a_night_ends_when_the_table_empties_and_is_read_until_the_next_begins() -> None:
    table = Table.open(TableSettings(small_blind=5, big_blind=10), now=0.0)
    table.sit("a", "Ann", 400)
    table.sit("b", "Bob", 400)
    table.leave("a")
    assert [row.player_id for row in table.ledger.rows] == ["b", "a"]
    table.leave("b")
    assert {line.player_id for line in table.night()} == {"a", "b"}  # the night just ended
    assert table.ledger.balance == 0
    table.sit("c", "Cid", 400)
    assert [line.player_id for line in table.night()] == ["c"]
