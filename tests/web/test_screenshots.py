"""Screenshots of the replayer kept as fixtures: the public page at the deal, a player's own
page at the showdown and the end of a board run twice, taken by the real headless Chromium and
compared with the references in fixtures/ within a tolerance (fonts are smoothed a little
differently from machine to machine; a card, a seat or a line that moves or changes is far past
it). Regenerate them on purpose with
``CHATDEALER_UPDATE_FIXTURES=1 .venv/bin/pytest tests/web/test_screenshots.py`` and look at them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from playwright.async_api import Page, ViewportSize

from chatdealer.store import Store, TableId
from tests.references import fail_unlike, reference_of

from .hands import run_twice_hand
from .test_replayer import link, serving, site, walk

__all__ = ["site"]  # the replayer's fixture

FIXTURES = Path(__file__).parent / "fixtures"
VIEWPORT = ViewportSize(width=900, height=640)
NOTICEABLE = 48
"""A pixel whose difference is brighter than this (of 255) is one a reader would see change."""
MOST_CHANGED = 0.004
"""The share of such pixels allowed: smoothing moves a few glyph edges, never a card."""


def changed_share(actual: Image.Image, expected: Image.Image) -> float:
    difference = ImageChops.difference(actual, expected).convert("L")
    changed = sum(
        difference.point(lambda value: 255 if value > NOTICEABLE else 0).histogram()[255:]
    )
    return changed / (actual.width * actual.height)


def matches_reference(png: bytes, name: str, tmp_path: Path) -> None:
    reference = FIXTURES / name
    compared = reference_of(png, reference)
    if compared is None:
        return
    actual, expected = compared
    share = changed_share(actual, expected) if actual.size == expected.size else 1.0
    if share > MOST_CHANGED:
        command = ".venv/bin/pytest tests/web/test_screenshots.py"
        fail_unlike(png, reference, tmp_path, command, f": {share:.2%} of it changed")


async def test_the_public_replay_at_the_deal_looks_as_it_did(
    page: Page, site: str, table_id: TableId, tmp_path: Path
) -> None:
    await page.set_viewport_size(VIEWPORT)
    await page.goto(link(site, table_id))
    png = await page.screenshot(animations="disabled")
    matches_reference(png, "replay-public-deal.png", tmp_path)


async def test_a_players_own_replay_at_the_showdown_looks_as_it_did(
    page: Page, site: str, table_id: TableId, tmp_path: Path
) -> None:
    await page.set_viewport_size(VIEWPORT)
    await page.goto(link(site, table_id, viewer="u-di"))
    await walk(page)  # to the last step: every shown hand, the pots won, Di's own folded jacks
    png = await page.screenshot(animations="disabled")
    matches_reference(png, "replay-own-showdown.png", tmp_path)


@pytest.fixture
async def run_twice_site(store: Store, table_id: TableId) -> AsyncIterator[str]:
    async with serving(store, table_id, run_twice_hand()) as address:
        yield address


async def test_the_end_of_a_board_run_twice_looks_as_it_did(
    page: Page, run_twice_site: str, table_id: TableId, tmp_path: Path
) -> None:
    await page.set_viewport_size(VIEWPORT)
    await page.goto(link(run_twice_site, table_id))
    await walk(page)  # to the last step: both boards, each with the pots its run paid
    png = await page.screenshot(animations="disabled")
    matches_reference(png, "replay-run-twice-end.png", tmp_path)


def test_the_comparison_sees_a_card_change() -> None:
    """The tolerance lets smoothing through, not a change a reader would see."""
    expected = Image.open(FIXTURES / "replay-own-showdown.png").convert("RGB")
    changed = expected.copy()
    card = (100, 100, 160, 190)  # about a card's size, inverted
    changed.paste(ImageChops.invert(expected.crop(card)), card)
    assert changed_share(expected, expected) == 0
    assert changed_share(changed, expected) > MOST_CHANGED
