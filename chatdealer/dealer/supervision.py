"""Background work that must not stop: a task that crashes is logged and started again.

    supervisor = Supervisor()
    supervisor.start("table publisher", lambda: publisher.run(stop))   # a task of its own
    await supervisor.run("timer loop", lambda: loop(stop), stop)       # or in place

Each restart waits longer than the last (from `first_delay`, doubling up to `max_delay`), so a
task that fails at once does not spin; a run that lasted `healthy_after` seconds before
failing starts the wait again from `first_delay`. Work that returns is done and is not
restarted; cancelling stops it. A crash is logged with the task's name, the exception's type
and where it was raised, never its message or its variables: table state holds hole cards and
deck secrets, which a message may carry.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import traceback
from collections.abc import Awaitable, Callable
from pathlib import Path

log = logging.getLogger(__name__)

Work = Callable[[], Awaitable[object]]


def where(problem: BaseException) -> str:
    """The file, line and function an exception was raised in: safe to log."""
    frames = traceback.extract_tb(problem.__traceback__)
    if not frames:
        return "unknown"
    frame = frames[-1]
    return f"{Path(frame.filename).name}:{frame.lineno} in {frame.name}"


def described(problem: BaseException) -> str:
    """An exception as a log line may say it: its type and where, never its text."""
    return f"{type(problem).__name__} at {where(problem)}"


class Supervisor:
    """Runs and restarts background work; one per worker (the dealer's, an adapter's)."""

    def __init__(
        self,
        *,
        first_delay: float = 0.1,
        max_delay: float = 30.0,
        healthy_after: float = 60.0,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not 0 < first_delay <= max_delay:
            raise ValueError("delays must be positive, the first no longer than the longest")
        self.first_delay = first_delay
        self.max_delay = max_delay
        self.healthy_after = healthy_after
        self._sleep = sleep
        self._clock = clock
        self.restarts: dict[str, int] = {}
        """How many times each named task crashed and was started again."""
        self._tasks: set[asyncio.Task[None]] = set()

    def start(self, name: str, work: Work, stop: asyncio.Event | None = None) -> asyncio.Task[None]:
        """Runs `work` supervised in a task of its own, kept referenced until it ends."""
        task = asyncio.create_task(self.run(name, work, stop), name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def run(self, name: str, work: Work, stop: asyncio.Event | None = None) -> None:
        """Awaits `work()` until it returns, starting it again after each crash; gives up
        only when `stop` is set (or the caller is cancelled)."""
        delay = self.first_delay
        while True:
            began = self._clock()
            try:
                await work()
                return
            except Exception as problem:  # the point: log it and go on
                count = self.restarts[name] = self.restarts.get(name, 0) + 1
                if self._clock() - began >= self.healthy_after:
                    delay = self.first_delay
                log.error(
                    "%s crashed (%s), restart %d in %.1f s",
                    name,
                    described(problem),
                    count,
                    delay,
                )
            if stop is not None and stop.is_set():
                return
            await self._pause(delay, stop)
            if stop is not None and stop.is_set():
                return
            delay = min(delay * 2, self.max_delay)

    async def _pause(self, delay: float, stop: asyncio.Event | None) -> None:
        if stop is None or self._sleep is not asyncio.sleep:
            await self._sleep(delay)
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), delay)

    @property
    def running(self) -> int:
        return sum(not task.done() for task in self._tasks)

    async def close(self, timeout: float = 5.0) -> None:
        """Cancels every task this supervisor started and waits for them to end."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=timeout)
