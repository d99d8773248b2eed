"""Typed lines are acted on in order, and a line that never finishes does not keep the session
from ending."""

from __future__ import annotations

import asyncio
import time

from adapters.console.acting import LineActor


async def test_lines_are_acted_on_in_the_order_typed() -> None:
    done: list[str] = []

    async def act(line: str) -> None:
        await asyncio.sleep(0.01 if line == "first" else 0)
        done.append(line)

    actor = LineActor(act)
    task = asyncio.create_task(actor.run())
    for line in ("first", "second", "third"):
        actor.put(line)
    await actor.finish(wait=5)
    task.cancel()
    assert done == ["first", "second", "third"]


async def test_ending_does_not_wait_for_a_line_that_never_finishes() -> None:
    stuck = asyncio.Event()

    async def act(line: str) -> None:
        await stuck.wait()  # as a dealer call that never answers

    actor = LineActor(act)
    task = asyncio.create_task(actor.run())
    actor.put("table")
    began = time.monotonic()
    await actor.finish(wait=0.2)
    assert time.monotonic() - began < 2  # the session goes on to leave its seat
    task.cancel()
