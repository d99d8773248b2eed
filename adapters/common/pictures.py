"""The worker's card pictures, shared by its adapters: cached by what they show (the same
board at many tables is drawn once) and drawn off the event loop, in a process pool when a
deal at many tables at once has several waiting (`chatdealer.render.images.pictures`).

A picture that cannot be drawn is logged and left out: the message goes as text."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from chatdealer.render.images.pictures import Pictures

log = logging.getLogger(__name__)

_shared: Pictures | None = None


def pictures() -> Pictures:
    global _shared
    if _shared is None:
        _shared = Pictures()
    return _shared


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
