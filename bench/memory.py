"""A worker's memory with N busy 6-max tables, and how many of its actions its cache serves.

    .venv/bin/python bench/memory.py [--tables 10000] [--actions 5000]

Starts the embedded Redis, has one `Dealer` open `--tables` six-handed tables with a hand
dealt at each, then act (check or call) `--actions` times at random tables. Side by side: the
cache as it was (2,000 tables by count) and as it is (sized by memory), each for the same
tables: the share of actions that had to load their table from Redis, the cache's entries and
estimated bytes, and the process's resident memory (RSS) with all the tables open.

Target (issue 19): 10,000 active tables within 300 MB RSS, few actions loading their state.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from redis.asyncio import Redis

from chatdealer.dealer import Act, Command, Create, Dealer, Join, Start, TableView, User
from chatdealer.dealer.collection import tune_for_serving
from chatdealer.dealer.entry import CHAT_EVENTS_MAXLEN
from chatdealer.dealer.outgoing import Outgoing, TableShown
from chatdealer.store import EmbeddedRedis, Store, TableId
from chatdealer.table import TableSettings

SETTINGS = TableSettings(small_blind=1, big_blind=2, seat_count=6, action_seconds=600)
OLD_COUNT = 2_000


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def last_view(out: list[Outgoing]) -> TableView | None:
    views = [o.payload.view for o in out if isinstance(o.payload, TableShown)]
    return views[-1] if views else None


async def open_tables(dealer: Dealer, count: int) -> dict[TableId, TableView]:
    views: dict[TableId, TableView] = {}
    for n in range(count):
        table = TableId("bench", f"guild{n % 100}", f"channel{n}")
        users = [User(id=f"u{n}-{seat}", name=f"P{seat}") for seat in range(6)]
        await dealer.handle(Command(table=table, user=users[0], args=Create(settings=SETTINGS)))
        for user in users:
            await dealer.handle(Command(table=table, user=user, args=Join(buy_in=80)))
        out = await dealer.handle(Command(table=table, user=users[0], args=Start()))
        view = last_view(out)
        assert view is not None and view.turn is not None, [o.payload for o in out]
        views[table] = view
        if n and n % 2_000 == 0:
            print(f"  {n} tables open, RSS {rss_mb():.0f} MB", flush=True)
    return views


async def act(dealer: Dealer, views: dict[TableId, TableView], actions: int) -> float:
    """The share of `actions` that loaded their table from Redis."""
    loads = 0
    load = dealer.store.tables.load

    async def counted(table_id: TableId) -> object:
        nonlocal loads
        loads += 1
        return await load(table_id)

    dealer.store.tables.load = counted  # type: ignore[method-assign,assignment]
    rng = random.Random(5)
    tables = list(views)
    done = 0
    try:
        while done < actions:
            table = rng.choice(tables)
            turn = views[table].turn
            if turn is None:
                continue
            choice = Act(action="check" if turn.can_check else "call", token=turn.token)
            user = User(id=turn.player_id, name=turn.name)
            out = await dealer.handle(Command(table=table, user=user, args=choice))
            views[table] = last_view(out) or views[table]
            done += 1
    finally:
        dealer.store.tables.load = load  # type: ignore[method-assign]
    return loads / actions


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--actions", type=int, default=5_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(Path(data))
        server.start()
        client = Redis(unix_socket_path=server.socket_path)
        try:
            store = Store.on(client, events_maxlen=CHAT_EVENTS_MAXLEN)
            tune_for_serving()
            before = rss_mb()
            dealer = Dealer(store, next_hand_delay=3600.0)
            print(f"opening {args.tables} 6-max tables (RSS {before:.0f} MB) ...", flush=True)
            views = await open_tables(dealer, args.tables)
            states = dealer._states
            rows = []
            for name, tables in (
                ("now: by memory", None),
                (f"before: {OLD_COUNT:,} by count", OLD_COUNT),
            ):
                states.tables = tables
                if tables is not None:
                    while len(states) > tables:
                        states.pop(next(iter(states)))
                share = await act(dealer, views, args.actions)
                rows.append((name, share, len(states), states.size / 2**20, rss_mb()))
            print(f"\n{args.tables} busy 6-max tables, {args.actions} actions at random tables")
            print(f"  {'cache':<24}{'loaded':>8}{'entries':>9}{'cache MB':>10}{'RSS MB':>8}")
            for name, share, entries, size, rss in rows:
                print(f"  {name:<24}{share:>7.0%}{entries:>9,}{size:>10.0f}{rss:>8.0f}")
            print("  target: RSS <= 300 MB with every table open")
        finally:
            await client.aclose()
            server.stop()


if __name__ == "__main__":
    asyncio.run(main())
