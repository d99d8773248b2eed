"""Every refusal the table and the tournament can give: a clear message, and nothing changed."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import pytest

from chatdealer.engine.config import BettingStructure, Variant
from chatdealer.engine.deck_order import spelled_deck
from chatdealer.table.refusals import MESSAGES, TableError
from chatdealer.table.schedule import BlindLevel, BlindSchedule
from chatdealer.table.settings import TableSettings
from chatdealer.table.table import Table
from chatdealer.table.tournament import Tournament, TournamentSettings
from tests.table.support import (
    Decks,
    Saved,
    draw_giving_button_to,
    first_hand,
    fold_to_big_blind,
    refused,
    table_with,
)

Scenario = Callable[[], tuple[Saved | None, Callable[[], object]]]
SCENARIOS: dict[str, Scenario] = {}


def scenario(code: str) -> Callable[[Scenario], Scenario]:
    def register(build: Scenario) -> Scenario:
        SCENARIOS[code] = build
        return build

    return register


def settings_change(**changes: object) -> tuple[Saved, Callable[[], object]]:
    table, _ = table_with(3)
    bad = msgspec.structs.replace(table.settings, **changes)
    return table, lambda: table.change_settings(bad)


def in_a_hand(count: int = 3, **settings: object) -> Table:
    table, decks = table_with(count, settings=TableSettings(seat_count=6, **settings))  # type: ignore[arg-type]
    first_hand(table, decks, button=0)
    return table


def tournament(count: int = 3, **settings: object) -> Tournament:
    options: dict[str, object] = {"seat_count": 6, **settings}
    entry = Tournament.create(TournamentSettings(**options))  # type: ignore[arg-type]
    for number in range(count):
        entry.register(f"p{number}", f"P{number}")
    return entry


for _code, _changes in {
    "seat_count_range": {"seat_count": 12},
    "blinds_invalid": {"small_blind": 5},
    "small_bet_too_small": {"structure": BettingStructure.FIXED_LIMIT, "small_bet": 1},
    "big_bet_twice_small": {"structure": BettingStructure.FIXED_LIMIT, "big_bet": 6},
    "ante_invalid": {"ante": -1},
    "bomb_pot_every_range": {"bomb_pot_every": 101},
    "bomb_pot_ante_range": {"bomb_pot_every": 3, "bomb_pot_ante": 0},
    "seven_deuce_range": {"seven_deuce": 1_000_000},
    "short_deck_only": {"straight_beats_trips": True},
    "seat_count_game": {
        "variant": Variant.OMAHA_FIVE,
        "structure": BettingStructure.POT_LIMIT,
        "seat_count": 9,
    },
    "hi_lo_structure": {"variant": Variant.OMAHA_HI_LO, "structure": BettingStructure.NO_LIMIT},
    "straddle_structure": {"structure": BettingStructure.FIXED_LIMIT, "straddles": True},
    "buy_in_range": {"max_buy_in_big_blinds": 2000},
    "clock_range": {"action_seconds": 601},
    "time_bank_range": {"time_bank_seconds": -1},
    "unknown_language": {"language": "de"},
    "seats_occupied": {"seat_count": 2},
    "buy_in_too_high": {"small_blind": 10**10, "big_blind": 10**11},
}.items():
    SCENARIOS[_code] = lambda changes=_changes: settings_change(**changes)  # type: ignore[misc]


@scenario("tournament_table")
def _() -> tuple[Saved | None, Callable[[], object]]:
    entry = tournament()
    entry.start(now=0)
    assert entry.table is not None
    table = entry.table
    return table, lambda: table.top_up("p0", 10)


@scenario("already_seated")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, _ = table_with(2)
    return table, lambda: table.sit("bob", "Bob", 100, 4)


@scenario("no_such_seat")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, _ = table_with(2)
    return table, lambda: table.sit("zed", "Zed", 100, -1)


@scenario("seat_taken")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, _ = table_with(2)
    return table, lambda: table.sit("zed", "Zed", 100, 0)


@scenario("table_full")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, _ = table_with(6)
    return table, lambda: table.sit("zed", "Zed", 100)


@scenario("buy_in_too_small")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, _ = table_with(2)
    return table, lambda: table.sit("zed", "Zed", 10)


@scenario("buy_in_too_large")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, _ = table_with(2)
    return table, lambda: table.sit("zed", "Zed", 10_000)


@scenario("not_seated")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table = in_a_hand()
    return table, lambda: table.act("zed", "fold")


@scenario("top_up_too_large")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, _ = table_with(2, stacks=[100, 100])
    return table, lambda: table.top_up("ann", 101)


@scenario("at_maximum")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, _ = table_with(2)
    return table, lambda: table.top_up("ann", 1)


@scenario("top_up_not_positive")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, _ = table_with(2, stacks=[100, 100])
    return table, lambda: table.top_up("ann", 0)


@scenario("already_leaving")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table = in_a_hand(4)
    table.leave("cid")
    return table, lambda: table.top_up("cid", 1)


@scenario("already_sitting_out")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table = in_a_hand()
    table.sit_out("bob")
    return table, lambda: table.sit_out("bob")


@scenario("already_sitting_in")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, _ = table_with(2)
    return table, lambda: table.sit_in("ann")


@scenario("no_chips")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, _ = table_with(2, settings=TableSettings(seat_count=2))
    table.deal(spelled_deck(["AsAd", "7c2d"], "KsQh3c 4d 9s"), draw_giving_button_to(0, 2))
    table.act("ann", "allin")
    table.act("bob", "call")
    return table, lambda: table.sit_in("ann")


@scenario("straddles_off")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, _ = table_with(4)
    return table, lambda: table.straddle("ann")


@scenario("not_under_the_gun")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table = in_a_hand(4, straddles=True)
    fold_to_big_blind(table)
    return table, lambda: table.straddle("dee")


@scenario("straddle_too_few")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table = in_a_hand(2, straddles=True)
    fold_to_big_blind(table)
    return table, lambda: table.straddle("ann")  # heads-up: under the gun is the button


@scenario("hand_running")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table = in_a_hand()
    return table, lambda: table.deal(Decks()())


@scenario("no_hand")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, _ = table_with(2)
    return table, lambda: table.act("ann", "check")


@scenario("not_dealt_in")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table = in_a_hand()
    table.sit("dee", "Dee", 100)
    return table, lambda: table.act("dee", "call")


@scenario("waiting_for_big_blind")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table = in_a_hand()
    table.sit("dee", "Dee", 100, wait_for_big_blind=True)
    return table, lambda: table.act("dee", "call")


@scenario("not_enough_players")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, decks = table_with(1)
    return table, lambda: table.deal(decks(), decks())


@scenario("draw_deck_needed")
def _() -> tuple[Saved | None, Callable[[], object]]:
    table, decks = table_with(3)
    return table, lambda: table.deal(decks())


@scenario("registration_closed")
def _() -> tuple[Saved | None, Callable[[], object]]:
    entry = tournament()
    entry.start(now=0)
    return entry, lambda: entry.unregister("p0")


@scenario("late_registration_over")
def _() -> tuple[Saved | None, Callable[[], object]]:
    levels = BlindSchedule(levels=(BlindLevel(10, 20), BlindLevel(20, 40)), hands_per_level=1)
    entry = tournament(2, late_levels=1, schedule=levels)
    entry.start(now=0)
    entry.deal(Decks()(), now=0, draw=draw_giving_button_to(0, 2))
    assert entry.table is not None
    fold_to_big_blind(entry.table)
    entry.deal(Decks()(), now=0)  # level 2
    return entry, lambda: entry.register("late", "Late")


@scenario("tournament_full")
def _() -> tuple[Saved | None, Callable[[], object]]:
    entry = tournament(6)
    return entry, lambda: entry.register("late", "Late")


@scenario("already_registered")
def _() -> tuple[Saved | None, Callable[[], object]]:
    entry = tournament()
    return entry, lambda: entry.register("p1", "P1")


@scenario("not_registered")
def _() -> tuple[Saved | None, Callable[[], object]]:
    entry = tournament()
    return entry, lambda: entry.unregister("nobody")


@scenario("too_few_entrants")
def _() -> tuple[Saved | None, Callable[[], object]]:
    entry = tournament(1)
    return entry, lambda: entry.start(now=0)


@scenario("tournament_not_running")
def _() -> tuple[Saved | None, Callable[[], object]]:
    entry = tournament()
    return entry, lambda: entry.deal(Decks()(), now=0)


def _heads_up_bust(**settings: object) -> Tournament:
    """p0 on the button with aces busts p1."""
    entry = tournament(2, **settings)
    entry.start(now=0)
    entry.deal(
        spelled_deck(["7c2d", "AsAd"], "KsQh5c 6d Js"), now=0, draw=draw_giving_button_to(0, 2)
    )
    entry.act("p0", "allin")
    entry.act("p1", "call")
    return entry


def _three_handed_bust(**settings: object) -> Tournament:
    """p0 on the button with aces busts p1 (the small blind); p2 folds."""
    entry = tournament(3, **settings)
    entry.start(now=0)
    deck = spelled_deck(["7c2d", "8h3s", "AsAd"], "KsQh5c 6d Js")
    entry.deal(deck, now=0, draw=draw_giving_button_to(0, 3))
    entry.act("p0", "allin")
    entry.act("p1", "call")
    entry.act("p2", "fold")
    return entry


@scenario("tournament_over")
def _() -> tuple[Saved | None, Callable[[], object]]:
    entry = _heads_up_bust()
    return entry, lambda: entry.deal(Decks()(), now=0)


@scenario("not_busted")
def _() -> tuple[Saved | None, Callable[[], object]]:
    entry = _three_handed_bust(rebuy_levels=2)
    return entry, lambda: entry.rebuy("p2")


@scenario("rebuys_closed")
def _() -> tuple[Saved | None, Callable[[], object]]:
    levels = BlindSchedule(levels=(BlindLevel(10, 20), BlindLevel(20, 40)), hands_per_level=1)
    entry = tournament(3, rebuy_levels=1, schedule=levels)
    entry.start(now=0)
    entry.deal(Decks()(), now=0, draw=draw_giving_button_to(0, 3))
    assert entry.table is not None
    fold_to_big_blind(entry.table)
    # Level 2: button p1; p2 small blind, p0 big blind with the aces; p1 (1,490) is busted.
    entry.deal(spelled_deck(["8h3s", "AsAd", "7c2d"], "KsQh5c 6d Js"), now=0)
    entry.act("p1", "allin")
    entry.act("p2", "fold")
    entry.act("p0", "call")
    return entry, lambda: entry.rebuy("p1")


@scenario("rebuy_limit")
def _() -> tuple[Saved | None, Callable[[], object]]:
    entry = _three_handed_bust(rebuy_levels=5, max_rebuys=1)
    entry.rebuy("p1")
    # Hand 2: button p1 with the aces; p2 small blind, p0 big blind.
    entry.deal(spelled_deck(["8h3s", "7c2d", "AsAd"], "KsQh5c 6d Js"), now=0)
    entry.act("p1", "fold")
    entry.act("p2", "fold")
    # Hand 3: button p2; p0 small blind, p1 big blind with 7-2 against p0's aces.
    entry.deal(spelled_deck(["AsAd", "7c2d", "8h3s"], "KsQh5c 6d Js"), now=0)
    entry.act("p2", "fold")
    entry.act("p0", "allin")
    entry.act("p1", "call")
    return entry, lambda: entry.rebuy("p1")


@scenario("eliminated")
def _() -> tuple[Saved | None, Callable[[], object]]:
    entry = _three_handed_bust()
    return entry, lambda: entry.rebuy("p1")


@scenario("schedule_invalid")
def _() -> tuple[Saved | None, Callable[[], object]]:
    schedule = BlindSchedule(levels=(BlindLevel(10, 20),), minutes_per_level=5, hands_per_level=5)
    return None, lambda: Tournament.create(TournamentSettings(schedule=schedule))


@scenario("starting_stack_too_small")
def _() -> tuple[Saved | None, Callable[[], object]]:
    return None, lambda: Tournament.create(TournamentSettings(starting_stack=30))


@scenario("buy_in_not_positive")
def _() -> tuple[Saved | None, Callable[[], object]]:
    return None, lambda: Tournament.create(TournamentSettings(buy_in=-5))


def test_every_refusal_has_a_scenario() -> None:
    assert sorted(SCENARIOS) == sorted(MESSAGES)


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_a_refusal_gives_its_reason_and_changes_nothing(code: str) -> None:
    subject, request = SCENARIOS[code]()
    if subject is None:
        with pytest.raises(TableError) as caught:
            request()
        error = caught.value
        assert error.code == code
    else:
        error = refused(subject, code, request)
    assert str(error) and "{" not in str(error)
