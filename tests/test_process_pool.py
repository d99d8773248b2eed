"""Issue 19: the one pool that takes the all-in chances and the card pictures off the event loop.

Real spawned processes: the work runs outside the worker, in more than one process, at a
lower priority than the worker, and a process killed mid-game is replaced without the table
noticing more than a late answer.
"""

from __future__ import annotations

import asyncio
import os
import signal

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
