"""Omaha hands: the best high hand and the eight-or-better low, each of exactly two hole cards
and exactly three board cards (RULES.md §13).

High values are hold'em values (``chatdealer.evaluator``), so they are named, compared and
categorised as hold'em hands are. Low values are 1..56, higher is better (56 is 5-4-3-2-A) and
0 is no low. The fast paths take a full five-card board and trusted cards; ``best_high`` and
``best_low`` check the cards and say which five make the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from chatdealer.cards import Card, CardError, Deck, check_in_deck, check_unique, rank_of, suit_of
from chatdealer.evaluator import HOLDEM, HandRank, evaluate, flush_values_for
from chatdealer.evaluator_tables import SUIT_BITS, SUIT_KEYS, rank_mask
from chatdealer.omaha.tables import (
    BOARD_RANK_KEYS,
    LOW_RANKS,
    RANK_PAIRS,
    board_rank_key,
    board_rank_multisets,
    load,
    low_bit,
    low_masks,
)

__all__ = [
    "LOW_RANK_NAMES",
    "NO_LOW",
    "LowHand",
    "best_high",
    "best_low",
    "low_name",
    "omaha_high",
    "omaha_low",
]

NO_LOW = 0
BOARD_SIZE = 5
HOLE_SIZES = (4, 5)

_high_rows, _low_table = load()
_PAIR_COUNT = len(RANK_PAIRS)
# One int object per value, shared by every slot holding it, keeps the rows cache-friendly.
_VALUES = list(range(max(_high_rows) + 1))
# By a board's key sum (below) shifted past its suit part: the row of its five ranks. A list,
# mostly empty, read at one place; a dictionary would read three (its index, its entry, the
# key's int object), and a showdown's time goes mostly to waiting on memory. Rows are tuples,
# whose items follow their header in memory: a list's are one more read away. The largest sum
# is four aces and a king's.
_ROWS: list[tuple[int, ...] | None] = [None] * (board_rank_key((12, 12, 12, 12, 11)) + 1)
for _board, _start in zip(
    board_rank_multisets(), range(0, len(_high_rows), _PAIR_COUNT), strict=True
):
    if _ROWS[board_rank_key(_board)] is not None:  # pragma: no cover - checked by the tests
        raise ValueError("two boards share a key: BOARD_RANK_KEYS are not unique")
    _ROWS[board_rank_key(_board)] = tuple(
        [_VALUES[v] for v in _high_rows[_start : _start + _PAIR_COUNT]]
    )
# A board card's key: its rank's board key, then its suit's key in the low eight bits.
_KEYS = [
    (BOARD_RANK_KEYS[rank_of(card)] << SUIT_BITS) + SUIT_KEYS[suit_of(card)] for card in range(52)
]
_PAIR_COLUMN = {pair: column for column, pair in enumerate(RANK_PAIRS)}
# By two cards: the column of their rank pair.
_COLUMNS = [
    [_PAIR_COLUMN[tuple(sorted((rank_of(a), rank_of(b))))] for b in range(52)]  # type: ignore[index]
    for a in range(52)
]
# By the suit part of five cards' key sum: the suit holding three or more of them, or -1.
_THREE_SUITED = [-1] * 256
for _clubs in range(6):
    for _diamonds in range(6 - _clubs):
        for _hearts in range(6 - _clubs - _diamonds):
            _counts = (_clubs, _diamonds, _hearts, 5 - _clubs - _diamonds - _hearts)
            _THREE_SUITED[sum(c * k for c, k in zip(_counts, SUIT_KEYS, strict=True))] = max(
                (suit for suit in range(4) if _counts[suit] >= 3), default=-1
            )
_RANK_BITS_BY_SUIT = [
    [1 << rank_of(c) if suit_of(c) == s else 0 for c in range(52)] for s in range(4)
]
_LOW_BITS = [low_bit(card) for card in range(52)]
_FLUSH_ROWS: dict[int, dict[int, int]] = {}  # by the board's suited rank mask, filled as met


def _flush_row(board_mask: int) -> dict[int, int]:
    """By the rank mask of two suited hole cards: the best flush they make with three of the
    board's cards of their suit (`board_mask`, three to five ranks). Suited hole cards never
    share a rank with the board's cards of their suit, so only the other ranks are paired."""
    flush_values = flush_values_for(HOLDEM)
    board_ranks = [rank for rank in range(13) if board_mask >> rank & 1]
    triples = [rank_mask(triple) for triple in combinations(board_ranks, 3)]
    row = {
        rank_mask(pair): max(flush_values[rank_mask(pair) | triple] for triple in triples)
        for pair in combinations([rank for rank in range(13) if not board_mask >> rank & 1], 2)
    }
    _FLUSH_ROWS[board_mask] = row
    return row


def _best_flush(board_mask: int, hole_mask: int) -> int:
    """The best flush of two of the suited hole cards (`hole_mask`, two or more ranks) with
    three of the board's cards of their suit."""
    flushes = _FLUSH_ROWS.get(board_mask) or _flush_row(board_mask)
    flush = flushes.get(hole_mask)
    if flush is None:  # three or more suited hole cards: the best two of them
        suited = [1 << rank for rank in range(13) if hole_mask >> rank & 1]
        flush = max([flushes[x | y] for x, y in combinations(suited, 2)])
    return flush


def _make_omaha_high() -> Callable[[Sequence[Card], Sequence[Card]], int]:
    """The fast high evaluator; a closure, so that every table is a local look-up."""
    keys, rows, columns, three_suited = _KEYS, _ROWS, _COLUMNS, _THREE_SUITED
    bits_by_suit, flush_rows, best_flush = _RANK_BITS_BY_SUIT, _FLUSH_ROWS, _best_flush

    def omaha_high(hole: Sequence[Card], board: Sequence[Card]) -> int:
        b1, b2, b3, b4, b5 = board
        k = keys[b1] + keys[b2] + keys[b3] + keys[b4] + keys[b5]
        try:  # four hole cards, the common case, unpacked without asking for the length
            a, b, c, d = hole
        except ValueError:
            return any_hole(hole, board, k)
        row: tuple[int, ...] = rows[k >> 8]  # type: ignore[assignment]
        ca, cb = columns[a], columns[b]
        # The best of the six pairs, compared in line: cheaper than calling max().
        best = row[ca[b]]
        value = row[ca[c]]
        if value > best:
            best = value
        value = row[ca[d]]
        if value > best:
            best = value
        value = row[cb[c]]
        if value > best:
            best = value
        value = row[cb[d]]
        if value > best:
            best = value
        value = row[columns[c][d]]
        if value > best:
            best = value
        suit = three_suited[k & 0xFF]
        if suit < 0:
            return best
        bits = bits_by_suit[suit]
        hole_mask = bits[a] | bits[b] | bits[c] | bits[d]
        if not hole_mask & (hole_mask - 1):  # fewer than two hole cards of the suit
            return best
        # Two suited hole cards, the common flush draw, in line; more go the long way.
        board_mask = bits[b1] | bits[b2] | bits[b3] | bits[b4] | bits[b5]
        flushes = flush_rows.get(board_mask)
        flush = flushes.get(hole_mask) if flushes is not None else None
        if flush is None:
            flush = best_flush(board_mask, hole_mask)
        return flush if flush > best else best

    def any_hole(hole: Sequence[Card], board: Sequence[Card], k: int) -> int:
        """Five hole cards (five-card Omaha: their ten pairs in line), or any other number of
        them, the long way."""
        row: tuple[int, ...] = rows[k >> 8]  # type: ignore[assignment]
        if len(hole) == 5:
            a, b, c, d, e = hole
            ca, cb, cc, cd = columns[a], columns[b], columns[c], columns[d]
            best = max(
                row[ca[b]], row[ca[c]], row[ca[d]], row[ca[e]], row[cb[c]],
                row[cb[d]], row[cb[e]], row[cc[d]], row[cc[e]], row[cd[e]],
            )  # fmt: skip
        else:
            best = max([row[columns[x][y]] for x, y in combinations(hole, 2)])
        suit = three_suited[k & 0xFF]
        if suit < 0:
            return best
        bits = bits_by_suit[suit]
        hole_mask = 0
        for card in hole:
            hole_mask |= bits[card]
        if not hole_mask & (hole_mask - 1):
            return best
        board_mask = 0
        for card in board:
            board_mask |= bits[card]
        flush = best_flush(board_mask, hole_mask)
        return flush if flush > best else best

    omaha_high.__doc__ = (
        "The value of the best high hand of four or five hole cards and a five-card board. "
        "Unchecked: trusted cards only (see `best_high`)."
    )
    return omaha_high


omaha_high = _make_omaha_high()


def omaha_low(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """The value of the best eight-or-better low (1..56, higher is better), or 0 for no low.

    Unchecked: trusted cards only; the board may hold three to five cards."""
    bits = _LOW_BITS
    hole_mask = 0
    for card in hole:
        hole_mask |= bits[card]
    board_mask = 0
    for card in board:
        board_mask |= bits[card]
    return _low_table[hole_mask << LOW_RANKS | board_mask]


# --- The descriptive path ---------------------------------------------------------------------


def check_omaha_cards(hole: Sequence[Card], board: Sequence[Card]) -> None:
    """Refuse, with a CardError that says why, cards that are not an Omaha hand and board."""
    for card in (*hole, *board):
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 52:
            raise CardError(f"{card!r} is not a card")
    if len(hole) not in HOLE_SIZES:
        raise CardError(f"an Omaha hand has 4 or 5 hole cards, got {len(hole)}")
    if not 3 <= len(board) <= BOARD_SIZE:
        raise CardError(f"an Omaha hand needs 3 to 5 board cards, got {len(board)}")
    check_unique([*hole, *board])
    check_in_deck([*hole, *board], Deck.STANDARD)


def best_high(hole: Sequence[Card], board: Sequence[Card]) -> HandRank:
    """The best high hand of exactly two hole cards and three board cards, with its cards; the
    board may be the flop or the turn, for naming a hand as the board comes."""
    check_omaha_cards(hole, board)
    return max(
        (
            evaluate([*pair, *triple], HOLDEM)
            for pair in combinations(hole, 2)
            for triple in combinations(board, 3)
        ),
        key=lambda hand: hand.value,
    )


@dataclass(frozen=True)
class LowHand:
    """An eight-or-better low as shown: its value and the five cards, highest first."""

    value: int
    cards: tuple[Card, ...]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The low ranks, highest first, ace as 0 (ace to five: the ace plays low)."""
        return tuple(_low_rank(card) for card in self.cards)

    @property
    def name(self) -> str:
        return low_name(self.value)


def _low_rank(card: Card) -> int:
    return _LOW_BITS[card].bit_length() - 1


def best_low(hole: Sequence[Card], board: Sequence[Card]) -> LowHand | None:
    """The best eight-or-better low of exactly two hole and three board cards, or None; the
    board may be the flop or the turn."""
    check_omaha_cards(hole, board)
    value = omaha_low(hole, board)
    if value == NO_LOW:
        return None
    mask = low_masks()[value - 1]
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            five = (*pair, *triple)
            if sum(_LOW_BITS[card] for card in five) == mask and _distinct_lows(five):
                cards = sorted(five, key=_low_rank, reverse=True)
                return LowHand(value, tuple(cards))
    raise AssertionError("unreachable: the table's low is made of these cards")  # pragma: no cover


def _distinct_lows(cards: Sequence[Card]) -> bool:
    bits = [_LOW_BITS[card] for card in cards]
    return 0 not in bits and len(set(bits)) == len(bits)


LOW_RANK_NAMES = "A2345678"


def low_name(value: int) -> str:
    """A low as players write it, highest card first ("Low, 7-5-4-2-A"), or "No low"."""
    if value == NO_LOW:
        return "No low"
    mask = low_masks()[value - 1]
    ranks = [rank for rank in range(LOW_RANKS - 1, -1, -1) if mask >> rank & 1]
    return "Low, " + "-".join(LOW_RANK_NAMES[rank] for rank in ranks)


def low_ranks(value: int) -> tuple[int, ...]:
    """The five low ranks of a low value, highest first (ace as 0)."""
    mask = low_masks()[value - 1]
    return tuple(rank for rank in range(LOW_RANKS - 1, -1, -1) if mask >> rank & 1)
