"""One table message per channel, edited in place, at most one edit at a time per channel.

Every change hands the newest table view (and the event lines that led to it) to the
channel's `ChannelTable`; a single task per channel publishes whatever is newest when it gets
the chance and then waits `interval`, so a burst of actions becomes one edit and the channel
stays inside Discord's rate limits (discord.py itself waits out a 429 and retries).

The message id is kept in memory and in Redis next to the table, so after a restart the same
message is edited again; if it was deleted, a new one is posted.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import discord
from redis.asyncio import Redis
from redis.exceptions import RedisError

from chatdealer.dealer import TableView
from chatdealer.store import TableId

log = logging.getLogger(__name__)

LOG_LINES = 6
"""How many of the latest events the table message shows under the table."""


@dataclass(slots=True)
class Screen:
    """What the table message should look like now; the picture is drawn only when its key
    changes, off the event loop."""

    content: str
    view: discord.ui.View | None
    image_key: object | None = None
    draw: Callable[[], bytes | None] | None = None


@dataclass(slots=True)
class ChannelTable:
    table: TableId
    view: TableView | None = None
    language: str = "en"
    lines: deque[str] = field(default_factory=lambda: deque(maxlen=LOG_LINES))
    message_id: int | None = None
    dirty: bool = False
    repost: bool = False
    image_key: object | None = None
    task: asyncio.Task[None] | None = None


Render = Callable[[ChannelTable], Screen]


def message_key(table: TableId) -> str:
    return table.home.key(f"discord_message:{table.channel}")


class TableMessages:
    def __init__(
        self, client: discord.Client, redis: Redis, render: Render, *, interval: float = 1.0
    ) -> None:
        self.client = client
        self.redis = redis
        self.render = render
        self.interval = interval
        self.channels: dict[TableId, ChannelTable] = {}

    def channel(self, table: TableId) -> ChannelTable:
        state = self.channels.get(table)
        if state is None:
            state = self.channels[table] = ChannelTable(table)
        return state

    def update(
        self,
        table: TableId,
        *,
        view: TableView | None = None,
        lines: list[str] | None = None,
        repost: bool = False,
    ) -> None:
        """Takes the newest state of a table and makes sure it will be published."""
        state = self.channel(table)
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
            tasks = [s.task for s in self.channels.values() if s.task and not s.task.done()]
            if not tasks:
                return
            await asyncio.wait(tasks, timeout=deadline - time.monotonic())

    async def close(self) -> None:
        for state in self.channels.values():
            if state.task is not None:
                state.task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await state.task

    async def _publish_loop(self, state: ChannelTable) -> None:
        while state.dirty:
            state.dirty = False
            try:
                await self._publish(state, self.render(state))
            except discord.HTTPException as problem:
                log.warning("table message in %s: %s", state.table, problem)
            except (RedisError, OSError) as problem:
                log.warning("table message in %s: %s", state.table, type(problem).__name__)
            await asyncio.sleep(self.interval)

    async def _publish(self, state: ChannelTable, screen: Screen) -> None:
        channel = self.client.get_partial_messageable(int(state.table.channel))
        message_id = state.message_id or await self._stored_id(state.table)
        if message_id is not None and state.repost:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(message_id).delete()
            message_id = None
        state.repost = False
        new_picture = message_id is None or screen.image_key != state.image_key
        image = None
        if new_picture and screen.image_key is not None and screen.draw is not None:
            image = await asyncio.to_thread(screen.draw)
        if message_id is not None:
            try:
                message = channel.get_partial_message(message_id)
                if new_picture:
                    files = [_file(image)] if image is not None else []
                    await message.edit(content=screen.content, view=screen.view, attachments=files)
                else:
                    await message.edit(content=screen.content, view=screen.view)
                state.message_id = message_id
                state.image_key = screen.image_key
                return
            except discord.NotFound:
                log.info("table message in %s is gone: posting a new one", state.table)
            if image is None and screen.image_key is not None and screen.draw is not None:
                image = await asyncio.to_thread(screen.draw)
        files = [_file(image)] if image is not None else []
        if screen.view is not None:
            sent = await channel.send(content=screen.content, view=screen.view, files=files)
        else:
            sent = await channel.send(content=screen.content, files=files)
        state.message_id = sent.id
        state.image_key = screen.image_key
        await self._store_id(state.table, sent.id)

    async def _stored_id(self, table: TableId) -> int | None:
        try:
            raw = await self.redis.get(message_key(table))
        except (RedisError, OSError):
            return None
        return int(raw) if raw else None

    async def _store_id(self, table: TableId, message_id: int) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self.redis.set(message_key(table), str(message_id))


def _file(image: bytes) -> discord.File:
    return discord.File(io.BytesIO(image), filename="table.png")
