"""What the terminal program is doing right now, written to `terminal.log` in its data dir on
SIGUSR1: where every thread is (written by `faulthandler` straight from the signal, so it shows
even an event loop stuck in a call that never yields), then every asyncio task's stack, with
what it awaits (written by the loop, so only once the loop is free).

    kill -USR1 <pid>      # then read ~/.local/share/chatdealer/terminal.log

A stack names files, lines and functions, never variables, so no hole card reaches the log.
The pty tests send it when a wait times out, and print the log (tests/console/terminal.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import faulthandler
import io
import signal
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

LOG_FILENAME = "terminal.log"
DUMP_SIGNAL = getattr(signal, "SIGUSR1", None)


def log_path(data_dir: Path) -> Path:
    return data_dir / LOG_FILENAME


def task_stack(task: asyncio.Task[Any]) -> str:
    """Where a task is, down the chain of what each coroutine awaits (asyncio's own
    `print_stack` stops at the outermost one), and the future it waits on at the bottom."""
    frames = list(_awaiting(task.get_coro()))
    summary = traceback.StackSummary.extract(((f, f.f_lineno) for f in frames), lookup_lines=True)
    waiting = getattr(task, "_fut_waiter", None)
    bottom = f"  waits on {_named(waiting)}\n" if waiting is not None else ""
    return "".join(summary.format()) + bottom


def _awaiting(awaitable: object) -> Iterator[FrameType]:
    while awaitable is not None:
        frame = next(
            (
                getattr(awaitable, a)
                for a in ("cr_frame", "gi_frame", "ag_frame")
                if hasattr(awaitable, a)
            ),
            None,
        )
        if frame is not None:
            yield frame
        awaitable = next(
            (
                getattr(awaitable, a)
                for a in ("cr_await", "gi_yieldfrom", "ag_await")
                if hasattr(awaitable, a)
            ),
            None,
        )


def _named(future: object) -> str:
    if isinstance(future, asyncio.Task):
        return f"the task {future.get_name()}"
    return type(future).__name__


class StackDumps:
    """Dumps the threads' and the tasks' stacks to the log each time the signal comes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.log: TextIO | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> None:
        if DUMP_SIGNAL is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            self.log = self.path.open("a", encoding="utf-8", buffering=1)
        except OSError:
            return  # no log, no dumps: the game goes on
        self.loop = asyncio.get_running_loop()
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            self.loop.add_signal_handler(DUMP_SIGNAL, self.dump_tasks)
        # After the loop's handler, chained to it: the threads first, at once, then the tasks.
        faulthandler.register(DUMP_SIGNAL, file=self.log, all_threads=True, chain=True)

    def dump_tasks(self) -> None:
        log = self.log
        if log is None:
            return
        lines = io.StringIO()
        lines.write(f"== asyncio tasks at {time.strftime('%H:%M:%S')}\n")
        for task in sorted(asyncio.all_tasks(self.loop), key=lambda t: t.get_name()):
            lines.write(f"-- task {task.get_name()}\n")
            lines.write(task_stack(task))
        with contextlib.suppress(OSError, ValueError):
            log.write(lines.getvalue())
            log.flush()

    def stop(self) -> None:
        if DUMP_SIGNAL is None or self.log is None:
            return
        faulthandler.unregister(DUMP_SIGNAL)
        if self.loop is not None:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                self.loop.remove_signal_handler(DUMP_SIGNAL)
        with contextlib.suppress(OSError):
            self.log.close()
        self.log = None
