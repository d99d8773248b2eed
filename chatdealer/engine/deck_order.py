"""Deck orders that deal chosen cards: for replaying recorded hands and spelling hands out in tests.

The dealing order is fixed by the rule book: hole cards one at a time from seat 0 (left of the
button), then a burn before the flop, the turn and the river (RULES.md §1).
"""

from __future__ import annotations

from collections.abc import Sequence

from chatdealer.cards import Card, CardError, Deck, parse_cards


def arrange_deck(
    holes: Sequence[Sequence[Card | None]],
    board: Sequence[Card | None] = (),
    deck: Deck = Deck.STANDARD,
) -> list[Card]:
    """A deck order dealing `holes` to each seat and `board` as the community cards.

    Unknown cards (None), burns and the rest of the deck are filled with the unused cards in
    the deck's own order, so the result is always a whole deck. Every seat is dealt as many
    cards as the longest hole (two for hold'em, four or five for Omaha).
    """
    count = len(holes)
    hole_cards = max([2, *(len(cards) for cards in holes)])
    slots: list[Card | None] = [None] * len(deck.cards())
    for seat, cards in enumerate(holes):
        for index, card in enumerate(cards):
            slots[index * count + seat] = card
    position = hole_cards * count
    for street_start, size in ((0, 3), (3, 1), (4, 1)):
        position += 1  # the burn
        for card in board[street_start : street_start + size]:
            slots[position] = card
            position += 1
    known = [card for card in slots if card is not None]
    if len(known) != len(set(known)):
        raise CardError("the same card is dealt twice")
    spare = iter(card for card in deck.cards() if card not in set(known))
    return [card if card is not None else next(spare) for card in slots]


def spelled_deck(holes: Sequence[str], board: str = "", deck: Deck = Deck.STANDARD) -> list[Card]:
    """`arrange_deck` from text: `spelled_deck(["AsKs", "QdQc"], "Ts7s2d 3h 4c")`."""
    return arrange_deck([parse_cards(h) for h in holes], parse_cards(board), deck)
