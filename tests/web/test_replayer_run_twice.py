"""A board run twice, replayed in the real headless browser: the first run's board and its half
pots, then the second run's board as a row under the first, street by street, and its halves;
each run names its winners under its board, and the pot falls to nothing as the halves are paid."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Page

from chatdealer.dealer.histories import hand_record
from chatdealer.store import Store, TableId
from chatdealer.web.night_page import Pot, night_of

from .hands import IDS, run_twice_hand
from .test_replayer import Seen, finishing_stacks, link, serving, walk

FIRST = ["A♥", "7♣", "2♦", "3♥", "9♠"]
SECOND = ["Q♥", "8♣", "4♦", "5♥", "T♣"]
FIRST_RUN_WON = [
    "First run — Bo wins side pot 1 of 500 with a pair of kings — K♠ K♦ A♥ 9♠ 7♣",
    "First run — Ann wins the main pot of 750 with three of a kind, aces — A♠ A♥ A♦ 9♠ 7♣",
]
SECOND_RUN_WON = [
    "Second run — Cy wins side pot 1 of 500 with three of a kind, queens — Q♠ Q♥ Q♦ T♣ 8♣",
    "Second run — Cy wins the main pot of 750 with three of a kind, queens — Q♠ Q♥ Q♦ T♣ 8♣",
]


@pytest.fixture
async def site(store: Store, table_id: TableId) -> AsyncIterator[str]:
    """The web server with the hand run twice stored as hand 7."""
    async with serving(store, table_id, run_twice_hand()) as address:
        yield address


def step_saying(steps: list[Seen], said: str) -> Seen:
    return next(step for step in steps if step.said == said)


async def test_the_second_run_is_drawn_under_the_first_with_each_runs_winners(
    page: Page, site: str, table_id: TableId
) -> None:
    await page.goto(link(site, table_id))
    steps = await walk(page)
    river = step_saying(steps, "First run — River: A♥ 7♣ 2♦ 3♥ [9♠]")
    assert river.board == FIRST and river.second_board == [] and river.won == [[], []]
    paid_first = step_saying(steps, FIRST_RUN_WON[1])
    assert paid_first.second_board == []  # the second run is not dealt yet
    assert paid_first.won == [FIRST_RUN_WON, []]
    flop = step_saying(steps, "Second run — Flop: Q♥ 8♣ 4♦")
    assert flop.board == FIRST and flop.second_board == SECOND[:3]
    turn = step_saying(steps, "Second run — Turn: Q♥ 8♣ 4♦ [5♥]")
    assert turn.second_board == SECOND[:4]
    last = steps[-1]
    assert last.said == SECOND_RUN_WON[1]
    assert last.board == FIRST and last.second_board == SECOND
    assert last.won == [FIRST_RUN_WON, SECOND_RUN_WON]
    assert last.cards == [["A♠", "A♦"], ["K♠", "K♦"], ["Q♠", "Q♦"]]


async def test_the_four_half_pots_are_paid_one_by_one_to_the_stacks_the_history_ends_with(
    page: Page, site: str, store: Store, table_id: TableId
) -> None:
    await page.goto(link(site, table_id))
    steps = await walk(page)
    paid = [
        (step.pot, step.stacks) for step in steps if step.said in FIRST_RUN_WON + SECOND_RUN_WON
    ]
    assert paid == [
        ("Pot 2,000", ["0", "500", "0"]),
        ("Pot 1,250", ["750", "500", "0"]),
        ("Pot 750", ["750", "500", "500"]),
        ("Pot 0", ["750", "500", "1,250"]),
    ]
    assert steps[-1].stacks == await finishing_stacks(store, table_id)


def test_the_night_counts_a_hand_run_twice_as_its_history_ends_it(table_id: TableId) -> None:
    """Each run pays half of every pot: Ann and Cy both end 250 up, not Ann alone."""
    night = night_of([hand_record(table_id, 7, run_twice_hand(), IDS[:3], None)])
    assert night.results == {"Ann": [250], "Bo": [-500], "Cy": [250]}
    assert night.pots == [Pot(7, 2_500, ("Bo", "Ann", "Cy"))]
