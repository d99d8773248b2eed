"""Bytes a 6-max hand and an action cost Redis: histories, the event stream, the append-only file.

    .venv/bin/python bench/history_size.py [--tables 40] [--hands 10]

Plays the same seeded workload three times, each on a fresh embedded Redis (append-only on, its
rewrites held off so the file only grows): `--tables` six-handed tables, random legal play
(folds, raises, all-ins, showdowns) until each has finished `--hands` hands, the next hand dealt
through the timer path. Once as before (every hand stored as its public copy and one copy per
player; the event stream capped approximately at 200 entries; the record as plain JSON) and
twice as now (one canonical record a hand, the copies made on read; the record compressed,
`dealer/compressed.py`): as the terminal keeps it, its stream trimmed exactly to the 64 entries
it reads, and as a chat worker keeps it, with no stream (nothing reads one).

Printed side by side: Redis bytes per stored hand (`MEMORY USAGE` of each table's history keys
over its hands), bytes per table of the event stream, and append-only file bytes per action
(`aof_current_size` growth over the commits). Targets (issue 19): <= 1.5 KB a 6-max hand,
<= 8 KB of stream per active table, <= 1.5 KB of append-only file per action.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from memory import last_view, open_tables
from realistic import random_move
from redis.asyncio import Redis

from chatdealer.dealer import Command, Dealer, TableView, User
from chatdealer.dealer import step as step_module
from chatdealer.dealer.compressed import unpack
from chatdealer.dealer.entry import CHAT_EVENTS_MAXLEN, EVENTS_MAXLEN
from chatdealer.dealer.histories import hand_record
from chatdealer.dealer.outgoing import HandOver
from chatdealer.store import EmbeddedRedis, Store, TableId
from chatdealer.store import scripts as scripts_module
from chatdealer.store.keys import table_keys

WRITER = "stored_hand"
"""What the step stores a finished hand with."""
ENCODER = "encode_record"
"""What the step turns the record into stored bytes with."""
OLD_EVENTS_MAXLEN = 200
OLD_TRIM = "redis.call('XTRIM', key, 'MAXLEN', '~', maxlen)"


@dataclass
class Sizes:
    hands: int
    actions: int
    hand_bytes: float
    stream_bytes: float
    aof_per_action: float


@contextlib.contextmanager
def as_before() -> Iterator[None]:
    """Every hand stored as its copies, the stream capped approximately at 200 entries, the
    record as plain JSON, as they were: the commit script's text, the step's writer and its
    record encoder swapped back for one run."""
    stored_hand = vars(step_module)[WRITER]
    encode = vars(step_module)[ENCODER]
    old_scripts = {name: getattr(scripts_module, name) for name in ("COMMIT", "CREATE")}

    def copies(table_id, number, hand, players, proofs, secret):  # type: ignore[no-untyped-def]
        return hand_record(table_id, number, hand, players, proofs)

    setattr(step_module, WRITER, copies)
    setattr(step_module, ENCODER, lambda record: unpack(encode(record)))
    for name, text in old_scripts.items():
        setattr(scripts_module, name, text.replace(scripts_module.EVENTS_TRIM, OLD_TRIM))
    try:
        yield
    finally:
        setattr(step_module, WRITER, stored_hand)
        setattr(step_module, ENCODER, encode)
        for name, text in old_scripts.items():
            setattr(scripts_module, name, text)


async def run(tables: int, hands: int, events_maxlen: int) -> Sizes:
    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(Path(data))
        server.start()
        client = Redis(unix_socket_path=server.socket_path)
        try:
            await client.config_set("auto-aof-rewrite-percentage", 0)
            store = Store.on(client, events_maxlen=events_maxlen)
            clock = [1_700_000_000.0]
            dealer = Dealer(store, next_hand_delay=1.0, clock=lambda: clock[0])
            views = await open_tables(dealer, tables)
            aof_start = int((await client.info("persistence"))["aof_current_size"])
            rng = random.Random(19)
            finished = dict.fromkeys(views, 0)
            actions = 0
            idle = 0
            while any(count < hands for count in finished.values()):
                live = [t for t, n in finished.items() if n < hands and views[t].turn]
                if not live:
                    idle += 1
                    if idle > 3:  # what is left are tables down to one player with chips
                        break
                    clock[0] += 5.0
                    _seen(await dealer.fire_due(clock[0]), views)
                    continue
                idle = 0
                table = rng.choice(live)
                view = views[table]
                move = random_move(view, rng)
                assert move is not None and view.turn is not None
                user = User(id=view.turn.player_id, name=view.turn.name)
                out = await dealer.handle(Command(table=table, user=user, args=move))
                actions += 1
                _seen(out, views)
                if any(isinstance(o.payload, HandOver) for o in out):
                    finished[table] += 1
                    views[table] = _between_hands(views[table])
            aof_end = int((await client.info("persistence"))["aof_current_size"])
            stored = hand_bytes = stream_bytes = 0
            for table in views:
                keys = table_keys(table)
                stored += int(await client.zcard(keys.history))
                for key in (keys.history, keys.hands):
                    hand_bytes += int(await client.memory_usage(key, samples=0) or 0)
                stream_bytes += int(await client.memory_usage(keys.events, samples=0) or 0)
            return Sizes(
                stored,
                actions,
                hand_bytes / max(stored, 1),
                stream_bytes / tables,
                (aof_end - aof_start) / max(actions, 1),
            )
        finally:
            dealer.equities.close()
            await client.aclose()
            server.stop()


def _seen(out: list, views: dict[TableId, TableView]) -> None:  # type: ignore[type-arg]
    for outgoing in out:
        view = last_view([outgoing])
        if view is not None:
            views[outgoing.table] = view


def _between_hands(view: TableView) -> TableView:
    """No turn until the timer deals the next hand."""
    import msgspec

    return msgspec.structs.replace(view, turn=None)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--hands", type=int, default=10)
    args = parser.parse_args()
    print(
        f"{args.tables} 6-max tables, up to {args.hands} hands each, random legal play", flush=True
    )
    with as_before():
        before = await run(args.tables, args.hands, OLD_EVENTS_MAXLEN)
    terminal = await run(args.tables, args.hands, EVENTS_MAXLEN)
    chat = await run(args.tables, args.hands, CHAT_EVENTS_MAXLEN)
    print(f"  {'':<30}{'before':>9}{'terminal':>9}{'chat':>9}{'ratio':>8}{'target':>8}")
    rows = (
        ("Redis bytes per 6-max hand", "hand_bytes", 1536),
        ("event stream bytes per table", "stream_bytes", 8192),
        ("append-only bytes per action", "aof_per_action", 1536),
    )
    for name, field, target in rows:
        old, local, worker = (getattr(sizes, field) for sizes in (before, terminal, chat))
        print(
            f"  {name:<30}{old:>9,.0f}{local:>9,.0f}{worker:>9,.0f}{worker / old:>7.2f}x"
            f"{target:>8,}"
        )
    print(
        "  (terminal: the local table's stream of 64 entries; chat: a chat worker's, none;"
        " ratio: chat to before)"
    )
    print(
        f"  (hands stored {before.hands:,} / {terminal.hands:,} / {chat.hands:,}, actions"
        f" {before.actions:,} / {terminal.actions:,} / {chat.actions:,})"
    )


if __name__ == "__main__":
    asyncio.run(main())
