"""The worker's card pictures, shared by its adapters: cached by what they show (the same
board at many tables is drawn once) and drawn off the event loop, in a process pool (in threads
only while its processes start, `chatdealer.render.images.pictures`).

A picture that cannot be drawn is logged and left out: the message goes as text. So is a
player's hole-card picture that is not drawn in time: their cards never wait for it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from chatdealer.render.images.pictures import Pictures

log = logging.getLogger(__name__)

_shared: Pictures | None = None

PRIVATE_PICTURE_WAIT = 1.5
"""Seconds a player's cards wait for their picture. A cold process pool or a deal at many
tables at once can take longer; past this the cards go as text, as they would to a player
acting at once, rather than reach them after the hand has moved on."""


def pictures() -> Pictures:
    global _shared
    if _shared is None:
        _shared = Pictures()
    return _shared


def start_pictures() -> None:
    """Spawns the picture processes at start-up (they load the fonts meanwhile), so the first
    deal's pictures do not wait for them."""
    pictures().pool.start()


def close_pictures() -> None:
    """Stops the process pool at shutdown (a later picture starts a new one)."""
    global _shared
    shared, _shared = _shared, None
    if shared is not None:
        shared.close()


async def picture(draw: Callable[[Pictures], Awaitable[bytes]], what: str) -> bytes | None:
    try:
        return await draw(pictures())
    except (ValueError, TypeError, OSError) as problem:
        log.warning("%s image failed: %s", what, type(problem).__name__)
        return None


async def in_time(
    drawing: Awaitable[bytes | None], seconds: float = PRIVATE_PICTURE_WAIT
) -> bytes | None:
    """The picture if it is drawn within `seconds`, else None; a late one still finishes (and
    is cached for the next asker) rather than being cut off midway."""
    task = asyncio.ensure_future(drawing)
    try:
        return await asyncio.wait_for(asyncio.shield(task), seconds)
    except TimeoutError:
        log.warning("a hole-card picture took over %.1f s: the cards went as text", seconds)
        return None
