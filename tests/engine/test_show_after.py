"""Showing after the hand (docs/rules.md §7): who may show once it is over, which of their
cards a number names, where those cards lie in the deck, and the hand left as it was."""

from __future__ import annotations

import msgspec
import pytest

from chatdealer.engine.config import Variant
from chatdealer.engine.refusals import IllegalAction
from chatdealer.engine.show_after import ALL, chosen_cards, may_show, shown_positions
from tests.engine.spelled import new_hand, play


def test_the_uncontested_winner_and_every_folder_may_show() -> None:
    hand, _ = new_hand([100, 100, 100], [1, 2], ["AsKd", "QhQc", "7c2d"])
    assert may_show(hand) == []  # not while the hand is played
    play(hand, "p3 f", "p1 f")
    assert hand.is_complete and may_show(hand) == [0, 1, 2]
    before = msgspec.json.encode(hand)
    assert chosen_cards(hand, 1, 1) == [0] and chosen_cards(hand, 1, 2) == [1]
    assert chosen_cards(hand, 0, ALL) == [0, 1]
    assert msgspec.json.encode(hand) == before


def test_players_who_went_to_the_showdown_may_not_show_after_it() -> None:
    hand, _ = new_hand([100, 100, 100], [1, 2], board="AhQs8c4d3h")
    play(hand, "p3 f", "p1 cc", "p2 cc", *["p1 cc", "p2 cc"] * 3)
    assert hand.is_complete and len(hand.board) == 5
    assert may_show(hand) == [2]  # only the folder
    with pytest.raises(IllegalAction) as refused:
        chosen_cards(hand, 0, ALL)
    assert refused.value.code == "not_in_hand"


def test_a_card_number_the_player_was_not_dealt_is_refused() -> None:
    hand, _ = new_hand([100, 100], [2, 1])
    play(hand, "p2 f")
    for card in (3, -1):
        with pytest.raises(IllegalAction) as refused:
            chosen_cards(hand, 0, card)
        assert refused.value.code == "no_such_card" and "1 to 2" in str(refused.value)


def test_the_cards_shown_are_where_the_deal_put_them() -> None:
    hand, _ = new_hand([100, 100, 100], [1, 2], ["AsKd", "QhQc", "7c2d"])
    play(hand, "p3 f", "p1 f")
    for seat in range(3):
        for index in range(2):
            (position,) = shown_positions(hand, seat, [index])
            assert hand.deck[position] == hand.holes[seat][index]


def test_omaha_shows_any_of_four_cards_or_all() -> None:
    hand, _ = new_hand([100, 100], [2, 1], ["AsKdQhJc", "2c3d4h5s"], variant=Variant.OMAHA)
    play(hand, "p2 f")
    assert chosen_cards(hand, 1, 4) == [3] and chosen_cards(hand, 0, ALL) == [0, 1, 2, 3]
    positions = shown_positions(hand, 0, [0, 1, 2, 3])
    assert [hand.deck[p] for p in positions] == hand.holes[0]
