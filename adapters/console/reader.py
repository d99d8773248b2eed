"""Lines typed into the terminal, and the ways a session ends without a word typed.

A terminal is read when the event loop says it has a line (in canonical mode a read then
returns at once); a pipe, a file or a closed descriptor, which the loop cannot watch, is read
by a daemon thread, which never holds up the exit. End of input (Ctrl-D, a closed pipe, a
terminal gone) and the signals that end a terminal program (Ctrl-C, SIGTERM, SIGHUP when the
terminal closes) all become one `Ended` in the same queue, so the session leaves its seat the
one way.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import os
import signal
import sys
import threading
from dataclasses import dataclass
from typing import TextIO

ENDING_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


@dataclass(frozen=True, slots=True)
class Ended:
    """No more lines: why (`eof`, or the signal's name)."""

    why: str


Input = str | Ended


class LineReader:
    """Typed lines and endings, in the order they came."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdin
        self.queue: asyncio.Queue[Input] = asyncio.Queue()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.signals: list[int] = []
        self.watching = False
        """A terminal's descriptor is watched by the loop (a pipe or file is read by a thread)."""
        encoding = getattr(self.stream, "encoding", None) or "utf-8"
        self._decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        self._pending = ""
        """Typed text after the last complete line."""

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        for number in ENDING_SIGNALS:
            try:
                self.loop.add_signal_handler(number, self._signalled, number)
            except (NotImplementedError, RuntimeError, ValueError):
                continue
            self.signals.append(number)
        if self._is_terminal():
            self.loop.add_reader(self.stream.fileno(), self._ready)
            self.watching = True
        else:
            threading.Thread(target=self._read, name="terminal input", daemon=True).start()

    def _is_terminal(self) -> bool:
        try:
            return self.stream.isatty()
        except (AttributeError, OSError, ValueError):
            return False

    def _ready(self) -> None:
        """A terminal has input (or its end) to read: read in the loop, never blocking. What the
        descriptor holds is read whole and split here, since lines typed quickly arrive
        together, and a buffered `readline` would keep the later ones where the loop never
        looks again."""
        try:
            data = os.read(self.stream.fileno(), 65536)
        except (BlockingIOError, InterruptedError):
            return
        except (OSError, ValueError):
            data = b""
        if not data:
            self._unwatch()
            if self._pending:
                self.queue.put_nowait(self._pending + "\n")
                self._pending = ""
            self.queue.put_nowait(Ended("eof"))
            return
        self._pending += self._decoder.decode(data)
        while "\n" in self._pending:
            line, self._pending = self._pending.split("\n", 1)
            self.queue.put_nowait(line + "\n")

    def _unwatch(self) -> None:
        if self.watching and self.loop is not None:
            self.watching = False
            with contextlib.suppress(OSError, ValueError, KeyError):
                self.loop.remove_reader(self.stream.fileno())

    def stop(self) -> None:
        if self.loop is None:
            return
        self._unwatch()
        for number in self.signals:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                self.loop.remove_signal_handler(number)
        self.signals.clear()

    async def next(self) -> Input:
        return await self.queue.get()

    def _signalled(self, number: int) -> None:
        self.queue.put_nowait(Ended(signal.Signals(number).name))

    def end(self, why: str) -> None:
        """Ends the session from inside the program (the terminal cannot be written to)."""
        self.queue.put_nowait(Ended(why))

    def _read(self) -> None:
        while True:
            try:
                line = self.stream.readline()
            except UnicodeDecodeError:
                continue  # bytes that are no text: as if nothing was typed
            except (OSError, ValueError):
                line = ""
            self._put(line if line else Ended("eof"))
            if not line:
                return

    def _put(self, item: Input) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            loop.call_soon_threadsafe(self.queue.put_nowait, item)
