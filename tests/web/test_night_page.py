"""The night page in a real headless browser, for a night the dealer played: the chart's last
point for each player is their net in the ledger, the transfers settle exactly those nets, the
biggest pots open their replays, and the exports hold the night's hands and the ledger."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import AsyncIterator

import aiohttp
import pytest
from aiohttp import web
from playwright.async_api import Page

from chatdealer import phh
from chatdealer.dealer import Create, Join, Leave, Ledger, Start
from chatdealer.dealer.outgoing import NightShown
from chatdealer.store import Store, TableId
from chatdealer.web.links import Signer
from chatdealer.web.server import web_app

from ..dealer.harness import ANN, BOB, CID, DEE, Harness, payloads, random_play
from ..dealer.test_play import SETTINGS

SIGNER = Signer(b"a secret of the tests, 32 bytes.")
PAYS = re.compile(r"^(\w+) pays (\w+) ([\d,]+)$")
HANDS = 6


@pytest.fixture
async def site(store: Store) -> AsyncIterator[str]:
    runner = web.AppRunner(web_app(store, SIGNER))
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    host, port = runner.addresses[0][:2]
    try:
        yield f"http://{host}:{port}"
    finally:
        await runner.cleanup()


async def play_a_night(game: Harness) -> NightShown:
    await game.do(ANN, Create(settings=SETTINGS))
    for user, chips in ((ANN, 200), (BOB, 150), (CID, 200), (DEE, 100)):
        await game.do(user, Join(buy_in=chips))
    await game.do(ANN, Start())
    for _ in range(HANDS):
        await game.play_hand(random_play)
        if game.view().hand_number == 2 and any(s.player_id == DEE.id for s in game.view().seats):
            await game.do(DEE, Leave())
        await game.fire(30)
    (night,) = payloads(await game.do(ANN, Ledger()), NightShown)
    return night


async def test_the_night_page_adds_up_to_the_ledger(
    page: Page, site: str, game: Harness, table_id: TableId
) -> None:
    night = await play_a_night(game)
    assert night.first_hand == 1
    nets = {line.name: line.net for line in night.lines}
    token = SIGNER.token("night", str(table_id), night.first_hand)
    await page.goto(f"{site}/night/{token}")
    chart = page.locator("#chart polyline")
    drawn = {
        await chart.nth(i).get_attribute("data-player"): int(
            await chart.nth(i).get_attribute("data-last") or "x"
        )
        for i in range(await chart.count())
    }
    assert drawn == nets
    moved = dict.fromkeys(nets, 0)
    for text in await page.locator("#settlement li").all_inner_texts():
        found = PAYS.match(text)
        assert found is not None, text
        amount = int(found.group(3).replace(",", ""))
        moved[found.group(1)] -= amount
        moved[found.group(2)] += amount
    assert moved == nets
    rows = await page.locator("#ledger tr").all_inner_texts()
    assert len(rows) == 1 + len(night.lines)
    pots = page.locator("#pots a")
    assert 1 <= await pots.count() <= 5
    answer = await page.goto(site + (await pots.first.get_attribute("href") or ""))
    assert answer is not None and answer.status == 200
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{site}/night/{token}/ledger.csv") as got:
            ledger = list(csv.DictReader(io.StringIO(await got.text())))
        assert {row["player"]: int(row["net"]) for row in ledger} == nets
        assert all(
            int(row["cashed_out"]) + int(row["at_table"]) - int(row["bought_in"]) == int(row["net"])
            for row in ledger
        )
        async with session.get(f"{site}/night/{token}/hands.phhs") as got:
            hands = phh.loads_collection(await got.text())
        assert [hand.hand for hand in hands] == list(range(1, game.view().hand_number + 1))
        async with session.get(f"{site}/night/{token[:-2]}xx") as got:
            assert got.status == 403
