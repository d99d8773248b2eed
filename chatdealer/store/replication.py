"""Chip movements acknowledged only once replicas have them (issue 18, item 4).

Redis replicates asynchronously: a primary lost a moment after a write takes the write with it.
``WAIT n timeout`` blocks until `n` replicas have every write sent so far *on the same
connection*, so a chip-moving script (a table commit, the first grant, daily chips, an admin's
give or take, a reset paying chips back) runs down the store's shared pipeline and its ``WAIT``
follows it down that same connection. Too few replicas in time and the caller hears a
`RedisError`: the player is told Redis is unavailable, never that chips moved that may yet be
lost (though the change may stand on the primary).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from redis.commands.core import AsyncScript
from redis.exceptions import RedisError
from redis.typing import EncodableT, KeyT

from chatdealer.store.pipelining import AutoPipeline

log = logging.getLogger(__name__)


class NotReplicatedError(RedisError):
    """A write the primary took but too few replicas confirmed in time: not acknowledged."""


@dataclass(frozen=True, slots=True)
class Replicas:
    """How many replicas must confirm a chip movement (0: none, no ``WAIT``) and how long
    they have, on the pipeline every chip movement goes down."""

    pipeline: AutoPipeline
    count: int = 0
    timeout_ms: int = 500

    def __post_init__(self) -> None:
        if self.count < 0 or self.timeout_ms < 0:
            raise ValueError("replicas and the wait for them cannot be negative")

    async def run(
        self, script: AsyncScript, keys: Sequence[KeyT], args: Sequence[EncodableT]
    ) -> object:
        """The script's reply, run down the pipeline so a later `confirm` covers it."""
        return await self.pipeline.run(script, keys, args)

    async def confirm(self, key: KeyT) -> None:
        """Returns once `count` replicas have every write sent so far on the connection of
        `key`'s server (so the caller's last write too); raises `NotReplicatedError` if they
        do not have it within `timeout_ms`."""
        if not self.count:
            return
        reached = await self.pipeline.command("WAIT", self.count, self.timeout_ms, key=key)
        if isinstance(reached, int) and reached < self.count:
            log.warning(
                "a chip movement reached %d of %d replicas within %d ms: not acknowledged",
                reached,
                self.count,
                self.timeout_ms,
            )
            raise NotReplicatedError(
                f"the change reached {reached} of {self.count} replicas in time"
            )
