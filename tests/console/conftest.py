"""A failed terminal test shows what each program it started printed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .terminal import SPAWNED, printed


@pytest.fixture(autouse=True)
def _show_output_on_failure(request: pytest.FixtureRequest) -> Iterator[None]:
    SPAWNED.clear()
    yield
    report = getattr(request.node, "failed_call", None)
    if report:
        for child in SPAWNED:
            print(f"== {child.name}...\n{printed(child)}")
    for child in SPAWNED:
        if child.isalive():
            child.terminate(force=True)
    SPAWNED.clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.when == "call" and report.failed:
        item.failed_call = True  # type: ignore[attr-defined]
