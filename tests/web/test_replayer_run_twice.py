"""A board run twice, replayed in the real headless browser: the first run's board and its half
pots, then the second run's board as a row under the first, street by street, and its halves;
each run names its winners under its board, and the pot falls to nothing as the halves are paid.
Random hands run twice replay to the stacks they ended with."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest
from playwright.async_api import Page

from chatdealer import phh
from chatdealer.cards import Deck, format_card
from chatdealer.dealer.histories import hand_record
from chatdealer.dealer.outgoing import PotWon
from chatdealer.engine.config import HandConfig
from chatdealer.engine.hand import Hand, Phase, deal_hand
from chatdealer.history import to_phh
from chatdealer.store import Store, TableId
from chatdealer.web.night_page import Pot, night_of
from chatdealer.web.played import play

from .hands import IDS, NAMES, run_twice_hand
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


def _random_hand_run_twice(rng: random.Random) -> Hand:
    """Three or four players of unequal stacks, some shoving at a random street, run twice."""
    count = rng.randint(3, 4)
    stacks = [rng.randrange(100, 2_000, 5) for _ in range(count)]
    config = HandConfig(
        starting_stacks=tuple(stacks),
        blinds_or_straddles=(5, 10),
        min_bet=10,
        names=tuple(NAMES[:count]),
    )
    deck = Deck.STANDARD.cards()
    rng.shuffle(deck)
    hand, _ = deal_hand(config, deck, manual_showdown=True, runs=2)
    while not hand.is_complete:
        if hand.phase is Phase.SHOWDOWN:
            hand.show_automatically()
            continue
        legal = hand.legal_actions()
        if legal.max_raise_to is not None and rng.random() < 0.25:
            hand.raise_to(legal.seat, legal.max_raise_to)
        elif legal.can_fold and legal.to_call and rng.random() < 0.15:
            hand.act(legal.seat, "fold")
        else:
            hand.check_or_call(legal.seat)
    return hand


def test_every_hand_run_twice_replays_to_its_own_stacks_with_the_pot_emptied() -> None:
    rng = random.Random(20)
    twice = 0
    for _ in range(60):
        hand = _random_hand_run_twice(rng)
        public = to_phh(hand, public=True)
        played = play(phh.loads(phh.dumps(public)))
        last = played.steps[-1]
        assert [seat.finish for seat in played.seats] == hand.stacks
        assert list(last.stacks) == hand.stacks and last.pot == 0
        assert last.second_board == tuple(map(format_card, hand.second_board))
        steps = played.steps
        first = next(n for n, step in enumerate(steps) if isinstance(step.payload, PotWon))
        paid = [step.payload.amount for step in steps if isinstance(step.payload, PotWon)]
        assert steps[first - 1].pot == sum(paid)  # every chip in the middle is paid out
        twice += bool(hand.second_board)
    assert twice >= 10  # enough of them all-in before the river to be run twice
