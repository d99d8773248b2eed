"""All-in equity, checked against full enumeration with the evaluator's slow, checked path.

Flop, turn and river figures must equal the enumeration exactly; pre-flop samples must fall
within the half-width they state (95 %, at most 0.5 %) of the exact pre-flop figure.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from chatdealer import equity_headsup, equity_vector
from chatdealer.cards import Card, CardError, Deck, parse_cards
from chatdealer.equity import (
    MAX_SAMPLES,
    TARGET_HALF_WIDTH,
    EquityResult,
    all_in_equity,
    equity_vs_random,
)
from chatdealer.evaluator import (
    HOLDEM,
    SHORT_DECK,
    SHORT_DECK_STRAIGHT_BEATS_TRIPS,
    Ranking,
    hand_value,
)

# AsKs QdQc 7h6h all-in pre-flop, by `all_in_equity(..., exact=True)`: every one of the
# 1,370,754 boards dealt (1.6 s), figures as exact fractions rounded to six places.
THREE_WAY_PREFLOP = (0.377943, 0.395721, 0.226336)


def reference(
    holes: Sequence[str], board: str = "", ranking: Ranking = HOLDEM, dead: str = ""
) -> list[Fraction]:
    """Each hand's exact pot share, every board dealt and valued by `hand_value`."""
    hands = [parse_cards(hole) for hole in holes]
    known = parse_cards(board)
    out = {card for hand in hands for card in hand} | set(known) | set(parse_cards(dead))
    rest = [card for card in ranking.deck.cards() if card not in out]
    shares = [Fraction(0)] * len(hands)
    boards = 0
    for more in combinations(rest, 5 - len(known)):
        boards += 1
        values = [hand_value([*hand, *known, *more], ranking) for hand in hands]
        best = max(values)
        winners = [seat for seat, value in enumerate(values) if value == best]
        for seat in winners:
            shares[seat] += Fraction(1, len(winners))
    return [share / boards for share in shares]


def equity(
    holes: Sequence[str], board: str = "", ranking: Ranking = HOLDEM, dead: str = "", **kw: object
) -> EquityResult:
    return all_in_equity(
        [parse_cards(hole) for hole in holes],
        parse_cards(board),
        parse_cards(dead),
        ranking,
        **kw,  # type: ignore[arg-type]
    )


def shares(result: EquityResult) -> list[float]:
    return [hand.equity for hand in result.hands]


def dealt_every_board(holes: Sequence[str]) -> equity_vector.Tally:
    """Every board to come dealt and valued, whatever table the figures could be read from."""
    hands = [parse_cards(hole) for hole in holes]
    pairs = [(hand[0], hand[1]) for hand in hands]
    rest = [card for card in HOLDEM.deck.cards() if not any(card in hand for hand in hands)]
    return equity_vector.enumerated(pairs, [], rest, HOLDEM)


@pytest.fixture(scope="module")
def ak_qq_exact() -> float:
    """AsKs against QdQc all-in pre-flop, every one of the 1,712,304 boards dealt (~1 s)."""
    dealt = dealt_every_board(["AsKs", "QdQc"])
    assert dealt.boards == 1_712_304
    return dealt.shares[0] / dealt.boards


def test_heads_up_pre_flop_is_exact_from_the_table_as_every_board_dealt_would_make_it(
    ak_qq_exact: float,
) -> None:
    """Two hands before the flop are read from the shipped table, whatever the suits and in
    either order: the boards each wins and splits are those dealing every board counts."""
    table = equity(["AsKs", "QdQc"])
    assert table.exact and table.boards == 1_712_304 and table.half_width == 0.0
    assert table.hands[0].equity == pytest.approx(ak_qq_exact, abs=1e-12)
    rng = random.Random("heads-up table")
    for _ in range(2):
        cards = [
            f"{c[0]}{c[1]}"
            for c in rng.sample([(r, s) for r in "23456789TJQKA" for s in "cdhs"], 4)
        ]
        holes = [cards[0] + cards[1], cards[2] + cards[3]]
        dealt = dealt_every_board(holes)
        for hands in (holes, holes[::-1]):
            read = equity(hands)
            order = (0, 1) if hands == holes else (1, 0)
            assert [round(h.win * dealt.boards) for h in read.hands] == [
                dealt.wins[i] for i in order
            ]
            assert [round(h.tie * dealt.boards) for h in read.hands] == [
                dealt.ties[i] for i in order
            ]
    recoloured = equity(["AhKh", "QcQs"])  # the same matchup with the suits renamed
    assert recoloured.hands == table.hands


# --- Pre-flop: two hands read exact, more sampled within the stated half-width --------------


def test_ak_suited_against_queens_is_46_2_percent_by_full_enumeration(ak_qq_exact: float) -> None:
    assert ak_qq_exact == pytest.approx(0.4621, abs=0.0001)


def test_preflop_sample_is_within_its_half_width_of_the_exact_figure(ak_qq_exact: float) -> None:
    result = equity(["AsKs", "QdQc"], rng=random.Random(1), exact=False)
    assert not result.exact
    assert result.half_width <= TARGET_HALF_WIDTH
    assert result.boards <= MAX_SAMPLES
    assert abs(result.hands[0].equity - ak_qq_exact) <= result.half_width
    assert sum(shares(result)) == pytest.approx(1.0)


def test_preflop_half_width_covers_the_exact_figure_about_95_times_in_100(
    ak_qq_exact: float,
) -> None:
    covered = 0
    for seed in range(20):
        result = equity(["AsKs", "QdQc"], rng=random.Random(seed), exact=False)
        covered += abs(result.hands[0].equity - ak_qq_exact) <= result.half_width
    assert covered >= 17  # 19 expected; 16 or fewer has odds under 2 %


def test_three_way_preflop_sample_is_within_its_half_width() -> None:
    result = equity(["AsKs", "QdQc", "7h6h"], rng=random.Random(2))
    assert result.half_width <= TARGET_HALF_WIDTH
    for got, exact in zip(shares(result), THREE_WAY_PREFLOP, strict=True):
        assert abs(got - exact) <= result.half_width


def test_a_seeded_sample_is_reproducible() -> None:
    first = equity(["AsKs", "QdQc"], rng=random.Random(5), exact=False)
    again = equity(["AsKs", "QdQc"], rng=random.Random(5), exact=False)
    assert first == again


def test_a_tighter_target_samples_more_boards() -> None:
    result = equity(["AhAd", "7c2d"], rng=random.Random(3), half_width=0.002, exact=False)
    assert result.half_width <= 0.002
    assert result.boards > MAX_SAMPLES // 2


def test_preflop_is_quick_enough_for_the_table_view() -> None:
    started = time.perf_counter()
    equity(["AsKs", "QdQc", "7h6h"], rng=random.Random(4))
    assert time.perf_counter() - started < 1.0  # 200 ms on a quiet machine; see bench/equity.py


# --- Flop, turn, river: exact ----------------------------------------------------------------


def test_ak_suited_against_queens_on_ten_seven_deuce_two_spades_is_54_4_percent() -> None:
    result = equity(["AsKs", "QdQc"], "Ts7s2d")
    assert result.exact and result.boards == 990 and result.half_width == 0.0
    assert result.hands[0].win * 990 == pytest.approx(539)  # 539 of 990 turn-river pairs
    assert result.hands[0].equity == pytest.approx(0.5444, abs=0.0001)
    assert shares(result) == pytest.approx(reference(["AsKs", "QdQc"], "Ts7s2d"))


def test_on_the_turn_ace_king_has_fifteen_outs_against_queens() -> None:
    # Nine spades (the flush), three aces and three kings of the 44 rivers.
    result = equity(["AsKs", "QdQc"], "Ts7s2d 3h")
    assert result.boards == 44
    assert result.hands[0].equity == pytest.approx(15 / 44)
    assert shares(result) == pytest.approx(reference(["AsKs", "QdQc"], "Ts7s2d 3h"))


def test_on_the_river_the_best_hand_has_it_all() -> None:
    result = equity(["AsKs", "QdQc"], "Ts7s2d 3h 9c")
    assert result.boards == 1
    assert shares(result) == [0.0, 1.0]


def test_three_way_flop_with_a_shared_draw() -> None:
    holes = ["AhKh", "QhQc", "9h8h"]
    result = equity(holes, "Qd Th 2h")
    assert result.exact
    assert shares(result) == pytest.approx(reference(holes, "Qd Th 2h"))
    assert sum(shares(result)) == pytest.approx(1.0)


def test_four_way_turn() -> None:
    holes = ["AcAd", "KsQs", "JhTh", "5c5d"]
    result = equity(holes, "9s 8h 5s 2c")
    assert shares(result) == pytest.approx(reference(holes, "9s 8h 5s 2c"))


@pytest.mark.parametrize("ranking", [HOLDEM, SHORT_DECK, SHORT_DECK_STRAIGHT_BEATS_TRIPS])
def test_random_river_showdowns_agree_with_the_evaluator(ranking: Ranking) -> None:
    """The equity loop shares one board's key sum between hands; it must rank as the evaluator."""
    rng = random.Random(f"river {ranking.name}")
    for _ in range(1_500):
        deck = ranking.deck.cards()
        rng.shuffle(deck)
        count = rng.randint(2, 4)
        holes = [deck[2 * seat : 2 * seat + 2] for seat in range(count)]
        board = deck[2 * count : 2 * count + 5]
        values = [hand_value([*hole, *board], ranking) for hole in holes]
        best = max(values)
        winners = values.count(best)
        expected = [1 / winners if value == best else 0.0 for value in values]
        assert shares(all_in_equity(holes, board, (), ranking)) == pytest.approx(expected)


# --- Split pots ----------------------------------------------------------------------------


def test_the_board_plays_and_everyone_splits() -> None:
    result = equity(["2c3d", "4h5s", "7c8d"], "Ah Kh Qh Jh Th")
    for hand in result.hands:
        assert (hand.win, hand.tie) == (0.0, 1.0)
        assert hand.equity == pytest.approx(1 / 3)


def test_same_hands_in_other_suits_mostly_split() -> None:
    result = equity(["AcKd", "AhKc"], "Qs Js 2d")
    assert shares(result) == pytest.approx(reference(["AcKd", "AhKc"], "Qs Js 2d"))
    first, second = result.hands
    assert first.tie == second.tie > 0.9
    assert first.equity + second.equity == pytest.approx(1.0)


def test_a_three_way_split_counts_a_third_each() -> None:
    # Two players have the nut straight on this turn; the third only ties when the river pairs.
    holes = ["AcKd", "AhKc", "2s2c"]
    result = equity(holes, "Qs Jd Th 2d")
    assert shares(result) == pytest.approx(reference(holes, "Qs Jd Th 2d"))


# --- Short deck ----------------------------------------------------------------------------


@pytest.mark.parametrize("ranking", [SHORT_DECK, SHORT_DECK_STRAIGHT_BEATS_TRIPS])
def test_short_deck_flop_and_turn_match_enumeration(ranking: Ranking) -> None:
    for holes, board in (
        (["AsKs", "QdQc"], "Ts7s6d"),
        (["Ah9h", "KcKd", "8s7s"], "6h 9c Th"),
        (["QcKh", "9h9d"], "9s Tc Jd 6h"),
    ):
        result = equity(holes, board, ranking)
        assert shares(result) == pytest.approx(reference(holes, board, ranking))


def test_short_deck_straight_or_trips_decides_the_favourite() -> None:
    # A made straight against a set, 28 rivers to come. With trips above a straight the set
    # cannot lose; with the straight above trips the set needs one of ten cards that pair the
    # board or make quads (three tens, jacks and sixes, the last nine).
    holes, board = ["QcKh", "9h9d"], "9s Tc Jd 6h"
    trips_win = equity(holes, board, SHORT_DECK).hands
    straight_wins = equity(holes, board, SHORT_DECK_STRAIGHT_BEATS_TRIPS).hands
    assert trips_win[1].equity == 1.0
    assert straight_wins[0].equity == pytest.approx(18 / 28)


@pytest.mark.parametrize("ranking", [SHORT_DECK, SHORT_DECK_STRAIGHT_BEATS_TRIPS])
def test_short_deck_preflop_sample_is_within_its_half_width(ranking: Ranking) -> None:
    exact = equity(["AsKs", "QdQc"], ranking=ranking, exact=True)
    assert exact.boards == 201_376  # C(32, 5)
    sampled = equity(["AsKs", "QdQc"], ranking=ranking, rng=random.Random(7))
    assert not sampled.exact
    assert abs(sampled.hands[0].equity - exact.hands[0].equity) <= sampled.half_width


def test_short_deck_with_many_players_is_enumerated_pre_flop() -> None:
    holes = ["AsAd", "KsKd", "QsQd", "JsJd", "TsTd", "9s9d", "8s8d", "7s7d"]
    result = equity(holes, ranking=SHORT_DECK)
    assert result.exact and result.boards == 15_504  # C(20, 5)


# --- Dead cards and refusals -------------------------------------------------------------


def test_dead_cards_are_never_dealt() -> None:
    holes, board, dead = ["AsKs", "QdQc"], "Ts7s2d", "2s 3s 4s 5s 6s 8s 9s Js"
    result = equity(holes, board, dead=dead)
    assert result.boards == 666  # C(37, 2)
    assert shares(result) == pytest.approx(reference(holes, board, dead=dead))


@pytest.mark.parametrize(
    ("holes", "board", "ranking"),
    [
        (["AsKs", "AsQd"], "", HOLDEM),
        (["AsKs", "QdQc"], "Ks 2c 3c", HOLDEM),
        (["AsKs", "2c2d"], "", SHORT_DECK),
        (["AsKsQs", "2c2d"], "", HOLDEM),
        ([], "", HOLDEM),
    ],
)
def test_impossible_spots_are_refused(holes: list[str], board: str, ranking: Ranking) -> None:
    with pytest.raises(CardError):
        equity(holes, board, ranking)


# --- One hand against random hands (the bots' estimate) ------------------------------------


def test_aces_against_one_random_hand_win_85_percent() -> None:
    got = equity_vs_random(parse_cards("AsAd"), (), 1, rng=random.Random(1), samples=20_000)
    assert got == pytest.approx(0.852, abs=0.012)  # 0.852 published; 3.5 standard errors


def test_against_random_hands_matches_enumeration_on_the_river() -> None:
    hole, board = parse_cards("AsKs"), parse_cards("Ts7s2d 3h 9c")
    rest = [c for c in Deck.STANDARD.cards() if c not in {*hole, *board}]
    mine = hand_value([*hole, *board])
    exact = Fraction(0)
    pairs = 0
    for other in combinations(rest, 2):
        pairs += 1
        theirs = hand_value([*other, *board])
        exact += 1 if mine > theirs else Fraction(1, 2) if mine == theirs else 0
    got = equity_vs_random(hole, board, 1, rng=random.Random(2), samples=20_000)
    assert got == pytest.approx(float(exact / pairs), abs=0.012)


def test_more_opponents_lower_the_share() -> None:
    hole: list[Card] = parse_cards("JhTh")
    shares_by_count = [
        equity_vs_random(hole, (), count, rng=random.Random(3), samples=4_000)
        for count in (1, 3, 8)
    ]
    assert shares_by_count == sorted(shares_by_count, reverse=True)


def test_against_random_hands_is_reproducible_and_stops_on_time() -> None:
    hole = parse_cards("9c9d")
    first = equity_vs_random(hole, (), 4, SHORT_DECK, rng=random.Random(4), samples=500)
    again = equity_vs_random(hole, (), 4, SHORT_DECK, rng=random.Random(4), samples=500)
    assert first == again
    started = time.perf_counter()
    equity_vs_random(hole, (), 8, rng=random.Random(5), samples=10**9, time_limit=0.02)
    assert time.perf_counter() - started < 0.5


def test_with_nobody_left_the_hand_has_it_all() -> None:
    assert equity_vs_random(parse_cards("2c7d"), (), 0, rng=random.Random(6)) == 1.0


def test_the_heads_up_table_holds_every_matchup_once() -> None:
    """47,008 matchups of two hands up to suits and order, each with counts a board can hold."""
    keys, first, second = equity_headsup._table()
    assert len(keys) == 47_008 and (np.diff(keys.astype(np.int64)) > 0).all()
    assert ((first.astype(np.int64) + second) <= equity_headsup.BOARDS).all()
    assert equity_headsup.canonical(parse_cards("2c 3d"), parse_cards("4h 5s"))[0] in set(
        keys.tolist()
    )
