"""Waiting out a Redis that is not up yet, or gone for a while, instead of crashing.

A worker started by compose or systemd beside its Redis often comes up first, and a Redis that
restarts (an upgrade, a failover, a full disk) is away for seconds to minutes. A worker that
crashed then would need its supervisor to bring it back and would lose its chat connection;
one that waits, with growing pauses so it does not hammer a server that is loading its data,
and says in the log what it waits for, carries on by itself once Redis answers.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

from redis.exceptions import (
    AuthenticationError,
    AuthorizationError,
    ClusterDownError,
    RedisClusterException,
    RedisError,
)
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

T = TypeVar("T")

UNREACHABLE: tuple[type[BaseException], ...] = (
    RedisConnectionError,  # refused, reset, still loading its data, no primary known to Sentinel
    RedisTimeoutError,
    ClusterDownError,
    RedisClusterException,  # no start-up node of a cluster answered
    OSError,
)
"""What a Redis that is away looks like; a wrong password is not among them (see `hopeless`)."""


def hopeless(problem: BaseException) -> bool:
    """A refusal that waiting cannot cure: the worker's settings are wrong."""
    return isinstance(problem, AuthenticationError | AuthorizationError)


@dataclass(frozen=True)
class Backoff:
    """Pauses between attempts: `first`, doubling up to `longest` seconds."""

    first: float = 0.5
    longest: float = 30.0

    def __post_init__(self) -> None:
        if not 0 < self.first <= self.longest:
            raise ValueError("pauses must be positive, the first no longer than the longest")


async def reach(
    attempt: Callable[[], Awaitable[T]],
    where: str,
    backoff: Backoff,
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
) -> T:
    """`attempt()` again and again, pausing longer each time, until Redis answers it."""
    pause = backoff.first
    tries = 0
    began = time.monotonic()
    while True:
        try:
            result = await attempt()
        except UNREACHABLE as problem:
            if hopeless(problem):
                raise
            tries += 1
            log.warning(
                "Redis at %s is not reachable (%s: %s); trying again in %.1f s (attempt %d)",
                where,
                type(problem).__name__,
                problem,
                pause,
                tries,
            )
            await sleep(pause)
            pause = min(pause * 2, backoff.longest)
            continue
        if tries:
            log.warning(
                "Redis at %s answered after %d failed attempts (%.1f s)",
                where,
                tries,
                time.monotonic() - began,
            )
        return result


@dataclass
class Outage:
    """A running loop's view of Redis being away: how long to pause before trying again,
    logging each try and the end; the pauses grow, so a long outage logs one line a pause."""

    backoff: Backoff
    what: str
    pause: float | None = None
    began: float = 0.0
    failures: int = field(default=0)

    def failed(self, problem: RedisError | OSError) -> float:
        """The pause before the next try, now that one more failed."""
        self.failures += 1
        if self.pause is None:
            self.began = time.monotonic()
            self.pause = self.backoff.first
        else:
            self.pause = min(self.pause * 2, self.backoff.longest)
        log.warning(
            "%s: Redis unavailable (%s); trying again in %.1f s",
            self.what,
            type(problem).__name__,
            self.pause,
        )
        return self.pause

    def succeeded(self) -> None:
        if self.pause is not None:
            log.warning(
                "%s: Redis is back after %.1f s (%d failed attempts)",
                self.what,
                time.monotonic() - self.began,
                self.failures,
            )
        self.pause = None
        self.failures = 0
