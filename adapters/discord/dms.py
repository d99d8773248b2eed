"""Direct messages to players, and remembering who does not take them.

DMs are queued and sent by one task (`run`, supervised by the adapter), so a slow or failed
send holds up nothing else and none stops the sender; shutdown waits for the queue (`flush`).

A player whose DMs are closed answers with 403 / code 50007. That is remembered (in memory
and in Redis, for `retry_after` seconds) so the next hands do not try again, and the player is
told once per `retry_after` (kept in Redis, so a restart does not tell them again), in an
ephemeral reply to their next click other than the "My cards" answer the notice points to.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Callable

import discord
from redis.asyncio import Redis
from redis.exceptions import RedisError

from chatdealer.dealer.supervision import described

log = logging.getLogger(__name__)

BLOCKED_KEY = "cd:discord:dm_blocked"
"""hash: user id = unix time their DMs were found closed."""
TOLD_KEY = "cd:discord:dm_told"
"""hash: user id = unix time they were last told their DMs are closed."""
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
        self.queue: asyncio.Queue[tuple[int, str, bytes | None]] = asyncio.Queue()

    def post(self, user_id: int, content: str, image: bytes | None = None) -> None:
        """Queues a DM for `run` to send."""
        self.queue.put_nowait((user_id, content, image))

    async def run(self) -> None:
        """Sends the queued DMs, one at a time, for ever; a send that fails is logged."""
        while True:
            user_id, content, image = await self.queue.get()
            try:
                await self.send(user_id, content, image)
            except Exception as problem:  # one failed send never stops the sender
                log.error("DM to %s failed (%s)", user_id, described(problem))
            finally:
                self.queue.task_done()

    async def flush(self, timeout: float) -> None:
        """Waits (at most `timeout`) until every queued DM is sent."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.queue.join(), timeout)

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

    async def take_notice(self, user_id: int) -> bool:
        """Whether to tell this player now that their DMs are closed: once per `retry_after`."""
        if user_id not in self._tell:
            return False
        self._tell.discard(user_id)
        now = self.clock()
        try:
            told = await self.redis.hget(TOLD_KEY, str(user_id))
            if told is not None and now - float(told) < self.retry_after:
                return False
            await self.redis.hset(TOLD_KEY, str(user_id), str(now))
        except (RedisError, OSError, ValueError):
            return False
        return True

    async def _remember(self, user_id: int) -> None:
        now = self.clock()
        self._blocked[user_id] = now
        self._tell.add(user_id)
        with contextlib.suppress(RedisError, OSError):
            await self.redis.hset(BLOCKED_KEY, str(user_id), str(now))
