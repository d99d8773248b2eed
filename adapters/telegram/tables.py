"""One table message per group, edited in place, at most one edit at a time per group.

Every change hands the newest table view (and the event lines that led to it) to the group's
`ChatTable`; one task per group publishes whatever is newest, then waits `interval`, so a burst
of actions becomes one edit and the group stays within Telegram's 20 messages a minute.

The message is text until a hand is dealt; then it carries the board picture (`editMessageMedia`
when the board or the pots change, `editMessageCaption` or `editMessageText` otherwise). An edit
that would change nothing ("message is not modified") counts as done. The message id is kept in
Redis next to the table, so after a restart, or on another worker, the same message is edited.
The per-table state and the coalescing loop are `adapters.common.publishing`'s; this module only
says how a screen becomes a Telegram message.
"""

from __future__ import annotations

import contextlib
import hashlib
import html
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from redis.asyncio import Redis
from redis.exceptions import RedisError
from telegram import Bot, InlineKeyboardMarkup, InputMediaPhoto, Message
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError

from adapters.common.publishing import TablePublisher, TableState, message_key
from chatdealer.dealer.supervision import described
from chatdealer.store import TableId

log = logging.getLogger(__name__)

TEXT_LIMIT = 4096
CAPTION_LIMIT = 1024


@dataclass(slots=True)
class Screen:
    """What the table message should look like: text (the table, ``` around aligned seats),
    the log lines under it, the keyboard and the board picture."""

    table: str
    lines: list[str]
    keyboard: InlineKeyboardMarkup | None
    image: bytes | None = None


@dataclass(slots=True)
class ChatTable(TableState):
    photo: bool = False
    image_digest: bytes | None = None


Render = Callable[[ChatTable], Awaitable[Screen]]


def chat_of(table: TableId) -> tuple[int, int | None]:
    """The chat id and forum topic (None outside topics) a table lives in."""
    topic = int(table.channel)
    return int(table.community), topic or None


def html_text(table: str, lines: list[str], limit: int) -> str:
    """The table as Telegram HTML (``` blocks become <pre>), with as many of the latest log
    lines as fit in `limit` visible characters."""
    visible = _visible(table.split("\n"))
    kept = list(lines)
    while kept and visible + sum(len(line) + 3 for line in kept) > limit:
        kept.pop(0)
    if visible > limit:
        table = _fitted(table, limit)
    parts: list[str] = []
    inside = False
    for line in table.split("\n"):
        if line == "```":
            parts.append("</pre>" if inside else "<pre>")
            inside = not inside
            continue
        parts.append(html.escape(line, quote=False))
    if inside:
        parts.append("</pre>")
    text = "\n".join(parts).replace("<pre>\n", "<pre>").replace("\n</pre>", "</pre>")
    if kept:
        text += "\n" + "\n".join(f"› {html.escape(line, quote=False)}" for line in kept)
    return text


def _visible(lines: list[str]) -> int:
    return sum(len(line) + 1 for line in lines if line != "```")


def _fitted(table: str, limit: int) -> str:
    """A table too long for `limit`: the last seats give way first ("…"), so that the lines
    under the seats (the turn, the deck commitments, shown whole) stay; else the end is cut."""
    lines = table.split("\n")
    if lines.count("```") >= 2:
        start = lines.index("```")
        end = lines.index("```", start + 1)
        seats = lines[start + 1 : end]
        for keep in range(len(seats) - 1, 0, -1):
            fitted = [*lines[: start + 1], *seats[:keep], "…", *lines[end:]]
            if _visible(fitted) <= limit:
                return "\n".join(fitted)
    return table[: limit - 1] + "…"


def not_modified(problem: TelegramError) -> bool:
    return "not modified" in str(problem).lower()


class TableMessages(TablePublisher[ChatTable]):
    state_type = ChatTable
    platform_errors = (TelegramError,)

    def __init__(
        self,
        bot: Bot,
        redis: Redis,
        render: Render,
        *,
        interval: float = 3.0,
    ) -> None:
        super().__init__(redis, interval=interval)
        self.bot = bot
        self.render = render

    async def publish(self, state: ChatTable) -> None:
        """Telegram's and Redis's errors are the publish loop's to log; anything else (a
        table this worker cannot draw) is logged here by its type and place, and the loop
        goes on with the next change, so one table never stops the others' messages."""
        try:
            await self._publish(state, await self.render(state))
        except (TelegramError, RedisError, OSError):
            raise
        except Exception as problem:
            log.error("table message in %s not published: %s", state.table, described(problem))

    async def _publish(self, state: ChatTable, screen: Screen) -> None:
        chat_id, topic = chat_of(state.table)
        if state.message_id is None:
            await self._load_id(state)
        digest = hashlib.sha256(screen.image).digest() if screen.image is not None else None
        if state.message_id is not None and state.repost:
            await self._delete(chat_id, state.message_id)
            state.message_id = None
        state.repost = False
        if state.message_id is not None:
            try:
                await self._edit(state, screen, digest)
                return
            except BadRequest as problem:
                if not_modified(problem):
                    state.image_digest = digest or state.image_digest
                    return
                log.info("table message in %s not edited (%s): posting anew", state.table, problem)
                await self._delete(chat_id, state.message_id)
            except Forbidden:
                raise
        markup = screen.keyboard
        sent: Message
        if screen.image is not None:
            caption = html_text(screen.table, screen.lines, CAPTION_LIMIT)
            sent = await self.bot.send_photo(
                chat_id,
                screen.image,
                caption=caption,
                parse_mode=ParseMode.HTML,
                reply_markup=markup,
                message_thread_id=topic,
                disable_notification=True,
            )
        else:
            sent = await self.bot.send_message(
                chat_id,
                html_text(screen.table, screen.lines, TEXT_LIMIT),
                parse_mode=ParseMode.HTML,
                reply_markup=markup,
                message_thread_id=topic,
                disable_notification=True,
            )
        state.message_id = sent.message_id
        state.photo = screen.image is not None
        state.image_digest = digest
        await self._store_id(state)

    async def _edit(self, state: ChatTable, screen: Screen, digest: bytes | None) -> None:
        chat_id, _ = chat_of(state.table)
        message_id = state.message_id
        assert message_id is not None
        markup = screen.keyboard
        if screen.image is not None and digest != state.image_digest:
            caption = html_text(screen.table, screen.lines, CAPTION_LIMIT)
            media = InputMediaPhoto(screen.image, caption=caption, parse_mode=ParseMode.HTML)
            await self.bot.edit_message_media(
                media, chat_id=chat_id, message_id=message_id, reply_markup=markup
            )
            state.image_digest = digest
            if not state.photo:
                state.photo = True
                await self._store_id(state)
        elif state.photo:
            await self.bot.edit_message_caption(
                chat_id=chat_id,
                message_id=message_id,
                caption=html_text(screen.table, screen.lines, CAPTION_LIMIT),
                parse_mode=ParseMode.HTML,
                reply_markup=markup,
            )
        else:
            await self.bot.edit_message_text(
                html_text(screen.table, screen.lines, TEXT_LIMIT),
                chat_id=chat_id,
                message_id=message_id,
                parse_mode=ParseMode.HTML,
                reply_markup=markup,
            )

    async def _delete(self, chat_id: int, message_id: int) -> None:
        with contextlib.suppress(TelegramError):
            await self.bot.delete_message(chat_id, message_id)

    async def _load_id(self, state: ChatTable) -> None:
        try:
            raw = await self.redis.get(message_key(state.table, "telegram"))
        except (RedisError, OSError):
            return
        if raw:
            text = raw.decode() if isinstance(raw, bytes) else str(raw)
            kind, _, number = text.partition(":")
            state.message_id = int(number)
            state.photo = kind == "photo"

    async def _store_id(self, state: ChatTable) -> None:
        kind = "photo" if state.photo else "text"
        with contextlib.suppress(RedisError, OSError):
            await self.redis.set(message_key(state.table, "telegram"), f"{kind}:{state.message_id}")
