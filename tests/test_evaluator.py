"""The hand-ranking rules of RULES.md §1-2, checked exhaustively where it is cheap.

Every five-card hand of both decks is counted by category; every distinct five-card hand is
ordered against PokerKit; seven-card hands are checked against the best of their five-card
subsets and against PokerKit on 100,000 random hands per deck.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pokerkit import Card as PokerKitCard
from pokerkit import Hand, ShortDeckHoldemHand, StandardHighHand

from chatdealer import evaluator_tables
from chatdealer.cards import CardError, Deck, format_cards, parse_cards
from chatdealer.evaluator import (
    HOLDEM,
    SHORT_DECK,
    SHORT_DECK_STRAIGHT_BEATS_TRIPS,
    Category,
    HandRank,
    Ranking,
    category_of,
    evaluate,
    hand_name,
    hand_value,
    name_of_value,
    rank7,
    rank7_for,
    rank7_short,
    ranking_for,
)

HOLDEM_FIVE_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}
SHORT_DECK_FIVE_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 24,
    Category.FOUR_OF_A_KIND: 288,
    Category.FLUSH: 480,
    Category.FULL_HOUSE: 1_728,
    Category.STRAIGHT: 6_120,
    Category.THREE_OF_A_KIND: 16_128,
    Category.TWO_PAIR: 36_288,
    Category.PAIR: 193_536,
    Category.HIGH_CARD: 122_400,
}


def cards(text: str) -> list[int]:
    return parse_cards(text)


def value(text: str, ranking: Ranking = HOLDEM) -> int:
    return hand_value(cards(text), ranking)


def random_hands(deck: Deck, count: int, size: int = 7, seed: int = 7) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    deck_cards = deck.cards()
    return [tuple(rng.sample(deck_cards, size)) for _ in range(count)]


def best_of_fives(hand: Sequence[int], ranking: Ranking) -> int:
    return max(hand_value(five, ranking) for five in combinations(hand, 5))


# --- Every five-card hand -----------------------------------------------------------------------


def category_counts(deck: Deck, ranking: Ranking) -> tuple[Counter[Category], Counter[int]]:
    """How many five-card hands fall in each category, and how many take each value."""
    hands_by_value = Counter(hand_value(five, ranking) for five in combinations(deck.cards(), 5))
    hands_by_category: Counter[Category] = Counter()
    for five_card_value, hands in hands_by_value.items():
        hands_by_category[category_of(five_card_value, ranking)] += hands
    return hands_by_category, hands_by_value


def test_every_holdem_five_card_hand_by_category() -> None:
    categories, values = category_counts(Deck.STANDARD, HOLDEM)
    assert sum(categories.values()) == 2_598_960
    assert categories == HOLDEM_FIVE_CARD_COUNTS
    assert sorted(values) == list(range(1, 7_463))  # 7,462 distinct hands, dense values
    assert values[7_462] == 4  # the four royal flushes are the best hand


@pytest.mark.parametrize("ranking", [SHORT_DECK, SHORT_DECK_STRAIGHT_BEATS_TRIPS])
def test_every_short_deck_five_card_hand_by_category(ranking: Ranking) -> None:
    categories, values = category_counts(Deck.SHORT, ranking)
    assert sum(categories.values()) == 376_992
    assert categories == SHORT_DECK_FIVE_CARD_COUNTS
    assert sorted(values) == list(range(1, 1_405))


@pytest.mark.parametrize("ranking", list(Ranking))
def test_categories_fill_consecutive_values_in_the_rankings_order(ranking: Ranking) -> None:
    top = len(evaluator_tables.five_card_classes(ranking))
    categories = [category_of(v, ranking) for v in range(1, top + 1)]
    in_order = [c for i, c in enumerate(categories) if i == 0 or c != categories[i - 1]]
    assert tuple(in_order) == ranking.category_order


def test_category_orders() -> None:
    assert HOLDEM.category_order == (
        Category.HIGH_CARD,
        Category.PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.STRAIGHT,
        Category.FLUSH,
        Category.FULL_HOUSE,
        Category.FOUR_OF_A_KIND,
        Category.STRAIGHT_FLUSH,
    )
    trips, straight = Category.THREE_OF_A_KIND, Category.STRAIGHT
    flush, full_house = Category.FLUSH, Category.FULL_HOUSE
    for ranking in (SHORT_DECK, SHORT_DECK_STRAIGHT_BEATS_TRIPS):
        order = ranking.category_order
        assert order.index(flush) > order.index(full_house)
    assert SHORT_DECK.category_order.index(trips) > SHORT_DECK.category_order.index(straight)
    order = SHORT_DECK_STRAIGHT_BEATS_TRIPS.category_order
    assert order.index(trips) < order.index(straight)


def pokerkit_cards(hand: Sequence[int]) -> tuple[PokerKitCard, ...]:
    return tuple(PokerKitCard.parse(format_cards(hand, sep="")))


def representative(category: Category, reading: Sequence[int]) -> list[int]:
    """Five cards with these ranks: all one suit for a flush, else suits that make no flush."""
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        return [rank * 4 + 3 for rank in reading]
    return [rank * 4 + i % 4 for i, rank in enumerate(sorted(reading))]


@pytest.mark.parametrize(
    ("ranking", "pokerkit_hand"),
    [(HOLDEM, StandardHighHand), (SHORT_DECK_STRAIGHT_BEATS_TRIPS, ShortDeckHoldemHand)],
)
def test_every_distinct_five_card_hand_in_pokerkits_order(
    ranking: Ranking, pokerkit_hand: type[Hand]
) -> None:
    entries = []
    for expected, (category, reading) in enumerate(
        evaluator_tables.five_card_classes(ranking), start=1
    ):
        five = representative(category, reading)
        assert hand_value(five, ranking) == expected
        entries.append(pokerkit_hand.lookup.get_entry(pokerkit_cards(five)))
    assert [entry.index for entry in entries] == sorted({entry.index for entry in entries})
    labels = Counter(entry.label.value for entry in entries)
    assert labels["Straight flush"] == (10 if ranking is HOLDEM else 6)


# --- Six and seven cards ------------------------------------------------------------------------


@pytest.mark.parametrize("ranking", list(Ranking))
def test_six_and_seven_cards_are_worth_their_best_five(ranking: Ranking) -> None:
    fast = rank7_for(ranking)
    for hand in random_hands(ranking.deck, 3_000, seed=11):
        assert fast(*hand) == hand_value(hand, ranking) == best_of_fives(hand, ranking)
        assert hand_value(hand[:6], ranking) == best_of_fives(hand[:6], ranking)


@pytest.mark.parametrize("ranking", list(Ranking))
def test_every_seven_card_rank_multiset_without_a_flush(ranking: Ranking) -> None:
    """Each of the 49,205 (short deck: 6,030) rank patterns once, through the perfect hash."""
    expected = evaluator_tables.flushless_values(ranking)[7]
    fast = rank7_for(ranking)
    multisets = evaluator_tables.rank_multisets(ranking.deck, 7)
    assert len(expected) == len(multisets) == (49_205 if ranking is HOLDEM else 6_030)
    for multiset in multisets:
        # Sorted ranks dealt to suits in turn: equal ranks get different suits, no suit gets five.
        hand = [rank * 4 + i % 4 for i, rank in enumerate(multiset)]
        assert fast(*hand) == expected[evaluator_tables.rank_part(multiset)]


def test_seven_card_flushes() -> None:
    assert rank7(*cards("As Ks Qs Js Ts 9s 8s")) == 7_462
    assert evaluate(cards("2h 5h 9h Jh Kh Ah 3c")).name == "Flush, ace high"
    assert evaluate(cards("2h 5h 9h Jh Kh Ah 3c")).cards == tuple(cards("Ah Kh Jh 9h 5h"))
    assert evaluate(cards("9h 8h 7h 6h Ah Kh Qs"), SHORT_DECK).name == "Straight flush, nine high"
    assert evaluate(cards("9h 8h 7h 6h Kh Ah Js"), SHORT_DECK).name == "Straight flush, nine high"
    assert evaluate(cards("9h 8h 7h Jh Ah Kh 6s"), SHORT_DECK).name == "Flush, ace high"
    assert evaluate(cards("9h 8h 7h 6h Ah Th Qs"), SHORT_DECK).name == "Straight flush, ten high"
    assert evaluate(cards("9h 8h 7h 6h Ah Kh Qs"), HOLDEM).name == "Flush, ace high"


def test_fast_paths_match_the_checked_path() -> None:
    for hand in random_hands(Deck.STANDARD, 2_000, seed=3):
        assert rank7(*hand) == hand_value(hand) == evaluate(hand).value
    for hand in random_hands(Deck.SHORT, 2_000, seed=3):
        assert (
            rank7_short(*hand) == hand_value(hand, SHORT_DECK) == evaluate(hand, SHORT_DECK).value
        )


def pokerkit_strength(pokerkit_hand: type[Hand], hand: Sequence[PokerKitCard]) -> int:
    """PokerKit's strength of the best five: what its ``from_game`` computes, but without building
    a Hand object per five-card subset, which makes it three times faster."""
    lookup = pokerkit_hand.lookup
    return max(lookup.get_entry(five).index for five in combinations(hand, 5))


@pytest.mark.parametrize(
    ("ranking", "pokerkit_hand"),
    [(HOLDEM, StandardHighHand), (SHORT_DECK_STRAIGHT_BEATS_TRIPS, ShortDeckHoldemHand)],
)
def test_seven_card_order_agrees_with_pokerkit(ranking: Ranking, pokerkit_hand: type[Hand]) -> None:
    """100,000 random hands per deck: sorted by PokerKit's strength, ours must agree on every
    neighbouring pair (equal or less), and so, by transitivity, on every pair."""
    fast = rank7_for(ranking)
    to_pokerkit = [pokerkit_cards([card])[0] for card in range(52)]
    hands = random_hands(ranking.deck, 100_000, seed=2024)
    theirs = [pokerkit_strength(pokerkit_hand, [to_pokerkit[c] for c in hand]) for hand in hands]
    ours = [fast(*hand) for hand in hands]
    order = sorted(range(len(hands)), key=theirs.__getitem__)
    for before, after in pairwise(order):
        if theirs[before] == theirs[after]:
            assert ours[before] == ours[after], (hands[before], hands[after])
        else:
            assert ours[before] < ours[after], (hands[before], hands[after])
    # The shortcut above is PokerKit's own from_game, checked on a sample.
    for hand in hands[:500]:
        pokerkit = [to_pokerkit[card] for card in hand]
        strength = pokerkit_hand.from_game(pokerkit).entry.index
        assert strength == pokerkit_strength(pokerkit_hand, pokerkit)


# --- Names, cards and ties ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "ranking", "name", "shown"),
    [
        ("As Ks Qs Js Ts 2c 3d", HOLDEM, "Royal flush", "As Ks Qs Js Ts"),
        ("Ah Kh Qh Jh Th 9h 8h", HOLDEM, "Royal flush", "Ah Kh Qh Jh Th"),
        ("Kd Qd Jd Td 9d 2c 2h", HOLDEM, "Straight flush, king high", "Kd Qd Jd Td 9d"),
        ("5s 4s 3s 2s As Ad Ac", HOLDEM, "Straight flush, five high", "5s 4s 3s 2s As"),
        ("As Ah Ad Ac Kd 2c 3c", HOLDEM, "Four of a kind, aces", "As Ah Ad Ac Kd"),
        ("As Ah Ad Kc Kd 2c 3c", HOLDEM, "Full house, aces full of kings", "As Ah Ad Kd Kc"),
        ("As Ah Ad Kc Kd Ks 3c", HOLDEM, "Full house, aces full of kings", "As Ah Ad Ks Kd"),
        ("Ac Jc 9c 4c 2c Kd Kh", HOLDEM, "Flush, ace high", "Ac Jc 9c 4c 2c"),
        ("Ah 2c 3d 4s 5h Kd Kh", HOLDEM, "Straight, five high", "5h 4s 3d 2c Ah"),
        ("Ah 2c 3d 4s 5h 6c Kh", HOLDEM, "Straight, six high", "6c 5h 4s 3d 2c"),
        ("7s 7h 7d Kc 9c 2h 3s", HOLDEM, "Three of a kind, sevens", "7s 7h 7d Kc 9c"),
        ("As Ah Kd Kc Qs Qh 9d", HOLDEM, "Two pair, aces and kings", "As Ah Kd Kc Qs"),
        ("As Ah 9d 7c 5s 3h 2d", HOLDEM, "Pair of aces", "As Ah 9d 7c 5s"),
        ("As Jh 9d 7c 5s 3h 2d", HOLDEM, "High card, ace", "As Jh 9d 7c 5s"),
        ("Ah 6c 7d 8s 9h Kd Qc", SHORT_DECK, "Straight, nine high", "9h 8s 7d 6c Ah"),
        ("Ah 6c 7d 8s 9h Kd Qc", HOLDEM, "High card, ace", "Ah Kd Qc 9h 8s"),
        ("As 6s 7s 8s 9s Kd Qc", SHORT_DECK, "Straight flush, nine high", "9s 8s 7s 6s As"),
        ("Ts Js Qs Ks As 6d 6c", SHORT_DECK, "Royal flush", "As Ks Qs Js Ts"),
        ("Ac Jc 9c 7c 6c Kd Kh", SHORT_DECK, "Flush, ace high", "Ac Jc 9c 7c 6c"),
    ],
)
def test_names_and_shown_cards(hand: str, ranking: Ranking, name: str, shown: str) -> None:
    result = evaluate(cards(hand), ranking)
    assert result.name == name
    assert format_cards(result.cards) == shown
    assert result.value == hand_value(cards(hand), ranking)


def test_hand_rank_fields() -> None:
    assert evaluate(cards("As Ah Ad Kc Kd 2c 3c")) == HandRank(
        value=value("As Ah Ad Kc Kd"),
        category=Category.FULL_HOUSE,
        cards=tuple(cards("As Ah Ad Kd Kc")),
        ranks=(12, 11),
    )
    assert evaluate(cards("As Ah Kd Kc 2s")).ranks == (12, 11)
    assert evaluate(cards("Ah 2c 3d 4s 5h")).ranks == (3,)
    assert evaluate(cards("Ah 6c 7d 8s 9h"), SHORT_DECK).ranks == (7,)


def test_names_come_from_category_and_ranks_alone() -> None:
    assert hand_name(Category.STRAIGHT_FLUSH, (12,)) == "Royal flush"
    assert hand_name(Category.STRAIGHT_FLUSH, (3,)) == "Straight flush, five high"
    assert hand_name(Category.FULL_HOUSE, (0, 12)) == "Full house, twos full of aces"
    assert hand_name(Category.TWO_PAIR, (8, 4)) == "Two pair, tens and sixes"
    assert hand_name(Category.PAIR, (4,)) == "Pair of sixes"
    assert hand_name(Category.HIGH_CARD, (5,)) == "High card, seven"


def test_the_wheel_is_the_lowest_straight_and_ace_high_the_highest() -> None:
    wheel, six_high = value("Ah 2c 3d 4s 5h"), value("2c 3d 4s 5h 6c")
    broadway = value("Ah Kc Qd Js Th")
    assert value("Ks Kh Kd 2c 3c") < wheel < six_high < broadway < value("2h 5h 7h 9h Jh")
    assert value("Ah Kc Qd Js 2h") < wheel  # no wrap-around: K-A-2 is no straight
    assert category_of(value("Qh Kc Ad 2s 3h")) is Category.HIGH_CARD


def test_short_deck_ace_plays_low_under_six() -> None:
    low = value("Ah 6c 7d 8s 9h", SHORT_DECK)
    assert category_of(low, SHORT_DECK) is Category.STRAIGHT
    assert low < value("6c 7d 8s 9h Th", SHORT_DECK) < value("Ah Kc Qd Js Th", SHORT_DECK)


def test_short_deck_flush_beats_full_house() -> None:
    flush, full_house = "6h 8h 9h Jh Kh", "As Ah Ad Kc Kd"
    assert value(flush, SHORT_DECK) > value(full_house, SHORT_DECK)
    assert value(flush, SHORT_DECK_STRAIGHT_BEATS_TRIPS) > value(
        full_house, SHORT_DECK_STRAIGHT_BEATS_TRIPS
    )
    assert value("2h 8h 9h Jh Kh") < value("2s 2h 2d Kc Kd")  # hold'em: the other way round


def test_short_deck_trips_against_straight_by_option() -> None:
    trips, straight = "6s 6h 6d Kc Qd", "Ah Kc Qd Js Th"
    assert value(trips, SHORT_DECK) > value(straight, SHORT_DECK)
    assert value(trips, SHORT_DECK_STRAIGHT_BEATS_TRIPS) < value(
        straight, SHORT_DECK_STRAIGHT_BEATS_TRIPS
    )
    seven = cards("6s 6h 6d 7c 8d 9s Ah")  # both trips and the A-6-7-8-9 straight
    assert evaluate(seven, SHORT_DECK).name == "Three of a kind, sixes"
    assert evaluate(seven, SHORT_DECK_STRAIGHT_BEATS_TRIPS).name == "Straight, nine high"
    assert rank7_short(*seven) == hand_value(seven, SHORT_DECK)


def test_kickers_break_ties() -> None:
    assert value("As Ah Kd 9c 5s") > value("Ad Ac Qd Jc Ts")  # pair of aces, king kicker
    assert value("As Ah Kd 9c 5s") > value("Ad Ac Kh 9d 4s")  # ... down to the last kicker
    assert value("As Ah Kd Kc 5s") > value("Ad Ac Kh Ks 4d")  # two pair: the fifth card
    assert value("7s 7h 7d Ac 2s") > value("7s 7h 7d Kc Qs")  # trips: the kicker
    assert value("Ks Kh Kd Kc As") > value("Ks Kh Kd Kc Qs")  # quads: the kicker
    assert value("3s 3h 3d 2c 2s") > value("2s 2h 2d Ac As")  # full house: trips first
    assert value("Ah Jh 9h 5h 3h") > value("Ac Jc 9c 5c 2c")  # flush: every card counts
    assert value("As Ah Kd 9c 5s") == value("Ad Ac Kh 9d 5c")  # suits never rank


def test_board_plays_and_splits() -> None:
    broadway = "As Ks Qd Jh Tc"
    assert value(f"2c 3d {broadway}") == value(f"4h 5h {broadway}")  # both play the board
    assert evaluate(cards(f"2c 3d {broadway}")).name == "Straight, ace high"
    assert value(f"Ah Td {broadway}") == value(f"2c 3d {broadway}")  # the pair does not count
    board = "Ah Kd 8c 5s 2h"
    assert value(f"Qc 3d {board}") > value(f"Jc 4s {board}")  # the queen plays as a kicker
    assert value(f"4c 3d {board}") == value(f"4s 3c {board}")  # board plays: split
    assert value("As Ah Kd Qc Jd 3s 2h") == value("Ad Ac Kh Qd Js 4d 3c")  # sixth card is dead


def test_ranking_for() -> None:
    assert ranking_for(Deck.STANDARD) is HOLDEM
    assert ranking_for(Deck.STANDARD, straight_beats_trips=True) is HOLDEM
    assert ranking_for(Deck.SHORT) is SHORT_DECK
    assert ranking_for(Deck.SHORT, straight_beats_trips=True) is SHORT_DECK_STRAIGHT_BEATS_TRIPS


# --- Bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "ranking", "message"),
    [
        ("As Ks Qs Js", HOLDEM, "a hand needs 5 to 7 cards, got 4"),
        ("As Ks Qs Js Ts 9s 8s 7s", HOLDEM, "a hand needs 5 to 7 cards, got 8"),
        ("As Ks Qs Js As", HOLDEM, "As appears twice"),
        ("As Ks Qs Js 5s", SHORT_DECK, "5s is not in the short deck (six to ace)"),
        ("As Ks Qs Js 2s 6d 7d", SHORT_DECK_STRAIGHT_BEATS_TRIPS, "2s is not in the short deck"),
    ],
)
def test_impossible_hands_are_refused(hand: str, ranking: Ranking, message: str) -> None:
    with pytest.raises(CardError, match=message.replace("(", r"\(").replace(")", r"\)")):
        hand_value(cards(hand), ranking)
    with pytest.raises(CardError):
        evaluate(cards(hand), ranking)


@pytest.mark.parametrize("bad", [52, -1, "As", 3.0, True])
def test_things_that_are_not_cards_are_refused(bad: object) -> None:
    with pytest.raises(CardError, match="is not a card"):
        hand_value([0, 1, 2, 3, bad])  # type: ignore[list-item]


# --- Properties ----------------------------------------------------------------------------------

seven_cards = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)


@given(seven_cards, st.permutations(range(4)), st.randoms(use_true_random=False))
def test_order_and_suit_names_do_not_matter(
    hand: list[int], suits: list[int], rng: random.Random
) -> None:
    shuffled = hand[:]
    rng.shuffle(shuffled)
    renamed = [card - card % 4 + suits[card % 4] for card in hand]
    assert hand_value(hand) == hand_value(shuffled) == hand_value(renamed) == rank7(*renamed)
    result = evaluate(hand)
    assert len(result.cards) == 5 and set(result.cards) <= set(hand)
    assert hand_value(result.cards) == result.value


# --- The shipped tables -----------------------------------------------------------------------


def payload(data: bytes) -> bytes:
    """The file without its compression, which another zlib build could encode differently."""
    assert data.startswith(evaluator_tables.MAGIC)
    return zlib.decompress(data[len(evaluator_tables.MAGIC) :])


def test_shipped_tables_equal_a_fresh_build() -> None:
    shipped = evaluator_tables.DATA_PATH.read_bytes()
    assert payload(evaluator_tables.build()) == payload(shipped), (
        "the rules changed: run `python -m chatdealer.evaluator_tables` and commit the file"
    )


def test_key_sums_stay_small_ints() -> None:
    """CPython adds ints below 2**30 on its fast path; every key sum of 5 to 7 cards must be one."""
    largest_suit_part = 7 * max(evaluator_tables.SUIT_KEYS)
    assert largest_suit_part <= evaluator_tables.SUIT_MASK
    for size in (5, 6, 7):
        parts = [
            evaluator_tables.rank_part(multiset)
            for multiset in evaluator_tables.rank_multisets(Deck.STANDARD, size)
        ]
        shift = evaluator_tables.SUIT_BITS
        assert (min(parts) << shift) > -(2**30)
        assert (max(parts) << shift) + largest_suit_part < 2**30


def test_suit_keys_find_every_flush() -> None:
    for size in (5, 6, 7):
        flush_suits = evaluator_tables.flush_suits(size)
        for counts in evaluator_tables.suit_counts(size):
            suit_part = sum(c * k for c, k in zip(counts, evaluator_tables.SUIT_KEYS, strict=True))
            flush = [suit for suit, count in enumerate(counts) if count >= 5]
            assert flush_suits[suit_part] == (flush[0] if flush else -1)


@pytest.mark.parametrize("ranking", list(Ranking))
def test_a_value_is_named_as_the_cards_that_make_it(ranking: Ranking) -> None:
    rng = random.Random(f"names {ranking}")
    cards = ranking.deck.cards()
    for _ in range(5_000):
        hand = rng.sample(cards, 7)
        assert name_of_value(hand_value(hand, ranking), ranking) == evaluate(hand, ranking).name


@pytest.mark.parametrize("ranking", list(Ranking))
def test_every_value_is_named_from_its_description(ranking: Ranking) -> None:
    tables = evaluator_tables.load()[ranking]
    for value in range(1, len(tables.descriptions) // 6):
        category, reading = tables.description(value)
        second = {Category.FULL_HOUSE: reading[3:4], Category.TWO_PAIR: reading[2:3]}
        ranks = (reading[0], *second.get(category, ()))
        assert name_of_value(value, ranking) == hand_name(category, ranks)
    with pytest.raises(ValueError):
        name_of_value(0, ranking)  # no hand
    with pytest.raises(IndexError):
        name_of_value(len(tables.descriptions) // 6, ranking)
