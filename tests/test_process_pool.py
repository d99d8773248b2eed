"""Issue 19: the one pool that takes the all-in chances and the card pictures off the event loop.

Real spawned processes: the work runs outside the worker, in more than one process, at a
lower priority than the worker, and a process killed mid-game is replaced without the table
noticing more than a late answer.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time

import pytest

from chatdealer.cards import parse_cards
from chatdealer.dealer.equities import EquityPool, EquityQuestion, answer
from chatdealer.evaluator import HOLDEM
from chatdealer.process_pool import NICENESS, ProcessPool, default_processes

ACES_KINGS = EquityQuestion((tuple(parse_cards("As Ad")), tuple(parse_cards("Kc Kd"))), (), HOLDEM)


def pid_and_niceness() -> tuple[int, int]:
    return os.getpid(), os.nice(0)


async def test_jobs_run_in_several_processes_below_the_worker() -> None:
    pool = ProcessPool(2)
    pool.start()
    try:
        seen = set(await asyncio.gather(*(pool.run(pid_and_niceness) for _ in range(40))))
    finally:
        pool.close()
    assert os.getpid() not in {pid for pid, _ in seen}
    assert {niceness for _, niceness in seen} == {os.nice(0) + NICENESS}
    assert default_processes() >= 2


async def test_a_killed_process_is_replaced_and_the_chances_still_come() -> None:
    pool = EquityPool(1)
    try:
        before = await pool.pool.run(os.getpid)
        os.kill(before, signal.SIGKILL)
        chances = await pool.answer(ACES_KINGS, 7)
        after = await pool.pool.run(os.getpid)
    finally:
        pool.close()
    assert chances == answer(ACES_KINGS, 7)
    assert after not in (before, os.getpid())
    assert pool.pool.restarts == 1


class Unlucky(Exception):
    pass


def fails(message: str) -> None:
    raise Unlucky(message)


def sleeps(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def cannot_warm() -> None:
    raise SystemExit(3)


async def test_what_a_job_raises_is_raised_where_it_was_asked() -> None:
    pool = ProcessPool(1)
    try:
        with pytest.raises(Unlucky, match="no luck"):
            await pool.run(fails, "no luck")
        assert await pool.run(os.getpid) != os.getpid()  # the process lives on
    finally:
        pool.close()
    assert pool.restarts == 0


async def test_a_long_job_does_not_hold_up_a_short_one() -> None:
    pool = ProcessPool(2)
    pool.start()
    try:
        while len(set(await asyncio.gather(*(pool.run(os.getpid) for _ in range(4))))) < 2:
            await asyncio.sleep(0.1)  # until both processes are up and answer
        long = asyncio.ensure_future(pool.run(sleeps, 5.0))
        await asyncio.sleep(0.1)
        assert await pool.run(sleeps, 0.0) == 0.0
        assert not long.done()  # answered by the other process meanwhile
        assert await long == 5.0
    finally:
        pool.close()


async def test_a_large_answer_comes_whole() -> None:
    pool = ProcessPool(1)
    try:
        big = os.urandom(3 * 1024 * 1024)
        assert await pool.run(bytes, big) == big
    finally:
        pool.close()


def test_the_pool_serves_a_second_event_loop() -> None:
    """A worker's shared pool outlives an event loop (the adapters' pictures, a restart)."""
    pool = ProcessPool(1)
    try:
        first = asyncio.run(pool.run(os.getpid))
        second = asyncio.run(pool.run(os.getpid))
    finally:
        pool.close()
    assert first == second != os.getpid()


async def test_processes_that_cannot_warm_up_leave_the_jobs_to_threads(
    caplog: pytest.LogCaptureFixture,
) -> None:
    pool = ProcessPool(1, warm=cannot_warm)
    try:
        with caplog.at_level(logging.WARNING, logger="chatdealer.process_pool"):
            answered = await pool.run(os.getpid)
    finally:
        pool.close()
    assert answered == os.getpid()  # a thread of this process
    assert any("no process could be started" in r.getMessage() for r in caplog.records)
