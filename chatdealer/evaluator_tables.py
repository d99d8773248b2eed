"""The hand-ranking rules as lookup tables: how they are built, stored and loaded.

Building the tables takes about two seconds, far too long for every start of the dealer, so
``python -m chatdealer.evaluator_tables`` writes them once to ``chatdealer/data/`` and the
evaluator only loads that file (a few milliseconds). A test checks that a fresh build still
equals the shipped file, so the file cannot drift from the rules written here.

How a hand is looked up (see ``card_key``): every card has an int key, and the sum of the keys of
5 to 7 cards splits into a rank part, unique for each multiset of ranks, and a suit part that tells
whether five cards share a suit and which suit. Hands without a flush are looked up by the rank
part; flushes by the bitmask of the flush suit's ranks.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import cache
from itertools import accumulate, combinations, combinations_with_replacement
from pathlib import Path

from chatdealer.cards import Card, Deck, rank_of, suit_of

DATA_PATH = Path(__file__).with_name("data") / "evaluator_tables.bin"
HAND_SIZES = (5, 6, 7)


class Category(IntEnum):
    """The kinds of hand. The numbers follow hold'em strength; short deck reorders them."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9


class Ranking(Enum):
    """The three orders of hands the dealer knows (RULES.md §1-2)."""

    HOLDEM = "holdem"
    SHORT_DECK = "short_deck"
    SHORT_DECK_STRAIGHT_BEATS_TRIPS = "short_deck_straight_beats_trips"

    @property
    def deck(self) -> Deck:
        return Deck.STANDARD if self is Ranking.HOLDEM else Deck.SHORT

    @property
    def category_order(self) -> tuple[Category, ...]:
        """The categories from weakest to strongest."""
        return _CATEGORY_ORDERS[self]


_CATEGORY_ORDERS = {
    Ranking.HOLDEM: tuple(Category),
    # Fewer cards per suit make flushes rarer than full houses, so a flush ranks higher.
    Ranking.SHORT_DECK: (
        Category.HIGH_CARD,
        Category.PAIR,
        Category.TWO_PAIR,
        Category.STRAIGHT,
        Category.THREE_OF_A_KIND,
        Category.FULL_HOUSE,
        Category.FLUSH,
        Category.FOUR_OF_A_KIND,
        Category.STRAIGHT_FLUSH,
    ),
    # PokerKit's order: the straight keeps its hold'em place above three of a kind.
    Ranking.SHORT_DECK_STRAIGHT_BEATS_TRIPS: (
        Category.HIGH_CARD,
        Category.PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.STRAIGHT,
        Category.FULL_HOUSE,
        Category.FLUSH,
        Category.FOUR_OF_A_KIND,
        Category.STRAIGHT_FLUSH,
    ),
}

# Rank keys whose sums over any multiset of up to 7 ranks (each at most 4 times) are all distinct
# (the greedy sequence, also used by SKPokerEval). They are centred around zero so that every sum,
# shifted left by the suit bits, stays below 2**30: CPython adds such ints on its fast path.
RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
RANK_KEY_OFFSET = (4 * RANK_KEYS[12] + 3 * RANK_KEYS[11]) // 14
# Suit keys whose sums over 5, 6 or 7 cards tell which suit (if any) holds five of them; found by
# an exhaustive search for the smallest largest key, so the suit part fits in 8 bits.
SUIT_KEYS = (0, 1, 25, 32)
SUIT_BITS = 8
SUIT_MASK = (1 << SUIT_BITS) - 1


def card_key(card: Card) -> int:
    return ((RANK_KEYS[rank_of(card)] - RANK_KEY_OFFSET) << SUIT_BITS) + SUIT_KEYS[suit_of(card)]


def rank_part(ranks: Sequence[int]) -> int:
    """The rank part of the key sum of cards with these ranks (what ``sum >> SUIT_BITS`` gives)."""
    return sum(RANK_KEYS[rank] for rank in ranks) - RANK_KEY_OFFSET * len(ranks)


def suit_counts(size: int) -> Iterator[tuple[int, int, int, int]]:
    """Every way `size` cards can fall into the four suits."""
    for clubs in range(size + 1):
        for diamonds in range(size + 1 - clubs):
            for hearts in range(size + 1 - clubs - diamonds):
                yield clubs, diamonds, hearts, size - clubs - diamonds - hearts


def flush_suits(size: int) -> list[int]:
    """For each suit part of `size` cards: the suit holding five or more of them, or -1."""
    table: list[int | None] = [None] * (SUIT_MASK + 1)
    for counts in suit_counts(size):
        suit_sum = sum(count * key for count, key in zip(counts, SUIT_KEYS, strict=True))
        flush_suit = max((suit for suit in range(4) if counts[suit] >= 5), default=-1)
        if table[suit_sum] not in (None, flush_suit):
            raise ValueError("SUIT_KEYS cannot tell this flush apart")
        table[suit_sum] = flush_suit
    return [-1 if suit is None else suit for suit in table]


def straights(deck: Deck) -> list[tuple[int, ...]]:
    """The ranks of each straight as a player reads them (high to low), weakest first.

    The ace plays low in the lowest one: 5-4-3-2-A, or 9-8-7-6-A in the short deck.
    """
    low = deck.lowest_rank
    lowest = (*range(low + 3, low - 1, -1), 12)
    return [lowest] + [tuple(range(high, high - 5, -1)) for high in range(low + 4, 13)]


def describe(ranks: Sequence[int], flush: bool, deck: Deck) -> tuple[Category, tuple[int, ...]]:
    """The category of five cards and their ranks in reading order (groups first, then high)."""
    counts = Counter(ranks)
    reading = tuple(
        rank
        for rank, count in sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
        for _ in range(count)
    )
    shape = sorted(counts.values(), reverse=True)
    straight = next((s for s in straights(deck) if set(s) == set(ranks)), None)
    if straight is not None:
        return (Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT), straight
    if flush:
        return Category.FLUSH, reading
    category = {
        (4, 1): Category.FOUR_OF_A_KIND,
        (3, 2): Category.FULL_HOUSE,
        (3, 1, 1): Category.THREE_OF_A_KIND,
        (2, 2, 1): Category.TWO_PAIR,
        (2, 1, 1, 1): Category.PAIR,
        (1, 1, 1, 1, 1): Category.HIGH_CARD,
    }[tuple(shape)]
    return category, reading


def rank_multisets(deck: Deck, size: int) -> list[tuple[int, ...]]:
    """Every multiset of `size` ranks of the deck that real cards can form (each rank ≤ 4 times)."""
    ranks = range(deck.lowest_rank, 13)
    return [
        multiset
        for multiset in combinations_with_replacement(ranks, size)
        if max(Counter(multiset).values()) <= 4
    ]


def rank_mask(ranks: Sequence[int]) -> int:
    mask = 0
    for rank in ranks:
        mask |= 1 << rank
    return mask


# Seven-card hands are the hot path, so instead of a dict (three scattered memory reads a look-up)
# their values sit in a flat table under a perfect hash of the rank part h:
# ``slots[h ^ displacements[h >> BLOCK_BITS]]``. Rank parts that share `h >> BLOCK_BITS` (a bucket)
# differ in their low bits, so XOR-ing a whole bucket with one displacement moves it into a block of
# the table without collisions inside it; the build picks, bucket by bucket, a displacement whose
# slots are still free. The tables stay small enough for the CPU caches.
BLOCK_BITS = 10
DISPLACEMENTS = 8192  # indexed by bucket; negative buckets wrap around from the end


@dataclass(frozen=True)
class RankingTables:
    """The lookup tables of one ranking. Values are dense: 1 is the weakest hand."""

    ranking: Ranking
    rank_parts: tuple[array[int], array[int]]  # for 5 and 6 cards: rank parts of flushless hands
    rank_values: tuple[array[int], array[int]]  # the value of the matching rank part
    seven_slots: array[int]  # seven flushless cards: the values, under the perfect hash
    seven_displacements: array[int]  # the displacement of each bucket of rank parts
    flush_values: array[int]  # by the 13-bit rank mask of the flush suit's cards; 0 if no flush
    descriptions: bytes  # 6 bytes per value: the category, then the five ranks in reading order

    def description(self, value: int) -> tuple[Category, tuple[int, ...]]:
        entry = self.descriptions[6 * value : 6 * value + 6]
        return Category(entry[0]), tuple(entry[1:])


@cache
def five_card_classes(ranking: Ranking) -> tuple[tuple[Category, tuple[int, ...]], ...]:
    """Every distinct five-card hand (category, ranks in reading order), weakest first.

    The value of a hand is its place in this list, counting from 1.
    """
    deck = ranking.deck
    strength = {category: place for place, category in enumerate(ranking.category_order)}
    classes = {describe(multiset, False, deck) for multiset in rank_multisets(deck, 5)}
    classes.update(
        describe(ranks, True, deck) for ranks in combinations(range(deck.lowest_rank, 13), 5)
    )
    return tuple(sorted(classes, key=lambda item: (strength[item[0]], item[1])))


def flushless_values(ranking: Ranking) -> dict[int, dict[int, int]]:
    """Per hand size 5, 6, 7: the value of cards without a flush, by their rank part."""
    deck = ranking.deck
    value_of = {item: value for value, item in enumerate(five_card_classes(ranking), start=1)}
    # Six or seven cards are worth their best five: drop one card at a time, sizes 5 -> 6 -> 7.
    best = {
        multiset: value_of[describe(multiset, False, deck)] for multiset in rank_multisets(deck, 5)
    }
    by_size = {5: best}
    for size in (6, 7):
        best = {
            multiset: max(best[multiset[:i] + multiset[i + 1 :]] for i in range(size))
            for multiset in rank_multisets(deck, size)
        }
        by_size[size] = best
    by_part = {
        size: {rank_part(multiset): value for multiset, value in values.items()}
        for size, values in by_size.items()
    }
    if any(len(by_part[size]) != len(by_size[size]) for size in HAND_SIZES):
        raise ValueError("two rank multisets share a rank part: RANK_KEYS are not unique")
    return by_part


def flush_values(ranking: Ranking) -> array[int]:
    """The value of 5 to 7 cards of one suit, by the bitmask of their ranks."""
    deck = ranking.deck
    value_of = {item: value for value, item in enumerate(five_card_classes(ranking), start=1)}
    table = array("H", bytes(2 << 13))
    best: dict[int, int] = {}
    for size in HAND_SIZES:
        best = {
            rank_mask(ranks): (
                value_of[describe(ranks, True, deck)]
                if size == 5
                else max(best[rank_mask(ranks) & ~(1 << rank)] for rank in ranks)
            )
            for ranks in combinations(range(deck.lowest_rank, 13), size)
        }
        for mask, value in best.items():
            table[mask] = value
    return table


def perfect_hash(values: dict[int, int]) -> tuple[array[int], array[int]]:
    """The slots and displacements that map each rank part of `values` to its value."""
    block_size = 1 << BLOCK_BITS
    table_bits = max(BLOCK_BITS, (len(values) * 5 // 2).bit_length())  # at most 40% full
    blocks = 1 << (table_bits - BLOCK_BITS)
    buckets: dict[int, list[int]] = {}
    for part in values:
        buckets.setdefault(part >> BLOCK_BITS, []).append(part)
    if max(abs(bucket) for bucket in buckets) >= DISPLACEMENTS // 2:
        raise ValueError("rank parts out of the displacement table's range")
    used = [0] * blocks  # per block, a bitmask of its used slots
    slots = array("H", bytes(2 << table_bits))
    displacements = array("i", bytes(4 * DISPLACEMENTS))
    for bucket in sorted(buckets, key=lambda bucket: (-len(buckets[bucket]), bucket)):
        parts = buckets[bucket]
        for flip in range(block_size):
            pattern = sum(1 << ((part ^ flip) & (block_size - 1)) for part in parts)
            block = next((block for block in range(blocks) if not used[block] & pattern), None)
            if block is not None:
                break
        else:
            raise ValueError("no room for a bucket; make the table larger")
        used[block] |= pattern
        displacement = (bucket << BLOCK_BITS) ^ (block << BLOCK_BITS | flip)
        displacements[bucket % DISPLACEMENTS] = displacement
        for part in parts:
            slots[part ^ displacement] = values[part]
    return slots, displacements


def build_ranking(ranking: Ranking) -> RankingTables:
    flushless = flushless_values(ranking)
    rank_parts: list[array[int]] = []
    rank_values: list[array[int]] = []
    for size in (5, 6):
        parts = sorted(flushless[size].items())
        rank_parts.append(array("i", [part for part, _ in parts]))
        rank_values.append(array("H", [value for _, value in parts]))
    seven_slots, seven_displacements = perfect_hash(flushless[7])
    descriptions = bytearray(6)  # value 0 is no hand
    for category, reading in five_card_classes(ranking):
        descriptions += bytes((category, *reading))
    return RankingTables(
        ranking=ranking,
        rank_parts=(rank_parts[0], rank_parts[1]),
        rank_values=(rank_values[0], rank_values[1]),
        seven_slots=seven_slots,
        seven_displacements=seven_displacements,
        flush_values=flush_values(ranking),
        descriptions=bytes(descriptions),
    )


# The file: MAGIC, then one zlib stream of sections, each a struct header (typecode, item count)
# followed by the little-endian items. Per ranking, in Ranking order: the rank parts for 5 and 6
# cards (sorted, stored as differences, which compress ten times better), their values, the seven
# card slots and displacements, the flush values, the descriptions.
MAGIC = b"chatdealer evaluator tables v1\n"
_SECTION = struct.Struct("<cI")


def _differences(items: array[int]) -> array[int]:
    return array(items.typecode, [b - a for a, b in zip((0, *items), items, strict=False)])


def serialize(all_tables: Sequence[RankingTables]) -> bytes:
    payload = bytearray()
    for tables in all_tables:
        sections = [
            *(_differences(parts) for parts in tables.rank_parts),
            *tables.rank_values,
            tables.seven_slots,
            tables.seven_displacements,
            tables.flush_values,
            array("B", tables.descriptions),
        ]
        for section in sections:
            little = array(section.typecode, section)
            if sys.byteorder == "big":
                little.byteswap()
            payload += _SECTION.pack(section.typecode.encode(), len(section))
            payload += little.tobytes()
    return MAGIC + zlib.compress(bytes(payload), 9)


def deserialize(data: bytes) -> dict[Ranking, RankingTables]:
    if not data.startswith(MAGIC):
        raise ValueError("not a chatdealer evaluator tables file")
    payload = memoryview(zlib.decompress(data[len(MAGIC) :]))
    position = 0

    def section() -> array[int]:
        nonlocal position
        typecode, count = _SECTION.unpack_from(payload, position)
        position += _SECTION.size
        items = array(typecode.decode())
        end = position + count * items.itemsize
        items.frombytes(payload[position:end])
        if sys.byteorder == "big":
            items.byteswap()
        position = end
        return items

    loaded: dict[Ranking, RankingTables] = {}
    for ranking in Ranking:
        loaded[ranking] = RankingTables(
            ranking=ranking,
            rank_parts=(array("i", accumulate(section())), array("i", accumulate(section()))),
            rank_values=(section(), section()),
            seven_slots=section(),
            seven_displacements=section(),
            flush_values=section(),
            descriptions=section().tobytes(),
        )
    if position != len(payload):
        raise ValueError("trailing data in the evaluator tables file")
    return loaded


def build() -> bytes:
    """The contents of the tables file, built from the rules above."""
    return serialize([build_ranking(ranking) for ranking in Ranking])


def load(path: Path = DATA_PATH) -> dict[Ranking, RankingTables]:
    return deserialize(path.read_bytes())


def main() -> None:
    data = build()
    DATA_PATH.parent.mkdir(exist_ok=True)
    DATA_PATH.write_bytes(data)
    print(f"wrote {DATA_PATH} ({len(data):,} bytes)")


if __name__ == "__main__":
    main()
