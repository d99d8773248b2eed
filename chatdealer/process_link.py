"""One pool process and the worker's end of its socket, read and written by the event loop.

`concurrent.futures` hands each job through a feeder thread, a manager thread, two queues and a
wake-up pipe: some 0.4-0.6 ms of the worker's CPU a job, held mostly under the GIL, which every
table of the worker waits behind (`bench/images.py`: a picture sent to that pool cost the worker
0.84 ms, one drawn in a thread 2.2 ms). Here the worker writes each job to the process's socket
and the loop reads the answer when it comes: no thread, a tenth of that.

A frame is `multiprocessing.connection`'s (a 4-byte big-endian length, then the bytes), so the
process reads and writes with a plain `Connection`. Every frame from the worker is a job: its
number (8 bytes) and the pickled `(function, args, kwargs)`. Every frame back is a number and a
pickled `(ok, result or exception)`; number 0, first of all, says the process is warmed up.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import pickle
import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

log = logging.getLogger(__name__)

NICENESS = 5
"""How much lower than the worker the pool's processes are scheduled (Unix `nice`)."""
HELLO = 0
"""The number of the frame a process sends once warmed up, before any answer."""
_LENGTH = struct.Struct("!i")
_LONG_LENGTH = struct.Struct("!Q")
_NUMBER = struct.Struct("!Q")
READ_SIZE = 256 * 1024


class ProcessDied(Exception):
    """The process went away (killed, crashed) with the job unanswered."""


def serve(connection: socket.socket, warm: Callable[[], object] | None) -> None:
    """The process's whole life: warm up, say so, then answer jobs until the worker hangs up."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICENESS)
    if warm is not None:
        warm()
    link = Connection(connection.detach())
    try:
        link.send_bytes(_NUMBER.pack(HELLO) + pickle.dumps((True, os.getpid())))
    except OSError:  # the worker closed the pool while this one warmed up
        return
    while True:
        try:
            frame = link.recv_bytes()
        except (EOFError, OSError):
            return
        (number,) = _NUMBER.unpack_from(frame)
        answer: tuple[bool, Any]
        try:
            function, args, kwargs = pickle.loads(frame[_NUMBER.size :])
            answer = True, function(*args, **kwargs)
        except Exception as problem:  # the worker raises it where the job was asked
            answer = False, problem
        try:
            reply = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as problem:  # an answer or an exception that does not pickle
            reply = pickle.dumps((False, RuntimeError(f"the answer does not pickle: {problem}")))
        try:
            link.send_bytes(_NUMBER.pack(number) + reply)
        except OSError:
            return


def frame(number: int, payload: bytes) -> bytes:
    size = _NUMBER.size + len(payload)
    if size > 0x7FFFFFFF:
        raise ValueError("a job of more than 2 GB does not go to a process")
    return _LENGTH.pack(size) + _NUMBER.pack(number) + payload


@dataclass(eq=False)
class Link:
    """The worker's end of one process: jobs written, answers read, on one event loop."""

    process: BaseProcess
    sock: socket.socket
    answered: Callable[[Link, int, bool, Any], None]
    """Called with each answer (number, ok, result), the hello included."""
    died: Callable[[Link], None]
    """Called once, when the socket closes or fails: the process is gone or going."""
    loop: asyncio.AbstractEventLoop | None = None
    jobs: dict[int, asyncio.Future[Any] | None] = field(default_factory=dict)
    """The jobs it has and has not answered; None for one asked on a loop since left."""
    warmed: bool = False
    dead: bool = False
    _read: bytearray = field(default_factory=bytearray)
    _unsent: bytearray = field(default_factory=bytearray)

    def attach(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Reads and writes from `loop` from now on. Jobs asked on a loop since closed are
        forgotten (their answers, when they come, are dropped); False if a frame was cut in
        two by the change, so the process cannot be read any more."""
        if self.loop is loop:
            return True
        self._detach()
        if self._read or self._unsent:
            return False
        self.jobs = dict.fromkeys(self.jobs)
        self.loop = loop
        loop.add_reader(self.sock.fileno(), self._readable)
        return True

    def send(self, number: int, future: asyncio.Future[Any], payload: bytes) -> None:
        self.jobs[number] = future
        self._write(frame(number, payload))

    def close(self) -> None:
        """Hangs up: the process finishes its job, sees the end of its socket and exits."""
        self._detach()
        self.dead = True
        with contextlib.suppress(OSError):
            self.sock.close()

    def _detach(self) -> None:
        loop, self.loop = self.loop, None
        if loop is not None and not loop.is_closed():
            loop.remove_reader(self.sock.fileno())
            loop.remove_writer(self.sock.fileno())

    def _write(self, data: bytes) -> None:
        if self._unsent:
            self._unsent += data
            return
        try:
            sent = self.sock.send(data)
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError:
            self._lost()
            return
        if sent < len(data):
            self._unsent += data[sent:]
            assert self.loop is not None
            self.loop.add_writer(self.sock.fileno(), self._writable)

    def _writable(self) -> None:
        try:
            sent = self.sock.send(self._unsent)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._lost()
            return
        del self._unsent[:sent]
        if not self._unsent and self.loop is not None:
            self.loop.remove_writer(self.sock.fileno())

    def _readable(self) -> None:
        try:
            data = self.sock.recv(READ_SIZE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as problem:
            if problem.errno not in (errno.ECONNRESET, errno.EPIPE):
                log.warning("a pool process's socket failed: %s", type(problem).__name__)
            self._lost()
            return
        if not data:
            self._lost()
            return
        self._read += data
        self._answers()

    def _answers(self) -> None:
        buffer = self._read
        start = 0
        while len(buffer) - start >= _LENGTH.size:
            (size,) = _LENGTH.unpack_from(buffer, start)
            head = _LENGTH.size
            if size == -1:  # what `Connection` writes for more than 2 GB
                if len(buffer) - start < head + _LONG_LENGTH.size:
                    break
                (size,) = _LONG_LENGTH.unpack_from(buffer, start + head)
                head += _LONG_LENGTH.size
            if len(buffer) - start < head + size:
                break
            body = memoryview(buffer)[start + head : start + head + size]
            start += head + size
            (number,) = _NUMBER.unpack_from(body)
            try:
                ok, result = pickle.loads(body[_NUMBER.size :])
            except Exception as problem:  # an exception class the worker cannot build
                ok, result = False, RuntimeError(f"the answer does not unpickle: {problem}")
            finally:
                body.release()
            self.answered(self, number, ok, result)
            if self.dead:
                return
        del buffer[:start]

    def _lost(self) -> None:
        if self.dead:
            return
        self.close()
        self.died(self)
