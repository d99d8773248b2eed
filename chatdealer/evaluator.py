"""The best five of 5, 6 or 7 cards, for hold'em and short deck (RULES.md §1-2).

Showdowns, equity and all-in odds evaluate many hands, so the hot path is a handful of list and
dict look-ups on tables shipped in ``chatdealer/data`` (see ``evaluator_tables``): ``rank7`` does
two to three million seven-card hands a second in pure Python. ``evaluate`` is the slow, descriptive
path for showing a hand to players.

A hand's value is an int, higher wins and equal values split; values are dense within one
ranking (1..7462 for hold'em, 1..1404 for short deck), so they can index tables.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NoReturn, TypeAlias

from chatdealer.cards import (
    RANK_NAMES,
    RANK_PLURALS,
    Card,
    CardError,
    Deck,
    check_in_deck,
    check_unique,
    rank_of,
    suit_of,
)
from chatdealer.evaluator_tables import (
    BLOCK_BITS,
    HAND_SIZES,
    SUIT_BITS,
    SUIT_MASK,
    Category,
    Ranking,
    RankingTables,
    card_key,
    flush_suits,
    load,
)

__all__ = [
    "HOLDEM",
    "SHORT_DECK",
    "SHORT_DECK_STRAIGHT_BEATS_TRIPS",
    "Category",
    "HandRank",
    "Ranking",
    "category_of",
    "evaluate",
    "flush_values_for",
    "hand_name",
    "hand_value",
    "name_of_value",
    "rank7",
    "rank7_for",
    "rank7_short",
    "ranking_for",
]

HOLDEM = Ranking.HOLDEM
SHORT_DECK = Ranking.SHORT_DECK
SHORT_DECK_STRAIGHT_BEATS_TRIPS = Ranking.SHORT_DECK_STRAIGHT_BEATS_TRIPS

Rank7: TypeAlias = Callable[[Card, Card, Card, Card, Card, Card, Card], int]


def ranking_for(deck: Deck, straight_beats_trips: bool = False) -> Ranking:
    """The ranking a table plays; in hold'em a straight beats trips anyway."""
    if deck is Deck.STANDARD:
        return HOLDEM
    return SHORT_DECK_STRAIGHT_BEATS_TRIPS if straight_beats_trips else SHORT_DECK


# --- The tables, in the shapes the hot paths want -----------------------------------------------

_CARD_KEYS: list[int] = [card_key(card) for card in range(52)]


def _flush_rank_bits(suit: int) -> list[int]:
    """Per card: its rank bit if it is of `suit`, else 0; OR-ing them gives the flush's ranks."""
    return [1 << rank_of(card) if suit_of(card) == suit else 0 for card in range(52)]


_RANK_BITS_BY_SUIT = [_flush_rank_bits(suit) for suit in range(4)]
# Per hand size, by the suit part of the key sum: the flush suit's rank bits, or None.
_FLUSH_BITS: list[list[list[int] | None]] = [[] for _ in range(8)]
for _size in HAND_SIZES:
    _FLUSH_BITS[_size] = [
        None if suit < 0 else _RANK_BITS_BY_SUIT[suit] for suit in flush_suits(_size)
    ]


@dataclass(frozen=True, slots=True)
class _Lookup:
    tables: RankingTables
    by_rank_part: list[dict[int, int]]  # indexed by hand size, for 5 and 6 cards
    seven_slots: array[int]  # an array, not a list: a quarter of the memory, fewer cache misses
    seven_displacements: list[int]
    flush_values: list[int]
    cards: frozenset[Card]
    names: list[str | None]  # by value, every one named at the first ask (see `name_of_value`)


def _lookup(tables: RankingTables) -> _Lookup:
    # One int object per value, shared by every slot holding it, keeps the tables cache-friendly.
    values = list(range(len(tables.descriptions) // 6))
    by_rank_part: list[dict[int, int]] = [{} for _ in range(7)]
    for size, parts, size_values in zip((5, 6), tables.rank_parts, tables.rank_values, strict=True):
        by_rank_part[size] = dict(zip(parts, map(values.__getitem__, size_values), strict=True))
    return _Lookup(
        tables=tables,
        by_rank_part=by_rank_part,
        seven_slots=tables.seven_slots,
        seven_displacements=tables.seven_displacements.tolist(),
        flush_values=list(map(values.__getitem__, tables.flush_values)),
        cards=frozenset(tables.ranking.deck.cards()),
        names=[],
    )


_LOOKUPS = {ranking: _lookup(tables) for ranking, tables in load().items()}


# --- Fast paths -------------------------------------------------------------------------------

# The shifts and masks inlined below, for speed.
assert SUIT_BITS == 8 and SUIT_MASK == 0xFF and BLOCK_BITS == 10


def _make_rank7(ranking: Ranking, name: str, doc: str) -> Rank7:
    """A seven-card evaluator bound to one ranking's tables; closures keep every look-up local."""
    keys = _CARD_KEYS
    flush_bits = _FLUSH_BITS[7]
    lookup = _LOOKUPS[ranking]
    slots = lookup.seven_slots
    displacements = lookup.seven_displacements
    flush_values = lookup.flush_values

    def rank7(a: Card, b: Card, c: Card, d: Card, e: Card, f: Card, g: Card) -> int:
        k = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]
        bits = flush_bits[k & 0xFF]
        if bits is None:
            return slots[(k >> 8) ^ displacements[k >> 18]]
        return flush_values[bits[a] | bits[b] | bits[c] | bits[d] | bits[e] | bits[f] | bits[g]]

    rank7.__name__ = rank7.__qualname__ = name
    rank7.__doc__ = doc
    return rank7


rank7 = _make_rank7(
    HOLDEM, "rank7", "The value of seven distinct hold'em cards. Unchecked: trusted input only."
)
rank7_short = _make_rank7(
    SHORT_DECK,
    "rank7_short",
    "The value of seven distinct short-deck cards, trips above a straight. Unchecked.",
)
_RANK7_BY_RANKING = {
    HOLDEM: rank7,
    SHORT_DECK: rank7_short,
    SHORT_DECK_STRAIGHT_BEATS_TRIPS: _make_rank7(
        SHORT_DECK_STRAIGHT_BEATS_TRIPS,
        "rank7_short_straight_beats_trips",
        "The value of seven distinct short-deck cards, a straight above trips. Unchecked.",
    ),
}


def rank7_for(ranking: Ranking) -> Rank7:
    """The unchecked seven-card evaluator of a ranking, for loops over many trusted hands."""
    return _RANK7_BY_RANKING[ranking]


def flush_values_for(ranking: Ranking) -> list[int]:
    """The value of five to seven cards of one suit by the rank mask of their ranks, 0 if none:
    the table the other evaluators (Omaha) build their flushes from."""
    return _LOOKUPS[ranking].flush_values


def hand_value(cards: Sequence[Card], ranking: Ranking = HOLDEM) -> int:
    """The value of the best five of 5 to 7 cards; refuses impossible hands with CardError."""
    lookup = _LOOKUPS[ranking]
    size = len(cards)
    distinct = set(cards)
    if not 5 <= size <= 7 or len(distinct) != size or not distinct <= lookup.cards:
        _refuse(cards, ranking)
    k = 0
    for card in cards:
        k += _CARD_KEYS[card]
    bits = _FLUSH_BITS[size][k & SUIT_MASK]
    if bits is None:
        part = k >> SUIT_BITS
        if size == 7:
            return lookup.seven_slots[part ^ lookup.seven_displacements[part >> BLOCK_BITS]]
        return lookup.by_rank_part[size][part]
    mask = 0
    for card in cards:
        mask |= bits[card]
    return lookup.flush_values[mask]


def _refuse(cards: Sequence[Card], ranking: Ranking) -> NoReturn:
    """Raise the CardError that says what is wrong with the cards."""
    for card in cards:
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 52:
            raise CardError(f"{card!r} is not a card")
    if not 5 <= len(cards) <= 7:
        raise CardError(f"a hand needs 5 to 7 cards, got {len(cards)}")
    check_unique(cards)
    check_in_deck(cards, ranking.deck)
    raise AssertionError("unreachable: the cards looked fine")  # pragma: no cover


def category_of(value: int, ranking: Ranking = HOLDEM) -> Category:
    """The category of a hand value, without describing the hand."""
    return Category(_LOOKUPS[ranking].tables.descriptions[6 * value])


# --- The descriptive path ---------------------------------------------------------------------


@dataclass(frozen=True)
class HandRank:
    """A hand as shown at showdown: its value and the five cards that make it."""

    value: int  # totally ordered within one ranking: higher wins, equal splits
    category: Category
    cards: tuple[Card, ...]  # the five cards in reading order (groups first, then high to low)
    ranks: tuple[int, ...]  # the ranks that name the hand, e.g. (12, 11): aces full of kings

    @property
    def name(self) -> str:
        return hand_name(self.category, self.ranks)


def evaluate(cards: Sequence[Card], ranking: Ranking = HOLDEM) -> HandRank:
    """The best five of 5 to 7 cards, with its name and the cards to show."""
    value = hand_value(cards, ranking)
    category, reading = _LOOKUPS[ranking].tables.description(value)
    return HandRank(
        value=value,
        category=category,
        cards=_pick_cards(cards, category, reading),
        ranks=_naming_ranks(category, reading),
    )


def name_of_value(value: int, ranking: Ranking = HOLDEM) -> str:
    """The name of a hand value ("Aces full of kings"), read from its description alone: what
    `evaluate(...).name` gives, without picking the five cards that make it.

    Every hand shown and every pot won is named, and describing a value costs more than the
    seven-card evaluation, so the first ask names every value of the ranking at once (a few
    thousand, sharing a few hundred names) and the others read the name back."""
    names = _LOOKUPS[ranking].names
    if not names:
        names += _every_name(_LOOKUPS[ranking].tables)
    name = names[value] if 0 <= value < len(names) else None
    if name is None:  # not a value: describing it says why
        category, reading = _LOOKUPS[ranking].tables.description(value)
        return hand_name(category, _naming_ranks(category, reading))
    return name


def _every_name(tables: RankingTables) -> list[str | None]:
    """The name of each value by value (None for 0, no hand); a name depends on the category
    and the ranks that name it, so each is spelled once."""
    descriptions = tables.descriptions
    full_house, two_pair = Category.FULL_HOUSE.value, Category.TWO_PAIR.value
    spelled: dict[tuple[int, int, int], str] = {}
    names: list[str | None] = [None]
    for start in range(6, len(descriptions), 6):
        category, top = descriptions[start], descriptions[start + 1]
        if category == full_house:
            second = descriptions[start + 4]
        elif category == two_pair:
            second = descriptions[start + 3]
        else:
            second = 0
        name = spelled.get((category, top, second))
        if name is None:
            kind, reading = tables.description(start // 6)
            name = spelled[category, top, second] = hand_name(kind, _naming_ranks(kind, reading))
        names.append(name)
    return names


def _pick_cards(
    cards: Sequence[Card], category: Category, reading: tuple[int, ...]
) -> tuple[Card, ...]:
    """The cards with the ranks of `reading`; of equal ranks, the higher suit first."""
    pool = sorted(cards, reverse=True)
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        suits = [suit_of(card) for card in cards]
        flush_suit = max(range(4), key=suits.count)
        pool = [card for card in pool if suit_of(card) == flush_suit]
    chosen: list[Card] = []
    for rank in reading:
        card = next(card for card in pool if rank_of(card) == rank)
        pool.remove(card)
        chosen.append(card)
    return tuple(chosen)


def _naming_ranks(category: Category, reading: tuple[int, ...]) -> tuple[int, ...]:
    if category is Category.FULL_HOUSE:
        return reading[0], reading[3]
    if category is Category.TWO_PAIR:
        return reading[0], reading[2]
    return (reading[0],)


def hand_name(category: Category, ranks: Sequence[int]) -> str:
    """The English name of a hand, as a player would say it (from category and ranks only)."""
    top = ranks[0]
    match category:
        case Category.STRAIGHT_FLUSH:
            return "Royal flush" if top == 12 else f"Straight flush, {RANK_NAMES[top]} high"
        case Category.FOUR_OF_A_KIND:
            return f"Four of a kind, {RANK_PLURALS[top]}"
        case Category.FULL_HOUSE:
            return f"Full house, {RANK_PLURALS[top]} full of {RANK_PLURALS[ranks[1]]}"
        case Category.FLUSH:
            return f"Flush, {RANK_NAMES[top]} high"
        case Category.STRAIGHT:
            return f"Straight, {RANK_NAMES[top]} high"
        case Category.THREE_OF_A_KIND:
            return f"Three of a kind, {RANK_PLURALS[top]}"
        case Category.TWO_PAIR:
            return f"Two pair, {RANK_PLURALS[top]} and {RANK_PLURALS[ranks[1]]}"
        case Category.PAIR:
            return f"Pair of {RANK_PLURALS[top]}"
        case Category.HIGH_CARD:
            return f"High card, {RANK_NAMES[top]}"
