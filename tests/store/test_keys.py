from __future__ import annotations

import pytest
from redis.crc import key_slot

from chatdealer.store import Community, TableId
from chatdealer.store.keys import bank_keys, table_keys


def test_table_id_round_trips_through_text() -> None:
    table = TableId("telegram", "-100123", "7")
    assert str(table) == "telegram:-100123:7"
    assert TableId.parse("telegram:-100123:7") == table
    assert table.home == Community("telegram", "-100123")
    assert Community.parse("telegram:-100123") == table.home


def test_everything_of_one_community_lives_in_one_cluster_slot() -> None:
    home = Community("discord", "42")
    keys = table_keys(home.table("1"))
    other = table_keys(home.table("2"))
    bank = bank_keys(home)
    names = [
        keys.table,
        keys.events,
        keys.history,
        keys.hands,
        keys.deadlines,
        keys.table_chips,
        other.table,
        bank.bank,
        bank.ledger,
        bank.granted,
        bank.daily,
        bank.stats,
        bank.leaderboard,
    ]
    assert keys.table == "cd:{discord:42}:table:1"
    assert bank.bank == "cd:{discord:42}:bank"
    assert len({key_slot(name.encode()) for name in names}) == 1


@pytest.mark.parametrize("bad", ["", "a:b", "{x}", "a b", "x}"])
def test_ids_refuse_characters_that_would_break_the_hash_tag(bad: str) -> None:
    with pytest.raises(ValueError):
        TableId("discord", bad, "1")
    with pytest.raises(ValueError):
        TableId("discord", "1", bad)


def test_parse_refuses_wrong_shapes() -> None:
    with pytest.raises(ValueError):
        TableId.parse("discord:1")
    with pytest.raises(ValueError):
        Community.parse("discord")
