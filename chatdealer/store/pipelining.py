"""Script runs that arrive together travel together: one pipeline, one write, one read.

When many players act at once, each action's commit would pay redis-py's whole per-command
path — a pooled connection, a write, a wake-up for the reply. Commits issued in the same turn
of the event loop are instead sent as one non-transactional pipeline. Each is still its own
script run, atomic on its own and answered on its own; only the trip to Redis is shared, so a
commit waits for at most the turn in which it was issued. (This is what ioredis calls
auto-pipelining.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from redis.asyncio import Redis
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError, ResponseError
from redis.typing import EncodableT, KeyT

_Call = tuple[AsyncScript, Sequence[KeyT], Sequence[EncodableT], "asyncio.Future[object]"]


class ScriptPipeline:
    """Batches EVALSHA calls made in one loop turn; one per client, shared by all callers."""

    def __init__(self, client: Redis) -> None:
        self._client = client
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: list[_Call] = []
        self._armed = False
        self._sending: set[asyncio.Task[None]] = set()

    async def run(
        self, script: AsyncScript, keys: Sequence[KeyT], args: Sequence[EncodableT]
    ) -> object:
        """The script's reply, exactly as calling `script` directly would give it."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:  # a new event loop: nothing waiting belongs to it
            self._loop, self._waiting, self._armed = loop, [], False
        reply: asyncio.Future[object] = loop.create_future()
        self._waiting.append((script, keys, args, reply))
        if not self._armed:
            self._armed = True
            task = loop.create_task(self._send())
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)
        return await reply

    async def _send(self) -> None:
        batch, self._waiting, self._armed = self._waiting, [], False
        batch = [call for call in batch if not call[3].done()]  # callers cancelled meanwhile
        if not batch:
            return
        try:
            replies = await self._trip(
                [
                    ("EVALSHA", script.sha, len(keys), *keys, *args)
                    for script, keys, args, _ in batch
                ]
            )
        except BaseException as problem:  # Redis away: every caller hears it, as it would alone
            for *_, reply in batch:
                if not reply.done():
                    if isinstance(problem, Exception):
                        reply.set_exception(problem)
                    else:  # this task was cancelled (the loop is closing): so are they
                        reply.cancel()
            if not isinstance(problem, Exception):
                raise
            return
        for (script, keys, args, reply), answer in zip(batch, replies, strict=True):
            if reply.done():
                continue
            if isinstance(answer, NoScriptError):  # Redis restarted and forgot the scripts
                await self._again(script, keys, args, reply)
            elif isinstance(answer, Exception):
                reply.set_exception(answer)
            else:
                reply.set_result(answer)

    async def _trip(self, commands: list[tuple[EncodableT, ...]]) -> list[object]:
        """One write of every command and their replies in order, on one pooled connection
        (redis-py's own pipeline object costs more than the trip for one or two commands)."""
        pool = self._client.connection_pool
        connection = await pool.get_connection()  # type: ignore[no-untyped-call]
        try:
            await connection.send_packed_command(connection.pack_commands(commands))
            replies: list[object] = []
            for _ in commands:
                try:
                    replies.append(await connection.read_response())
                except ResponseError as refused:  # one script's error: the others still answer
                    replies.append(refused)
        except BaseException:
            await connection.disconnect()  # a half-read connection must not be reused
            raise
        finally:
            await pool.release(connection)
        return replies

    @staticmethod
    async def _again(
        script: AsyncScript,
        keys: Sequence[KeyT],
        args: Sequence[EncodableT],
        reply: asyncio.Future[object],
    ) -> None:
        """Runs one call alone through redis-py, which loads the script and retries."""
        try:
            answer = await script(keys=keys, args=args)
        except Exception as problem:
            if not reply.done():
                reply.set_exception(problem)
            return
        if not reply.done():
            reply.set_result(answer)
