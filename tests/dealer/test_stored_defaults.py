"""A table's state leaves out the fields that hold their defaults, and reads back the same.

Every action writes its table's whole state to Redis (and to its append-only file), so the
seat flags, settings and hand fields that hold their defaults are left out. That makes the
defaults part of the stored format: a stored table reads an omitted field as today's default.
The second test pins them, so changing one fails here rather than quietly changing every
stored table; such a change needs a new schema version and a migration.
"""

from __future__ import annotations

import msgspec
import pytest

from chatdealer.dealer.record import TableRecord
from chatdealer.engine.betting import RoundState
from chatdealer.engine.config import HandConfig
from chatdealer.table.ledger import LedgerRow
from chatdealer.table.seats import Player
from chatdealer.table.settings import TableSettings
from chatdealer.table.table import Table

SCHEMA_1_DEFAULTS: dict[type[msgspec.Struct], dict[str, object]] = {
    Player: {
        "status": "playing",
        "new": True,
        "owes_big_blind": False,
        "owes_small_blind": False,
        "waits_for_big_blind": False,
        "leaving": False,
        "sits_out_after_hand": False,
        "top_up_pending": 0,
        "straddles_next_hand": False,
    },
    TableSettings: {
        "variant": "holdem",
        "straight_beats_trips": False,
        "structure": "no_limit",
        "small_blind": 1,
        "big_blind": 2,
        "small_bet": 2,
        "big_bet": 4,
        "ante": 0,
        "big_blind_ante": False,
        "straddles": False,
        "seat_count": 9,
        "min_buy_in_big_blinds": 40,
        "max_buy_in_big_blinds": 100,
        "action_seconds": 30,
        "time_bank_seconds": 60,
        "language": "en",
        "open_deck": False,  # added after schema 1: a stored table without it never opened it
        "rabbit_hunt": False,  # added after schema 1: a stored table without it hunted none
        "bomb_pot_every": 0,  # added after schema 1: a stored table without it deals no bomb pot
        "bomb_pot_ante": 0,
        "seven_deuce": 0,  # added after schema 1: a stored table without it plays no 7-2 game
        "run_twice": "off",  # added after schema 1: a stored table without it runs boards once
    },
    HandConfig: {
        "variant": "holdem",
        "straight_beats_trips": False,
        "structure": "no_limit",
        "antes": [],
        "ante_trimming": True,
        "blinds_or_straddles": [],
        "live_posts": [],
        "dead": [],
        "min_bet": 0,
        "small_bet": 0,
        "big_bet": 0,
        "names": [],
        "bomb_pot": False,  # added after schema 1: a stored hand without it had blinds
        "seven_deuce": 0,  # added after schema 1: a stored hand without it paid no 7-2 bounty
    },
    RoundState: {
        "level": 0,
        "raise_size": 0,
        "full_level": 0,
        "raises": 0,
        "aggressor": -1,
        "acted": [],
        "acted_level": [],
    },
    LedgerRow: {"bought_in": 0, "cashed_out": 0},
}


def _defaults(struct: type[msgspec.Struct]) -> dict[str, object]:
    fields = msgspec.structs.fields(struct)
    values = {
        field.name: field.default_factory() if field.default is msgspec.NODEFAULT else field.default
        for field in fields
        if field.default is not msgspec.NODEFAULT or field.default_factory is not msgspec.NODEFAULT
    }
    return msgspec.json.decode(msgspec.json.encode(values))  # type: ignore[no-any-return]


@pytest.mark.parametrize("struct", list(SCHEMA_1_DEFAULTS), ids=lambda s: s.__name__)
def test_the_defaults_left_out_of_stored_state_are_those_of_schema_1(
    struct: type[msgspec.Struct],
) -> None:
    assert struct.__struct_config__.omit_defaults
    assert _defaults(struct) == SCHEMA_1_DEFAULTS[struct], (
        f"a default of {struct.__name__} changed: stored tables omit their defaults, so this "
        "changes every stored table; give the state a new schema version and a migration"
    )


def test_a_table_state_leaves_out_defaults_and_reads_back_the_same() -> None:
    table = Table.open(TableSettings(seat_count=6, action_seconds=600), now=1.0)
    table.seats[2] = Player(player_id="a", name="Ann", stack=200, new=False)
    table.seats[4] = Player(player_id="b", name="Bob", stack=150, leaving=True)
    table.ledger.row("a", "Ann").bought_in = 200
    record = TableRecord(host="a", created_at=1.0, cash=table)

    stored = record.to_json()

    assert b'"settings":{"seat_count":6,"action_seconds":600}' in stored
    assert b'{"player_id":"a","name":"Ann","stack":200,"new":false}' in stored
    assert b'{"player_id":"b","name":"Bob","stack":150,"leaving":true}' in stored
    assert b'"schema":1' in stored  # the version is never left out
    again = TableRecord.from_json(stored)
    assert again == record
    assert again.to_json() == stored
