"""A deal burst through the timer path: N tables' next hands due at the same moment, one worker.

    .venv/bin/python bench/timers.py [--tables 2000] [--rounds 2] [--interval 0.5]

Starts the embedded Redis, opens `--tables` heads-up tables and ends each one's hand with a
fold, the clock held still, so every next deal is due at the same instant. Then one worker's
`run_timers` (at `--interval`, Discord's clock by default) deals them, and each deal's lateness
is taken when its step has committed: how long after it was due the hand started. Side by side
in each round, on the same tables: the timer as it was (100 claimed a turn of the clock, fired
one after another, a tick's sleep after each claim) and as it is (`TIMER_BATCH` claimed,
`TIMER_CONCURRENCY` fired at once, a full batch followed by the next claim at once, the sleep
ending when the next deadline may be due), its decks made on the loop or, as a chat worker has
them made (`Dealer.work_off_loop`), in another process, ready when the burst comes. Last, a
deck's own cost to the loop, measured apart: made there when a table commits to it, or made in
the process and taken in (its batch unpickled, its commitment adopted).

Target (issue 19): 2,000 hands due at once all start within 1 s p99 of due on one worker.
"""

from __future__ import annotations

import argparse
import asyncio
import pickle
import statistics
import sys
import tempfile
import time
from collections.abc import Collection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from redis.asyncio import Redis
from service import last_view, open_tables

from chatdealer.cards import Deck, shuffled
from chatdealer.dealer import Act, Command, Dealer, TableView, User
from chatdealer.dealer.collection import tune_for_serving
from chatdealer.dealer.decks import POOL_BATCH, DeckSupply, ReadyDeck, make_decks
from chatdealer.dealer.entry import CHAT_EVENTS_MAXLEN
from chatdealer.dealer.outgoing import HandStarted, Outgoing
from chatdealer.dealer.proofs import adopt, new_secret
from chatdealer.dealer.service import TIMER_BATCH, TIMER_CONCURRENCY, Deliver
from chatdealer.store import EmbeddedRedis, Store, TableId

DELAY = 3.0
"""The pause between hands (the dealer's NEXT_HAND_DELAY)."""
LEAD = 0.3
"""How far ahead of the burst's due time the timer loop is started."""


class Clock:
    """Held still while tables are set up, then running, shifted so the burst is just ahead."""

    def __init__(self) -> None:
        self.held: float | None = 1_000_000.0
        self.offset = 0.0

    def __call__(self) -> float:
        return self.held if self.held is not None else time.time() - self.offset

    def run_from(self, at: float) -> None:
        """Runs on, `at` being now."""
        self.offset = time.time() - at
        self.held = None


class TimedDealer(Dealer):
    """Notes when each table's timer step committed a new hand, and the views it showed."""

    late: list[float]
    due: float
    views: dict[TableId, TableView]
    one_claim_a_tick = False
    """As the timer was: after any claim, full or not, wait for the next tick."""

    async def _fire_batch(self, platforms: Collection[str] | None, deliver: Deliver | None) -> bool:
        full = await super()._fire_batch(platforms, deliver)
        return full and not self.one_claim_a_tick

    async def _until_due(self, interval: float, platforms: Collection[str] | None) -> float:
        if self.one_claim_a_tick:  # nor did it wake for the next deadline: it slept a tick
            return interval
        return await super()._until_due(interval, platforms)

    async def fire_table(self, table_id: TableId, now: float | None = None) -> list[Outgoing]:
        out = await super().fire_table(table_id, now)
        if any(isinstance(o.payload, HandStarted) for o in out):
            self.late.append(self.clock() - self.due)
        view = last_view(out)
        if view is not None:
            self.views[table_id] = view
        return out


async def fold_all(dealer: Dealer, views: dict[TableId, TableView]) -> None:
    """Ends every table's hand, so its next deal is due `DELAY` after the held clock."""
    for table, view in views.items():
        turn = view.turn
        assert turn is not None, table
        user = User(id=turn.player_id, name=turn.name)
        await dealer.handle(
            Command(table=table, user=user, args=Act(action="fold", token=turn.token))
        )


async def burst(
    store: Store,
    clock: Clock,
    views: dict[TableId, TableView],
    interval: float,
    *,
    old: bool,
    decks_off_loop: bool = True,
    batch: int = TIMER_BATCH,
    concurrency: int = TIMER_CONCURRENCY,
) -> tuple[list[float], float, dict[TableId, TableView]]:
    """One burst: every table's lateness (s) and the seconds until the last was dealt."""
    clock.held = (clock.held or clock()) + 10_000.0
    setup = Dealer(store, clock=clock, next_hand_delay=DELAY)
    await fold_all(setup, views)
    due = clock.held + DELAY
    batch, concurrency = (100, 1) if old else (batch, concurrency)
    worker = TimedDealer(
        store,
        clock=clock,
        next_hand_delay=DELAY,
        timer_batch=batch,
        timer_concurrency=concurrency,
    )
    worker.late, worker.due, worker.views = [], due, {}
    worker.one_claim_a_tick = old
    if decks_off_loop and not old:  # a worker long up: its deck process warm, its decks ready
        worker.work_off_loop()
        await worker.decks.fill()
    stop = asyncio.Event()
    clock.run_from(due - LEAD)
    loop = asyncio.create_task(worker.run_timers(stop, interval=interval))
    try:
        while len(worker.late) < len(views):
            await asyncio.sleep(0.01)
        took = clock() - due
        stop.set()
        await loop
    finally:
        worker.equities.close()
    clock.held = clock()
    return worker.late, took, worker.views


def summary(name: str, late: list[float], took: float) -> str:
    ordered = sorted(late)
    p50 = statistics.median(ordered)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"  {name:<66}{p50:>8.2f}{p99:>8.2f}{ordered[-1]:>8.2f}{took:>9.2f}"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=2_000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--interval", type=float, default=0.5)
    parser.add_argument("--batch", type=int, default=TIMER_BATCH)
    parser.add_argument("--concurrency", type=int, default=TIMER_CONCURRENCY)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(Path(data))
        server.start()
        client = Redis(unix_socket_path=server.socket_path, max_connections=args.concurrency + 8)
        try:
            store = Store.on(client, events_maxlen=CHAT_EVENTS_MAXLEN)
            clock = Clock()
            print(f"opening {args.tables} tables ...", flush=True)
            views = await open_tables(Dealer(store, clock=clock), args.tables, deal=True)
            tune_for_serving()
            rows: list[str] = []
            for number in range(args.rounds):
                print(f"round {number + 1} of {args.rounds} ...", flush=True)
                for old, off_loop in ((True, False), (False, False), (False, True)):
                    late, took, views = await burst(
                        store,
                        clock,
                        views,
                        args.interval,
                        old=old,
                        decks_off_loop=off_loop,
                        batch=args.batch,
                        concurrency=args.concurrency,
                    )
                    decks = "decks in a process" if off_loop else "decks on the loop"
                    name = (
                        "before: 100 a tick, one at a time"
                        if old
                        else f"now: {args.batch} a claim, {args.concurrency} at once, {decks}"
                    )
                    rows.append(summary(f"{name} (round {number + 1})", late, took))
            print(f"\n{args.tables} hands due at once, timer every {args.interval} s; seconds late")
            print(f"  {'timer':<66}{'p50':>8}{'p99':>8}{'max':>8}{'last in':>9}")
            print("\n".join(rows))
            print("  target: p99 <= 1 s")
            on_loop, taken_in = deck_costs()
            print(
                f"\na deck's CPU on the loop: made there {on_loop:.0f} us,"
                f" made in a process {taken_in:.0f} us ({taken_in / on_loop:.2f}x)"
            )
        finally:
            await client.aclose()
            server.stop()


def deck_costs(deals: int = 2_048, runs: int = 3) -> tuple[float, float]:
    """Microseconds of the loop's CPU a deal's deck takes, the medians of `runs`."""
    made_there, taken_in = [], []
    for _ in range(runs):
        supply = DeckSupply(shuffled)
        start = time.process_time()
        for number in range(deals):
            supply.commit_next(Deck.STANDARD, number)
        made_there.append((time.process_time() - start) / deals * 1e6)
        batches = [
            pickle.dumps(make_decks(Deck.STANDARD, POOL_BATCH)) for _ in range(deals // POOL_BATCH)
        ]
        start = time.process_time()
        ready = [
            ReadyDeck(list(cards), seed, True, commitment)
            for batch in batches
            for seed, cards, commitment in pickle.loads(batch)
        ]
        for number, deck in enumerate(ready):
            assert deck.commitment is not None
            adopt(deck.seed, Deck.STANDARD, tuple(deck.cards), deck.commitment)
            new_secret(number, deck.cards, deck.seed, Deck.STANDARD, drawn=True)
        taken_in.append((time.process_time() - start) / len(ready) * 1e6)
    return statistics.median(made_there), statistics.median(taken_in)


if __name__ == "__main__":
    asyncio.run(main())
