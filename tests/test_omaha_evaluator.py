"""Omaha's hands (RULES.md §13): exactly two hole cards and exactly three board cards,
for the high hand and for the eight-or-better low.

The fast paths are checked against the rule applied literally (every two-and-three choice) and
against PokerKit's Omaha hands; every one of the 56 lows is checked against the ace-to-five
order, and boards where one or three hole cards would play better are checked by hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import pytest
from pokerkit import Hand, OmahaEightOrBetterLowHand, OmahaHoldemHand

from chatdealer.cards import CardError, format_cards, parse_cards, rank_of
from chatdealer.evaluator import Category, category_of, hand_value, name_of_value
from chatdealer.omaha import tables
from chatdealer.omaha.evaluator import (
    NO_LOW,
    best_high,
    best_low,
    low_name,
    omaha_high,
    omaha_low,
)

LOW_ORDER = "A2345678"


def literal_high(hole: Sequence[int], board: Sequence[int]) -> int:
    """The rule as written: the best of every two hole cards with every three board cards."""
    return max(
        hand_value([*pair, *triple])
        for pair in combinations(hole, 2)
        for triple in combinations(board, 3)
    )


def literal_low(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...] | None:
    """The best low by the rule as written, as its ranks highest first (ace = 1), or None."""
    lows = []
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            ranks = [1 if rank_of(card) == 12 else rank_of(card) + 2 for card in (*pair, *triple)]
            if len(set(ranks)) == 5 and max(ranks) <= 8:
                lows.append(tuple(sorted(ranks, reverse=True)))
    return min(lows) if lows else None


def deals(
    count: int, hole_size: int, seed: int, flushy: bool = False
) -> list[tuple[list[int], list[int]]]:
    """Random hole cards and boards; `flushy` draws from two suits so that flushes are common."""
    rng = random.Random(seed)
    deck = list(range(52)) if not flushy else [c for c in range(52) if c % 4 in (0, 3)]
    out = []
    for _ in range(count):
        cards = rng.sample(deck, hole_size + 5)
        out.append((cards[:hole_size], cards[hole_size:]))
    return out


@pytest.mark.parametrize("hole_size", [4, 5])
@pytest.mark.parametrize("flushy", [False, True])
def test_fast_high_is_the_best_two_and_three(hole_size: int, flushy: bool) -> None:
    for hole, board in deals(4_000, hole_size, seed=hole_size * 10 + flushy, flushy=flushy):
        assert omaha_high(hole, board) == literal_high(hole, board), format_cards([*hole, *board])


@pytest.mark.parametrize("hole_size", [4, 5])
def test_fast_low_is_the_best_two_and_three(hole_size: int) -> None:
    seen = set()
    for hole, board in deals(20_000, hole_size, seed=hole_size):
        value = omaha_low(hole, board)
        expected = literal_low(hole, board)
        if expected is None:
            assert value == NO_LOW
            assert low_name(value) == "No low"
        else:
            seen.add(expected)
            assert low_name(value) == "Low, " + "-".join(LOW_ORDER[r - 1] for r in expected)
    assert len(seen) > 40  # the random hands met most of the lows


def test_every_low_in_ace_to_five_order() -> None:
    """The 56 lows: the values order them as their cards compared from the highest down."""
    lows = list(combinations(range(1, 9), 5))
    assert len(tables.low_masks()) == len(lows) == 56
    # Each low made from a board of its three lowest cards and a hole of its two highest.
    by_value = {}
    for low in lows:
        names = ["A" if r == 1 else str(r) for r in low]
        board = parse_cards([f"{n}c" for n in names[:3]] + ["Kd", "Qd"])
        hole = parse_cards([f"{n}h" for n in names[3:]] + ["Ks", "Qs"])
        by_value[omaha_low(hole, board)] = tuple(sorted(low, reverse=True))
    assert sorted(by_value) == list(range(1, 57))
    ordered = [by_value[value] for value in sorted(by_value, reverse=True)]
    assert ordered == sorted(ordered)  # best value first is smallest low first
    assert low_name(56) == "Low, 5-4-3-2-A" and low_name(1) == "Low, 8-7-6-5-4"


def test_every_hole_and_board_low_mask_against_the_rule() -> None:
    """All 65,536 entries of the low table, each against the literal rule on real cards."""
    checked = 0
    for hole_mask in range(256):
        hole_ranks = [r for r in range(8) if hole_mask >> r & 1]
        if len(hole_ranks) > 4:
            continue
        for board_mask in range(256):
            board_ranks = [r for r in range(8) if board_mask >> r & 1]
            if len(board_ranks) > 5:
                continue
            hole = [_low_card(r, 0) for r in hole_ranks]
            board = [_low_card(r, 1) for r in board_ranks]
            hole += [c for c in parse_cards("Kh Qh Jh Th")][: 4 - len(hole)]
            board += [c for c in parse_cards("Ks Qs Js Ts 9s")][: 5 - len(board)]
            expected = literal_low(hole, board)
            got = low_name(omaha_low(hole, board))
            want = (
                "No low"
                if expected is None
                else "Low, " + "-".join(LOW_ORDER[r - 1] for r in expected)
            )
            assert got == want, (format_cards(hole), format_cards(board))
            checked += 1
    assert checked == 163 * 219  # hole masks of at most 4 low ranks, boards of at most 5


def _low_card(low_rank: int, suit: int) -> int:
    """The card of a low rank (0 = ace, 1 = two, ...) in a suit."""
    rank = 12 if low_rank == 0 else low_rank - 1
    return rank * 4 + suit


@pytest.mark.parametrize(
    ("hole", "board", "name", "not_name"),
    [
        # Four spades on the board and one in the hand: no flush, one hole card is not enough.
        ("As Jd 7c 7h", "Ks Qs 9s 2s 3d", "Pair of sevens", "Flush, ace high"),
        # A straight on the board plays only with two hole cards: here none.
        ("Ac Ad Kh Kd", "5s 6h 7c 8d 9s", "Pair of aces", "Straight, nine high"),
        # Four aces in the hand are a pair of aces: two hole cards only.
        ("Ac Ad Ah As", "2c 7d 9h Js 4c", "Pair of aces", "Four of a kind, aces"),
        # One hole king with the board's two kings and two fives would be a full house.
        (
            "Kc Qd 3h 9s",
            "Kd Kh 5s 5c 5d",
            "Three of a kind, kings",
            "Full house, kings full of fives",
        ),
        # A royal flush on the board counts for nothing without two suited hole cards.
        ("2c 3d 4h 7c", "As Ks Qs Js Ts", "High card, ace", "Royal flush"),
        # Three hole cards would make a straight: only two may play.
        ("9c Td Jh 2s", "Qc Kd 3h 4s 7c", "High card, king", "Straight, king high"),
    ],
)
def test_exactly_two_hole_and_three_board_cards(
    hole: str, board: str, name: str, not_name: str
) -> None:
    cards, community = parse_cards(hole), parse_cards(board)
    value = omaha_high(cards, community)
    assert name_of_value(value) == name
    any_five = max(hand_value(five) for five in combinations([*cards, *community], 5))
    assert name_of_value(any_five) == not_name  # what the other hole cards would have made
    shown = best_high(cards, community)
    assert shown.name == name and shown.value == value
    assert len(set(shown.cards) & set(cards)) == 2 and len(set(shown.cards) & set(community)) == 3


def test_five_card_omaha_plays_two_of_five() -> None:
    hole, board = parse_cards("Ah Kh 2c 2d 7s"), parse_cards("Qh Jh 3c 4d 2h")
    assert name_of_value(omaha_high(hole, board)) == "Flush, ace high"
    # Two hole twos with the board's two make three of a kind.
    other = parse_cards("Ad Kd 2c 2s 7s")
    assert category_of(omaha_high(other, board)) is Category.THREE_OF_A_KIND
    # The hole's two pairs the board's: the low takes the ace and the seven.
    assert low_name(omaha_low(hole, board)) == "Low, 7-4-3-2-A"


@pytest.mark.parametrize(
    ("hole", "board", "name", "cards"),
    [
        ("As 2d Kc Qh", "3c 4h 5d 9s Ts", "Low, 5-4-3-2-A", "5d 4h 3c 2d As"),
        ("As 2d 3c Kh", "4c 6h 8d 9s Ts", "Low, 8-6-4-2-A", "8d 6h 4c 2d As"),
        # A pair on the board: the low takes three different board ranks.
        ("Ah 3d Kc Kh", "2c 2h 7d 8s 9s", "Low, 8-7-3-2-A", "8s 7d 3d 2c Ah"),
        # Only two low board cards: no low, whatever the hand holds.
        ("Ah 2d 3c 4h", "5c 6h Kd Qs Ts", "No low", ""),
        # Low cards in the hand that pair the board's: the low must use two other ranks.
        ("Ah 2h Kc Kd", "Ac 2c 6d Js Qs", "No low", ""),
    ],
)
def test_low_names_and_cards(hole: str, board: str, name: str, cards: str) -> None:
    low = best_low(parse_cards(hole), parse_cards(board))
    if not cards:
        assert low is None and low_name(omaha_low(parse_cards(hole), parse_cards(board))) == name
        return
    assert low is not None and low.name == name
    assert format_cards(low.cards) == cards


@pytest.mark.parametrize("hole_size", [4, 5])
def test_high_and_low_order_agree_with_pokerkit(hole_size: int) -> None:
    hands = deals(1_500, hole_size, seed=100 + hole_size)
    ours_high: list[int] = []
    theirs_high: list[Hand] = []
    ours_low: list[int] = []
    theirs_low: list[Hand | None] = []
    for hole, board in hands:
        hole_text, board_text = format_cards(hole, sep=""), format_cards(board, sep="")
        ours_high.append(omaha_high(hole, board))
        theirs_high.append(OmahaHoldemHand.from_game(hole_text, board_text))
        ours_low.append(omaha_low(hole, board))
        try:
            theirs_low.append(OmahaEightOrBetterLowHand.from_game(hole_text, board_text))
        except ValueError:  # PokerKit's word for no low
            theirs_low.append(None)
    for i in range(len(hands) - 1):
        a, b = i, i + 1
        assert (ours_high[a] > ours_high[b]) == (theirs_high[a] > theirs_high[b])
        assert (ours_high[a] == ours_high[b]) == (theirs_high[a] == theirs_high[b])
        assert (ours_low[a] == NO_LOW) == (theirs_low[a] is None)
        la, lb = theirs_low[a], theirs_low[b]
        if la is not None and lb is not None:
            # PokerKit's low hands compare "greater" for the stronger low.
            assert (ours_low[a] > ours_low[b]) == (la > lb)
            assert (ours_low[a] == ours_low[b]) == (la == lb)


@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        ("As Ks Qs", "2c 3c 4c 5c 6c", "4 or 5 hole cards"),
        ("As Ks Qs Js", "2c 3c", "3 to 5 board cards"),
        ("As Ks Qs Js", "As 3c 4c 5c 6c", "appears twice"),
    ],
)
def test_impossible_hands_are_refused(hole: str, board: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        best_high(parse_cards(hole), parse_cards(board))
    with pytest.raises(CardError, match=message):
        best_low(parse_cards(hole), parse_cards(board))


def test_shipped_tables_equal_a_fresh_build() -> None:
    assert tables.DATA_PATH.read_bytes() == tables.build()


def test_every_board_has_its_own_key_within_the_rows_list() -> None:
    """The board's row is found by its key sum: two boards sharing one would read each other's
    row, and a sum past the list would fail."""
    boards = tables.board_rank_multisets()
    sums = {tables.board_rank_key(board) for board in boards}
    assert len(sums) == len(boards) == 6175
    ace, king = tables.BOARD_RANK_KEYS[12], tables.BOARD_RANK_KEYS[11]
    assert max(sums) == tables.board_rank_key((12, 12, 12, 12, 11)) == 4 * ace + king
    # Each key is the smallest that keeps the boards of its rank and the lower ones apart.
    for rank in range(1, 13):
        smaller = tables.BOARD_RANK_KEYS[rank] - 1
        keys = (*tables.BOARD_RANK_KEYS[:rank], smaller)
        lower = [board for board in boards if max(board) <= rank]
        if smaller > tables.BOARD_RANK_KEYS[rank - 1]:
            assert len({sum(keys[r] for r in board) for board in lower}) < len(lower)
