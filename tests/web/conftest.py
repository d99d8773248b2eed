"""The web tests' fixtures: the dealer's store on the session's Redis, and a real headless
browser, Playwright driving the system's Chromium (Debian's ``chromium`` package, which dev.py
and CI install when they run as root)."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

import pytest

from tests.dealer.conftest import clock, game, store, table_id
from tests.telegram.conftest import free_port

if TYPE_CHECKING:
    from playwright.async_api import Page

__all__ = ["clock", "game", "page", "store", "table_id", "web"]

CHROMIUM = ("chromium", "chromium-browser")


@pytest.fixture
async def page() -> AsyncIterator[Page]:
    path = next((found for name in CHROMIUM if (found := shutil.which(name))), None)
    if path is None:
        if os.environ.get("CI"):  # .ci/run installs it: CI never skips the browser tests
            pytest.fail("CI has no system Chromium (.ci/run installs Debian's chromium as root)")
        pytest.skip("no system Chromium: install Debian's chromium package for browser tests")
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        pytest.skip("Playwright is not installed: pip install -e '.[dev]'")
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(
            executable_path=path, headless=True, args=["--no-sandbox"]
        )
        try:
            yield await browser.new_page()
        finally:
            await browser.close()


@pytest.fixture
def web(monkeypatch: pytest.MonkeyPatch) -> str:
    """The web pages turned on for a worker the test launches, on a free port; their address."""
    port = free_port()
    address = f"http://127.0.0.1:{port}"
    monkeypatch.setenv("CHATDEALER_WEB_URL", address)
    monkeypatch.setenv("CHATDEALER_WEB_PORT", str(port))
    monkeypatch.setenv("CHATDEALER_WEB_SECRET", "the tests' own secret, long enough")
    return address
