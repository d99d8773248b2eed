"""Damage done to what the dealer keeps in Redis, the way a bad deploy or a hand-edit would.

Each helper writes straight to Redis, behind the dealer's back, so a test can check that one
bad record costs its own table (or its own entry) and nothing else.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from redis.asyncio import Redis

from chatdealer.dealer.compressed import unpack
from chatdealer.store import TableId
from chatdealer.store.keys import table_keys

State = dict[str, Any]


async def raw_state(client: Redis, table_id: TableId) -> bytes:
    """The stored record's JSON (Redis keeps it compressed; plain JSON written back reads too)."""
    state = await client.hget(table_keys(table_id).table, "s")
    assert isinstance(state, bytes)
    return unpack(state)


async def edit_state(client: Redis, table_id: TableId, edit: Callable[[State], None]) -> None:
    """Rewrites the stored state as JSON, keeping its version: only the content is wrong."""
    state = json.loads(await raw_state(client, table_id))
    edit(state)
    await client.hset(table_keys(table_id).table, "s", json.dumps(state))


async def write_state(client: Redis, table_id: TableId, state: bytes) -> None:
    await client.hset(table_keys(table_id).table, "s", state)


def hand_of(state: State) -> State:
    table = state["cash"] if state.get("cash") else state["tournament"]["table"]
    hand: State = table["hand"]
    return hand


def table_of(state: State) -> State:
    table: State = state["cash"] if state.get("cash") else state["tournament"]["table"]
    return table


def actor_out_of_range(state: State) -> None:
    hand_of(state)["actor"] = 7


def seats_out_of_range(state: State) -> None:
    table_of(state)["hand_seats"] = [0, 99]


def acted_emptied(state: State) -> None:
    """Passes every check of the record's shape; the engine's own lists then point nowhere."""
    hand_of(state)["round"]["acted"] = []


def wake_for_a_stranger(state: State) -> None:
    """The turn's deadline names someone who is not at the table."""
    state["wake"]["player"] = "u-nobody"


def newer_schema(state: State) -> None:
    state["schema"] = 2
