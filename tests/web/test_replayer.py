"""The hand replayer in a real headless browser, served by the worker's own aiohttp app from
the hand the dealer stored: it steps through a hand with a side pot showing the right cards at
each street and paying its pots one by one; a player's own link adds their cards, the public
one never has them; an edited, forged or expired link opens nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import pytest
from aiohttp import web
from playwright.async_api import Page

from chatdealer import phh
from chatdealer.dealer.histories import hand_record
from chatdealer.engine.hand import Hand
from chatdealer.store import Store, TableId
from chatdealer.web.links import Signer
from chatdealer.web.server import web_app

from .hands import IDS, side_pot_hand

SECRET = b"a secret of the tests, 32 bytes."
HAND = 7
SIGNER = Signer(SECRET)


@asynccontextmanager
async def serving(store: Store, table_id: TableId, hand: Hand) -> AsyncIterator[str]:
    """The web server on a free local port, with `hand` stored as hand 7; its address."""
    players = IDS[: len(hand.stacks)]
    await store.history.push(table_id, hand_record(table_id, HAND, hand, players, None))
    runner = web.AppRunner(web_app(store, Signer(SECRET)))
    await runner.setup()
    server = web.TCPSite(runner, "127.0.0.1", 0)
    await server.start()
    host, port = runner.addresses[0][:2]
    try:
        yield f"http://{host}:{port}"
    finally:
        await runner.cleanup()


@pytest.fixture
async def site(store: Store, table_id: TableId) -> AsyncIterator[str]:
    """The web server with the side-pot hand stored as hand 7."""
    async with serving(store, table_id, side_pot_hand()) as address:
        yield address


async def finishing_stacks(store: Store, table_id: TableId) -> list[str]:
    """The stacks the stored history of hand 7 ends with, as the page writes them."""
    record = await store.history.get(table_id, HAND)
    assert record is not None
    history = phh.loads(record.public.decode())
    assert history.finishing_stacks is not None
    return [f"{int(chips):,}" for chips in history.finishing_stacks]


def link(site: str, table_id: TableId, viewer: str = "", signer: Signer = SIGNER) -> str:
    return f"{site}/replay/{signer.token('replay', str(table_id), HAND, viewer)}"


@dataclass
class Seen:
    """One step as the reader sees it."""

    said: str
    board: list[str]
    pot: str
    cards: list[list[str]]
    stacks: list[str]
    second_board: list[str]
    won: list[list[str]]
    """The pots each run of a board run twice has paid so far, under its board."""


async def walk(page: Page) -> list[Seen]:
    """Every step as the reader sees it: the step's line, the board, the pot, each seat's cards."""
    seen = []
    seats = await page.locator("[data-seat]").count()
    while True:
        cards = [
            await page.locator(f'[data-seat="{seat}"] .hole .card').all_inner_texts()
            for seat in range(seats)
        ]
        seen.append(
            Seen(
                said=await page.inner_text("#said"),
                board=await page.locator("#board .card").all_inner_texts(),
                pot=await page.inner_text("#pot"),
                cards=cards,
                stacks=[
                    await page.inner_text(f'[data-seat="{seat}"] .stack') for seat in range(seats)
                ],
                second_board=await page.locator("#board2:visible .card").all_inner_texts(),
                won=[
                    await page.locator(f"#won{run}:visible li").all_inner_texts() for run in (1, 2)
                ],
            )
        )
        if await page.is_disabled("#next"):
            return seen
        await page.click("#next")


HIDDEN = ["🂠", "🂠"]


async def test_the_public_replay_steps_through_the_side_pot_hand(
    page: Page, site: str, table_id: TableId
) -> None:
    await page.goto(link(site, table_id))
    assert await page.title() == "Hand #7"
    steps = await walk(page)
    said = [step.said for step in steps]
    assert said[0] == "Ann posts a blind of 5"
    flop = said.index("Flop: Q♦ 8♣ 4♦")
    assert steps[flop].pot == "Pot 300"
    assert steps[flop].board == ["Q♦", "8♣", "4♦"]
    turn = said.index("Turn: Q♦ 8♣ 4♦ [3♠]")
    assert steps[turn].pot == "Pot 700"
    for step in steps[: said.index("Ann shows K♠ K♦ — Pair of kings")]:
        assert step.cards == [HIDDEN] * 4  # nobody's cards before the showdown
    assert said[-2:] == [
        "Cy wins side pot 1 of 400 with a pair of queens, ace kicker — Q♠ Q♦ A♣ 8♣ 4♦",
        "Ann wins the main pot of 300 with a pair of kings — K♠ K♦ Q♦ 8♣ 4♦",
    ]
    assert steps[-1].cards == [["K♠", "K♦"], ["Q♥", "J♣"], ["Q♠", "A♣"], HIDDEN]
    assert steps[-1].board == ["Q♦", "8♣", "4♦", "3♠", "2♥"]
    html = await page.content()
    assert "J♠" not in html and "Js" not in html  # Di's folded jacks never reach the page


async def test_a_players_own_link_adds_their_cards_and_only_theirs(
    page: Page, site: str, table_id: TableId
) -> None:
    await page.goto(link(site, table_id, viewer="u-di"))
    steps = await walk(page)
    assert all(step.cards[3] == ["J♠", "J♥"] for step in steps)
    assert steps[0].cards[:3] == [HIDDEN] * 3
    await page.goto(link(site, table_id, viewer="u-ann"))  # Ann's kings were shown later
    steps = await walk(page)
    assert steps[0].cards == [["K♠", "K♦"], HIDDEN, HIDDEN, HIDDEN]  # her own, from the deal
    assert "J♠" not in await page.content()


async def test_edited_forged_and_expired_links_open_nothing(
    page: Page, site: str, table_id: TableId
) -> None:
    good = link(site, table_id, viewer="u-di")
    body, _, mac = good.rpartition("/")[2].partition(".")
    edited = f"{site}/replay/{body[:-2]}{'A' if body[-2] != 'A' else 'B'}{body[-1]}.{mac}"
    forged = link(site, table_id, viewer="u-di", signer=Signer(b"somebody else's guess at it"))
    expired = f"{site}/replay/" + Signer(SECRET, hours=-1).token("replay", str(table_id), HAND)
    other_hand = f"{site}/replay/" + Signer(SECRET).token("replay", str(table_id), HAND + 1)
    for refused in (edited, forged, expired, other_hand, f"{site}/replay/{HAND}"):
        answer = await page.goto(refused)
        assert answer is not None and answer.status == 403, refused
        text = await page.inner_text("#refused")
        assert text == "This link opens nothing: it was changed, or it has expired."
        assert "J♠" not in await page.content()


async def seat_chips(page: Page) -> list[tuple[str, str]]:
    """Each seat's stack and the bet in front of it, as drawn."""
    return [
        (
            await page.inner_text(f'[data-seat="{seat}"] .stack'),
            await page.inner_text(f'[data-seat="{seat}"] .bet'),
        )
        for seat in range(4)
    ]


async def test_each_blind_is_drawn_only_once_it_is_posted_and_a_closing_call_stays_in_front(
    page: Page, site: str, table_id: TableId
) -> None:
    await page.goto(link(site, table_id))
    assert await page.inner_text("#said") == "Ann posts a blind of 5"
    assert await seat_chips(page) == [("95", "5"), ("1,000", ""), ("1,000", ""), ("500", "")]
    await page.click("#next")
    assert await page.inner_text("#said") == "Bo posts a blind of 10"
    assert await seat_chips(page) == [("95", "5"), ("990", "10"), ("1,000", ""), ("500", "")]
    while await page.inner_text("#said") != "Bo calls 90":
        await page.click("#next")
    # The call that closes the betting is drawn in front of Bo, before the flop takes it in.
    assert await seat_chips(page) == [
        ("0", "100"),
        ("900", "100"),
        ("900", "100"),
        ("500", ""),
    ]
    assert await page.inner_text("#pot") == "Pot 300"
    await page.click("#next")
    assert await page.inner_text("#said") == "Flop: Q♦ 8♣ 4♦"
    assert [bet for _, bet in await seat_chips(page)] == ["", "", "", ""]
    while not await page.is_disabled("#next"):
        await page.click("#next")
    # Ann's main pot of 300 and Cy's side pot of 400 are in their stacks at the end.
    assert [stack for stack, _ in await seat_chips(page)] == ["300", "700", "1,100", "500"]


async def test_the_pots_are_paid_one_by_one_down_to_an_empty_pot(
    page: Page, site: str, store: Store, table_id: TableId
) -> None:
    await page.goto(link(site, table_id))
    steps = await walk(page)
    shows_done, side, main = steps[-3:]
    assert shows_done.said == "Cy shows Q♠ A♣ — Pair of queens"  # the last show, no pot paid
    assert (shows_done.pot, shows_done.stacks) == ("Pot 700", ["0", "700", "700", "500"])
    assert side.said.startswith("Cy wins side pot 1 of 400")
    assert (side.pot, side.stacks) == ("Pot 300", ["0", "700", "1,100", "500"])
    assert main.said.startswith("Ann wins the main pot of 300")
    assert (main.pot, main.stacks) == ("Pot 0", ["300", "700", "1,100", "500"])
    assert main.stacks == await finishing_stacks(store, table_id)
    assert all(step.second_board == [] and step.won == [[], []] for step in steps)
