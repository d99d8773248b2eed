"""Numbers, plurals and hand names in English, Russian and Bulgarian."""

from __future__ import annotations

import pytest

from chatdealer.evaluator import Category
from chatdealer.render import hand_text, language, parse_hand_name, translate_hand_name

NNBSP = "\u202f"


@pytest.mark.parametrize(
    ("n", "text"),
    [(1, "1 фишка"), (2, "2 фишки"), (5, "5 фишек"), (21, "21 фишка"), (11, "11 фишек"),
     (22, "22 фишки"), (12, "12 фишек"), (111, "111 фишек"), (1_200, f"1{NNBSP}200 фишек")],
)  # fmt: skip
def test_russian_chips_take_the_plural_form_of_their_number(n: int, text: str) -> None:
    assert language("ru").chips(n) == text


@pytest.mark.parametrize(
    ("n", "text"), [(1, "1 чип"), (2, "2 чипа"), (5, "5 чипа"), (21, "21 чипа"), (11, "11 чипа")]
)
def test_bulgarian_chips_have_two_forms(n: int, text: str) -> None:
    assert language("bg").chips(n) == text


def test_english_chips_and_seconds() -> None:
    en = language("en")
    assert (en.chips(1), en.chips(2), en.chips(1_200)) == ("1 chip", "2 chips", "1,200 chips")
    assert en.count("seconds", 1) == "1 second"


def test_thousands_are_grouped_per_language() -> None:
    assert language("en").number(1_234_567) == "1,234,567"
    assert language("ru").number(1_234_567) == f"1{NNBSP}234{NNBSP}567"
    assert language("bg").number(1_200) == f"1{NNBSP}200"
    assert language("ru").number(999) == "999"


def test_an_unknown_language_speaks_english() -> None:
    assert language("xx").chips(5) == "5 chips"


HANDS = [
    (Category.FULL_HOUSE, (12, 11), "Full house, aces full of kings", "Фулл-хаус, тузы и короли",
     "Фул хаус, аса и попове"),
    (Category.STRAIGHT, (7,), "Straight, nine high", "Стрит до девятки", "Стрейт до деветка"),
    (Category.FLUSH, (12,), "Flush, ace high", "Флеш от туза", "Флъш до асо"),
    (Category.STRAIGHT_FLUSH, (12,), "Royal flush", "Роял-флеш", "Роял флъш"),
    (Category.STRAIGHT_FLUSH, (3,), "Straight flush, five high", "Стрит-флеш до пятёрки",
     "Стрейт флъш до петица"),
    (Category.FOUR_OF_A_KIND, (0,), "Four of a kind, twos", "Каре двоек", "Каре двойки"),
    (Category.THREE_OF_A_KIND, (5,), "Three of a kind, sevens", "Тройка семёрок",
     "Тройка седмици"),
    (Category.TWO_PAIR, (11, 10), "Two pair, kings and queens", "Две пары, короли и дамы",
     "Два чифта, попове и дами"),
    (Category.PAIR, (12,), "Pair of aces", "Пара тузов", "Чифт аса"),
    (Category.HIGH_CARD, (9,), "High card, jack", "Старшая карта, валет", "Висока карта, вале"),
]  # fmt: skip


@pytest.mark.parametrize(("category", "ranks", "en", "ru", "bg"), HANDS)
def test_hand_names_are_built_from_category_and_ranks(
    category: Category, ranks: tuple[int, ...], en: str, ru: str, bg: str
) -> None:
    for code, name in (("en", en), ("ru", ru), ("bg", bg)):
        assert hand_text(language(code), category, ranks) == name
    assert parse_hand_name(en) == (category, ranks)
    assert translate_hand_name(language("ru"), en) == ru


def test_every_hand_name_the_evaluator_gives_is_read_back() -> None:
    assert parse_hand_name("Full house, twos full of aces") == (Category.FULL_HOUSE, (0, 12))
    assert parse_hand_name("Straight, five high") == (Category.STRAIGHT, (3,))


def test_a_hand_name_the_evaluator_would_not_give_is_shown_as_it_came() -> None:
    assert translate_hand_name(language("ru"), "Five aces") == "Five aces"


def test_after_with_the_english_name_takes_its_article() -> None:
    en = language("en")
    assert hand_text(en, Category.FLUSH, (12,), after_with=True) == "a flush, ace high"
    assert hand_text(en, Category.TWO_PAIR, (12, 0), after_with=True) == "two pair, aces and twos"
