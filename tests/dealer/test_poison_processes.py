"""Issue 15, end to end: poison in every shared index and in one table's record, put there while
two worker processes run the clock, costs nothing but itself.

Five tables each seat a person and two bots; the bots' turns and the pauses between hands are
deadlines that only the worker processes fire (the test acts for the person). Once play is
under way, poison goes into the timer index, its epochs, a deadlines set and the registry of
communities, and one table's record is broken with its deadline due. Throughout, every other
table's deadline fires within 2 s of when its record says it is due; the broken table is
quarantined and its channel told once; a third worker starting with the poison in place
starts; the broken table is reset from chat by a channel manager, its chips back in their
owners' banks; the poison entries are gone, and the audit holds in every community.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from redis.asyncio import Redis

from chatdealer.dealer import (
    Act,
    AddBot,
    Command,
    Create,
    Dealer,
    Join,
    Reset,
    ShowTable,
    Start,
    TopUp,
    User,
    chips_of,
    open_dealer,
)
from chatdealer.dealer.outgoing import Notice, Refused
from chatdealer.dealer.record import TableRecord, decode_record
from chatdealer.dealer.seated_bots import is_bot
from chatdealer.dealer.views import current_token
from chatdealer.store import Community, EmbeddedRedis, Store, TableId
from chatdealer.store.keys import deadlines_key, index_keys, table_keys
from chatdealer.table import TableSettings

from .poison import actor_out_of_range, edit_state

ROOT = Path(__file__).resolve().parents[2]
GUILD_A = Community("discord", "guild-a")
GUILD_B = Community("discord", "guild-b")
HEALTHY = [
    GUILD_A.table("one"),
    GUILD_A.table("two"),
    GUILD_B.table("three"),
    GUILD_B.table("four"),
]
BROKEN = GUILD_A.table("broken")
PERSON = {
    table: User(id=f"u-{name.lower()}", name=name)
    for table, name in zip([*HEALTHY, BROKEN], ["Ann", "Bob", "Cid", "Dee", "Eve"], strict=True)
}
"""The one person at each table (bank accounts are per community: one each keeps it simple)."""
MANAGER = User(id="u-mod", name="Mod", manager=True)
SETTINGS = TableSettings(small_blind=5, big_blind=10, seat_count=4, action_seconds=600)
BOT_DELAY = 0.2
NEXT_HAND_DELAY = 0.5
RUN = 14.0
"""Seconds the two workers run the clock."""
POISON_AT = 3.0
THIRD_WORKER_AT = 6.0
LATE = 2.0


@pytest.fixture
def server(tmp_path: Path) -> Iterator[EmbeddedRedis]:
    redis = EmbeddedRedis(tmp_path / "redis")
    redis.start()
    yield redis
    redis.stop()


def start_worker(url: str, seconds: float) -> subprocess.Popen[str]:
    command = [
        sys.executable,
        "-m",
        "tests.dealer.timer_worker",
        url,
        str(seconds),
        str(BOT_DELAY),
        str(NEXT_HAND_DELAY),
    ]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)


async def handle(dealer: Dealer, table: TableId, user: User, args: object) -> list[object]:
    out = await dealer.handle(Command(table=table, user=user, args=args))  # type: ignore[arg-type]
    return [o.payload for o in out]


async def open_table(dealer: Dealer, table: TableId) -> None:
    person = PERSON[table]
    for user, args in (
        (person, Create(settings=SETTINGS)),
        (person, Join(buy_in=400)),
        (person, AddBot(style="tight")),
        (person, AddBot(style="loose")),
        (person, Start()),
    ):
        refused = [p for p in await handle(dealer, table, user, args) if isinstance(p, Refused)]
        assert not refused, (table, args, refused)


async def record_of(store: Store, table: TableId) -> TableRecord | None:
    loaded = await store.tables.load(table)
    return decode_record(loaded[1]) if loaded is not None else None


async def play_for_the_person(dealer: Dealer, table: TableId, record: TableRecord) -> None:
    """The person acts at once on their turn; between hands they top up and bots are added,
    so the table plays on through the whole run."""
    person = PERSON[table]
    cash = record.cash
    assert cash is not None
    token = current_token(cash)
    hand = cash.hand
    if token is not None and hand is not None:
        if cash.player_at_position(hand.actor).player_id == person.id:
            legal = hand.legal_actions()
            act = (
                Act(action="check", token=token)
                if legal.can_check
                else Act(action="call", token=token)
            )
            await handle(dealer, table, person, act)
        return
    seat = cash.seat_of(person.id)
    if seat is not None and cash.stack_of(seat) < 100:
        await handle(dealer, table, person, TopUp(amount=400 - cash.stack_of(seat)))
    if sum(is_bot(player.player_id) for _, player in cash.players()) < 2:
        await handle(dealer, table, person, AddBot())
    if record.wake is None:
        await handle(dealer, table, person, Start())


async def poison(client: Redis, store: Store) -> None:
    """Poison in every shared index, and the broken table's record broken with its deadline
    due now."""
    await client.zadd(index_keys(GUILD_A).due, {"no-colon": 0.0, "bad:tag with space": 0.0})
    await client.hset(index_keys(GUILD_A).epochs, "no-colon", "not-a-number")
    await client.zadd(deadlines_key(GUILD_A), {"a channel with spaces": 0.0, "ghost": 0.0})
    await client.zadd(index_keys(GUILD_A).due, {GUILD_A.tag: 0.0})
    await client.sadd(index_keys(GUILD_A).communities, "no colon here", "discord:bad tag")
    await edit_state(client, BROKEN, actor_out_of_range)
    await client.zadd(deadlines_key(GUILD_A), {BROKEN.channel: time.time()})
    await client.zadd(index_keys(GUILD_A).due, {GUILD_A.tag: 0.0})


async def bank_total(store: Store, community: Community) -> int:
    [report] = await store.bank.audit(community, chips_of)
    assert report.ok, report
    return report.balances


async def test_poison_in_every_index_and_one_record_costs_nothing_else(
    server: EmbeddedRedis,
) -> None:
    url = server.url
    workers = [start_worker(url, RUN), start_worker(url, RUN)]
    for worker in workers:  # the clock is theirs from here on
        assert worker.stdout is not None
        assert json.loads(await asyncio.to_thread(worker.stdout.readline)) == {"ready": True}
    async with open_dealer(url, bot_delay=BOT_DELAY, next_hand_delay=NEXT_HAND_DELAY) as dealer:
        store = dealer.store
        client = store.client
        for table in [*HEALTHY, BROKEN]:
            await open_table(dealer, table)
        eve = PERSON[BROKEN]
        eve_before = await store.bank.balance(GUILD_A, eve.id)
        versions = {table: (await store.tables.load(table) or (0, b""))[0] for table in HEALTHY}
        began = time.monotonic()
        poisoned = third = None
        late: list[tuple[str, float]] = []
        most_overdue = 0.0
        reset_done = False
        while time.monotonic() - began < RUN - 1.0:
            now = time.time()
            for table in HEALTHY:
                record = await record_of(store, table)
                assert record is not None
                wake = record.wake
                if wake is not None and wake.player != PERSON[table].id:
                    most_overdue = max(most_overdue, now - wake.at)
                if wake is not None and now - wake.at > LATE and wake.player != PERSON[table].id:
                    late.append((f"{table} {wake.purpose.value}", now - wake.at))
                await play_for_the_person(dealer, table, record)
            elapsed = time.monotonic() - began
            if poisoned is None and elapsed > POISON_AT:
                await poison(client, store)
                poisoned = elapsed
            if third is None and elapsed > THIRD_WORKER_AT:
                third = start_worker(url, 2.0)  # starts with the registry poisoned
            quarantined = poisoned is not None and not reset_done
            if quarantined and await client.hget(table_keys(BROKEN).table, "q") is not None:
                # Reported to the channel, and reset from chat by a channel manager.
                shown = await handle(dealer, BROKEN, eve, ShowTable())
                assert [p.code for p in shown if isinstance(p, Refused)] == ["damaged_table"]
                told = await handle(dealer, BROKEN, MANAGER, Reset())
                assert [p.code for p in told if isinstance(p, Notice)] == ["table_reset"]
                reset_done = True
            await asyncio.sleep(0.05)
        outputs = [worker.communicate(timeout=60)[0] for worker in workers]
        assert third is not None
        outputs.append(third.communicate(timeout=60)[0])
        assert all(worker.returncode == 0 for worker in [*workers, third]), outputs

        # No other table's clock stopped: each deadline fired within 2 s, and they all played.
        played = {
            str(t): (await store.tables.load(t) or (0, b""))[0] - versions[t] for t in HEALTHY
        }
        print(f"\nmost overdue deadline seen: {most_overdue:.2f} s; steps per table: {played}")
        assert late == [], late
        for table in HEALTHY:
            loaded = await store.tables.load(table)
            assert loaded is not None and loaded[0] - versions[table] > 20, (table, loaded)
        # The broken table was quarantined by one worker, its channel told once, then reset.
        lines = [json.loads(line) for output in outputs for line in output.splitlines()]
        assert [line["damaged"] for line in lines if "damaged" in line] == [str(BROKEN)]
        assert sum("delivered" in line for line in lines) == 3
        assert sum("ready" in line for line in lines) == 1  # the third's; the others' were read
        assert reset_done
        assert await store.tables.load(BROKEN) is None
        # The poison is gone from every index.
        assert await client.zscore(index_keys(GUILD_A).due, "no-colon") is None
        assert await client.zscore(index_keys(GUILD_A).due, "bad:tag with space") is None
        assert await client.zscore(deadlines_key(GUILD_A), "a channel with spaces") is None
        assert await client.zscore(deadlines_key(GUILD_A), "ghost") is None
        assert not await client.sismember(index_keys(GUILD_A).communities, "no colon here")
        assert not await client.sismember(index_keys(GUILD_A).communities, "discord:bad tag")
        # Every chip is where the bank says, in both communities, with the reset paid out.
        for community in (GUILD_A, GUILD_B):
            await bank_total(store, community)
        assert eve_before == 600
        assert await store.bank.balance(GUILD_A, eve.id) == 1_000  # her buy-in, back
