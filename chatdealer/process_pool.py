"""CPU work off the event loop, in spawned processes the worker keeps alive: one module for the
all-in chances (`dealer/equities.py`), whose processes also make decks ahead (`dealer/decks.py`),
and the card pictures (`render/images/pictures.py`).

Work held under the GIL, even in a thread, stalls every table of the worker, so it runs in other
processes. They are spawned, not forked (the worker has threads and an event loop a fork would
copy), started when first needed or by `start()` ahead of a burst, each warmed by `warm` (the
look-up tables, the fonts) so the first job does not pay for imports. They run at a lower
priority (`NICENESS`), so on a machine of few cores the event loop is served first and the
pool takes what is left. Each process takes one job at a time, the rest wait in the worker, so
a long job never holds up the next one another process could run; jobs go through the loop
itself (`process_link.py`), not `concurrent.futures`' threads. A process that dies is replaced
and its job tried once more; only a program that cannot spawn at all falls back to a thread.

    pool = ProcessPool(warm=load_tables)
    result = await pool.run(work, argument)
    pool.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import os
import pickle
import signal
import socket
import threading
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, ParamSpec, TypeVar

from chatdealer.process_link import HELLO, NICENESS, Link, ProcessDied, serve

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

__all__ = ["NICENESS", "ProcessDied", "ProcessPool", "default_processes"]

FAILED_STARTS = 2
"""Processes in a row that die before they are warmed up, before the pool gives up on them."""
STOP_WAIT = 5.0
"""Seconds `close` lets a process finish its job before it is terminated."""


def default_processes() -> int:
    """Every core but the event loop's, and never fewer than two, so one long job never holds
    up the next."""
    return max(2, (os.cpu_count() or 1) - 1)


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
        """Processes started again after one died."""
        self._links: list[Link] = []
        self._waiting: deque[tuple[asyncio.Future[Any], bytes]] = deque()
        self._numbers = 0
        self._cannot_spawn = False
        self._failed_starts = 0

    def start(self) -> None:
        """Spawns every process now (they warm up meanwhile), rather than at the first job."""
        if self._cannot_spawn:
            return
        try:
            while len(self._links) < self.processes:
                self._links.append(self._spawn())
        except (RuntimeError, OSError) as problem:  # cannot spawn here (no main guard)
            self._give_up(type(problem).__name__)
            return
        with contextlib.suppress(RuntimeError):
            self._attach(asyncio.get_running_loop())

    @property
    def ready(self) -> bool:
        """Whether a process has been started and warmed, so a job sent now runs at once
        rather than waiting for a spawn; a pool never started is started here."""
        if not self._links:
            self.start()
        with contextlib.suppress(RuntimeError):
            self._attach(asyncio.get_running_loop())
        return any(link.warmed for link in self._links)

    async def run(self, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """`function(*args, **kwargs)` in one of the processes; it and its arguments must
        pickle. What it raises is raised here."""
        loop = asyncio.get_running_loop()
        if not self._cannot_spawn:
            job = pickle.dumps((function, args, kwargs), protocol=pickle.HIGHEST_PROTOCOL)
            for attempt in range(2):
                if len(self._links) < self.processes:
                    self.start()
                if self._cannot_spawn:
                    break
                self._attach(loop)
                future: asyncio.Future[R] = loop.create_future()
                self._waiting.append((future, job))
                self._dispatch()
                try:
                    return await future
                except ProcessDied:
                    if attempt == 0:
                        log.warning("a pool process died; its job is tried once more")
        return await loop.run_in_executor(None, functools.partial(function, *args, **kwargs))

    def close(self) -> None:
        """Stops the processes, if any were started; the pool starts again if used after."""
        links, self._links = self._links, []
        waiting, self._waiting = self._waiting, deque()
        for future, _ in waiting:
            _cancel(future)
        for link in links:
            for asked in link.jobs.values():
                if asked is not None:
                    _cancel(asked)
            link.close()
        for link in links:
            link.process.join(STOP_WAIT)
            if link.process.is_alive():
                link.process.terminate()
                link.process.join(STOP_WAIT)

    def _spawn(self) -> Link:
        ours, theirs = socket.socketpair()
        context = multiprocessing.get_context("spawn")
        process = context.Process(target=serve, args=(theirs, self.warm), daemon=True)
        try:
            with _children_ignore_interrupts():
                process.start()
        finally:
            theirs.close()
        ours.setblocking(False)
        return Link(process, ours, self._answered, self._died)

    def _attach(self, loop: asyncio.AbstractEventLoop) -> None:
        for index, link in enumerate(self._links):
            if not link.attach(loop):  # cut off mid-answer by a change of loop
                link.close()
                self._links[index] = replacement = self._spawn()
                replacement.attach(loop)

    def _dispatch(self) -> None:
        """Each job waiting to a process with none, oldest first."""
        waiting = self._waiting
        for link in self._links:
            if link.jobs or link.dead or link.loop is None:
                continue
            while waiting and waiting[0][0].done():  # given up on meanwhile
                waiting.popleft()
            if not waiting:
                return
            future, job = waiting.popleft()
            self._numbers += 1
            link.send(self._numbers, future, job)

    def _answered(self, link: Link, number: int, ok: bool, result: Any) -> None:
        if number == HELLO:
            link.warmed = True
            return
        future = link.jobs.pop(number, None)
        if future is not None and not future.done():
            if ok:
                future.set_result(result)
            else:
                future.set_exception(result)
        self._dispatch()

    def _died(self, link: Link) -> None:
        """A process gone: its job fails (`run` tries it once more), another takes its place.
        Processes that keep dying before they are warmed up (their `warm` fails) are given up
        on: threads run the jobs."""
        for future in link.jobs.values():
            if future is not None and not future.done():
                future.set_exception(ProcessDied("a pool process died with the job unanswered"))
        link.jobs.clear()  # its process is reaped by the next spawn, not waited for here
        if link not in self._links:
            return
        index = self._links.index(link)
        self._failed_starts = 0 if link.warmed else self._failed_starts + 1
        if self._failed_starts >= FAILED_STARTS:
            self._give_up("its processes die as they start")
            return
        self.restarts += 1
        try:
            self._links[index] = self._spawn()
        except (RuntimeError, OSError) as problem:
            self._give_up(type(problem).__name__)
            return
        with contextlib.suppress(RuntimeError):
            self._attach(asyncio.get_running_loop())
        self._dispatch()

    def _give_up(self, why: str) -> None:
        log.warning("no process could be started (%s); threads run the jobs", why)
        self._cannot_spawn = True
        links, self._links = self._links, []
        for link in links:
            link.close()
        waiting, self._waiting = self._waiting, deque()
        for future, _ in waiting:
            if not future.done():
                future.set_exception(ProcessDied("the pool gave up on its processes"))


def _cancel(future: asyncio.Future[Any]) -> None:
    if not future.done() and not future.get_loop().is_closed():
        future.cancel()
