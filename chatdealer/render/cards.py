"""Cards as players read them: suit symbols, whichever way a payload wrote them."""

from __future__ import annotations

from collections.abc import Iterable

from chatdealer.cards import CardError, format_card, parse_card


def cards_text(cards: Iterable[str]) -> str:
    """Cards with suit symbols ("T♠ 7♠"), whichever way the payload wrote them."""
    shown = []
    for card in cards:
        try:
            shown.append(format_card(parse_card(card), symbols=True))
        except CardError:
            shown.append(card)
    return " ".join(shown)
