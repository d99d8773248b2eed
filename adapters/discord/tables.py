"""One table message per channel, edited in place, at most one edit at a time per channel.

Every change hands the newest table view (and the event lines that led to it) to the
channel's `ChannelTable`; a single task per channel publishes whatever is newest when it gets
the chance and then waits `interval`, so a burst of actions becomes one edit and the channel
stays inside Discord's rate limits (discord.py itself waits out a 429 and retries).

The message id is kept in memory and in Redis next to the table, so after a restart the same
message is edited again; if it was deleted, a new one is posted. The per-table state and the
coalescing loop are `adapters.common.publishing`'s; this module only says how a screen becomes
a Discord message.
"""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord
from redis.asyncio import Redis
from redis.exceptions import RedisError

from adapters.common.publishing import TablePublisher, TableState, message_key
from chatdealer.dealer import TableView
from chatdealer.dealer.supervision import Supervisor
from chatdealer.store import TableId

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Screen:
    """What the table message should look like now; the picture is drawn only when its key
    changes, off the event loop."""

    content: str
    view: discord.ui.View | None
    image_key: object | None = None
    draw: Callable[[], Awaitable[bytes | None]] | None = None


@dataclass(frozen=True, slots=True)
class HandResult:
    """How the last hand ended, kept on the table message until the next deal."""

    hand_number: int
    board: tuple[str, ...]
    lines: tuple[str, ...]
    """Who won which pot (and with what), in the table's language."""


@dataclass(slots=True)
class ChannelTable(TableState):
    image_key: object | None = None
    result: HandResult | None = None

    def take(self, view: TableView | None, result: HandResult | None) -> None:
        """Keeps a hand's result until a view of a later hand being played comes."""
        if result is not None:
            self.result = result
        elif (
            view is not None
            and view.hand_running
            and self.result is not None
            and view.hand_number > self.result.hand_number
        ):
            self.result = None


Render = Callable[[ChannelTable], Screen]


class TableMessages(TablePublisher[ChannelTable]):
    state_type = ChannelTable
    platform_errors = (discord.HTTPException,)

    def __init__(
        self,
        client: discord.Client,
        redis: Redis,
        render: Render,
        *,
        interval: float = 1.0,
        supervisor: Supervisor | None = None,
    ) -> None:
        super().__init__(redis, interval=interval)
        self.client = client
        self.render = render
        self.supervisor = supervisor or Supervisor()

    async def _publish_loop(self, state: ChannelTable) -> None:
        """The table's publishing, supervised: a failure of any kind is logged and the
        newest state published again after a pause."""

        async def publishing() -> None:
            try:
                await TablePublisher._publish_loop(self, state)
            except Exception:
                state.dirty = True  # what failed to show is shown on the restart
                raise

        await self.supervisor.run(f"table message {state.table}", publishing)

    def channel(self, table: TableId) -> ChannelTable:
        """The channel's table message state (the name tests and older callers use)."""
        return self.state(table)

    async def publish(self, state: ChannelTable) -> None:
        await self._publish(state, self.render(state))

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
            image = await screen.draw()
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
                image = await screen.draw()
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
            raw = await self.redis.get(message_key(table, "discord"))
        except (RedisError, OSError):
            return None
        return int(raw) if raw else None

    async def _store_id(self, table: TableId, message_id: int) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self.redis.set(message_key(table, "discord"), str(message_id))


def _file(image: bytes) -> discord.File:
    return discord.File(io.BytesIO(image), filename="table.png")
