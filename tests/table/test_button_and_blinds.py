"""RULES.md §3 and §8: the button, the blinds, coming in and coming back, one rule a test.

Players sit Ann in seat 0, Bob in 1, Cid in 2, Dee in 3, Eve in 4; seats are shown to players
as seat + 1. Unless a test says otherwise Ann draws the first button.
"""

from __future__ import annotations

import msgspec

from chatdealer.cards import parse_cards
from chatdealer.engine.config import BettingStructure
from chatdealer.engine.deck_order import spelled_deck
from chatdealer.table.events import (
    BlindMissed,
    ButtonDrawn,
    PlayerBusted,
    SatIn,
    StraddleDropped,
)
from chatdealer.table.seats import SeatStatus
from chatdealer.table.settings import TableSettings
from chatdealer.table.table import Table
from tests.table.support import (
    actions,
    actor_id,
    check_down,
    first_hand,
    fold_to_big_blind,
    forced_bets,
    refused,
    started,
    table_with,
)

# -- the first button [002][004] -------------------------------------------------------------


def test_the_first_button_goes_to_the_highest_card_suits_breaking_ties_spades_first() -> None:
    """[002][004]: one face-up card each; the highest rank wins, ties by ♠ > ♥ > ♦ > ♣."""
    table, decks = table_with(4)
    draw = parse_cards("Kh Ks 2c Kd")
    events = table.deal(decks(), draw)
    drawn = next(event for event in events if isinstance(event, ButtonDrawn))
    assert drawn.cards == tuple(zip((0, 1, 2, 3), draw, strict=True))
    assert drawn.button == 1  # Bob's king of spades beats Ann's king of hearts
    assert started(events).button == 1


def test_the_draw_is_needed_only_for_the_first_hand() -> None:
    table, decks = table_with(3)
    refused(table, "draw_deck_needed", lambda: table.deal(decks()))
    first_hand(table, decks, button=0)
    fold_to_big_blind(table)
    events = table.deal(decks())
    assert not any(isinstance(event, ButtonDrawn) for event in events)


# -- the button moves [000][004] -------------------------------------------------------------


def test_the_button_moves_one_seat_clockwise_each_hand_to_the_next_player() -> None:
    """[000][004]; seat 5 is empty and is skipped."""
    table, decks = table_with(5)
    buttons = [started(first_hand(table, decks, button=0)).button]
    fold_to_big_blind(table)
    for _ in range(6):
        buttons.append(started(table.deal(decks())).button)
        fold_to_big_blind(table)
    assert buttons == [0, 1, 2, 3, 4, 0, 1]


def test_the_small_blind_is_left_of_the_button_and_the_big_blind_next() -> None:
    """[000][001]: at 1/2 Bob posts 1 and Cid 2; Dee, left of the big blind, acts first."""
    table, decks = table_with(5)
    events = first_hand(table, decks, button=0)
    assert forced_bets(table, events) == {1: [("blind", 1)], 2: [("blind", 2)]}
    assert actor_id(table) == "dee"
    assert started(events).seats == (1, 2, 3, 4, 0)  # positions: left of the button first


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_before_the_flop() -> None:
    """[std] RULES §3: heads-up, position 0 is the big blind and the button is position 1."""
    table, decks = table_with(2)
    events = first_hand(table, decks, button=0)
    assert started(events).seats == (1, 0)
    assert forced_bets(table, events) == {0: [("blind", 1)], 1: [("blind", 2)]}
    assert actor_id(table) == "ann"
    table.act("ann", "call")
    table.act("bob", "check")
    assert actor_id(table) == "bob"  # after the flop the button acts last


def test_heads_up_the_button_alternates() -> None:
    table, decks = table_with(2)
    buttons = [started(first_hand(table, decks, button=1)).button]
    fold_to_big_blind(table)
    for _ in range(3):
        buttons.append(started(table.deal(decks())).button)
        fold_to_big_blind(table)
    assert buttons == [1, 0, 1, 0]


def test_a_player_who_leaves_is_skipped_by_the_button() -> None:
    table, decks = table_with(4)
    first_hand(table, decks, button=0)
    fold_to_big_blind(table)
    table.leave("bob")
    assert started(table.deal(decks())).button == 2


def test_fixed_limit_blinds_are_the_small_bet_and_half_of_it_rounded_down() -> None:
    """[001]: the big blind is the small bet and the small blind half of it, rounded down."""
    settings = TableSettings(structure=BettingStructure.FIXED_LIMIT, small_bet=5, big_bet=10)
    table, decks = table_with(3, settings=settings)
    events = first_hand(table, decks, button=0)
    assert forced_bets(table, events) == {1: [("blind", 2)], 2: [("blind", 5)]}


# -- coming in [001][004] --------------------------------------------------------------------


def test_a_newcomer_posts_an_entry_big_blind_that_is_live() -> None:
    """[001][004]: Eve sits down in seat 5 and posts 2; it is a live bet, not the blind's
    position: she acts in her turn and may check when nobody raised."""
    table, decks = table_with(4)
    first_hand(table, decks, button=0)
    fold_to_big_blind(table)
    table.sit("eve", "Eve", 200, 5)
    events = table.deal(decks())
    hand_start = started(events)
    assert (hand_start.button, hand_start.small_blind, hand_start.big_blind) == (1, 2, 3)
    assert forced_bets(table, events)[5] == [("post", 2)]
    assert actor_id(table) == "eve"  # left of the big blind, as anyone there would be
    assert table.hand is not None and table.hand.legal_actions().can_check


def test_a_newcomer_may_wait_for_the_big_blind_instead() -> None:
    """[001][004]: Eve waits; she is dealt in when the big blind reaches seat 5, and posts it."""
    table, decks = table_with(4)
    first_hand(table, decks, button=0)
    fold_to_big_blind(table)
    table.sit("eve", "Eve", 200, 5, wait_for_big_blind=True)
    events = table.deal(decks())
    assert 5 not in started(events).seats
    refused(table, "waiting_for_big_blind", lambda: table.act("eve", "fold"))
    fold_to_big_blind(table)
    events = table.deal(decks())
    assert started(events).big_blind == 5
    assert forced_bets(table, events)[5] == [("blind", 2)]
    assert not table.player("eve").owes


def test_when_the_game_starts_afresh_nobody_posts() -> None:
    """With fewer than two players in the game, everyone ready is dealt in as at a new table."""
    table, decks = table_with(2)
    first_hand(table, decks, button=0)
    fold_to_big_blind(table)
    table.leave("bob")
    table.sit("cid", "Cid", 200, 2)
    events = table.deal(decks())
    assert started(events).fresh_start
    assert all(kind == "blind" for bets in forced_bets(table, events).values() for kind, _ in bets)


# -- missed blinds [004] ---------------------------------------------------------------------


def test_sitting_out_when_the_big_blind_passes_you_is_a_missed_big_blind() -> None:
    """[004]: the big blind skips Dee's seat and she owes it."""
    table, decks = table_with(5)
    first_hand(table, decks, button=0)
    fold_to_big_blind(table)
    table.sit_out("dee")
    events = table.deal(decks())
    assert started(events).big_blind == 4
    assert BlindMissed(seat=3, player_id="dee", blind="big") in events
    assert table.player("dee").owes_big_blind and not table.player("dee").owes_small_blind


def test_missed_only_the_big_blind_posts_a_big_blind_to_come_back() -> None:
    """[004]: Dee missed the big blind only: she posts 2, live, and nothing dead."""
    table, decks = table_with(5)
    first_hand(table, decks, button=0)
    fold_to_big_blind(table)
    table.sit_out("dee")
    table.deal(decks())
    fold_to_big_blind(table)
    assert table.sit_in("dee") == [SatIn(3, "dee", True, False, False)]
    events = table.deal(decks())
    # Dee sits between the button (Cid) and the small blind (Eve): she is position 0. Her post
    # is named a post, and the blinds after her are named blinds, not straddles.
    assert forced_bets(table, events) == {3: [("post", 2)], 4: [("blind", 1)], 0: [("blind", 2)]}
    assert table.hand is not None and table.hand.dead_money == 0


def test_coming_back_after_missing_the_big_blind_is_passed_over_for_the_small_blind() -> None:
    """[004]: Dee comes back; the small blind goes past her to Eve, the next player in."""
    table, decks = table_with(5)
    first_hand(table, decks, button=0)
    fold_to_big_blind(table)
    table.sit_out("dee")
    table.deal(decks())
    fold_to_big_blind(table)
    table.sit_in("dee")
    hand_start = started(table.deal(decks()))
    assert (hand_start.button, hand_start.small_blind, hand_start.big_blind) == (2, 4, 0)


def test_missed_both_blinds_posts_the_big_blind_live_and_a_dead_small_blind() -> None:
    """[004]: out for two hands, Dee owes both; the dead small blind goes to the main pot."""
    table, decks = table_with(5)
    first_hand(table, decks, button=0)
    fold_to_big_blind(table)
    table.sit_out("dee")
    table.deal(decks())
    fold_to_big_blind(table)
    events = table.deal(decks())  # the small blind passes her seat now
    assert BlindMissed(seat=3, player_id="dee", blind="small") in events
    fold_to_big_blind(table)
    table.sit_in("dee")
    events = table.deal(decks())
    assert sorted(forced_bets(table, events)[3]) == [("dead", 1), ("post", 2)]
    hand = table.hand
    assert hand is not None and hand.dead_money == 1
    assert hand.pot_total() == 1 + 2 + 2 + 1  # small blind, big blind, Dee's post, dead
    fold_to_big_blind(table)
    assert table.chips_on_table() == table.ledger.balance


def test_coming_back_owing_both_is_passed_over_for_the_button() -> None:
    """[004]: the button would reach Dee's seat; she is passed over and Eve takes it."""
    table, decks = table_with(5)
    first_hand(table, decks, button=0)
    fold_to_big_blind(table)
    table.sit_out("dee")
    for _ in range(2):
        table.deal(decks())
        fold_to_big_blind(table)
    table.sit_in("dee")
    assert started(table.deal(decks())).button == 4


def test_coming_back_by_waiting_for_the_big_blind_settles_what_is_owed() -> None:
    """[004]: Dee owes both and waits; when the big blind reaches her she posts just that."""
    table, decks = table_with(5)
    first_hand(table, decks, button=0)
    fold_to_big_blind(table)
    table.sit_out("dee")
    for _ in range(2):
        table.deal(decks())
        fold_to_big_blind(table)
    table.sit_in("dee", wait_for_big_blind=True)
    big_blinds = []
    for _ in range(3):
        events = table.deal(decks())
        big_blinds.append(started(events).big_blind)
        if 3 in started(events).seats:
            break
        fold_to_big_blind(table)
    assert big_blinds == [1, 2, 3]
    assert forced_bets(table, events)[3] == [("blind", 2)]
    assert not table.player("dee").owes


def test_a_player_who_sits_out_between_blinds_owes_nothing_until_a_blind_passes() -> None:
    """Out for one hand in which no blind passed her seat, Eve comes back owing nothing."""
    table, decks = table_with(5)
    first_hand(table, decks, button=0)  # blinds Bob and Cid
    fold_to_big_blind(table)
    table.sit_out("ann")  # the blinds move on to Cid and Dee: they never pass Ann
    table.deal(decks())
    fold_to_big_blind(table)
    table.sit_in("ann")
    assert not table.player("ann").owes


# -- chips, sitting out and who can play -----------------------------------------------------


def test_a_player_who_runs_out_of_chips_sits_out_until_topped_up() -> None:
    """RULES §8: a hand needs two players with chips; Ann's top-up brings her back."""
    table, _ = table_with(2, settings=TableSettings(seat_count=2))
    # Heads-up with Ann on the button: Bob is position 0 (the big blind), Ann position 1.
    deck = spelled_deck(["AsAd", "7c2d"], "KsQh3c 4d 9s")
    table.deal(deck, parse_cards("As 2c"))
    table.act("ann", "allin")
    events = table.act("bob", "call")
    assert PlayerBusted(0, "ann") in events
    assert table.player("ann").status is SeatStatus.BUSTED
    refused(table, "not_enough_players", lambda: table.deal(deck))
    refused(table, "no_chips", lambda: table.sit_in("ann"))
    events = table.top_up("ann", 100)
    assert SatIn(0, "ann", False, False, False) in events
    assert started(table.deal(deck)).seats == (0, 1)


def test_a_hand_needs_two_players_with_chips_who_are_in() -> None:
    table, decks = table_with(3)
    table.sit_out("bob")
    table.sit_out("cid")
    error = refused(table, "not_enough_players", lambda: table.deal(decks(), decks()))
    assert str(error) == "A hand needs two players with chips who are in; 1 ready"


def test_the_hand_maps_positions_to_seats_and_names() -> None:
    table, decks = table_with(4)
    table.sit_out("bob")
    events = first_hand(table, decks, button=2)
    hand_start = started(events)
    assert hand_start.seats == (3, 0, 2)
    assert hand_start.names == ("Dee", "Ann", "Cid")
    assert [table.seat_of_position(p) for p in range(3)] == [3, 0, 2]
    assert table.player_at_position(2).name == "Cid"


# -- antes ------------------------------------------------------------------------------------


def test_a_uniform_ante_is_posted_by_everyone_dealt_in() -> None:
    table, decks = table_with(3, settings=TableSettings(seat_count=3, ante=1))
    events = first_hand(table, decks, button=0)
    bets = forced_bets(table, events)
    assert all(("ante", 1) in bets[seat] for seat in range(3))


def test_a_big_blind_ante_is_posted_by_the_big_blind_as_dead_money() -> None:
    table, decks = table_with(3, settings=TableSettings(seat_count=3, ante=2, big_blind_ante=True))
    events = first_hand(table, decks, button=0)
    assert sorted(forced_bets(table, events)[2]) == [("ante", 2), ("blind", 2)]
    assert table.hand is not None and table.hand.dead_money == 2


# -- the straddle [002] -----------------------------------------------------------------------


def test_under_the_gun_may_straddle_twice_the_big_blind_and_acts_last_before_the_flop() -> None:
    """[002]: Ann is under the gun for the second hand (button Bob, blinds Cid and Dee)."""
    table, decks = table_with(4, settings=TableSettings(seat_count=4, straddles=True))
    first_hand(table, decks, button=0)
    fold_to_big_blind(table)
    table.straddle("ann")
    events = table.deal(decks())
    assert started(events).straddle == 0
    assert forced_bets(table, events)[0] == [("straddle", 4)]
    acted = []
    while table.hand is not None and table.hand.street.value == 0:
        acted.append(actor_id(table))
        legal = table.hand.legal_actions()
        table.act(actor_id(table), "check" if legal.can_check else "call")
    assert acted == ["bob", "cid", "dee", "ann"]


def test_only_the_player_under_the_gun_may_straddle() -> None:
    table, decks = table_with(4, settings=TableSettings(seat_count=4, straddles=True))
    first_hand(table, decks, button=0)
    fold_to_big_blind(table)
    error = refused(table, "not_under_the_gun", lambda: table.straddle("bob"))
    assert str(error) == "Only the player under the gun may straddle: next hand that's Ann"


def test_a_straddle_asked_for_during_a_hand_is_dropped_if_not_under_the_gun_next() -> None:
    table, decks = table_with(4, settings=TableSettings(seat_count=4, straddles=True))
    first_hand(table, decks, button=0)
    table.straddle("cid")
    fold_to_big_blind(table)
    events = table.deal(decks())
    assert StraddleDropped(2, "cid") in events
    assert started(events).straddle is None
    assert not table.player("cid").straddles_next_hand


# -- leaving during a hand --------------------------------------------------------------------


def test_leaving_during_a_hand_folds_in_turn_and_leaves_with_the_chips_at_the_end() -> None:
    """Dee (under the gun) is to act; Ann leaves out of turn: her hand is folded when the
    action reaches her, and she leaves with her chips when the hand ends."""
    table, decks = table_with(4, settings=TableSettings(seat_count=4))
    first_hand(table, decks, button=0)
    table.leave("ann")
    assert table.seat_of("ann") == 0
    events = table.act("dee", "raise", 6)
    assert actions(table, events) == [(3, "raise"), (0, "fold")]
    check_down(table)
    assert table.seat_of("ann") is None
    assert table.ledger.row("ann", "Ann").cashed_out == 200


def test_leaving_when_a_check_is_free_checks_rather_than_folds() -> None:
    table, decks = table_with(3, settings=TableSettings(seat_count=3))
    first_hand(table, decks, button=0)  # Ann acts first, then Bob, then Cid (big blind)
    table.act("ann", "call")
    table.act("bob", "call")
    events = table.leave("cid")
    assert actions(table, events) == [(2, "check")]


def test_the_table_round_trips_through_json_in_the_middle_of_a_hand() -> None:
    table, decks = table_with(5, settings=TableSettings(seat_count=6, straddles=True))
    first_hand(table, decks, button=0)
    table.sit_out("eve")
    table.top_up("bob", 1)  # queued: Bob is in the hand
    table.change_settings(TableSettings(seat_count=6, big_blind=4, small_blind=2))
    again = Table.from_json(table.to_json())
    assert again == table
    assert msgspec.json.encode(again) == table.to_json()
