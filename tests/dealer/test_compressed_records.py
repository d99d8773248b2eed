"""Issue 19: a table's record is stored compressed with a preset dictionary, so an action writes
fewer bytes to Redis and its append-only file; a record stored plain or zlib compressed, before,
still plays, and bytes that only look compressed are a damaged table, never a crash."""

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
    assert len(stored) < 0.7 * len(zlib.compress(unpack(stored), 1))  # what zlib made before


async def test_a_record_zlib_compressed_as_before_plays_on(game: Harness, client: Redis) -> None:
    await a_hand_in_play(game)
    await write_state(client, game.table, zlib.compress(await raw_state(client, game.table), 1))
    turn = game.view().turn
    assert turn is not None
    assert not refusals(await game.act(game.users[turn.player_id], "fold"))


def test_a_record_stored_with_the_first_dictionary_reads_for_ever() -> None:
    """Stored by an earlier worker: were the dictionary edited, tables like it would be lost."""
    stored = bytes.fromhex("d128b52ffd20197d000028616e6e227d0200e88119487e6420")
    assert unpack(stored) == b'{"schema":1,"host":"ann"}'


@pytest.mark.parametrize(
    "stored",
    [
        pack(b'{"schema":1,"host":"ann"}')[:-4],  # cut short
        pack(b'{"schema":1,"host":"ann"}') + b"more",  # runs on
        b"\xd1",
        b"\xd1 not a frame",
    ],
)
def test_bytes_that_only_start_as_a_compressed_record_are_refused(stored: bytes) -> None:
    with pytest.raises(CompressedError):
        unpack(stored)


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
