"""Cards: the two decks, reading and writing cards, and the shuffle."""

from __future__ import annotations

from collections import Counter

import pytest

from chatdealer.cards import (
    CardError,
    Deck,
    crypto_shuffle,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    shuffled,
)


def test_standard_deck_has_52_cards_and_short_deck_36_from_six_to_ace() -> None:
    assert len(Deck.STANDARD.cards()) == 52
    short = Deck.SHORT.cards()
    assert len(short) == 36
    assert format_card(min(short)) == "6c"
    assert format_card(max(short)) == "As"


@pytest.mark.parametrize(
    ("text", "expected"),
    [("As", "As"), ("td", "Td"), ("10d", "Td"), ("A♠", "As"), ("k♥", "Kh"), ("2C", "2c")],
)
def test_a_card_reads_in_every_common_spelling(text: str, expected: str) -> None:
    assert format_card(parse_card(text)) == expected


def test_lists_read_with_spaces_commas_or_run_together() -> None:
    assert format_cards(parse_cards("As Kd")) == "As Kd"
    assert format_cards(parse_cards("AsKd")) == "As Kd"
    assert format_cards(parse_cards("10h,9s 8c7d")) == "Th 9s 8c 7d"


def test_suit_symbols_format() -> None:
    assert format_cards(parse_cards("AsKhQdJc"), symbols=True) == "A♠ K♥ Q♦ J♣"


@pytest.mark.parametrize(("text", "bad"), [("1x", "1x"), ("As 1x", "1x"), ("AsZz", "Zz"), ("", "")])
def test_a_bad_card_is_named_in_the_error(text: str, bad: str) -> None:
    with pytest.raises(CardError, match=f'"{bad}" is not a card'):
        parse_card(text) if " " not in text and len(text) <= 2 else parse_cards(text)


def test_card_order_is_the_high_card_draw_order_spades_hearts_diamonds_clubs() -> None:
    """[002][004]: the highest rank wins the button draw, ties broken ♠ > ♥ > ♦ > ♣."""
    order = sorted(parse_cards("Ac As Ad Ah Ks"))
    assert format_cards(order) == "Ks Ac Ad Ah As"


def test_shuffle_is_a_permutation_and_an_injected_order_is_kept() -> None:
    deck = shuffled(Deck.SHORT)
    assert sorted(deck) == Deck.SHORT.cards()
    fixed = list(reversed(Deck.STANDARD.cards()))
    assert shuffled(Deck.STANDARD, fixed) == fixed
    with pytest.raises(CardError):
        shuffled(Deck.STANDARD, fixed[:-1])


def test_shuffles_differ() -> None:
    """The system's cryptographic source: two 52-card shuffles agreeing is a 1 in 52! event."""
    assert shuffled(Deck.STANDARD) != shuffled(Deck.STANDARD)


def test_the_crypto_shuffle_deals_every_order_equally_often() -> None:
    """A chi-square test over the 24 orders of four cards; the bound fails once in ~10^7 runs."""
    counts: Counter[tuple[int, ...]] = Counter()
    draws = 24_000
    for _ in range(draws):
        cards = [0, 1, 2, 3]
        crypto_shuffle(cards)
        counts[tuple(cards)] += 1
    assert len(counts) == 24
    expected = draws / 24
    chi_square = sum((seen - expected) ** 2 / expected for seen in counts.values())
    assert chi_square < 70  # 23 degrees of freedom
