"""The rabbit hunt: the cards that would have come, and the hand unchanged by asking."""

from __future__ import annotations

import msgspec

from chatdealer.cards import parse_cards
from chatdealer.engine.rabbit import rabbit_cards, rabbit_positions
from tests.engine.spelled import new_hand, play


def test_after_a_fold_pre_flop_the_rabbit_is_the_whole_board_past_the_burns() -> None:
    hand, _ = new_hand([100, 100, 100], [1, 2], board="AhKhQhJhTh")
    play(hand, "p3 f", "p1 f")
    assert hand.is_complete and hand.board == []
    before = msgspec.json.encode(hand)
    assert rabbit_cards(hand) == parse_cards("Ah Kh Qh Jh Th")
    assert rabbit_positions(hand) == [7, 8, 9, 11, 13]  # six hole cards, then burn-flop-burn-turn
    assert msgspec.json.encode(hand) == before


def test_after_a_fold_on_the_turn_the_rabbit_is_the_river_alone() -> None:
    hand, _ = new_hand([100, 100], [2, 1], board="Ts9s8s7s6s")
    play(hand, "p2 cc", "p1 cc", "p1 cc", "p2 cc", "p1 cbr 2", "p2 f")
    assert hand.board == parse_cards("Ts 9s 8s 7s") and hand.is_complete
    assert rabbit_cards(hand) == parse_cards("6s")


def test_no_rabbit_while_the_hand_is_played_or_after_the_river() -> None:
    hand, _ = new_hand([100, 100], [2, 1], board="Ts9s8s7s6s")
    assert rabbit_cards(hand) == []
    play(hand, "p2 cc", "p1 cc", *["p1 cc", "p2 cc"] * 3)
    assert hand.is_complete and len(hand.board) == 5
    assert rabbit_cards(hand) == []
