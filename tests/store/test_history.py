from __future__ import annotations

from chatdealer.store import HandRecord, History, Store, TableId
from chatdealer.store.scripts import Scripts, text


def hand(n: int) -> HandRecord:
    return HandRecord(
        n,
        f'{{"hand":{n}}}'.encode(),
        {"alice": f'{{"alice":"AsKs","hand":{n}}}'.encode(), "bob": b'{"bob":"7c2d"}'},
    )


async def test_the_last_hands_come_newest_first(store: Store, table: TableId) -> None:
    for n in range(1, 6):
        await store.history.push(table, hand(n))
    last = await store.history.last(table, 3)
    assert [h.number for h in last] == [5, 4, 3]
    assert last[0] == hand(5)


async def test_a_hand_is_found_by_its_number(store: Store, table: TableId) -> None:
    await store.history.push(table, hand(7))
    assert await store.history.get(table, 7) == hand(7)
    assert await store.history.get(table, 8) is None


async def test_pushing_a_hand_again_replaces_it(store: Store, table: TableId) -> None:
    await store.history.push(table, hand(1))
    await store.history.push(table, HandRecord(1, b"fixed", {"carol": b"c"}))
    assert await store.history.last(table, 10) == [HandRecord(1, b"fixed", {"carol": b"c"})]


async def test_history_keeps_only_the_cap_and_forgets_private_copies(
    store: Store, table: TableId
) -> None:
    history = History(store.client, Scripts.register(store.client), cap=3)
    dropped = [await history.push(table, hand(n)) for n in range(1, 6)]
    assert dropped == [0, 0, 0, 1, 1]
    assert [h.number for h in await history.last(table, 10)] == [5, 4, 3]
    fields = await store.client.hkeys(f"cd:{{{table.home.tag}}}:hands:{table.channel}")
    hands = sorted(text(f).split(":")[0] for f in fields)
    assert hands == ["3"] * 4 + ["4"] * 4 + ["5"] * 4  # public, players list, two private


async def test_histories_of_two_tables_are_separate(store: Store, table: TableId) -> None:
    other = table.home.table("999")
    await store.history.push(table, hand(1))
    assert await store.history.last(other) == []
    await store.history.clear(table)
    assert await store.history.last(table) == []
