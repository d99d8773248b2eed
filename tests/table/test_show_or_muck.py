"""Show or muck at a table (docs/rules.md §7): a player asked at the showdown, their default
when the clock runs out, the table's own default, and mucked cards kept out of the history."""

from __future__ import annotations

import pytest

from chatdealer.dealer.histories import public_body
from chatdealer.engine.deck_order import spelled_deck
from chatdealer.engine.events import HandMucked, HandShown, PotAwarded
from chatdealer.engine.hand import Phase
from chatdealer.engine.run_twice import waits_for_runs
from chatdealer.engine.show_choice import ShowDefault
from chatdealer.table import showing
from chatdealer.table.events import AnyEvent, HandFinished
from chatdealer.table.refusals import TableError
from chatdealer.table.run_twice import RunTwice
from chatdealer.table.settings import TableSettings
from chatdealer.table.table import Table
from tests.table.support import actor_id, draw_giving_button_to, table_with

# Button on Cid (seat 2): Ann is position 0 (small blind), Bob 1 (big blind), Cid 2.
HOLES = ["7c2d", "KcKd", "9h9s"]  # Ann has nothing, Bob kings, Cid nines
BOARD = "AhQs8c4d3h"


def dealt(show_default: ShowDefault) -> Table:
    settings = TableSettings(seat_count=6, min_buy_in_big_blinds=10, show_default=show_default)
    table, _ = table_with(3, settings=settings, stacks=[100, 100, 100])
    table.deal(spelled_deck(HOLES, BOARD, table.settings.variant.deck), draw_giving_button_to(2, 3))
    return table


def bet_until_showdown(table: Table, river_bettor: str | None = None) -> list[AnyEvent]:
    """Calls and checks to the river; there `river_bettor` bets 10 and is called."""
    events: list[AnyEvent] = []
    hand = table.hand
    assert hand is not None
    while table.hand is not None and hand.phase is Phase.BETTING:
        player = actor_id(table)
        legal = hand.legal_actions()
        if len(hand.board) == 5 and player == river_bettor and legal.can_check:
            events += table.act(player, "bet", 10)
        else:
            events += table.act(player, "check" if legal.can_check else "call")
    return events


def shown_and_mucked(events: list[AnyEvent]) -> tuple[list[int], list[int]]:
    shown = [e.seat for e in events if isinstance(e, HandShown)]
    mucked = [e.seat for e in events if isinstance(e, HandMucked)]
    return shown, mucked


def test_an_auto_table_shows_and_mucks_at_once_as_before() -> None:
    table = dealt(ShowDefault.AUTO)
    events = bet_until_showdown(table)
    assert table.hand is None
    assert shown_and_mucked(events) == ([0, 1], [2])  # checked down: Ann first, Cid beaten


def test_the_showdown_waits_for_each_choice_and_the_clock_mucks_a_beaten_hand() -> None:
    table = dealt(ShowDefault.LOSING)
    bet_until_showdown(table)
    hand = table.hand
    assert hand is not None and hand.phase is Phase.SHOWDOWN
    assert hand.showdown_seat == 0  # checked down: first left of the button
    events = table.show_by_default()  # Ann's clock: nothing is shown yet, so her hand shows
    assert shown_and_mucked(events) == ([0], [])
    events = table.act("bob", "show")
    assert hand.showdown_seat == 2
    events = table.show_by_default()  # Cid's nines are beaten by the kings shown: mucked
    assert shown_and_mucked(events) == ([], [2])
    assert any(isinstance(e, HandFinished) for e in events)
    (pot,) = [e for e in events if isinstance(e, PotAwarded)]
    assert pot.shares == ((1, 6),)
    written = public_body("t", 1, hand)
    assert written is not None
    public, _ = written
    assert "p3 sm" in public and "p2 sm KcKd" in public
    assert "9h" not in public and "9s" not in public  # the mucked nines stay private


def test_a_player_who_always_shows_shows_a_beaten_hand_when_the_clock_runs_out() -> None:
    table = dealt(ShowDefault.LOSING)
    table.set_show_default("cid", ShowDefault.ALWAYS)
    bet_until_showdown(table)
    table.act("ann", "show")
    table.act("bob", "show")
    events = table.show_by_default()
    assert shown_and_mucked(events) == ([2], [])


def test_a_beaten_player_may_muck_by_choice_and_the_rest_go_on() -> None:
    table = dealt(ShowDefault.ALWAYS)
    bet_until_showdown(table)
    table.act("ann", "show")
    table.act("bob", "muck")  # a player may give up a hand that would have won
    events = table.act("cid", "show")
    (pot,) = [e for e in events if isinstance(e, PotAwarded)]
    assert pot.shares == ((2, 6),)
    assert {p.player_id: p.stack for _, p in table.players()} == {
        "ann": 98,
        "bob": 98,
        "cid": 104,
    }


def test_the_river_bettor_who_was_called_shows_without_being_asked() -> None:
    table = dealt(ShowDefault.ALWAYS)
    events = bet_until_showdown(table, river_bettor="bob")
    hand = table.hand
    assert hand is not None
    assert shown_and_mucked(events) == ([1], [])  # Bob shows first, then Cid is asked
    assert hand.showdown_seat == 2


def test_a_click_out_of_turn_is_refused_and_changes_nothing() -> None:
    table = dealt(ShowDefault.ALWAYS)
    bet_until_showdown(table)
    hand = table.hand
    assert hand is not None
    before = hand.sequence
    with pytest.raises(Exception) as refused:
        table.act("cid", "muck")
    assert getattr(refused.value, "code", "") == "not_your_turn"
    assert hand.sequence == before and hand.showdown_seat == 0


def test_a_players_own_default_needs_a_seat() -> None:
    table = dealt(ShowDefault.AUTO)
    with pytest.raises(TableError):
        table.set_show_default("zed", ShowDefault.ALWAYS)


def test_an_asking_table_waits_for_the_run_twice_answers_before_anyone_shows() -> None:
    """show=always and run_twice=ask together: the all-in hand waits for the answers, not a
    show-or-muck choice, and the answers show every hand at once (docs/rules.md §7, §15)."""
    settings = TableSettings(
        seat_count=6,
        min_buy_in_big_blinds=10,
        show_default=ShowDefault.ALWAYS,
        run_twice=RunTwice.ASK,
    )
    table, _ = table_with(2, settings=settings, stacks=[100, 100])
    table.deal(
        spelled_deck(HOLES[:2], BOARD, table.settings.variant.deck), draw_giving_button_to(1, 2)
    )
    events = table.act(actor_id(table), "allin")
    events += table.act(actor_id(table), "call")
    assert table.hand is not None and waits_for_runs(table.hand)
    assert shown_and_mucked(events) == ([], [])
    assert showing.chooser_position(table) == -1
    events = table.run_out(2)
    assert table.hand is None and sorted(shown_and_mucked(events)[0]) == [0, 1]
