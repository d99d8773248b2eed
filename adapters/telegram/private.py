"""Private messages to players, and remembering who cannot get them.

A bot may only write to someone who started a private chat with it (the deep link posted at
join does that). A 403 ("bot can't initiate conversation", "bot was blocked") is remembered in
Redis, so later deals do not try again and "My cards" is the way to see the cards; the player's
next /start clears it.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable

from redis.asyncio import Redis
from redis.exceptions import RedisError
from telegram import Bot, InlineKeyboardMarkup, InputFile
from telegram.constants import ParseMode
from telegram.error import Forbidden, TelegramError

from adapters.telegram.posts import captioned

log = logging.getLogger(__name__)

PRIVATE_KEY = "cd:telegram:private"
"""hash: user id = "open" (they started the bot) or the unix time a 403 was seen."""
OPEN = b"open"
OFFERED_PREFIX = "cd:telegram:offered:"
"""string per user, expiring: the "open a private chat" offer was made."""
OFFER_EVERY = 7 * 24 * 3600


class PrivateMessages:
    def __init__(self, bot: Bot, redis: Redis, *, clock: Callable[[], float] = time.time) -> None:
        self.bot = bot
        self.redis = redis
        self.clock = clock
        self._known: dict[int, bool] = {}
        """user id -> whether private messages reach them, as far as this worker knows."""

    async def reachable(self, user_id: int) -> bool | None:
        """True: they started the bot; False: a 403 was seen; None: never tried."""
        known = self._known.get(user_id)
        if known is not None:
            return known
        with contextlib.suppress(RedisError, OSError):
            raw = await self.redis.hget(PRIVATE_KEY, str(user_id))
            if raw is not None:
                known = self._known[user_id] = raw == OPEN
        return known

    async def offer_due(self, user_id: int) -> bool:
        """Whether to offer the private chat now: at most once per player per `OFFER_EVERY`,
        remembered in Redis (so a restart does not offer it again)."""
        try:
            return bool(
                await self.redis.set(f"{OFFERED_PREFIX}{user_id}", "1", nx=True, ex=OFFER_EVERY)
            )
        except (RedisError, OSError):
            return False

    async def opened(self, user_id: int) -> None:
        """They started a private chat with the bot."""
        self._known[user_id] = True
        with contextlib.suppress(RedisError, OSError):
            await self.redis.hset(PRIVATE_KEY, str(user_id), OPEN)

    async def closed(self, user_id: int) -> None:
        self._known[user_id] = False
        with contextlib.suppress(RedisError, OSError):
            await self.redis.hset(PRIVATE_KEY, str(user_id), str(self.clock()))

    async def send(
        self,
        user_id: int,
        text: str,
        *,
        image: bytes | None = None,
        document: tuple[str, bytes] | None = None,
        markup: InlineKeyboardMarkup | None = None,
    ) -> bool:
        """Sends unless a 403 is remembered; False when it did not arrive."""
        if await self.reachable(user_id) is False:
            return False
        try:
            if image is not None:
                await self.bot.send_photo(
                    user_id, image, caption=text, parse_mode=ParseMode.HTML, reply_markup=markup
                )
            elif document is not None:
                name, data = document
                before, caption = captioned(text)
                if before is not None:
                    await self.bot.send_message(user_id, before, parse_mode=ParseMode.HTML)
                await self.bot.send_document(
                    user_id,
                    InputFile(data, filename=name),
                    caption=caption,
                    parse_mode=ParseMode.HTML,
                    reply_markup=markup,
                )
            else:
                await self.bot.send_message(
                    user_id, text, parse_mode=ParseMode.HTML, reply_markup=markup
                )
        except Forbidden:
            await self.closed(user_id)
            return False
        except TelegramError as problem:
            log.warning("private message to %s failed: %s", user_id, problem)
            return False
        if self._known.get(user_id) is not True:
            await self.opened(user_id)
        return True
