"""Cards, the two decks, parsing and formatting.

A card is a small int, ``rank * 4 + suit``: ranks 0..12 are 2..A and suits 0..3 are clubs,
diamonds, hearts, spades. Ints keep the engine and the evaluator fast, and the order of the ints
is the high-card draw order of RULES.md §3 (rank first, then ♠ > ♥ > ♦ > ♣).
"""

from __future__ import annotations

import functools
import math
import os
import re
from collections.abc import Iterable, Sequence
from enum import Enum
from typing import TypeAlias

Card: TypeAlias = int

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip
RANK_PLURALS = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)  # fmt: skip

_SYMBOL_TO_SUIT = {"♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3}
_TOKEN = re.compile(r"(10|[2-9TJQKA])([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE)


class CardError(ValueError):
    """A card or list of cards that cannot be read; the message names the bad token."""


class Deck(Enum):
    """The two decks the dealer plays with."""

    STANDARD = "standard"
    SHORT = "short"

    @property
    def lowest_rank(self) -> int:
        return 4 if self is _SHORT else 0

    def cards(self) -> list[Card]:
        """Every card of the deck in a fixed order (lowest first)."""
        return list(range(self.lowest_rank * 4, 52))


_SHORT = Deck.SHORT  # read off its class, a member goes through a slow class hook


def make_card(rank: int, suit: int) -> Card:
    return rank * 4 + suit


def rank_of(card: Card) -> int:
    return card >> 2


def suit_of(card: Card) -> int:
    return card & 3


def parse_card(token: str) -> Card:
    """Read one card written as ``As``, ``td``, ``10d`` or ``A♠``."""
    text = token.strip()
    match = _TOKEN.fullmatch(text)
    if match is None:
        raise CardError(f'"{text}" is not a card')
    rank_text, suit_text = match.groups()
    rank = 8 if rank_text == "10" else RANKS.index(rank_text.upper())
    suit = _SYMBOL_TO_SUIT.get(suit_text)
    if suit is None:
        suit = SUITS.index(suit_text.lower())
    return make_card(rank, suit)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas, or run together (``As Kd``, ``AsKd``)."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards: list[Card] = []
    for word in words:
        position = 0
        while position < len(word):
            match = _TOKEN.match(word, position)
            if match is None:
                raise CardError(f'"{_bad_token(word, position)}" is not a card')
            cards.append(parse_card(match.group(0)))
            position = match.end()
    return cards


def _bad_token(word: str, position: int) -> str:
    """The shortest stretch that reads as an attempt at one card, for the error message."""
    rest = word[position:]
    width = 3 if rest.startswith("10") else 2
    return rest[:width] if len(rest) >= width else rest


CARD_NAMES = tuple(rank + suit for rank in RANKS for suit in SUITS)  # "As", indexed by card
_LETTERS = CARD_NAMES
_SYMBOLS = tuple(rank + suit for rank in RANKS for suit in SUIT_SYMBOLS)


def format_card(card: Card, *, symbols: bool = False) -> str:
    return (_SYMBOLS if symbols else _LETTERS)[card]


def format_cards(cards: Iterable[Card], *, symbols: bool = False, sep: str = " ") -> str:
    names = _SYMBOLS if symbols else _LETTERS
    return sep.join([names[card] for card in cards])


def check_unique(cards: Sequence[Card]) -> None:
    """Refuse a list that holds the same card twice, as no real deck could."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{format_card(card)} appears twice")
        seen.add(card)


def check_in_deck(cards: Iterable[Card], deck: Deck) -> None:
    for card in cards:
        if rank_of(card) < deck.lowest_rank:
            raise CardError(f"{format_card(card)} is not in the short deck (six to ace)")


def _uniform_below(limit: int) -> int:
    """A uniform integer in [0, limit) from the OS's cryptographic source (rejection sampling)."""
    bits = limit.bit_length()
    size = (bits + 7) // 8
    while True:
        value = int.from_bytes(os.urandom(size), "big") >> (size * 8 - bits)
        if value < limit:
            return value


def crypto_shuffle(cards: list[Card]) -> None:
    """Fisher-Yates driven by one uniform draw over all n! orders, read from os.urandom.

    The mixed-radix digits of a uniform number below n! are independent and uniform, so each
    swap index is exactly uniform; one read of the OS source instead of one per card.
    """
    orders, steps = _shuffle_steps(len(cards))
    draw = _uniform_below(orders)
    for top, radix in steps:
        draw, pick = divmod(draw, radix)
        cards[top], cards[pick] = cards[pick], cards[top]


@functools.cache
def _shuffle_steps(count: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """n! and each swap's (top, radix), made once per deck size rather than at every deal."""
    return math.factorial(count), tuple((top, top + 1) for top in range(count - 1, 0, -1))


def shuffled(deck: Deck, order: Sequence[Card] | None = None) -> list[Card]:
    """The deck in dealing order: from the OS's cryptographic source, or `order` when injected.

    An injected order (tests, replays) must be a permutation of the deck.
    """
    cards = deck.cards()
    if order is None:
        crypto_shuffle(cards)
        return cards
    if sorted(order) != cards:
        raise CardError("an injected deck order must hold every card of the deck exactly once")
    return list(order)
