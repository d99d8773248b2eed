"""Direct messages to players, and remembering who does not take them.

A player whose DMs are closed answers with 403 / code 50007. That is remembered (in memory
and in Redis, for `retry_after` seconds) so the next hands do not try again, and the player is
told once, in an ephemeral reply to their next click, to use the "My cards" button instead.
"""

from __future__ import annotations

import contextlib
import io
import logging
import time
from collections.abc import Callable

import discord
from redis.asyncio import Redis
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

BLOCKED_KEY = "cd:discord:dm_blocked"
"""hash: user id = unix time their DMs were found closed."""
RETRY_AFTER = 7 * 86_400.0
CANNOT_MESSAGE_USER = 50007


class DirectMessages:
    def __init__(
        self,
        client: discord.Client,
        redis: Redis,
        *,
        retry_after: float = RETRY_AFTER,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.client = client
        self.redis = redis
        self.retry_after = retry_after
        self.clock = clock
        self._blocked: dict[int, float] = {}
        self._tell: set[int] = set()
        """Players to tell, on their next interaction, that their DMs are closed."""
        self._told: set[int] = set()

    async def blocked(self, user_id: int) -> bool:
        since = self._blocked.get(user_id)
        if since is None:
            with contextlib.suppress(RedisError, OSError):
                raw = await self.redis.hget(BLOCKED_KEY, str(user_id))
                if raw is not None:
                    since = self._blocked[user_id] = float(raw)
        return since is not None and self.clock() - since < self.retry_after

    async def send(self, user_id: int, content: str, image: bytes | None = None) -> bool:
        """Sends a DM unless the player's DMs are known to be closed; False when not delivered."""
        if await self.blocked(user_id):
            if user_id not in self._told:
                self._tell.add(user_id)
            return False
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            if image is not None:
                file = discord.File(io.BytesIO(image), filename="cards.png")
                await user.send(content, file=file)
            else:
                await user.send(content)
        except discord.Forbidden as refused:
            if refused.code not in (CANNOT_MESSAGE_USER, 0):
                log.info("DM to %s refused with code %s", user_id, refused.code)
            await self._remember(user_id)
            return False
        except discord.HTTPException as problem:
            log.warning("DM to %s failed: %s", user_id, problem)
            return False
        self._blocked.pop(user_id, None)
        return True

    def take_notice(self, user_id: int) -> bool:
        """Whether to tell this player (once) that their DMs are closed."""
        if user_id in self._tell:
            self._tell.discard(user_id)
            self._told.add(user_id)
            return True
        return False

    async def _remember(self, user_id: int) -> None:
        now = self.clock()
        self._blocked[user_id] = now
        self._tell.add(user_id)
        self._told.discard(user_id)
        with contextlib.suppress(RedisError, OSError):
            await self.redis.hset(BLOCKED_KEY, str(user_id), str(now))
