"""The rule book (RULES.md), one rule a test, each hand spelled out as PHH positions.

Seats are positions: p1 sits left of the button (the small blind), p2 is the big blind and the
last seat is the button. Heads-up, p1 is the big blind and p2 the button on the small blind.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from chatdealer.engine.config import BettingStructure
from chatdealer.engine.events import ActionTaken, BetReturned, HandMucked, HandShown, PotAwarded
from chatdealer.engine.hand import Phase
from chatdealer.engine.pots import Pot, build_pots
from chatdealer.engine.refusals import IllegalAction
from tests.engine.spelled import new_hand, play

NL = BettingStructure.NO_LIMIT
PL = BettingStructure.POT_LIMIT
FL = BettingStructure.FIXED_LIMIT


def awards(events: Sequence[object]) -> list[tuple[int, int, tuple[tuple[int, int], ...]]]:
    return [(e.pot, e.amount, e.shares) for e in events if isinstance(e, PotAwarded)]


# §6 pots ---------------------------------------------------------------------------------------


def test_side_pot_worked_example_of_rule_000() -> None:
    """[000]: flop pot $20, A has $10, B and C have $15; B bets $15, C calls, A calls all-in:
    main pot $50 (A, B, C), side pot $10 (B, C)."""
    # A = p1, B = p2, C = p3; pre-flop each puts in 4 and A's 8 of dead ante makes the pot 20.
    hand, _ = new_hand(
        [22, 19, 19],
        [2, 4],
        ["AhAd", "KhKd", "QhQd"],
        "2c7d9s Jc 3d",
        antes=[8],
        ante_trimming=False,
    )
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    assert hand.pot_total() == 20
    assert hand.stacks == [10, 15, 15]
    play(hand, "p1 cc", "p2 cbr 15", "p3 cc")
    play(hand, "p1 cc")
    assert hand.pots() == [Pot(50, (0, 1, 2)), Pot(10, (1, 2))]
    # A's aces win the main pot, B's kings the side pot: side pots are settled first.
    assert hand.is_complete
    assert hand.stacks == [50, 10, 0]


def test_pots_from_contributions_give_each_all_in_level_its_own_pot() -> None:
    pots = build_pots([100, 300, 300, 50], [True, True, True, False])
    assert pots == [Pot(350, (0, 1, 2)), Pot(400, (1, 2))]


def test_folded_chips_stay_in_the_pots_they_went_into() -> None:
    hand, _ = new_hand([1000, 1000, 1000], [5, 10], ["AhAd", "KhKd", "QhQd"], "2c7d9s Jc 3d")
    play(hand, "p3 cbr 100", "p1 cc", "p2 f")
    assert hand.pots() == [Pot(210, (0, 2))]


def test_an_uncalled_bet_is_returned_to_its_maker() -> None:
    hand, _ = new_hand([1000, 1000, 1000], [5, 10])
    events = play(hand, "p3 cbr 300", "p1 f", "p2 f")
    assert BetReturned(2, 290) in events
    assert hand.stacks == [995, 990, 1015]


def test_all_but_one_fold_and_the_last_player_wins_without_showing() -> None:
    hand, _ = new_hand([1000, 1000], [10, 5])
    events = play(hand, "p2 f")
    assert not any(isinstance(e, HandShown) for e in events)
    assert hand.stacks == [1005, 995]


def test_split_pot_odd_chip_goes_to_the_first_winner_left_of_the_button() -> None:
    """[000] split pots divide equally; [std] the odd chip goes to p1, first left of the button."""
    hand, _ = new_hand([100, 100, 100], [5, 10], ["Ah2c", "3d4d", "Ad2h"], "KsQsJc 9h 8h")
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    play(hand, "p1 cc", "p2 cbr 11", "p3 cc", "p1 cc")
    play(hand, "p1 cc", "p2 cc", "p3 cc")
    events = play(hand, "p1 cc", "p2 cc", "p3 cbr 10", "p1 cc", "p2 f")
    assert awards(events) == [(0, 83, ((0, 42), (2, 41)))]
    assert hand.stacks == [111, 79, 110]


def test_odd_chips_are_settled_pot_by_pot() -> None:
    """[std] RULES §10: each pot's odd chips go to that pot's first winners left of the button."""
    hand, _ = new_hand([5, 100, 100, 100], [5, 10], ["2c3d", "2h3h", "4c5d", "2s3s"], "AsKdQcJh9c")
    assert hand.all_in[0]
    play(hand, "p3 cc", "p4 cbr 27", "p2 cc", "p3 f")
    events = play(hand, *["p2 cc", "p4 cc"] * 3)
    # main pot 20 three ways (7, 7, 6); side pot 49 two ways (25, 24); side pot paid first.
    assert awards(events) == [(1, 49, ((1, 25), (3, 24))), (0, 20, ((0, 7), (1, 7), (3, 6)))]
    assert hand.stacks == [7, 105, 90, 103]


def test_board_plays_and_equal_hands_split() -> None:
    hand, _ = new_hand([100, 100], [10, 5], ["2c3d", "2h4h"], "AsKsQsJsTs")
    play(hand, "p2 cc", "p1 cc")
    for _ in range(3):
        play(hand, "p1 cc", "p2 cc")
    assert hand.stacks == [100, 100]


# §3-4 order of action --------------------------------------------------------------------------


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_preflop_last_after() -> None:
    """[std] heads-up: p2 (button) posts the small blind and acts first before the flop."""
    hand, _events = new_hand([1000, 1000], [10, 5])
    assert hand.actor == 1
    play(hand, "p2 cc", "p1 cc")
    assert hand.actor == 0  # the big blind acts first after the flop


def test_first_to_act_preflop_is_left_of_the_big_blind_and_after_the_flop_left_of_the_button() -> (
    None
):
    """[000][001][004] pre-flop; [000][001][002] after the flop."""
    hand, _ = new_hand([1000] * 6, [5, 10])
    assert hand.actor == 2
    play(hand, "p3 cc", "p4 f", "p5 f", "p6 cc", "p1 cc", "p2 cc")
    assert hand.actor == 0


def test_the_big_blind_has_the_option_when_the_action_comes_back_unraised() -> None:
    """[000][004]: blinds are live; the big blind may check or raise."""
    hand, _ = new_hand([1000] * 3, [5, 10])
    play(hand, "p3 cc", "p1 cc")
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.can_check and legal.min_raise_to == 20


def test_nobody_may_check_preflop_facing_the_big_blind() -> None:
    """[000]."""
    hand, _ = new_hand([1000] * 3, [5, 10])
    with pytest.raises(IllegalAction, match="You can't check: 10 to call"):
        hand.act(2, "check")


def test_straddle_acts_last_preflop_and_the_minimum_raise_is_measured_from_it() -> None:
    """[002] with [std] RULES §10: 50/100/200, the minimum raise is to 400."""
    hand, _ = new_hand([10_000] * 5, [50, 100, 200])
    assert hand.actor == 3
    assert hand.legal_actions().min_raise_to == 400
    with pytest.raises(IllegalAction, match="The minimum raise is to 400"):
        hand.raise_to(3, 300)
    play(hand, "p4 cc", "p5 cc", "p1 cc", "p2 cc")
    assert hand.actor == 2 and hand.legal_actions().can_check


# §5 betting structures -------------------------------------------------------------------------


def test_no_limit_minimum_raise_facing_2_at_1_2_is_to_4() -> None:
    """[000][002]."""
    hand, _ = new_hand([200] * 4, [1, 2])
    legal = hand.legal_actions()
    assert (legal.to_call, legal.min_raise_to, legal.max_raise_to) == (2, 4, 200)
    with pytest.raises(IllegalAction, match="The minimum raise is to 4"):
        hand.raise_to(2, 3)


def test_no_limit_a_raise_must_be_at_least_the_last_raise() -> None:
    hand, _ = new_hand([1000] * 4, [5, 10])
    play(hand, "p3 cbr 40")  # a raise of 30
    assert hand.legal_actions().min_raise_to == 70


def test_no_limit_the_minimum_bet_is_the_big_blind() -> None:
    """[000][004]."""
    hand, _ = new_hand([1000] * 3, [5, 10])
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    with pytest.raises(IllegalAction, match="The minimum bet is 10"):
        hand.raise_to(0, 5)


def test_pot_limit_first_to_act_at_1_2_may_raise_to_7() -> None:
    """[004][std]: current bet 2 + pot 3 + call 2."""
    hand, _ = new_hand([200] * 4, [1, 2], structure=PL)
    assert hand.legal_actions().max_raise_to == 7
    with pytest.raises(IllegalAction, match="The pot limit is 7"):
        hand.raise_to(2, 8)


def test_fixed_limit_cap_at_1_2_is_8_preflop_the_big_blind_being_the_first_bet() -> None:
    """[001] RULES §10: bet (the big blind) and three raises."""
    hand, _ = new_hand([100] * 5, [1, 2], structure=FL)
    play(hand, "p3 cbr 4", "p4 cbr 6", "p5 cbr 8")
    legal = hand.legal_actions()
    assert legal.min_raise_to is None and legal.closed_reason == "capped"
    with pytest.raises(IllegalAction, match="Betting is capped this round"):
        hand.raise_to(0, 10)


def test_fixed_limit_bets_are_the_small_bet_then_the_big_bet_on_turn_and_river() -> None:
    """[001][004]."""
    hand, _ = new_hand([100] * 3, [1, 2], structure=FL)
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    assert hand.legal_actions().min_raise_to == 2
    with pytest.raises(IllegalAction, match="exactly 2"):
        hand.raise_to(0, 3)
    play(hand, "p1 cbr 2", "p2 cbr 4", "p3 cc", "p1 cc")
    play(hand, "p1 cc")
    assert hand.legal_actions().min_raise_to == 4


def test_short_all_in_does_not_reopen_the_betting() -> None:
    """[std]: A bets 100, B goes all-in for 150; A may only call or fold."""
    hand, _ = new_hand([1000, 160, 1000], [5, 10])
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    play(hand, "p1 cbr 100", "p2 cbr 150", "p3 cc")  # p2 all-in: a raise of 50 < 100
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.min_raise_to is None and legal.closed_reason == "not_reopened"
    with pytest.raises(IllegalAction, match="less than a full raise"):
        hand.raise_to(0, 400)
    assert legal.to_call == 50


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting() -> None:
    """[std]: A bets 100, B all-in 150, C all-in 220: A faces 120 more, a full raise."""
    hand, _ = new_hand([1000, 160, 230, 1000], [5, 10])
    play(hand, "p3 cc", "p4 cc", "p1 cc", "p2 cc")
    play(hand, "p1 cbr 100", "p2 cbr 150", "p3 cbr 220", "p4 cc")
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.min_raise_to == 320


def test_a_limper_facing_a_short_all_in_may_only_call_or_fold() -> None:
    """[std] RULES §10: the limper already acted and was not raised by a full raise."""
    hand, _ = new_hand([150, 1000, 1000], [50, 100])
    play(hand, "p3 cc", "p1 cbr 150")  # the small blind goes all-in: a raise of 50
    play(hand, "p2 cc")
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.closed_reason == "not_reopened"


def test_a_big_blind_all_in_for_less_still_has_to_be_called_in_full() -> None:
    """[std] RULES §10: the big blind posts 60 of 100; the others call 100."""
    hand, _ = new_hand([1000, 60, 1000], [50, 100])
    assert hand.all_in[1]
    assert hand.legal_actions().to_call == 100
    events = play(hand, "p3 cc", "p1 f")
    assert BetReturned(2, 40) in events


def test_a_blind_short_of_chips_posts_what_it_has_and_is_all_in() -> None:
    """[004]."""
    hand, _events = new_hand([30, 1000, 1000], [50, 100])
    assert hand.all_in[0] and hand.bets[0] == 30


def test_a_player_covered_by_the_bet_may_only_call() -> None:
    hand, _ = new_hand([1000, 1000, 300], [5, 10])
    play(hand, "p3 cc", "p1 cbr 500")
    play(hand, "p2 f")
    legal = hand.legal_actions()
    assert legal.to_call == 290 and legal.closed_reason == "covered"


# §7 showdown -----------------------------------------------------------------------------------


def test_the_last_bettor_on_the_river_shows_first_and_a_beaten_hand_may_muck() -> None:
    """[002][004]."""
    hand, _ = new_hand([1000] * 3, [5, 10], ["AhAd", "2c3d", "KhKd"], "7s8s9d Jc 4h")
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    for _ in range(2):
        play(hand, "p1 cc", "p2 cc", "p3 cc")
    events = play(hand, "p1 cc", "p2 cc", "p3 cbr 50", "p1 cc", "p2 cc")
    shows = [e for e in events if isinstance(e, HandShown | HandMucked)]
    assert shows[0] == HandShown(2, tuple(hand.holes[2]))  # the river bettor shows first
    assert HandShown(0, tuple(hand.holes[0])) in shows  # aces beat kings and show
    assert HandMucked(1) in shows  # 2-3 cannot win and mucks


def test_if_everyone_checked_the_river_the_first_player_left_of_the_button_shows_first() -> None:
    hand, _ = new_hand([1000] * 3, [5, 10], manual_showdown=True)
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    for _ in range(3):
        play(hand, "p1 cc", "p2 cc", "p3 cc")
    assert hand.phase is Phase.SHOWDOWN and hand.showdown_seat == 0
    with pytest.raises(IllegalAction, match="It's Seat 1's turn"):
        hand.show_or_muck(2, show=True)


def test_all_in_players_show_at_once_before_the_board_is_run_out() -> None:
    hand, _ = new_hand([500, 500], [10, 5], ["AhAd", "KhKd"], "2c7d9s Jc 3d")
    events = play(hand, "p2 cbr 500", "p1 cc")
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("HandShown") < kinds.index("BoardDealt")
    assert hand.stacks == [1000, 0]


# refusals change nothing -----------------------------------------------------------------------


def test_acting_out_of_turn_is_refused_by_name_and_changes_nothing() -> None:
    hand, _ = new_hand([1000] * 3, [5, 10], names=["Anna", "Boris", "Vera"])
    before = hand.to_json()
    with pytest.raises(IllegalAction, match="It's Vera's turn"):
        hand.act(0, "call")
    assert hand.to_json() == before


def test_every_refusal_leaves_the_hand_as_it_was() -> None:
    hand, _ = new_hand([1000] * 3, [50, 100])
    play(hand, "p3 cbr 300")
    before = hand.to_json()
    for action, amount in [("check", None), ("raise", 400), ("raise", 100_000), ("bet", None)]:
        with pytest.raises(IllegalAction):
            hand.act(0, action, amount)
    with pytest.raises(IllegalAction, match="You can't check: 250 to call"):
        hand.act(0, "check")
    with pytest.raises(IllegalAction, match="The minimum raise is to 500"):
        hand.act(0, "raise", 400)
    assert hand.to_json() == before


def test_actions_after_the_hand_are_refused() -> None:
    hand, _ = new_hand([1000] * 2, [10, 5])
    play(hand, "p2 f")
    with pytest.raises(IllegalAction, match="The hand is over"):
        hand.act(0, "check")


def test_events_record_each_action_with_its_amount() -> None:
    hand, _ = new_hand([1000] * 3, [5, 10])
    events = play(hand, "p3 cbr 30")
    assert events[0] == ActionTaken(2, "raise", 30, 30, False)


def test_a_hand_printed_in_a_log_or_an_error_shows_no_hole_card() -> None:
    hand, _ = new_hand([1000] * 3, [5, 10], ["AhAd", "KhKd", "QhQd"])
    from chatdealer.cards import format_cards

    text = repr(hand) + str(hand) + repr([hand])
    for hole in hand.holes:
        for card in format_cards(hole).split():
            assert card not in text
