"""A serving worker's garbage collection: only young collections pause it while it serves, and
the garbage in cycles that outlives one is still freed, by the full collection on its clock."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from chatdealer.dealer.collection import tune_for_serving
from chatdealer.dealer.supervision import Supervisor


class Node:
    """Half of a reference cycle: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def tuned_back() -> Iterator[None]:
    """The test process's collector as it was before the test tuned it."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


@pytest.fixture
def generations() -> Iterator[list[int]]:
    """The generation of every collection that runs meanwhile."""
    seen: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(watch)
    yield seen
    gc.callbacks.remove(watch)


def test_a_serving_worker_is_paused_by_young_collections_only(
    tuned_back: None, generations: list[int]
) -> None:
    tune_for_serving()
    generations.clear()
    kept = []
    for number in range(400_000):  # survivors enough for CPython to walk them many times over
        kept.append([number])
    assert generations, "young collections run as usual"
    assert set(generations) == {0}


async def test_garbage_in_cycles_that_outlived_a_young_collection_is_freed_on_the_clock(
    tuned_back: None, generations: list[int]
) -> None:
    supervisor = Supervisor()
    tune_for_serving(supervisor, every=0.05)
    first, second = Node(), Node()
    first.other, second.other = second, first
    gone = weakref.ref(first)
    gc.collect(0)  # the cycle, still in use, survives a young collection
    del first, second
    for _ in range(3):
        gc.collect(0)
    assert gone() is not None, "no young collection walks it again"
    for _ in range(100):
        await asyncio.sleep(0.02)
        if gone() is None:
            break
    await supervisor.close()
    assert gone() is None
    assert 2 in generations
