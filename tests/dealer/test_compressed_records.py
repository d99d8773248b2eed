"""Issue 19: a table's record is stored compressed with a preset dictionary, so an action writes
fewer bytes to Redis and its append-only file; a record stored plain or compressed without the
dictionary, before, still plays, and bytes that only look compressed are a damaged table, never
a crash."""

from __future__ import annotations

import zlib

import pytest
from redis.asyncio import Redis

from chatdealer.dealer import Start
from chatdealer.dealer.compressed import CompressedError, pack, unpack
from chatdealer.store.keys import table_keys

from .harness import ANN, Harness, refusals
from .poison import raw_state, write_state
from .test_damaged_tables import a_hand_in_play


async def test_a_busy_tables_record_is_stored_in_well_under_its_json(
    game: Harness, client: Redis
) -> None:
    await a_hand_in_play(game)
    stored = await client.hget(table_keys(game.table).table, "s")
    assert isinstance(stored, bytes)
    assert len(stored) < 0.4 * len(unpack(stored))
    assert len(stored) < 0.75 * len(zlib.compress(unpack(stored), 1))  # the dictionary's part


async def test_a_record_compressed_without_the_dictionary_plays_on(
    game: Harness, client: Redis
) -> None:
    await a_hand_in_play(game)
    await write_state(client, game.table, zlib.compress(await raw_state(client, game.table), 1))
    turn = game.view().turn
    assert turn is not None
    assert not refusals(await game.act(game.users[turn.player_id], "fold"))


def test_a_record_stored_with_the_first_dictionary_reads_for_ever() -> None:
    """Stored by an earlier worker: were the dictionary edited, tables like it would be lost."""
    stored = bytes.fromhex("783f914d3d9843a98ea18dbcc4bc3ca55a0069ac0802")
    assert unpack(stored) == b'{"schema":1,"host":"ann"}'


def test_a_record_naming_a_dictionary_the_dealer_lacks_is_refused() -> None:
    deflate = zlib.compressobj(1, zdict=b'{"schema":1,"host":"another dictionary"}')
    stored = deflate.compress(b'{"schema":1,"host":"ann"}') + deflate.flush()
    with pytest.raises(CompressedError, match="dictionary"):
        unpack(stored)
    assert unpack(pack(b'{"schema":1,"host":"ann"}')) == b'{"schema":1,"host":"ann"}'


async def test_a_record_stored_plain_plays_on(game: Harness, client: Redis) -> None:
    await a_hand_in_play(game)
    await write_state(client, game.table, await raw_state(client, game.table))
    turn = game.view().turn
    assert turn is not None
    assert not refusals(await game.act(game.users[turn.player_id], "fold"))


@pytest.mark.parametrize(
    "stored",
    [zlib.compress(b'{"schema": 1, "host": "a"}')[:-3], zlib.compress(b"{}") + b"more"],
)
def test_bytes_that_do_not_inflate_whole_are_refused(stored: bytes) -> None:
    with pytest.raises(CompressedError):
        unpack(stored)


async def test_a_cut_compressed_record_is_a_damaged_table(game: Harness, client: Redis) -> None:
    await a_hand_in_play(game)
    stored = await client.hget(table_keys(game.table).table, "s")
    assert isinstance(stored, bytes)
    await write_state(client, game.table, stored[: len(stored) // 2])
    [refusal] = refusals(await game.do(ANN, Start()))
    assert refusal.code == "damaged_table"
