"""RULES.md §8 and the table's settings: sitting down, topping up, leaving, the night's ledger."""

from __future__ import annotations

import msgspec
import pytest

from chatdealer.cards import parse_cards
from chatdealer.engine.config import BettingStructure, Variant
from chatdealer.engine.deck_order import spelled_deck
from chatdealer.table.events import (
    LeaveQueued,
    PlayerLeft,
    PlayerSeated,
    SatOut,
    SettingsChanged,
    SettingsQueued,
    SitOutQueued,
    ToppedUp,
    TopUpQueued,
)
from chatdealer.table.refusals import MESSAGES, TableError
from chatdealer.table.seats import SeatStatus
from chatdealer.table.settings import TableSettings
from chatdealer.table.table import Table
from tests.table.support import check_down, first_hand, fold_to_big_blind, refused, table_with

# -- settings ---------------------------------------------------------------------------------


def test_default_settings_are_valid_and_buy_ins_are_counted_in_big_blinds() -> None:
    settings = TableSettings()
    settings.validate()
    assert (settings.min_buy_in, settings.max_buy_in) == (80, 200)


def test_fixed_limit_buy_ins_count_the_small_bet_as_the_big_blind() -> None:
    settings = TableSettings(structure=BettingStructure.FIXED_LIMIT, small_bet=10, big_bet=20)
    assert settings.blinds == (5, 10)
    assert settings.max_buy_in == 1000


@pytest.mark.parametrize(
    ("changes", "code", "message"),
    [
        ({"seat_count": 11}, "seat_count_range", "A table has 2 to 10 seats, not 11"),
        ({"seat_count": 1}, "seat_count_range", "A table has 2 to 10 seats, not 1"),
        (
            {"small_blind": 3, "big_blind": 2},
            "blinds_invalid",
            "The blinds must be at least 1 and the small blind no more than the big blind: "
            "3/2 won't do",
        ),
        ({"small_blind": 0}, "blinds_invalid", None),
        (
            {"structure": BettingStructure.FIXED_LIMIT, "small_bet": 1, "big_bet": 2},
            "small_bet_too_small",
            None,
        ),
        (
            {"structure": BettingStructure.FIXED_LIMIT, "small_bet": 2, "big_bet": 5},
            "big_bet_twice_small",
            "In fixed-limit the big bet is twice the small bet: 2/4",
        ),
        ({"ante": 3}, "ante_invalid", "The ante must be between 0 and the big blind (2)"),
        ({"straight_beats_trips": True}, "short_deck_only", None),
        (
            {"structure": BettingStructure.FIXED_LIMIT, "straddles": True},
            "straddle_structure",
            None,
        ),
        ({"min_buy_in_big_blinds": 120}, "buy_in_range", None),
        ({"action_seconds": 2}, "clock_range", "The action clock must be 5 to 600 seconds"),
        ({"time_bank_seconds": 4000}, "time_bank_range", None),
        (
            {"language": "fr"},
            "unknown_language",
            "I don't speak fr: choose one of en, ru, bg",
        ),
    ],
)
def test_settings_that_cannot_be_played_are_refused_with_a_reason(
    changes: dict[str, object], code: str, message: str | None
) -> None:
    table, _ = table_with(3)
    bad = msgspec.structs.replace(table.settings, **changes)
    error = refused(table, code, lambda: table.change_settings(bad))
    if message is not None:
        assert str(error) == message


def test_the_short_deck_may_rank_a_straight_above_three_of_a_kind() -> None:
    TableSettings(variant=Variant.SHORT_DECK, straight_beats_trips=True).validate()


def test_languages_are_english_russian_and_bulgarian() -> None:
    for language in ("en", "ru", "bg"):
        TableSettings(language=language).validate()


def test_settings_change_at_once_between_hands() -> None:
    table, _ = table_with(3)
    new = TableSettings(small_blind=5, big_blind=10, seat_count=6)
    assert table.change_settings(new) == [SettingsChanged(settings=new)]
    assert table.settings == new


def test_settings_asked_for_during_a_hand_apply_when_it_ends_and_say_so() -> None:
    table, decks = table_with(3)
    first_hand(table, decks, button=0)
    new = TableSettings(small_blind=5, big_blind=10, seat_count=6)
    assert table.change_settings(new) == [SettingsQueued(settings=new)]
    assert table.settings.big_blind == 2
    events = fold_to_big_blind(table)
    assert events[-1] == SettingsChanged(settings=new)
    assert table.settings == new


def test_a_table_cannot_shrink_below_a_taken_seat() -> None:
    table, _ = table_with(5)
    error = refused(
        table, "seats_occupied", lambda: table.change_settings(TableSettings(seat_count=4))
    )
    assert str(error) == "Seat 5 is taken: the table can't shrink to 4 seats"


def test_a_table_shrinking_when_the_hand_ends_seats_nobody_in_the_seats_it_drops() -> None:
    table, decks = table_with(3)
    first_hand(table, decks, button=0)
    table.change_settings(TableSettings(seat_count=4))
    refused(table, "no_such_seat", lambda: table.sit("zed", "Zed", 100, 5))
    fold_to_big_blind(table)
    assert len(table.seats) == 4


# -- sitting down ------------------------------------------------------------------------------


def test_sitting_down_takes_the_chosen_seat_or_the_first_free_one() -> None:
    table = Table.open(TableSettings(seat_count=4))
    assert table.sit("ann", "Ann", 100, 2) == [PlayerSeated(2, "ann", "Ann", 100, False)]
    assert table.sit("bob", "Bob", 100) == [PlayerSeated(0, "bob", "Bob", 100, False)]
    assert table.sit("cid", "Cid", 100) == [PlayerSeated(1, "cid", "Cid", 100, False)]


def test_one_seat_per_person_per_table() -> None:
    table, _ = table_with(2)
    error = refused(table, "already_seated", lambda: table.sit("ann", "Ann", 100))
    assert str(error) == "You're already at this table, in seat 1"


def test_the_buy_in_must_be_within_the_table_limits() -> None:
    table = Table.open(TableSettings())  # 40 to 100 big blinds at 1/2
    assert str(refused(table, "buy_in_too_small", lambda: table.sit("a", "A", 79))) == (
        "The minimum buy-in is 80"
    )
    assert str(refused(table, "buy_in_too_large", lambda: table.sit("a", "A", 201))) == (
        "The maximum buy-in is 200"
    )


def test_a_full_table_takes_nobody_else() -> None:
    table, _ = table_with(2, settings=TableSettings(seat_count=2))
    refused(table, "table_full", lambda: table.sit("cid", "Cid", 100))
    refused(table, "seat_taken", lambda: table.sit("cid", "Cid", 100, 1))
    refused(table, "no_such_seat", lambda: table.sit("cid", "Cid", 100, 2))


def test_a_player_may_sit_down_during_a_hand_and_is_dealt_in_next_time() -> None:
    table, decks = table_with(3)
    first_hand(table, decks, button=0)
    table.sit("dee", "Dee", 200, 3)
    refused(table, "not_dealt_in", lambda: table.act("dee", "call"))


# -- topping up [000] ---------------------------------------------------------------------------


def test_a_top_up_between_hands_is_added_at_once() -> None:
    table, _ = table_with(2, stacks=[100, 100])
    assert table.top_up("ann", 50) == [ToppedUp(0, "ann", 50, 50, 150)]
    assert table.ledger.row("ann", "Ann").bought_in == 150


def test_chips_are_added_only_between_hands() -> None:
    """[000]: a top-up asked for during a hand waits for it to end."""
    table, decks = table_with(3, stacks=[100, 100, 100])
    first_hand(table, decks, button=0)
    assert table.top_up("ann", 50) == [TopUpQueued(0, "ann", 50)]
    assert table.player("ann").stack == 100
    assert table.chips_on_table() == table.ledger.balance == 300
    events = fold_to_big_blind(table)
    assert ToppedUp(0, "ann", 50, 50, 150) in events
    assert table.chips_on_table() == table.ledger.balance == 350


def test_a_top_up_never_takes_a_stack_above_the_maximum() -> None:
    table, _ = table_with(2, stacks=[150, 150])
    error = refused(table, "top_up_too_large", lambda: table.top_up("ann", 51))
    assert str(error) == "You can add at most 50: the maximum at this table is 200"
    table.top_up("ann", 50)
    assert str(refused(table, "at_maximum", lambda: table.top_up("ann", 1))) == (
        "You already have the table maximum of 200"
    )


def test_a_queued_top_up_is_cut_to_the_maximum_when_a_won_pot_leaves_less_room() -> None:
    table, decks = table_with(3, stacks=[150, 150, 150])
    first_hand(table, decks, button=0)  # Ann on the button, Cid the big blind
    table.top_up("cid", 50)
    events = fold_to_big_blind(table)  # Cid wins the small blind: 151 before the top-up
    assert ToppedUp(2, "cid", 49, 50, 200) in events
    assert table.ledger.row("cid", "Cid").bought_in == 199


def test_chips_cannot_be_taken_off_the_table_except_by_leaving() -> None:
    """[000]: there is no way to take chips off but leaving; leaving takes them all."""
    table, _ = table_with(2, stacks=[150, 120])
    refused(table, "top_up_not_positive", lambda: table.top_up("ann", -50))
    assert table.leave("ann") == [PlayerLeft(0, "ann", "Ann", 150)]


# -- sitting out and leaving ------------------------------------------------------------------


def test_sitting_out_between_hands_is_at_once_and_during_a_hand_after_it() -> None:
    table, decks = table_with(3)
    assert table.sit_out("ann") == [SatOut(0, "ann")]
    table.sit_in("ann")
    first_hand(table, decks, button=0)
    assert table.sit_out("bob") == [SitOutQueued(1, "bob")]
    events = fold_to_big_blind(table)
    assert SatOut(1, "bob") in events
    assert table.player("bob").status is SeatStatus.SITTING_OUT


def test_leaving_between_hands_is_at_once_with_all_the_chips() -> None:
    table, _ = table_with(3, stacks=[100, 150, 200])
    assert table.leave("bob") == [PlayerLeft(1, "bob", "Bob", 150)]
    assert table.seats[1] is None


def test_leaving_during_a_hand_you_are_not_in_is_at_once() -> None:
    table, decks = table_with(3)
    first_hand(table, decks, button=0)
    table.sit("dee", "Dee", 100, 3)
    assert table.leave("dee") == [PlayerLeft(3, "dee", "Dee", 100)]


def test_leaving_during_a_hand_waits_for_its_end() -> None:
    table, decks = table_with(3)
    first_hand(table, decks, button=0)  # Ann is first to act
    events = table.leave("cid")
    assert events == [LeaveQueued(2, "cid")]
    refused(table, "already_leaving", lambda: table.leave("cid"))
    events = check_down(table)
    assert any(isinstance(event, PlayerLeft) and event.player_id == "cid" for event in events)


def test_an_all_in_player_who_leaves_is_paid_and_leaves_with_the_winnings() -> None:
    table, _ = table_with(3, settings=TableSettings(seat_count=3), stacks=[100, 200, 200])
    # Ann on the button has the aces; Bob (small blind) and Cid (big blind) call her all-in.
    deck = spelled_deck(["7c2d", "8h3s", "AsAd"], "KsQh4c 5d 9s")
    table.deal(deck, parse_cards("As 2c 3c"))
    table.act("ann", "allin")
    table.act("bob", "call")
    table.act("cid", "call")
    assert table.leave("ann") == [LeaveQueued(0, "ann")]
    events = check_down(table)
    assert PlayerLeft(0, "ann", "Ann", 300) in events


# -- the ledger -------------------------------------------------------------------------------


def test_the_night_shows_who_is_up_and_who_is_down() -> None:
    table, decks = table_with(3, stacks=[100, 100, 100])
    first_hand(table, decks, button=0)
    fold_to_big_blind(table)  # Cid, the big blind, wins Bob's small blind
    table.leave("bob")
    table.sit("bob", "Bob", 100, 1)  # back with a new buy-in
    night = {line.player_id: line for line in table.night()}
    assert (night["cid"].net, night["bob"].net, night["ann"].net) == (1, -1, 0)
    assert (night["bob"].bought_in, night["bob"].cashed_out, night["bob"].at_table) == (
        200,
        99,
        100,
    )
    assert table.night()[0].player_id == "cid"
    assert sum(line.net for line in table.night()) == 0


def test_every_message_is_plain_english_and_formats_with_its_parameters() -> None:
    for code, message in MESSAGES.items():
        assert message[0].isupper(), code
        assert "card" not in message.lower() or code == "draw_deck_needed", code


def test_a_refusal_is_also_an_illegal_action_for_the_service() -> None:
    from chatdealer.engine.refusals import IllegalAction

    error = TableError("seat_taken", seat=3)
    assert isinstance(error, IllegalAction)
    assert (error.code, error.params, str(error)) == ("seat_taken", {"seat": 3}, "Seat 3 is taken")
