"""All-in equity: each hand's share of the pot when no more betting can happen (issue 6).

With the flop or the turn out there are at most 1,081 boards to come, so every one is dealt and
the figures are exact. Pre-flop there are 1,712,304 boards heads-up, too many to deal for every
all-in, so boards are sampled until every hand's 95% confidence half-width is at most 0.5 %;
two hands on a 52-card deck are the exception, read exact from a shipped table of every
heads-up matchup (`equity_headsup`).
A hand's share of one board lies in [0, 1], so its variance is at most 1/4 and
`MAX_SAMPLES` = (1.96 · 0.5 / 0.005)² boards always suffice; sampling stops sooner when the
observed variances allow it (three-way and more, or a dominated hand). When the boards to come
are few enough (a short-deck table with many players), they are enumerated instead. Many
boards are valued at once in arrays (`equity_vector`, issue 19): a pre-flop all-in takes a few
milliseconds rather than 40-150 ms; a few boards (the turn) are valued one by one here.

`equity_vs_random` is the bots' estimate: one known hand against random hands, sampled within
a sample and time budget.
"""

from __future__ import annotations

import math
import random
import time
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from chatdealer import equity_headsup, equity_vector
from chatdealer.cards import Card, CardError, check_in_deck, check_unique
from chatdealer.evaluator import HOLDEM, Ranking, rank7_for
from chatdealer.evaluator_tables import (
    BLOCK_BITS,
    SUIT_BITS,
    SUIT_MASK,
    card_key,
    flush_suits,
    load,
)

Rank7 = Callable[[Card, Card, Card, Card, Card, Card, Card], int]

__all__ = [
    "CONFIDENCE_Z",
    "MAX_SAMPLES",
    "TARGET_HALF_WIDTH",
    "EquityResult",
    "HandEquity",
    "all_in_equity",
    "equity_vs_random",
]

CONFIDENCE_Z = 1.959963984540054  # two-sided 95 %
TARGET_HALF_WIDTH = 0.005
MAX_SAMPLES = math.ceil((CONFIDENCE_Z * 0.5 / TARGET_HALF_WIDTH) ** 2)  # 38,415
# Enumerate instead of sampling when it costs no more time than sampling heads-up: a dealt board
# costs under half a sampled one. The flop and the turn are always far below this.
EXACT_EVALUATIONS = 4 * MAX_SAMPLES
VECTOR_EVALUATIONS = 500
"""Hands valued on every board to come above which the boards are valued in arrays."""


@dataclass(frozen=True, slots=True)
class HandEquity:
    """One hand's chances. `equity` counts a split pot fractionally: half for a two-way tie."""

    win: float  # chance to win the whole pot alone
    tie: float  # chance to split it
    equity: float  # expected share of the pot

    def __str__(self) -> str:
        return f"{100 * self.equity:.1f}%"


@dataclass(frozen=True, slots=True)
class EquityResult:
    hands: tuple[HandEquity, ...]  # in the order the holes were given
    boards: int  # boards dealt, every one of them when exact
    exact: bool
    half_width: float  # the largest 95 % confidence half-width of an equity; 0.0 when exact


@dataclass(slots=True)
class _Tally:
    """Running sums per hand, enough for the mean and variance of each share."""

    wins: list[int]
    ties: list[int]
    shares: list[float]  # the fractional shares of split pots
    squares: list[float]  # their squares, for the variance
    boards: int = 0

    @classmethod
    def empty(cls, hands: int) -> _Tally:
        return cls([0] * hands, [0] * hands, [0.0] * hands, [0.0] * hands)

    def equity(self, hand: int) -> float:
        return (self.wins[hand] + self.shares[hand]) / self.boards

    def half_width(self) -> float:
        widest = 0.0
        for hand in range(len(self.wins)):
            mean = self.equity(hand)
            variance = (self.wins[hand] + self.squares[hand]) / self.boards - mean * mean
            widest = max(widest, math.sqrt(max(variance, 0.0) / self.boards))
        return CONFIDENCE_Z * widest

    def result(self, exact: bool) -> EquityResult:
        hands = tuple(
            HandEquity(
                win=self.wins[hand] / self.boards,
                tie=self.ties[hand] / self.boards,
                equity=self.equity(hand),
            )
            for hand in range(len(self.wins))
        )
        return EquityResult(hands, self.boards, exact, 0.0 if exact else self.half_width())


def all_in_equity(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    ranking: Ranking = HOLDEM,
    *,
    rng: random.Random | None = None,
    half_width: float = TARGET_HALF_WIDTH,
    exact: bool | None = None,
) -> EquityResult:
    """Each hand's chance to win, exact when the boards to come are few, else sampled.

    `dead` are cards known to be out of play (folded hands that were shown, burned cards seen
    in a replay); they are never dealt. Pass a seeded `rng` for reproducible sampled figures.
    `exact` forces enumeration (True: 1.7 M boards pre-flop take most of a second a hand) or
    sampling (False); by default the cheaper is chosen, and the flop and the turn are always
    exact. Two hold'em hands before the flop, no card dead, are read from the heads-up table
    unless sampling is forced.
    """
    known = [card for hole in holes for card in hole] + list(board) + list(dead)
    _check(holes, board, known, ranking)
    if exact is not False and not dead and equity_headsup.covers(holes, board, ranking):
        return _heads_up(holes[0], holes[1])
    rest = [card for card in ranking.deck.cards() if card not in set(known)]
    missing = 5 - len(board)
    if len(rest) < missing:
        raise CardError("not enough cards left to complete the board")
    lookup = _lookup(ranking)
    pairs = [(hole[0], hole[1]) for hole in holes]
    tally = _Tally.empty(len(holes))
    if exact is None:
        cheap = math.comb(len(rest), missing) * len(holes) <= EXACT_EVALUATIONS
        exact = len(board) >= 3 or cheap
    if exact and math.comb(len(rest), missing) * len(holes) <= VECTOR_EVALUATIONS:
        fixed = tuple(board)
        _deal(pairs, (fixed + more for more in combinations(rest, missing)), lookup, tally)
        return tally.result(exact=True)
    if exact:
        counted = equity_vector.enumerated(pairs, board, rest, ranking)
    else:
        counted = equity_vector.sampled(
            pairs, board, rest, ranking, rng or random.Random(), half_width
        )
    return _arrays_result(counted, exact)


def _heads_up(first: Sequence[Card], second: Sequence[Card]) -> EquityResult:
    """Two hands before the flop: exact, from the shipped table of every matchup."""
    won = equity_headsup.wins(first, second)
    boards = equity_headsup.BOARDS
    tie = (boards - won[0] - won[1]) / boards
    hands = tuple(
        HandEquity(win=count / boards, tie=tie, equity=count / boards + tie / 2) for count in won
    )
    return EquityResult(hands, boards, exact=True, half_width=0.0)


def _arrays_result(counted: equity_vector.Tally, exact: bool) -> EquityResult:
    hands = tuple(
        HandEquity(
            win=wins / counted.boards, tie=ties / counted.boards, equity=share / counted.boards
        )
        for wins, ties, share in zip(counted.wins, counted.ties, counted.shares, strict=True)
    )
    return EquityResult(hands, counted.boards, exact, 0.0 if exact else counted.half_width())


def _check(
    holes: Sequence[Sequence[Card]], board: Sequence[Card], known: list[Card], ranking: Ranking
) -> None:
    if not holes:
        raise CardError("equity needs at least one hand")
    if any(len(hole) != 2 for hole in holes):
        raise CardError("every hand needs exactly two hole cards")
    if len(board) > 5:
        raise CardError("a board has at most five cards")
    for card in known:
        if not isinstance(card, int) or not 0 <= card < 52:
            raise CardError(f"{card!r} is not a card")
    check_unique(known)
    check_in_deck(known, ranking.deck)


@dataclass(frozen=True, slots=True)
class _Lookup:
    """The seven-card tables, taken apart so a board's key sum is shared by every hand.

    Same arithmetic as `evaluator.rank7`: a key sum's low bits tell whether a flush is possible
    (then `rank` decides) and its high bits index the flushless values.
    """

    keys: list[int]
    flush_possible: list[bool]  # by the suit part of seven cards' key sum
    slots: array[int]
    displacements: list[int]
    rank: Rank7


@cache
def _lookup(ranking: Ranking) -> _Lookup:
    assert SUIT_BITS == 8 and SUIT_MASK == 0xFF and BLOCK_BITS == 10  # inlined below
    tables = load()[ranking]
    return _Lookup(
        keys=[card_key(card) for card in range(52)],
        flush_possible=[suit >= 0 for suit in flush_suits(7)],
        slots=tables.seven_slots,
        displacements=tables.seven_displacements.tolist(),
        rank=rank7_for(ranking),
    )


def _deal(
    holes: list[tuple[Card, Card]],
    boards: Iterable[tuple[Card, ...]],
    lookup: _Lookup,
    tally: _Tally,
) -> None:
    """Add each board's outcome to `tally`; ties are rare, so their hands are valued twice."""
    wins, ties, shares, squares = tally.wins, tally.ties, tally.shares, tally.squares
    keys, flush_possible, rank = lookup.keys, lookup.flush_possible, lookup.rank
    slots, displacements = lookup.slots, lookup.displacements
    seats = [(seat, a, b, keys[a] + keys[b]) for seat, (a, b) in enumerate(holes)]
    dealt = 0
    for x0, x1, x2, x3, x4 in boards:
        dealt += 1
        board_key = keys[x0] + keys[x1] + keys[x2] + keys[x3] + keys[x4]
        best = leader = -1
        tied = 1
        for seat, a, b, hole_key in seats:
            k = board_key + hole_key
            if flush_possible[k & 0xFF]:
                value = rank(a, b, x0, x1, x2, x3, x4)
            else:
                value = slots[(k >> 8) ^ displacements[k >> 18]]
            if value > best:
                best, leader, tied = value, seat, 1
            elif value == best:
                tied += 1
        if tied == 1:
            wins[leader] += 1
            continue
        share = 1.0 / tied
        for seat, a, b, _ in seats:
            if rank(a, b, x0, x1, x2, x3, x4) == best:
                ties[seat] += 1
                shares[seat] += share
                squares[seat] += share * share
    tally.boards += dealt


def equity_vs_random(
    hole: Sequence[Card],
    board: Sequence[Card] = (),
    opponents: int = 1,
    ranking: Ranking = HOLDEM,
    *,
    rng: random.Random,
    samples: int = 1_000,
    dead: Sequence[Card] = (),
    time_limit: float | None = None,
) -> float:
    """The expected pot share of `hole` against `opponents` random hands, sampled.

    Stops after `samples` deals or `time_limit` seconds, whichever comes first, so a bot never
    overruns its turn; with no time limit the figure depends only on `rng`. The standard error
    is at most 0.5 / sqrt(samples): 1.6 % at the default.
    """
    if opponents < 1:
        return 1.0
    known = [*hole, *board, *dead]
    _check([hole], board, known, ranking)
    deck = [card for card in ranking.deck.cards() if card not in set(known)]
    count = len(deck)
    dealt_to_opponents = 2 * opponents
    need = dealt_to_opponents + 5 - len(board)
    if count < need:
        raise CardError(f"not enough cards left for {opponents} opponents")
    lookup = _lookup(ranking)
    keys, flush_possible, rank = lookup.keys, lookup.flush_possible, lookup.rank
    slots, displacements = lookup.slots, lookup.displacements
    a, b = hole
    hole_key = keys[a] + keys[b]
    fixed = tuple(board)
    draw = rng.random
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    total = 0.0
    dealt = 0
    while dealt < samples:
        for i in range(need):
            j = i + int(draw() * (count - i))
            deck[i], deck[j] = deck[j], deck[i]
        x0, x1, x2, x3, x4 = fixed + tuple(deck[dealt_to_opponents:need])
        board_key = keys[x0] + keys[x1] + keys[x2] + keys[x3] + keys[x4]
        k = board_key + hole_key
        if flush_possible[k & 0xFF]:
            mine = rank(a, b, x0, x1, x2, x3, x4)
        else:
            mine = slots[(k >> 8) ^ displacements[k >> 18]]
        tied = 1
        for o in range(0, dealt_to_opponents, 2):
            c = deck[o]
            d = deck[o + 1]
            k = board_key + keys[c] + keys[d]
            if flush_possible[k & 0xFF]:
                value = rank(c, d, x0, x1, x2, x3, x4)
            else:
                value = slots[(k >> 8) ^ displacements[k >> 18]]
            if value > mine:
                break
            if value == mine:
                tied += 1
        else:
            total += 1.0 / tied
        dealt += 1
        if deadline is not None and not dealt & 63 and time.perf_counter() > deadline:
            break
    return total / dealt
