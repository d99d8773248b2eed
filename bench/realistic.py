"""`bench/service.py --realistic`: a worker as chat players load it, beside the COMMIT floor.

    .venv/bin/python bench/service.py --realistic [--tables 10000] [--clients 50]
        [--seconds 10]

Starts the embedded Redis and opens `--tables` six-handed tables, a hand dealt at each. Then,
with the timer path on (`run_timers` at Discord's 0.5 s clock dealing each next hand after the
real pause, one second here), players act at random tables with random legal moves (fold,
check or call, a raise of up to three times the least, all in), so hands end in folds, all-ins
with run-outs and showdowns, and a player who busts buys back in. Everything the dealer says,
to the players and from the timer, goes to a fake platform sink that renders it as a chat
adapter does: the text of every event and the board picture of every table message
(`Pictures`, cached by content).

- warm-up, unmeasured: closed-loop phases of `--seconds` until the rate is steady (at first
  no hand has ended, so none is dealt: an action then costs half what it does later);
- closed loop: `--clients` players press the moment they are answered: the worker's maximum
  (a busted player's buy-in is a press too, made by the next player free);
- a pause, unmeasured, until the deals the saturated worker put off are done (`settle`);
- open loop at half that rate, in `OPEN_ROUNDS` windows of `--seconds`: latency from when each
  press was due, p50 and p99 of each window, and the median of their p99s (on a shared machine
  one window's p99 swings by several milliseconds with its neighbours' load);
- the floor, measured on the same server in the same run: the real COMMIT script with the
  realistic arguments the closed loop made (recorded there), pipelined at full speed by as many
  callers, each on its own tables with the right versions.

Printed: throughput as a ratio to the floor, p50/p99, and CPU microseconds per action split
between this process (Python) and the Redis server. Targets (issue 19): at least 0.5x the floor,
p99 at most 10 ms at half the worker's maximum rate, open loop.
"""

from __future__ import annotations

import asyncio
import gc
import random
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from memory import open_tables
from redis.asyncio import Redis

from chatdealer.dealer import Act, Command, Dealer, TableView, TopUp, User, service
from chatdealer.dealer.collection import FULL_COLLECTION_EVERY, tune_for_serving
from chatdealer.dealer.entry import CHAT_EVENTS_MAXLEN
from chatdealer.dealer.equities import EquityQuestion
from chatdealer.dealer.outgoing import HandStarted, Outgoing, Refused, TableShown
from chatdealer.dealer.step import Step
from chatdealer.dealer.views import SeatState
from chatdealer.equity import EquityResult
from chatdealer.render import language, payload_text
from chatdealer.render.images.pictures import Pictures
from chatdealer.store import EmbeddedRedis, Store, TableId
from chatdealer.store.tables import Change, CommitResult

NEXT_HAND_DELAY = 1.0
BUY_IN = 80
"""What each player sits down with (`memory.open_tables`) and buys back in for."""
TIMER_INTERVAL = 0.5
RECORDED = 20_000
OPEN_ROUNDS = 3
ENGLISH = language("en")
T = TypeVar("T")


@dataclass
class Sink:
    """The platform: every event rendered as text, every table message with its board image.
    A player left with no chips when a hand ends is noted, to buy back in (`play`)."""

    pictures: Pictures
    views: dict[TableId, TableView]
    messages: int = 0
    images: int = 0
    text_bytes: int = 0
    deals: int = 0
    busted: asyncio.Queue[tuple[TableId, User]] = field(default_factory=asyncio.Queue)
    bought_in: int = 0
    waiting: set[tuple[TableId, str]] = field(default_factory=set)
    """Busted players already queued to buy back in: each table message names them again."""

    async def deliver(self, out: list[Outgoing]) -> None:
        now = time.time()
        for outgoing in out:
            payload = outgoing.payload
            text = payload_text(payload, ENGLISH, now)
            self.messages += 1
            self.text_bytes += len(text or "")
            if isinstance(payload, HandStarted):
                self.deals += 1
            elif isinstance(payload, TableShown):
                view = payload.view
                self.views[outgoing.table] = view
                if view.hand_running:
                    await self.pictures.board(view.board, [pot.amount for pot in view.pots])
                    self.images += 1
                else:
                    for seat in view.seats:
                        noted = (outgoing.table, seat.player_id)
                        if seat.state is SeatState.BUSTED and noted not in self.waiting:
                            self.waiting.add(noted)
                            user = User(id=seat.player_id, name=seat.name)
                            self.busted.put_nowait((outgoing.table, user))


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    seconds: float = 0.0
    python_cpu: float = 0.0
    redis_cpu: float = 0.0

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000 if ordered else 0


def random_move(view: TableView, rng: random.Random) -> Act | None:
    """A random legal move for whoever is to act: fold 15 %, raise 27 % (up to three times
    the least raise), all in 3 %, else check or call."""
    turn = view.turn
    if turn is None:
        return None
    roll = rng.random()
    if turn.can_fold and roll < 0.15:
        return Act(action="fold", token=turn.token)
    if turn.max_raise_to is not None and turn.min_raise_to is not None and roll > 0.7:
        if roll > 0.97:
            return Act(action="raise", amount=turn.max_raise_to, token=turn.token)
        # Sized as people size them, up to three times the least raise (or all in).
        most = min(turn.max_raise_to, 3 * turn.min_raise_to)
        amount = rng.randint(turn.min_raise_to, max(turn.min_raise_to, most))
        return Act(action="raise", amount=amount, token=turn.token)
    return Act(action="check" if turn.can_check else "call", token=turn.token)


WARM_UP_PHASES = 8
STEADY = 0.1
"""Warmed up: a phase's rate within this share of the phase before."""


async def warm_up(dealer: Dealer, sink: Sink, client: Redis, clients: int, seconds: float) -> None:
    """Play, unmeasured, until the rate is steady. Every table is dealt its first hand at the
    start, so at first no hand ends and none is dealt: the hands' ends, the deals and the
    buy-ins of busted players come later and cost most of an action (about 480 us an action
    in the first seconds, 870 once steady, at 2,000 tables)."""
    before = 0.0
    for phase in range(WARM_UP_PHASES):
        rate = (await play(dealer, sink, client, clients, seconds)).rate
        print(f"  warming up, phase {phase + 1}: {rate:,.0f} presses/s", flush=True)
        if before and abs(rate - before) <= STEADY * before:
            return
        before = rate


SETTLED_CPU = 0.1
"""Settled: the worker busy for less than this share of half a second, nobody pressing."""


async def settle(most: float = 10.0) -> float:
    """Waits, nobody pressing, for the deals a saturated worker put off to be done, so that
    the open loop is not measured paying for the closed loop's backlog. Returns the seconds."""
    began = time.perf_counter()
    while time.perf_counter() - began < most:
        cpu = time.process_time()
        await asyncio.sleep(0.5)
        if time.process_time() - cpu < SETTLED_CPU * 0.5:
            break
    return time.perf_counter() - began


async def redis_cpu(client: Redis) -> float:
    info = await client.info("cpu")
    return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])


async def play(
    dealer: Dealer,
    sink: Sink,
    client: Redis,
    clients: int,
    seconds: float,
    *,
    rate: float | None = None,
) -> Run:
    """Players pressing at random tables, closed loop or open loop at `rate` presses a second."""
    run = Run()
    tables = list(sink.views)
    stop_at = time.perf_counter() + seconds
    gap = clients / rate if rate else 0.0

    async def player(number: int) -> None:
        rng = random.Random(number)
        due = time.perf_counter() + rng.random() * gap
        while time.perf_counter() < stop_at:
            if gap:  # latency counts from when the press was due, however late it was sent
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                started = due
                due += gap
            else:
                started = time.perf_counter()
            if not sink.busted.empty():  # a player who lost their chips buys back in
                table, user = sink.busted.get_nowait()
                top_up = TopUp(amount=BUY_IN)
                out = await dealer.handle(Command(table=table, user=user, args=top_up))
                sink.waiting.discard((table, user.id))  # once topped up: not queued twice
                run.latencies.append(time.perf_counter() - started)
                if any(isinstance(o.payload, Refused) for o in out):
                    run.refused += 1
                else:
                    sink.bought_in += 1
                await sink.deliver(out)
                continue
            for _ in range(100):  # a table with a hand on (the others wait for the timer)
                table = rng.choice(tables)
                view = sink.views[table]
                move = random_move(view, rng)
                if move is not None:
                    break
            if move is None:
                await asyncio.sleep(0.001)
                continue
            assert view.turn is not None
            user = User(id=view.turn.player_id, name=view.turn.name)
            out = await dealer.handle(Command(table=table, user=user, args=move))
            run.latencies.append(time.perf_counter() - started)
            if any(isinstance(o.payload, Refused) for o in out):
                run.refused += 1
            await sink.deliver(out)

    began, cpu, server = time.perf_counter(), time.process_time(), await redis_cpu(client)
    await asyncio.gather(*(player(n) for n in range(clients)))
    run.seconds = time.perf_counter() - began
    run.python_cpu = time.process_time() - cpu
    run.redis_cpu = await redis_cpu(client) - server
    return run


async def floor(
    store: Store, client: Redis, recorded: list[tuple[TableId, Change]], clients: int
) -> Run:
    """The recorded commits again, pipelined by `clients` callers each on its own tables."""
    by_table: dict[TableId, list[Change]] = {}
    for table, change in recorded:
        by_table.setdefault(table, []).append(change)
    versions: dict[TableId, int] = {}
    for table in by_table:
        loaded = await store.tables.load(table)
        assert loaded is not None
        versions[table] = loaded[0]
    shares = [list(by_table)[n::clients] for n in range(clients)]
    run = Run()

    async def caller(mine: list[TableId]) -> None:
        for table in mine:
            for change in by_table[table]:
                started = time.perf_counter()
                result = await store.tables.commit(table, versions[table], change)
                run.latencies.append(time.perf_counter() - started)
                if result.ok and result.version is not None:
                    versions[table] = result.version
                else:
                    run.refused += 1

    began, cpu, server = time.perf_counter(), time.process_time(), await redis_cpu(client)
    await asyncio.gather(*(caller(mine) for mine in shares if mine))
    run.seconds = time.perf_counter() - began
    run.python_cpu = time.process_time() - cpu
    run.redis_cpu = await redis_cpu(client) - server
    return run


def watch_equities(dealer: Dealer) -> list[float]:
    """How long each all-in's chances were waited for, from the question to the answer: the
    all-in itself is answered at once, and the rest of its hand follows this much later."""
    waits: list[float] = []
    answer = dealer.equities.answer

    async def timed(question: EquityQuestion, seed: int) -> EquityResult:
        started = time.perf_counter()
        try:
            return await answer(question, seed)
        finally:
            waits.append(time.perf_counter() - started)

    dealer.equities.answer = timed  # type: ignore[method-assign]
    return waits


@dataclass
class Collections:
    """The garbage collector's pauses while watched, by generation: each stops the whole worker,
    so a pause of 15 ms holds up every press due in it (the open loop's p99)."""

    pauses: dict[int, list[float]] = field(default_factory=dict)
    collected: int = 0
    started: float = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        else:
            self.collected += info["collected"]
            self.pauses.setdefault(info["generation"], []).append(
                time.perf_counter() - self.started
            )

    def summary(self) -> str:
        parts = []
        for generation, pauses in sorted(self.pauses.items()):
            ordered = sorted(pauses)
            parts.append(
                f"gen{generation} {len(ordered)}x p50 {1000 * ordered[len(ordered) // 2]:.1f}"
                f" max {1000 * ordered[-1]:.1f} ms"
            )
        tracked, frozen = len(gc.get_objects()), gc.get_freeze_count()
        return (
            f"{'; '.join(parts) or 'none'}; {self.collected:,} objects in cycles freed"
            f" ({tracked:,} objects tracked, {frozen:,} frozen)"
        )


@dataclass
class PureStep:
    """CPU time spent in the pure step while switched on: the rules of the verb or the timer
    (`apply`, `fire`), the record and what the commit writes (`Step.change`), the table message
    (`Step.show_table`). Everything else an action costs is I/O and the sink."""

    seconds: float = 0.0
    on: bool = False

    def timed(self, work: Callable[..., T]) -> Callable[..., T]:
        def timed_work(*args: object, **kwargs: object) -> T:
            if not self.on:
                return work(*args, **kwargs)
            began = time.thread_time()
            try:
                return work(*args, **kwargs)
            finally:
                self.seconds += time.thread_time() - began

        return timed_work


def time_pure_step() -> PureStep:
    pure = PureStep()
    for module, name in ((service, "apply"), (service, "fire")):
        setattr(module, name, pure.timed(getattr(module, name)))
    for name in ("change", "show_table"):
        setattr(Step, name, pure.timed(getattr(Step, name)))
    return pure


def line(name: str, run: Run) -> str:
    count = max(1, len(run.latencies))
    return (
        f"  {name:<30}{run.rate:>9,.0f}{run.percentile(50):>8.2f}{run.percentile(99):>8.2f}"
        f"{run.python_cpu / count * 1e6:>9.0f}{run.redis_cpu / count * 1e6:>8.0f}"
        f"{run.refused:>8}"
    )


async def realistic(tables: int, clients: int, seconds: float) -> None:
    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(Path(data))
        server.start()
        client = Redis(unix_socket_path=server.socket_path, max_connections=clients + 200)
        pictures = Pictures()
        try:
            store = Store.on(client, events_maxlen=CHAT_EVENTS_MAXLEN)
            dealer = Dealer(store, next_hand_delay=NEXT_HAND_DELAY)
            dealer.work_off_loop()  # as a chat worker: warmed while the tables open
            pictures.pool.start()
            print(f"opening {tables} 6-max tables ...", flush=True)
            views = await open_tables(dealer, tables)
            tune_for_serving(dealer.supervisor)
            sink = Sink(pictures, views)
            recorded: list[tuple[TableId, Change]] = []
            commit = store.tables.commit

            async def recording(
                table: TableId,
                version: int,
                change: Change,
                *,
                now: float | None = None,
                meanwhile: Callable[[], object] | None = None,
            ) -> CommitResult:
                result = await commit(table, version, change, now=now, meanwhile=meanwhile)
                if result.ok and len(recorded) < RECORDED:  # a lost race is not the floor's
                    recorded.append((table, change))
                return result

            waits = watch_equities(dealer)
            pure = time_pure_step()
            stop = asyncio.Event()
            timers = asyncio.create_task(
                dealer.run_timers(stop, interval=TIMER_INTERVAL, deliver=sink.deliver)
            )
            try:
                await warm_up(dealer, sink, client, clients, seconds)
                print("closed loop ...", flush=True)
                store.tables.commit = recording  # type: ignore[method-assign,assignment]
                pure.on = True
                closed = await play(dealer, sink, client, clients, seconds)
                pure.on = False
                store.tables.commit = commit  # type: ignore[method-assign]
                settled = await settle()
                print(f"  settled in {settled:.1f} s", flush=True)
                print(f"open loop at {closed.rate / 2:,.0f} presses/s ...", flush=True)
                closed_waits = waits[:]
                waits.clear()
                collections = Collections()
                gc.callbacks.append(collections)
                openings = [
                    await play(dealer, sink, client, clients, seconds, rate=closed.rate / 2)
                    for _ in range(OPEN_ROUNDS)
                ]
                gc.callbacks.remove(collections)
                began = time.perf_counter()
                freed = gc.collect()
                full = time.perf_counter() - began
            finally:
                stop.set()
                await timers
            print(f"floor: {len(recorded)} recorded commits again ...", flush=True)
            base = await floor(store, client, recorded, clients)
            print(f"\n{tables} 6-max tables, random legal play, timer path on, rendered to a sink")
            print(
                f"  {'':<30}{'per s':>9}{'p50 ms':>8}{'p99 ms':>8}{'py us':>9}{'redis us':>8}"
                f"{'refused':>8}"
            )
            print(line("COMMIT floor (pipelined)", base))
            print(line(f"dealer, closed loop ({clients})", closed))
            for number, opened in enumerate(openings, 1):
                print(line(f"dealer, open loop at half ({number})", opened))
            print(f"  throughput ratio to the floor: {closed.rate / base.rate:.2f}x (target 0.5x)")
            p99s = sorted(opened.percentile(99) for opened in openings)
            print(
                f"  open-loop p99 {' / '.join(f'{p99:.1f}' for p99 in p99s)} ms,"
                f" median {p99s[len(p99s) // 2]:.1f} ms (target 10 ms)"
            )
            print(f"  garbage collections in the open loop: {collections.summary()}")
            print(
                f"  a full collection after it (a worker runs one every"
                f" {FULL_COLLECTION_EVERY:.0f} s): {1000 * full:.0f} ms, {freed:,} objects freed"
            )
            pure_us = pure.seconds / max(1, len(closed.latencies)) * 1e6
            budget_us = 1e6 / (0.5 * base.rate)
            print(
                f"  the pure step alone (rules, record, table message) in the closed loop:"
                f" {pure_us:.0f} us an action; 0.5x the floor leaves {budget_us:.0f} us of"
                f" Python an action for everything"
            )
            print(
                f"  sink: {sink.messages:,} events rendered, {sink.images:,} board images asked,"
                f" {pictures.drawn:,} drawn ({pictures.drawn_in_processes:,} in the pool)"
            )
            bought_in = sink.bought_in
            print(
                f"  hands dealt meanwhile: {sink.deals:,}; buy-ins of busted players: {bought_in:,}"
            )
            print(f"  all-in chances worked out in {dealer.equities.processes} processes:")
            for name, phase in (("closed loop", closed_waits), ("open loop", waits)):
                ordered = sorted(phase) or [0.0]
                print(
                    f"    {name}: {len(phase):,} asked, the run-out told after the commit"
                    f" p50 {1000 * ordered[len(ordered) // 2]:.0f} ms,"
                    f" max {1000 * ordered[-1]:.0f} ms"
                )
        finally:
            pictures.close()
            dealer.equities.close()
            await client.aclose()
            server.stop()
