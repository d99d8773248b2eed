"""All-in equity valued in arrays (`equity_vector`, issue 19), checked against the evaluator.

Every board valued in arrays must give each hand the value `rank7` gives it (flushes and
straight flushes included), enumerated figures must equal those of boards dealt one by one, the
sampled boards must be uniform sets of the cards left, and pre-flop samples of many matchups must
fall within the half-width they state of the exact figure.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from chatdealer import equity_vector
from chatdealer.cards import Card
from chatdealer.equity import VECTOR_EVALUATIONS, _deal, _lookup, _Tally, all_in_equity
from chatdealer.evaluator import (
    HOLDEM,
    SHORT_DECK,
    SHORT_DECK_STRAIGHT_BEATS_TRIPS,
    Ranking,
    rank7_for,
)


def deal(
    ranking: Ranking, players: int, board: int, rng: random.Random
) -> tuple[list[tuple[Card, Card]], list[Card]]:
    deck = ranking.deck.cards()
    rng.shuffle(deck)
    holes = [(deck[2 * seat], deck[2 * seat + 1]) for seat in range(players)]
    return holes, deck[2 * players : 2 * players + board]


def column(boards: list[tuple[Card, ...]]) -> np.ndarray:
    return np.array(boards, dtype=np.intp).T


@pytest.mark.parametrize("ranking", [HOLDEM, SHORT_DECK, SHORT_DECK_STRAIGHT_BEATS_TRIPS])
def test_every_hand_is_valued_as_rank7_values_it(ranking: Ranking) -> None:
    """Random boards, and suited ones so that flushes and straight flushes come up often."""
    rng = random.Random(11)
    rank7 = rank7_for(ranking)
    for players in (2, 3, 6, 9 if ranking is HOLDEM else 5):
        holes, _ = deal(ranking, players, 0, rng)
        used = {card for hole in holes for card in hole}
        rest = [card for card in ranking.deck.cards() if card not in used]
        spades = [card for card in rest if card % 4 == 0]
        boards = [tuple(rng.sample(rest, 5)) for _ in range(400)]
        boards += [tuple(rng.sample(spades, 3) + rng.sample(rest, 2)) for _ in range(400)]
        boards = [board for board in boards if len(set(board)) == 5]
        counted = equity_vector.tally(holes, column(boards), ranking)
        wins, ties = Counter[int](), Counter[int]()
        for board in boards:
            values = [rank7(*hole, *board) for hole in holes]
            best = [seat for seat, value in enumerate(values) if value == max(values)]
            (wins if len(best) == 1 else ties).update(best)
        assert counted.boards == len(boards)
        assert counted.wins == [wins[seat] for seat in range(players)]
        assert counted.ties == [ties[seat] for seat in range(players)]


@pytest.mark.parametrize(
    ("ranking", "players", "board"),
    [
        *[(HOLDEM, 2, 3), (HOLDEM, 4, 3), (HOLDEM, 6, 3), (HOLDEM, 9, 3), (HOLDEM, 3, 4)],
        *[(SHORT_DECK, 3, 3), (SHORT_DECK, 6, 0), (SHORT_DECK_STRAIGHT_BEATS_TRIPS, 4, 3)],
    ],
)
def test_enumeration_in_arrays_equals_boards_dealt_one_by_one(
    ranking: Ranking, players: int, board: int
) -> None:
    rng = random.Random(players * 10 + board)
    for _ in range(3):
        holes, dealt = deal(ranking, players, board, rng)
        known = {card for hole in holes for card in hole} | set(dealt)
        rest = [card for card in ranking.deck.cards() if card not in known]
        one_by_one = _Tally.empty(players)
        boards = (tuple(dealt) + more for more in combinations(rest, 5 - board))
        _deal(holes, boards, _lookup(ranking), one_by_one)
        expected = one_by_one.result(exact=True)
        in_arrays = all_in_equity(holes, dealt, ranking=ranking, exact=True)
        assert in_arrays.exact and in_arrays.boards == expected.boards
        for mine, theirs in zip(in_arrays.hands, expected.hands, strict=True):
            assert mine.win == theirs.win and mine.tie == theirs.tie
            assert mine.equity == pytest.approx(theirs.equity, abs=1e-12)


def test_a_multiway_flop_is_valued_in_arrays() -> None:
    """The six-way flop above the array threshold is what the arrays answer (not the loop)."""
    holes, board = deal(HOLDEM, 6, 3, random.Random(5))
    assert VECTOR_EVALUATIONS < 666 * 6
    assert all_in_equity(holes, board).boards == 666


def test_sampled_boards_are_uniform_sets_of_the_cards_left() -> None:
    generator = np.random.default_rng(7)
    rest = np.array([card for card in range(52) if card not in (0, 1, 2, 3, 50)], dtype=np.intp)
    flop = np.array([], dtype=np.intp)
    boards = equity_vector._boards(generator, rest, flop, 60_000)
    assert boards.shape == (5, 60_000)
    assert all(len(set(board)) == 5 for board in boards.T.tolist())
    seen = Counter(boards.ravel().tolist())
    assert set(seen) == set(rest.tolist())
    expected = 5 * 60_000 / len(rest)  # 6,383 each; the standard deviation is about 78
    assert all(abs(count - expected) < 5 * 80 for count in seen.values())
    turn = equity_vector._boards(generator, rest[4:], rest[:4], 1_000)
    assert (turn[:4] == rest[:4, None]).all() and set(turn[4].tolist()) <= set(rest[4:].tolist())


def test_preflop_samples_of_many_matchups_are_within_their_half_width() -> None:
    """Four random heads-up and three-way matchups against every board dealt (seeded, so the
    same every run); at 95 %, one matchup outside its half-width is possible, two are unlikely,
    and no figure is ever off by 1.5 half-widths."""
    rng = random.Random(19)
    misses = 0
    for number in range(4):
        holes, _ = deal(HOLDEM, 3 if number % 3 == 2 else 2, 0, rng)
        exact = all_in_equity(holes, exact=True)
        sampled = all_in_equity(holes, rng=random.Random(number), exact=False)
        assert not sampled.exact and sampled.half_width <= 0.005
        errors = [
            abs(mine.equity - truth.equity)
            for mine, truth in zip(sampled.hands, exact.hands, strict=True)
        ]
        assert max(errors) <= 1.5 * sampled.half_width
        misses += max(errors) > sampled.half_width
    assert misses <= 1
