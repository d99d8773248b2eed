"""The supervisor: crashed background work is logged and started again, waiting longer each time.

Its pauses go through an injected `sleep` and its idea of time through an injected clock, so
the backoff is checked exactly and nothing here waits.
"""

from __future__ import annotations

import asyncio

import pytest

from chatdealer.dealer.supervision import Supervisor, described


class Recorder:
    def __init__(self) -> None:
        self.pauses: list[float] = []
        self.now = 0.0

    async def sleep(self, seconds: float) -> None:
        self.pauses.append(seconds)

    def clock(self) -> float:
        return self.now


class Flaky:
    """Crashes the first `crashes` times it runs, carrying a secret in its message."""

    def __init__(self, crashes: int, recorder: Recorder, lasts: float = 0.0) -> None:
        self.crashes = crashes
        self.runs = 0
        self.recorder = recorder
        self.lasts = lasts

    async def __call__(self) -> None:
        self.runs += 1
        self.recorder.now += self.lasts
        if self.runs <= self.crashes:
            raise KeyError("As Kd")  # what a record might hold: never logged


async def test_crashed_work_is_restarted_with_a_doubling_pause_and_logged_without_its_text(
    caplog: pytest.LogCaptureFixture,
) -> None:
    recorder = Recorder()
    supervisor = Supervisor(
        first_delay=0.5, max_delay=3.0, sleep=recorder.sleep, clock=recorder.clock
    )
    work = Flaky(crashes=5, recorder=recorder)
    await supervisor.run("table publisher", work)
    assert work.runs == 6
    assert recorder.pauses == [0.5, 1.0, 2.0, 3.0, 3.0]
    assert supervisor.restarts == {"table publisher": 5}
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == 5
    assert all("table publisher crashed (KeyError at test_supervision.py" in line for line in lines)
    assert not any("As Kd" in line for line in lines)


async def test_a_run_that_was_healthy_for_a_while_starts_the_backoff_again() -> None:
    recorder = Recorder()
    supervisor = Supervisor(
        first_delay=1.0, max_delay=30.0, healthy_after=60.0, sleep=recorder.sleep,
        clock=recorder.clock,
    )  # fmt: skip
    work = Flaky(crashes=3, recorder=recorder, lasts=100.0)
    await supervisor.run("timer loop", work)
    assert recorder.pauses == [1.0, 1.0, 1.0]


async def test_work_that_returns_is_not_restarted() -> None:
    recorder = Recorder()
    supervisor = Supervisor(sleep=recorder.sleep)
    work = Flaky(crashes=0, recorder=recorder)
    await supervisor.run("done", work)
    assert work.runs == 1 and recorder.pauses == [] and supervisor.restarts == {}


async def test_a_crash_after_stop_is_set_ends_the_work() -> None:
    stop = asyncio.Event()

    async def crash_after_stopping() -> None:
        stop.set()
        raise RuntimeError("shutting down")

    supervisor = Supervisor(first_delay=30.0, max_delay=30.0)
    await asyncio.wait_for(supervisor.run("loop", crash_after_stopping, stop), 5)
    assert supervisor.restarts == {"loop": 1}


async def test_a_pause_ends_early_when_stop_is_set() -> None:
    stop = asyncio.Event()
    runs = 0

    async def crash() -> None:
        nonlocal runs
        runs += 1
        asyncio.get_running_loop().call_later(0.05, stop.set)
        raise RuntimeError("down")

    supervisor = Supervisor(first_delay=30.0, max_delay=30.0)
    await asyncio.wait_for(supervisor.run("loop", crash, stop), 10)
    assert runs == 1


async def test_started_tasks_run_in_the_background_and_close_cancels_them() -> None:
    supervisor = Supervisor(first_delay=0.01, max_delay=0.01)
    ran = asyncio.Event()

    async def forever() -> None:
        ran.set()
        await asyncio.sleep(3_600)

    task = supervisor.start("dm sender", forever)
    await asyncio.wait_for(ran.wait(), 5)
    assert supervisor.running == 1
    await supervisor.close()
    assert task.cancelled()
    assert supervisor.running == 0


def test_a_described_exception_names_its_type_and_place_not_its_text() -> None:
    try:
        [1, 2][5]
    except IndexError as problem:
        said = described(problem)
    assert said.startswith("IndexError at test_supervision.py:")
    assert "index out of range" not in said
