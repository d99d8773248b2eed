"""All-in equity over many boards at once, with numpy: the boards before the flop (issue 19).

Sampling a pre-flop all-in to a 0.5 % half-width takes up to 38,415 boards: 40-150 ms in pure
Python, a few milliseconds here, where every hand on every board is valued by the same table
look-ups as `evaluator.rank7`, done on whole arrays, at any number of hands. Two hands are read
from a table instead (`equity_headsup`), which these arrays counted once over every board.

Boards are drawn as independent uniform draws of the missing cards from those left, a draw with
a repeated card thrown away (so each kept board is a uniform set of cards); the generator is
seeded from the caller's `random.Random`, so a seeded question gets the same figures every time.
The stopping rule is `equity.all_in_equity`'s: a first batch, then as many more boards as the
observed variances say the target half-width needs, never more than any variance could need.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, islice

import numpy as np
import numpy.typing as npt

from chatdealer.cards import Card, rank_of, suit_of
from chatdealer.evaluator import Ranking, flush_values_for
from chatdealer.evaluator_tables import SUIT_MASK, card_key, flush_suits, load

CONFIDENCE_Z = 1.959963984540054  # two-sided 95 %, as in `equity`
FIRST_BATCH = 6_000
"""Boards valued before the variances are trusted to say how many more are needed."""
CHUNK = 1 << 16
"""Boards enumerated at once: arrays of a few megabytes."""
MARGIN = 1.05
"""Boards asked for beyond what the observed variances need, so one more batch rarely is."""

Ints = npt.NDArray[np.integer]


@dataclass(frozen=True, slots=True)
class Tally:
    """Sums over the boards dealt, per hand: what `equity.EquityResult` is made of."""

    boards: int
    wins: list[int]
    ties: list[int]
    shares: list[float]  # every board's share of the pot, ties counted fractionally
    squares: list[float]  # their squares, for the variance

    def half_width(self) -> float:
        """The largest 95 % confidence half-width of a hand's equity."""
        widest = 0.0
        for total, square in zip(self.shares, self.squares, strict=True):
            mean = total / self.boards
            variance = max(square / self.boards - mean * mean, 0.0)
            widest = max(widest, math.sqrt(variance / self.boards))
        return CONFIDENCE_Z * widest

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.boards + other.boards,
            [a + b for a, b in zip(self.wins, other.wins, strict=True)],
            [a + b for a, b in zip(self.ties, other.ties, strict=True)],
            [a + b for a, b in zip(self.shares, other.shares, strict=True)],
            [a + b for a, b in zip(self.squares, other.squares, strict=True)],
        )


@dataclass(frozen=True, slots=True)
class _Tables:
    """`evaluator.rank7`'s look-ups as arrays, of the narrowest types that hold them: a gather
    from a smaller table misses the cache less."""

    keys: Ints  # by card; seven cards' key sum fits in 31 bits
    flush_suit: Ints  # by the suit part of seven cards' key sum: the flush's suit, or -1
    slots: Ints  # hand values (at most 7,462) by the perfect hash of the rank part
    displacements: Ints
    flush_bits: Ints  # [suit, card]: the card's rank bit when it is of that suit, else 0
    flush_values: Ints  # by the rank bits of a flush's cards


@cache
def _tables(ranking: Ranking) -> _Tables:
    tables = load()[ranking]
    bits = np.zeros((4, 52), dtype=np.int16)
    for card in range(52):
        bits[suit_of(card), card] = 1 << rank_of(card)
    return _Tables(
        keys=np.array([card_key(card) for card in range(52)], dtype=np.int32),
        flush_suit=np.array(flush_suits(7), dtype=np.int8),
        slots=np.array(tables.seven_slots, dtype=np.int16),
        displacements=np.array(tables.seven_displacements, dtype=np.int32),
        flush_bits=bits,
        flush_values=np.array(flush_values_for(ranking), dtype=np.int16),
    )


def hand_values(holes: Sequence[tuple[Card, Card]], boards: Ints, ranking: Ranking) -> Ints:
    """Every hand's value on every board, `[hand, board]`, higher better. `boards` holds one
    row per board position (five), one column per board: whole rows are added at once, not
    five numbers per board. A hand that shares a card with a board gets some value there,
    never an error: the heads-up table values every hand on every board and drops those."""
    t = _tables(ranking)
    board_keys = t.keys[boards[0]]
    for row in boards[1:]:
        board_keys = board_keys + t.keys[row]
    values = np.empty((len(holes), boards.shape[1]), dtype=np.int16)
    for hand, (a, b) in enumerate(holes):
        keys = board_keys + (t.keys[a] + t.keys[b])
        value = values[hand]
        slots = (keys >> 8) ^ np.take(t.displacements, keys >> 18, mode="wrap")
        np.take(t.slots, slots, out=value, mode="wrap")
        suits = t.flush_suit[keys & SUIT_MASK]
        (flushes,) = np.nonzero(suits >= 0)
        if len(flushes):  # five or more of one suit: the flush's rank bits decide
            suit = suits[flushes]
            bits = t.flush_bits[suit, a] | t.flush_bits[suit, b]
            for row in boards:
                bits |= t.flush_bits[suit, row[flushes]]
            value[flushes] = t.flush_values[bits]
    return values


def tally(holes: Sequence[tuple[Card, Card]], boards: Ints, ranking: Ranking) -> Tally:
    """Every hand valued on every board (`hand_values`), and summed."""
    values = hand_values(holes, boards, ranking)
    count = boards.shape[1]
    best = values == values.max(axis=0)
    sharing = best.sum(axis=0, dtype=np.int8)
    alone = best & (sharing == 1)
    wins = alone.sum(axis=1).tolist()
    (split,) = np.nonzero(sharing > 1)  # few boards: their fractional shares apart
    tied = best[:, split]
    fractions = tied / sharing[split]
    return Tally(
        boards=count,
        wins=wins,
        ties=tied.sum(axis=1).tolist(),
        shares=[w + f for w, f in zip(wins, fractions.sum(axis=1).tolist(), strict=True)],
        squares=[w + f for w, f in zip(wins, (fractions**2).sum(axis=1).tolist(), strict=True)],
    )


def enumerated(
    holes: Sequence[tuple[Card, Card]],
    board: Sequence[Card],
    rest: Sequence[Card],
    ranking: Ranking,
) -> Tally:
    """Every board to come, each once, `CHUNK` boards at a time (1.7 M pre-flop, forced)."""
    fixed = np.array(board, dtype=np.intp)[:, None]
    total: Tally | None = None
    for more in boards_to_come(rest, 5 - len(board)):
        boards = np.concatenate((np.broadcast_to(fixed, (len(board), more.shape[1])), more))
        counted = tally(holes, boards, ranking)
        total = counted if total is None else total + counted
    assert total is not None  # `all_in_equity` checks there are cards enough
    return total


def boards_to_come(rest: Sequence[Card], missing: int) -> Iterator[Ints]:
    """The cards still to come on each board, a row a board position, in chunks. From the flop
    on they fit one chunk, picked by index arrays made once a size: making a thousand tuples
    of cards took half the flop's time."""
    if math.comb(len(rest), missing) <= CHUNK:
        yield np.array(rest, dtype=np.intp)[_picks(len(rest), missing)]
        return
    to_come = combinations(rest, missing)
    while chunk := list(islice(to_come, CHUNK)):
        yield np.array(chunk, dtype=np.intp).T


@cache
def _picks(size: int, missing: int) -> Ints:
    """Every way to pick `missing` of `size` cards, as indices: one row a board position."""
    picks = np.array(list(combinations(range(size), missing)), dtype=np.intp).T
    picks.setflags(write=False)
    return picks


def sampled(
    holes: Sequence[tuple[Card, Card]],
    board: Sequence[Card],
    rest: Sequence[Card],
    ranking: Ranking,
    rng: random.Random,
    half_width: float,
) -> Tally:
    """Uniform boards until every hand's half-width is at most `half_width` (see the module)."""
    generator = np.random.default_rng(rng.getrandbits(64))
    cards = np.array(rest, dtype=np.intp)
    fixed = np.array(board, dtype=np.intp)
    limit = math.ceil((CONFIDENCE_Z * 0.5 / half_width) ** 2)  # enough for any variance
    total = tally(holes, _boards(generator, cards, fixed, min(FIRST_BATCH, limit)), ranking)
    while total.boards < limit and (widest := total.half_width()) > half_width:
        needed = math.ceil(total.boards * (widest / half_width) ** 2 * MARGIN)
        count = min(limit, max(needed, total.boards + 1_000)) - total.boards
        total += tally(holes, _boards(generator, cards, fixed, count), ranking)
    return total


def _boards(generator: np.random.Generator, rest: Ints, board: Ints, count: int) -> Ints:
    """`count` boards (as `tally` takes them): `board` completed by distinct cards of `rest`,
    uniformly: independent draws, those with a card drawn twice thrown away."""
    missing = 5 - len(board)
    size = len(rest)
    distinct = math.prod(range(size - missing + 1, size + 1)) / size**missing
    parts: list[Ints] = []
    kept = 0
    while kept < count:
        drawn = generator.integers(
            0, size, size=(missing, math.ceil((count - kept) / distinct) + 16)
        )
        ok = np.ones(drawn.shape[1], dtype=bool)
        for first, second in combinations(range(missing), 2):
            ok &= drawn[first] != drawn[second]
        drawn = np.compress(ok, drawn, axis=1)[:, : count - kept]
        parts.append(drawn)
        kept += drawn.shape[1]
    picked = rest[np.concatenate(parts, axis=1)]
    fixed = np.broadcast_to(board[:, None], (len(board), count))
    return np.concatenate((fixed, picked))
