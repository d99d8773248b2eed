"""Sending what is not the table message (group posts, private messages) from a queue that a
few supervised senders empty: a send that fails is logged (its type and where, never its
text, which may hold cards) and the next one goes on; a sender that crashes is started again
(`chatdealer.dealer.supervision`). At shutdown `drain` waits, within a bound, for what is
queued to be sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Coroutine
from typing import Any

from chatdealer.dealer.supervision import Supervisor, described

log = logging.getLogger(__name__)

SENDERS = 4
"""Sends in flight at once (Telegram's own limits are kept by PTB's rate limiter)."""

Send = Coroutine[Any, Any, None]


class Outbox:
    def __init__(self, supervisor: Supervisor, *, senders: int = SENDERS) -> None:
        self.supervisor = supervisor
        self.senders = senders
        self._queue: asyncio.Queue[Send] = asyncio.Queue()
        self._started = False
        self._busy = 0

    def put(self, send: Send) -> None:
        if not self._started:
            self._started = True
            for number in range(self.senders):
                self.supervisor.start(f"telegram sender {number + 1}", self._send_forever)
        self._queue.put_nowait(send)

    @property
    def pending(self) -> int:
        return self._queue.qsize() + self._busy

    async def _send_forever(self) -> None:
        while True:
            send = await self._queue.get()
            self._busy += 1
            try:
                await send
            except Exception as problem:  # one failed send never stops the others
                log.warning("a telegram send failed: %s", described(problem))
            finally:
                self._busy -= 1
                self._queue.task_done()

    async def drain(self, timeout: float) -> bool:
        """Waits until everything queued was sent (or `timeout`); True when all was."""
        deadline = time.monotonic() + timeout
        while self.pending and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        return not self.pending

    def discard(self) -> None:
        """Drops what was never sent (after `drain` gave up)."""
        while not self._queue.empty():
            send = self._queue.get_nowait()
            with contextlib.suppress(Exception):
                send.close()
            self._queue.task_done()
