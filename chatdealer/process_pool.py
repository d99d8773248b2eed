"""CPU work off the event loop, in spawned processes the worker keeps alive: one module for the
all-in chances (`dealer/equities.py`), whose processes also make decks ahead (`dealer/decks.py`),
and the card pictures (`render/images/pictures.py`).

Work held under the GIL, even in a thread, stalls every table of the worker, so it runs in other
processes. They are spawned, not forked (the worker has threads and an event loop a fork would
copy), started when first needed or by `start()` ahead of a burst, each warmed by `warm` (the
look-up tables, the fonts) so the first job does not pay for imports. They run at a lower
priority (`NICENESS`), so on a machine of few cores the event loop is served first and the
pool takes what is left. A process that dies breaks the pool: it is started again and the job
tried once more there; only a program that cannot spawn at all (no main guard) falls back to a
thread.

    pool = ProcessPool(warm=load_tables)
    result = await pool.run(work, argument)
    pool.close()
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import logging
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import ParamSpec, TypeVar

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

NICENESS = 5
"""How much lower than the worker the pool's processes are scheduled (Unix `nice`)."""


def default_processes() -> int:
    """Every core but the event loop's, and never fewer than two, so one long job never holds
    up the next."""
    return max(2, (os.cpu_count() or 1) - 1)


def _initialise(warm: Callable[[], object] | None) -> None:
    """Run once in each new process: a lower priority, then whatever warms it."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICENESS)
    if warm is not None:
        warm()


@contextlib.contextmanager
def _children_ignore_interrupts() -> Iterator[None]:
    """A process spawned meanwhile ignores Ctrl-C, as it inherits the ignoring: the terminal
    sends SIGINT to the whole process group, and each process printed a KeyboardInterrupt
    traceback over the table. The worker that owns the pool stops it (`close`)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may change a signal's handling
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


class ProcessPool:
    """Spawned processes that run module-level functions for the event loop."""

    def __init__(
        self, processes: int | None = None, *, warm: Callable[[], object] | None = None
    ) -> None:
        self.processes = processes if processes is not None else default_processes()
        if self.processes < 1:
            raise ValueError("a process pool needs at least one process")
        self.warm = warm
        self.restarts = 0
        """Times the pool was started again after one of its processes died."""
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._warming: list[concurrent.futures.Future[int]] = []

    def start(self) -> None:
        """Spawns every process now (they warm up meanwhile), rather than at the first job."""
        pool = self._processes()
        with _children_ignore_interrupts():
            self._warming = [pool.submit(os.getpid) for _ in range(self.processes)]

    @property
    def ready(self) -> bool:
        """Whether a process has been started and warmed, so a job sent now runs at once
        rather than waiting for a spawn; a pool never started is started here."""
        if not self._warming:
            self.start()
        return any(job.done() for job in self._warming)

    async def run(self, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """`function(*args, **kwargs)` in one of the processes; it and its arguments must
        pickle."""
        loop = asyncio.get_running_loop()
        job = functools.partial(function, *args, **kwargs)
        for attempt in range(2):
            try:
                with _children_ignore_interrupts():  # a job sent may spawn a process
                    future = loop.run_in_executor(self._processes(), job)
                return await future
            except BrokenProcessPool:
                self._drop_pool()
                if attempt == 0:
                    self.restarts += 1
                    log.warning("a pool process died; starting the pool again")
            except (RuntimeError, OSError) as problem:  # cannot spawn here (no main guard)
                self._drop_pool()
                name = type(problem).__name__
                log.warning("no process could be started (%s); a thread runs the job", name)
                break
        return await loop.run_in_executor(None, job)

    def _processes(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_initialise,
                initargs=(self.warm,),
            )
        return self._pool

    def _drop_pool(self) -> None:
        """Forgets a pool that failed; what it still runs finishes or fails on its own."""
        pool, self._pool = self._pool, None
        self._warming = []
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stops the processes, if any were started; the pool starts again if used after."""
        pool, self._pool = self._pool, None
        self._warming = []
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
