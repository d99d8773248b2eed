"""Omaha's lookup tables: how they are built, stored and loaded (RULES.md §13).

An Omaha hand plays exactly two hole cards and exactly three board cards. Without a flush the
best high hand depends only on the board's ranks and on which two ranks the hole pair has, so
for every five-rank board there is a row of the best value each of the 91 rank pairs reaches
with three of its cards: a showdown is then one row look-up per board and one per hole pair.
The eight-or-better low depends only on which low ranks (ace to eight) the hole and the board
hold, so it is one table of 256 × 256 entries.

Building takes a few seconds, so ``python -m chatdealer.omaha.tables`` writes the tables once to
``chatdealer/data/omaha_tables.bin``; a test checks that a fresh build still equals that file.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path

from chatdealer.cards import Card, Deck, rank_of
from chatdealer.evaluator_tables import Ranking, flushless_values, rank_multisets, rank_part

DATA_PATH = Path(__file__).resolve().parent.parent / "data" / "omaha_tables.bin"
MAGIC = b"chatdealer omaha tables v1\n"
_SECTION = struct.Struct("<cI")

RANK_PAIRS: tuple[tuple[int, int], ...] = tuple(combinations_with_replacement(range(13), 2))
"""The 91 pairs of ranks two hole cards can have, lowest first: a row's columns."""

LOW_RANKS = 8
"""Ranks that can make an eight-or-better low: ace (playing low), two, ..., eight."""


def low_bit(card: Card) -> int:
    """The card's bit among the low ranks (ace = bit 0, two = bit 1, ..., eight = bit 7), or 0."""
    rank = rank_of(card)
    if rank == 12:
        return 1
    return 1 << (rank + 1) if rank < LOW_RANKS - 1 else 0


@cache
def low_masks() -> tuple[int, ...]:
    """Every qualifying low as its bitmask of five low ranks, worst (8-7-6-5-4) first.

    Lows are compared from their highest card down, and for sets of five the bitmask compares
    the same way: the low with the smaller mask is the better one. A low's value is its place
    in this tuple counting from 1, so the wheel (5-4-3-2-A) is worth the most."""
    masks = [sum(1 << rank for rank in ranks) for ranks in combinations(range(LOW_RANKS), 5)]
    return tuple(sorted(masks, reverse=True))


def board_rank_multisets() -> list[tuple[int, ...]]:
    """Every multiset of five ranks a board can show, in a fixed order: the rows."""
    return rank_multisets(Deck.STANDARD, 5)


BOARD_RANK_KEYS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
"""Rank keys whose sums over a five-card board tell its ranks apart, each the smallest that
keeps them apart (a greedy search), so the sums stay under 361,000: the board's row is found by
indexing a list with the sum, not by a dictionary look-up that reads three more places in
memory (the hold'em keys' sums reach millions)."""


def board_rank_key(ranks: Sequence[int]) -> int:
    return sum(BOARD_RANK_KEYS[rank] for rank in ranks)


def build_high_rows() -> array[int]:
    """For each board (``board_rank_multisets`` order) and rank pair (``RANK_PAIRS`` order): the
    best flushless value of the pair with three of the board's cards; 0 where no deck has it."""
    five = flushless_values(Ranking.HOLDEM)[5]
    pair_parts = [rank_part(pair) for pair in RANK_PAIRS]
    rows = array("H")
    for board in board_rank_multisets():
        triples = {rank_part(triple) for triple in combinations(board, 3)}
        for pair in pair_parts:
            rows.append(max([five.get(pair + triple, 0) for triple in triples]))
    return rows


def build_low_table() -> array[int]:
    """By ``hole_mask << 8 | board_mask`` of low ranks: the best low's value, 0 for no low."""
    value_of = {mask: value for value, mask in enumerate(low_masks(), start=1)}
    subsets = {
        size: [sum(1 << bit for bit in bits) for bits in combinations(range(LOW_RANKS), size)]
        for size in (2, 3)
    }
    table = array("B", bytes(1 << (2 * LOW_RANKS)))
    # Per board mask and hole pair: the best low the pair makes with three of the board.
    completions: list[dict[int, int]] = []
    for board in range(1 << LOW_RANKS):
        triples = [triple for triple in subsets[3] if triple & board == triple]
        completions.append(
            {
                pair: max([value_of[pair | t] for t in triples if not pair & t], default=0)
                for pair in subsets[2]
            }
        )
    for hole in range(1 << LOW_RANKS):
        pairs = [pair for pair in subsets[2] if pair & hole == pair]
        if not pairs:
            continue
        for board in range(1 << LOW_RANKS):
            best = completions[board]
            table[hole << LOW_RANKS | board] = max([best[pair] for pair in pairs])
    return table


def serialize(sections: list[array[int]]) -> bytes:
    payload = bytearray()
    for section in sections:
        little = array(section.typecode, section)
        if sys.byteorder == "big":
            little.byteswap()
        payload += _SECTION.pack(section.typecode.encode(), len(section))
        payload += little.tobytes()
    return MAGIC + zlib.compress(bytes(payload), 9)


def deserialize(data: bytes) -> tuple[array[int], array[int]]:
    """The high rows and the low table."""
    if not data.startswith(MAGIC):
        raise ValueError("not a chatdealer omaha tables file")
    payload = memoryview(zlib.decompress(data[len(MAGIC) :]))
    position = 0
    sections: list[array[int]] = []
    while position < len(payload):
        typecode, count = _SECTION.unpack_from(payload, position)
        position += _SECTION.size
        items = array(typecode.decode())
        end = position + count * items.itemsize
        items.frombytes(payload[position:end])
        if sys.byteorder == "big":
            items.byteswap()
        sections.append(items)
        position = end
    if len(sections) != 2:
        raise ValueError("an omaha tables file holds two sections")
    return sections[0], sections[1]


def build() -> bytes:
    """The contents of the tables file, built from the rules above."""
    return serialize([build_high_rows(), build_low_table()])


def load(path: Path = DATA_PATH) -> tuple[array[int], array[int]]:
    return deserialize(path.read_bytes())


def main() -> None:
    data = build()
    DATA_PATH.write_bytes(data)
    print(f"wrote {DATA_PATH} ({len(data):,} bytes)")


if __name__ == "__main__":
    main()
