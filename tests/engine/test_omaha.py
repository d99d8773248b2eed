"""Omaha in the engine (RULES.md §13): dealing four and five hole cards, how many
players a deck serves, and hi-lo pots split between the high and the eight-or-better low.

Seats are positions, as in tests/engine/test_rules.py: p1 is the small blind.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from chatdealer.cards import format_cards, shuffled
from chatdealer.engine.config import BettingStructure, ConfigError, HandConfig, Variant
from chatdealer.engine.events import Event, HandMucked, HandShown, HoleCardsDealt, PotAwarded
from chatdealer.engine.hand import Hand, deal_hand
from tests.engine.spelled import new_hand, play

PL = BettingStructure.POT_LIMIT
FL = BettingStructure.FIXED_LIMIT
HI_LO = Variant.OMAHA_HI_LO


def awards(events: Sequence[object]) -> list[tuple[int, int, tuple[tuple[int, int], ...], bool]]:
    return [(e.pot, e.amount, e.shares, e.low) for e in events if isinstance(e, PotAwarded)]


@pytest.mark.parametrize(("variant", "cards"), [(Variant.OMAHA, 4), (Variant.OMAHA_FIVE, 5)])
def test_hole_cards_are_dealt_one_at_a_time_round_the_table(variant: Variant, cards: int) -> None:
    config = HandConfig(
        variant=variant,
        structure=PL,
        starting_stacks=(100,) * 3,
        blinds_or_straddles=(1, 2),
        min_bet=2,
    )
    deck = shuffled(variant.deck)
    hand, events = deal_hand(config, deck)
    dealt = [e for e in events if isinstance(e, HoleCardsDealt)]
    assert [len(e.cards) for e in dealt] == [cards] * 3
    assert hand.holes[0] == [deck[0], deck[3], deck[6], deck[9], deck[12]][:cards]
    assert hand.actions[1] == "d dh p2 " + format_cards(hand.holes[1], sep="")
    assert all(e.private_to == e.seat for e in dealt)
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    # The flop comes after a burn, from the first card after the hole cards.
    assert hand.board == deck[3 * cards + 1 : 3 * cards + 4]


@pytest.mark.parametrize(
    ("variant", "most"),
    [(Variant.HOLDEM, 10), (Variant.OMAHA, 10), (Variant.OMAHA_HI_LO, 10), (Variant.OMAHA_FIVE, 8)],
)
def test_the_most_players_a_deck_serves_with_burns(variant: Variant, most: int) -> None:
    """5 × 8 hole cards, 3 burns and 5 board cards are 48 of 52; a ninth player would need 53."""
    assert variant.max_players == most
    config = HandConfig(
        variant=variant,
        structure=PL,
        starting_stacks=(100,) * most,
        blinds_or_straddles=(1, 2),
        min_bet=2,
    )
    deal_hand(config, shuffled(variant.deck))
    if most < 10:
        with pytest.raises(ConfigError, match=f"at most {most} players"):
            HandConfig(
                variant=variant, structure=PL, starting_stacks=(100,) * (most + 1), min_bet=2
            ).validate()


def test_omaha_high_plays_exactly_two_hole_cards() -> None:
    """p1's ace of spades with the board's four would be a flush in hold'em; in Omaha one
    suited hole card is not enough, and p2's kings win."""
    hand, _ = new_hand(
        [100, 100],
        [2, 1],
        ["As2d3c4h", "KdKcJhTc"],
        "Ks9s8s 7s 2h",
        structure=PL,
        variant=Variant.OMAHA,
    )
    events = check_down(hand)
    assert awards(events) == [(0, 4, ((1, 4),), False)]
    assert hand.stacks == [98, 102]


def test_hi_lo_split_between_high_and_low() -> None:
    """p1's A-2 makes 7-5-3-2-A for the low; p2's three kings the high; p3 has neither."""
    hand, _ = new_hand(
        [100, 100, 100],
        [1, 2],
        ["Ah2h9cTd", "KcKdQsJs", "9h9sJdTc"],
        "Kh3d5c 7s Qd",
        structure=FL,
        variant=HI_LO,
    )
    events = check_down(hand)
    assert awards(events) == [(0, 3, ((1, 3),), False), (0, 3, ((0, 3),), True)]
    assert hand.stacks == [101, 101, 98]
    shown = {e.seat for e in events if isinstance(e, HandShown)}
    mucked = {e.seat for e in events if isinstance(e, HandMucked)}
    # A hand that can win only the low is shown; one that can win nothing is mucked.
    assert shown == {0, 1} and mucked == {2}


def test_no_qualifying_low_the_high_takes_the_whole_pot() -> None:
    """Only two board cards are eight or lower: no low, so the high wins all of it."""
    hand, _ = new_hand(
        [100, 100, 100],
        [1, 2],
        ["Ah2h9c4d", "KcKdQsJs", "9h9s4c4h"],
        "Kh3dQc 7s Jc",
        structure=FL,
        variant=HI_LO,
    )
    events = check_down(hand)
    assert awards(events) == [(0, 6, ((1, 6),), False)]
    assert hand.stacks == [98, 104, 98]


def test_one_hand_scoops_high_and_low() -> None:
    """p1's A-2 with 3-4-5 is both a straight, five high, and the wheel for the low."""
    hand, _ = new_hand(
        [100, 100],
        [2, 1],
        ["Ah2hTcJd", "KcKdQsJs"],
        "3s4c5d Kh 9d",
        structure=FL,
        variant=HI_LO,
    )
    events = check_down(hand)
    assert awards(events) == [(0, 2, ((0, 2),), False), (0, 2, ((0, 2),), True)]
    assert hand.stacks == [102, 98]


def test_quartering_and_the_odd_chip_goes_to_the_high_half() -> None:
    """p1 and p3 hold the same low (8-4-3-2-A) and split the low half; p2's straight wins the
    high. A pot of 9 splits 5 to the high half and 4 to the low, the low half 2 and 2."""
    hand, _ = new_hand(
        [100, 100, 100],
        [1, 2],
        ["Ah2hKcKd", "QcQdQsJs", "As2dJdJh"],
        "3h4s8c Td 9d",
        structure=FL,
        variant=HI_LO,
        antes=[1, 1, 1],
    )
    events = check_down(hand)
    assert awards(events) == [(0, 5, ((1, 5),), False), (0, 4, ((0, 2), (2, 2)), True)]
    assert sum(hand.stacks) == 300


def test_odd_chip_within_a_half_goes_to_the_first_left_of_the_button() -> None:
    """A pot of 10: 5 high, 5 low; the two lows split 5 as 3 to p1 and 2 to p3."""
    hand, _ = new_hand(
        [100, 100, 100],
        [1, 2],
        ["Ah2hKcKd", "QcQdQsJs", "As2dJdJh"],
        "3h4s8c Td 9d",
        structure=FL,
        variant=HI_LO,
        antes=[2, 1, 1],
    )
    events = check_down(hand)
    assert awards(events) == [(0, 5, ((1, 5),), False), (0, 5, ((0, 3), (2, 2)), True)]


def test_a_side_pot_without_a_low_goes_to_the_high() -> None:
    """p1 is all in for 10 with the only low; the side pot between p2 and p3 has no low and
    goes whole to p2's high, while the main pot is split."""
    hand, _ = new_hand(
        [10, 100, 100],
        [1, 2],
        ["Ah2h9cTd", "KcKdQsJs", "9h9sJdTc"],
        "Kh3d5c 7s Qd",
        structure=PL,
        variant=HI_LO,
    )
    play(hand, "p3 cbr 7", "p1 cc", "p2 cc")
    play(hand, "p1 cc", "p2 cbr 20", "p3 cc")
    events = check_down(hand)
    # Main pot: 10 from each of three, 15 high and 15 low; side pot: 17 more from p2 and p3.
    assert awards(events) == [
        (1, 34, ((1, 34),), False),
        (0, 15, ((1, 15),), False),
        (0, 15, ((0, 15),), True),
    ]


def check_down(hand: Hand) -> list[Event]:
    """Check or call to the end, the showdown by the rule book."""
    events: list[Event] = []
    while not hand.is_complete:
        legal = hand.legal_actions()
        events += hand.act(legal.seat, "check" if legal.can_check else "call")
    return events
