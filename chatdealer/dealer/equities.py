"""Pre-flop all-in equity off the event loop: sampled in another process, the step run again.

On the turn, and on the flop heads-up, the chances are exact and take about a millisecond, so
the step works them out itself. Before the flop they are sampled (40-150 ms of CPU), and a
multiway flop takes a few milliseconds, which on the event loop would stall every table of the
worker. So a step run by the service does not work those out: it stops
with `EquityNeeded`, the service has a process pool answer the question while the loop serves
other tables, and runs the same step again on the same state with the answer in its context.
A step run anywhere else (replays, tests) is handed no answers and samples in place. Omaha's
questions (four or five cards, high or split high-low) travel the same way: before the turn
they cost more than a hold'em flop, as each hand is valued over six or ten pairs of its cards.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import random
from typing import Literal, NamedTuple

from chatdealer.cards import Card
from chatdealer.equity import EquityResult, all_in_equity
from chatdealer.equity_omaha import omaha_equity
from chatdealer.evaluator import Ranking

OmahaGame = Literal["", "high", "hi_lo"]

PROCESSES = 1
"""One process: an all-in before the flop is rare, and it must not take the dealer's core."""


class EquityQuestion(NamedTuple):
    """The hands still in, the board so far and the game: all the chances depend on."""

    holes: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    ranking: Ranking
    omaha: OmahaGame = ""
    """"" for hold'em and short deck; "high" or "hi_lo" for Omaha of four or five cards."""


class EquityNeeded(Exception):
    """Raised by a step that must show chances it may not work out on the event loop."""

    def __init__(self, question: EquityQuestion) -> None:
        super().__init__("all-in equity is worked out off the event loop")
        self.question = question


def answer(question: EquityQuestion, seed: int) -> EquityResult:
    """The chances, sampled with a generator seeded by `seed` (run in the pool's process)."""
    return worked_out(question, random.Random(seed))


def worked_out(question: EquityQuestion, rng: random.Random) -> EquityResult:
    """The chances of the question's game: hold'em's or Omaha's (high, or split high-low)."""
    if question.omaha:
        return omaha_equity(
            question.holes, question.board, hi_lo=question.omaha == "hi_lo", rng=rng
        )
    return all_in_equity(question.holes, question.board, ranking=question.ranking, rng=rng)


class EquityPool:
    """A process, started when first needed, that answers equity questions."""

    def __init__(self, processes: int = PROCESSES) -> None:
        self.processes = processes
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    async def answer(self, question: EquityQuestion, seed: int) -> EquityResult:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._processes(), answer, question, seed)
        except (concurrent.futures.process.BrokenProcessPool, RuntimeError, OSError):
            # The process died, or could not start (a program without a main guard cannot
            # spawn one): started again next time; this once, a thread answers.
            self._drop_pool()
            return await asyncio.to_thread(answer, question, seed)

    def _processes(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            # Spawned, not forked: the worker has threads and an event loop a fork would copy.
            context = multiprocessing.get_context("spawn")
            self._pool = concurrent.futures.ProcessPoolExecutor(self.processes, mp_context=context)
        return self._pool

    def _drop_pool(self) -> None:
        """Forgets a pool that failed; what it still runs finishes or fails on its own."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False)

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
