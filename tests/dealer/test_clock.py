"""The clock: each turn has a deadline; the absent are checked or folded, then sat out.

Time is the harness's clock, moved by hand; deadlines live in Redis, so a dealer started
afterwards (a worker restarted) finds and fires them, and two dealers never act twice.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from redis.asyncio import Redis

from chatdealer.dealer import Create, Join, Outgoing, Start, User
from chatdealer.dealer.outgoing import Acted, HandOver, HandStarted, Notice
from chatdealer.dealer.record import WakeFor, decode_record
from chatdealer.store import Store
from chatdealer.table import TableSettings

from .harness import ANN, BOB, CID, Harness, payloads

CLOCK = TableSettings(small_blind=1, big_blind=2, seat_count=6, action_seconds=30)
NO_BANK = TableSettings(
    small_blind=1, big_blind=2, seat_count=6, action_seconds=30, time_bank_seconds=0
)


async def deal(game: Harness, settings: TableSettings, *players: User) -> None:
    await game.do(ANN, Create(settings=settings))
    for user in players:
        await game.do(user, Join(buy_in=200))
    await game.do(players[0], Start())


def notices(out: list[Outgoing], code: str) -> list[Notice]:
    return [n for n in payloads(out, Notice) if n.code == code]


async def test_a_player_facing_a_bet_who_does_not_act_is_folded(game: Harness) -> None:
    await deal(game, NO_BANK, ANN, BOB)
    absent = game.to_act()
    turn = game.view().turn
    assert turn is not None and turn.deadline == game.clock.now + 30
    assert await game.fire(29.9) == []
    out = await game.fire(0.1)
    assert [n.params["name"] for n in notices(out, "timed_out")] == [absent.name]
    assert [(a.name, a.action) for a in payloads(out, Acted)] == [(absent.name, "fold")]
    assert payloads(out, HandOver)


async def test_a_player_who_may_check_is_checked_for(game: Harness) -> None:
    await deal(game, NO_BANK, ANN, BOB)
    await game.act(game.to_act(), "call")
    absent = game.to_act()
    out = await game.fire(30)
    assert [(a.name, a.action) for a in payloads(out, Acted)] == [(absent.name, "check")]
    assert len(game.view().board) == 3


async def test_the_time_bank_extends_the_clock_and_is_spent_by_the_second(
    game: Harness,
) -> None:
    banked = TableSettings(
        small_blind=1, big_blind=2, seat_count=6, action_seconds=30, time_bank_seconds=20
    )
    await deal(game, banked, ANN, BOB)
    thinker = game.to_act()
    out = await game.fire(30)
    assert [n.params for n in notices(out, "time_bank")] == [{"name": thinker.name, "seconds": 20}]
    assert not payloads(out, Acted)
    turn = game.view().turn
    assert turn is not None and turn.time_bank and turn.deadline == game.clock.now + 20
    game.clock.advance(12)
    await game.act(thinker, "call")
    record = decode_record((await game.stored())[1])
    assert record.clocks[thinker.id].time_bank == 8
    assert record.clocks[thinker.id].timeouts == 0


async def test_two_timeouts_in_a_row_sit_the_player_out(game: Harness) -> None:
    await deal(game, NO_BANK, ANN, BOB, CID)
    sleeper = CID
    timeouts = 0
    sat_out: list[Notice] = []
    while not sat_out:
        view = game.view()
        if view.turn is None:
            assert view.next_hand_at is not None
            await game.fire(view.next_hand_at - game.clock.now)
        elif view.turn.player_id == sleeper.id:
            out = await game.fire(30)
            timeouts += len(notices(out, "timed_out"))
            sat_out = notices(out, "sat_out_timeouts")
        else:
            await game.act(game.to_act(), "check" if view.turn.can_check else "call")
    assert timeouts == 2
    while game.view().hand_running:
        turn = game.view().turn
        assert turn is not None
        if turn.player_id == sleeper.id:
            assert turn.deadline == game.clock.now  # away: no more waiting for them
            assert payloads(await game.fire(0), Acted)
        else:
            await game.act(game.to_act(), "check" if turn.can_check else "call")
    seat = next(s for s in game.view().seats if s.player_id == sleeper.id)
    assert seat.state == "sitting_out"


async def test_a_deadline_fires_after_a_restart(
    game: Harness, new_client: Callable[[], Awaitable[Redis]]
) -> None:
    await deal(game, NO_BANK, ANN, BOB)
    absent = game.to_act()
    dealer = game.new_dealer(Store.on(await new_client()))
    out = await game.fire(31, dealer=dealer)
    assert [(a.name, a.action) for a in payloads(out, Acted)] == [(absent.name, "fold")]


async def test_two_dealers_firing_at_once_act_only_once(
    game: Harness, new_client: Callable[[], Awaitable[Redis]]
) -> None:
    await deal(game, NO_BANK, ANN, BOB, CID)
    other_client = await new_client()
    try:
        other = game.new_dealer(Store.on(other_client))
        version, _ = await game.stored()
        now = game.clock.advance(30)
        first, second = await asyncio.gather(game.dealer.fire_due(now), other.fire_due(now))
        assert len(payloads(first + second, Acted)) == 1
        assert (await game.stored())[0] == version + 1
        game.log += first + second
        now = game.clock.advance(30)
        first, second = await asyncio.gather(
            game.dealer.fire_table(game.table, now), other.fire_table(game.table, now)
        )
        assert len(payloads(first + second, Acted)) == 1  # both skipped the claim: still once
        assert await game.dealer.fire_table(game.table, now) == []  # a late timer: nothing
        assert (await game.stored())[0] == version + 2
    finally:
        await other_client.aclose()


async def test_a_stale_deadline_put_back_by_the_claim_is_restored(game: Harness) -> None:
    await deal(game, NO_BANK, ANN, BOB)
    record = decode_record((await game.stored())[1])
    assert record.wake is not None and record.wake.purpose is WakeFor.TURN
    # A timer claimed early finds nothing due and puts the real deadline back.
    claimed = await game.store.timers.claim_due(record.wake.at)
    assert claimed == [game.table]
    assert await game.dealer.fire_table(game.table, record.wake.at - 1) == []
    assert await game.store.timers.deadline(game.table) == record.wake.at
    assert payloads(await game.fire(30), HandStarted) == []


async def test_the_timer_loop_fires_and_delivers_until_stopped(game: Harness) -> None:
    await deal(game, NO_BANK, ANN, BOB)
    delivered: list[Outgoing] = []
    arrived = asyncio.Event()

    async def deliver(out: list[Outgoing]) -> None:
        delivered.extend(out)
        arrived.set()

    stop = asyncio.Event()
    loop = asyncio.create_task(game.dealer.run_timers(stop, interval=0.01, deliver=deliver))
    game.clock.advance(30)
    await asyncio.wait_for(arrived.wait(), 5)
    stop.set()
    await asyncio.wait_for(loop, 5)
    assert payloads(delivered, Acted)


async def test_the_deadline_of_a_table_gone_meanwhile_is_dropped(game: Harness) -> None:
    await game.do(ANN, Create(settings=NO_BANK))
    await game.store.timers.reschedule(game.table, game.clock.now)
    await game.store.client.delete(game.table.home.key(f"table:{game.table.channel}"))
    assert await game.fire(1) == []
    assert await game.store.timers.deadline(game.table) is None
