"""One table message per table, published by one task per table with at most one publish in
flight and at most one per `interval`.

Both chat platforms rate-limit message edits, and a burst of actions would otherwise become a
burst of edits. `update` only records the newest state and marks the table dirty; the table's
task publishes whatever is newest when it gets the chance, so intermediate states are skipped.
How a state becomes a message (rendering, sending, editing, storing the message id) is the
platform's: it subclasses `TablePublisher` and supplies `state_type` and `publish`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import ClassVar, Generic, TypeVar

from redis.asyncio import Redis
from redis.exceptions import RedisError

from chatdealer.dealer import Outgoing, TableView
from chatdealer.dealer.outgoing import TableShown
from chatdealer.store import TableId

LOG_LINES = 6
"""How many of the latest events the table message shows under the table."""


@dataclass(slots=True)
class TableState:
    """What is known of one table's message; platforms add what their messages need."""

    table: TableId
    view: TableView | None = None
    language: str = "en"
    lines: deque[str] = field(default_factory=lambda: deque(maxlen=LOG_LINES))
    message_id: int | None = None
    dirty: bool = False
    repost: bool = False
    task: asyncio.Task[None] | None = None


State = TypeVar("State", bound=TableState)


def message_key(table: TableId, platform: str) -> str:
    """Where the table message's id is kept, next to the table, so that a restarted worker
    (or another one) edits the same message."""
    return table.home.key(f"{platform}_message:{table.channel}")


class TablePublisher(Generic[State]):
    """The per-table state and the coalescing publish loop; see the module docstring."""

    state_type: type[State]
    """The platform's per-table state, made on a table's first update."""
    platform_errors: ClassVar[tuple[type[Exception], ...]] = ()
    """What the platform raises when a publish fails; logged, and the next change retries."""

    def __init__(self, redis: Redis, *, interval: float) -> None:
        self.redis = redis
        self.interval = interval
        self.states: dict[TableId, State] = {}
        self.log = logging.getLogger(type(self).__module__)

    async def publish(self, state: State) -> None:
        """Renders the table's newest state and makes its message show it."""
        raise NotImplementedError

    def state(self, table: TableId) -> State:
        state = self.states.get(table)
        if state is None:
            state = self.states[table] = self.state_type(table)
        return state

    def last_board(self, table: TableId) -> tuple[str, ...]:
        """The board the table message shows now (for a showdown whose batch dealt none)."""
        view = self.state(table).view
        return view.board if view is not None else ()

    def views_in(self, out: list[Outgoing]) -> dict[TableId, TableView]:
        """The public table views in a batch of the dealer's events; each table's language is
        noted at once, so that the rest of the batch is worded in it."""
        views: dict[TableId, TableView] = {}
        for event in out:
            payload = event.payload
            if event.to is None and isinstance(payload, TableShown):
                views[event.table] = payload.view
                if payload.view.settings is not None:
                    self.state(event.table).language = payload.view.settings.language
        return views

    def update(
        self,
        table: TableId,
        *,
        view: TableView | None = None,
        lines: list[str] | None = None,
        repost: bool = False,
    ) -> None:
        """Takes the newest state of a table and makes sure it will be published."""
        state = self.state(table)
        if view is not None:
            state.view = view
            if view.settings is not None:
                state.language = view.settings.language
        state.lines.extend(lines or ())
        state.repost = state.repost or repost
        if state.view is None:
            return
        state.dirty = True
        if state.task is None or state.task.done():
            state.task = asyncio.create_task(self._publish_loop(state))

    async def idle(self, timeout: float = 10.0) -> None:
        """Waits until every pending edit is published (tests, shutdown)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            tasks = [s.task for s in self.states.values() if s.task and not s.task.done()]
            if not tasks:
                return
            await asyncio.wait(tasks, timeout=max(0.0, deadline - time.monotonic()))

    async def close(self) -> None:
        for state in self.states.values():
            if state.task is not None:
                state.task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await state.task

    async def _publish_loop(self, state: State) -> None:
        while state.dirty:
            state.dirty = False
            try:
                await self.publish(state)
            except self.platform_errors as problem:
                self.log.warning("table message in %s: %s", state.table, problem)
            except (RedisError, OSError) as problem:
                self.log.warning("table message in %s: %s", state.table, type(problem).__name__)
            await asyncio.sleep(self.interval)
