"""Hand names in the table's language, built from the category and the ranks that name it.

Translating the English name as a whole would need one catalog entry per hand (thousands);
instead each category has a template and each rank its forms. A template picks the form its
grammar needs: ``{high}`` (a nine), ``{high_of}`` (of a nine), ``{highs}`` (nines), ``{highs_of}``
(of nines), and the same for ``{low}``: Russian says "Стрит до девятки" and "Пара тузов".

A showdown's payloads carry the hand itself (`MadeHand`: category, ranks, the five cards and
the kicker that decided), said by `made_hand_text`. A private view carries the English name
only, so `parse_hand_name` recovers category and ranks from it through a table built with the
evaluator's own `hand_name`: the name is read, never translated.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import permutations

from chatdealer.cards import RANK_NAMES, RANK_PLURALS
from chatdealer.dealer.outgoing import MadeHand
from chatdealer.evaluator import Category, hand_name
from chatdealer.render.cards import cards_text
from chatdealer.render.language import Language

# The English templates; "hand" is the name on its own, "hand with" the name after "with".
TEMPLATES: dict[Category, tuple[str, str]] = {
    Category.STRAIGHT_FLUSH: ("Straight flush, {high} high", "a straight flush, {high} high"),
    Category.FOUR_OF_A_KIND: ("Four of a kind, {highs}", "four of a kind, {highs}"),
    Category.FULL_HOUSE: (
        "Full house, {highs} full of {lows}",
        "a full house, {highs} full of {lows}",
    ),
    Category.FLUSH: ("Flush, {high} high", "a flush, {high} high"),
    Category.STRAIGHT: ("Straight, {high} high", "a straight, {high} high"),
    Category.THREE_OF_A_KIND: ("Three of a kind, {highs}", "three of a kind, {highs}"),
    Category.TWO_PAIR: ("Two pair, {highs} and {lows}", "two pair, {highs} and {lows}"),
    Category.PAIR: ("Pair of {highs}", "a pair of {highs}"),
    Category.HIGH_CARD: ("High card, {high}", "{high} high"),
}
ROYAL_FLUSH = ("Royal flush", "a royal flush")
# Each rank's forms as (context, English): the name, "of" the name, the plural, "of" the plural.
RANK_FORMS = (
    ("rank", RANK_NAMES),
    ("rank of", RANK_NAMES),
    ("ranks", RANK_PLURALS),
    ("ranks of", RANK_PLURALS),
)
_SLOTS = ("{}", "{}_of", "{}s", "{}s_of")


def rank_forms(language: Language, rank: int, slot: str) -> dict[str, str]:
    return {
        form.format(slot): language.text(context, english[rank])
        for form, (context, english) in zip(_SLOTS, RANK_FORMS, strict=True)
    }


def hand_text(
    language: Language, category: Category, ranks: Sequence[int], *, after_with: bool = False
) -> str:
    """A hand's name, standing alone ("Flush, ace high") or after "with" ("a flush, ace high")."""
    context = "hand with" if after_with else "hand"
    if category is Category.STRAIGHT_FLUSH and ranks[0] == 12:
        return language.text(context, ROYAL_FLUSH[after_with])
    template = language.text(context, TEMPLATES[category][after_with])
    forms = rank_forms(language, ranks[0], "high")
    if len(ranks) > 1:
        forms |= rank_forms(language, ranks[1], "low")
    return template.format(**forms)


def made_hand_text(
    language: Language, hand: MadeHand, *, after_with: bool = False, cards: bool = False
) -> str:
    """A named hand with the kicker that decided, if one did ("a pair of sevens, ace kicker"),
    and with `cards` its five cards after a dash ("… — 7♠ 7♥ A♦ Q♣ T♦")."""
    text = hand_text(language, hand.kind, hand.ranks, after_with=after_with)
    if hand.kicker is not None:
        kicker = language.text("kicker", "{rank} kicker").format(
            **rank_forms(language, hand.kicker, "rank")
        )
        text = language.text("kicker", "{hand}, {kicker}").format(hand=text, kicker=kicker)
    if cards:
        text += " — " + cards_text(hand.cards)
    return text


@cache
def _names() -> dict[str, tuple[Category, tuple[int, ...]]]:
    table: dict[str, tuple[Category, tuple[int, ...]]] = {}
    for category in Category:
        pairs = category in (Category.FULL_HOUSE, Category.TWO_PAIR)
        readings: list[tuple[int, ...]] = (
            list(permutations(range(13), 2)) if pairs else [(rank,) for rank in range(13)]
        )
        for ranks in readings:
            table[hand_name(category, ranks)] = (category, ranks)
    return table


def parse_hand_name(name: str) -> tuple[Category, tuple[int, ...]] | None:
    """The category and naming ranks behind an English hand name, or None for a stranger."""
    return _names().get(name)


def translate_hand_name(language: Language, name: str, *, after_with: bool = False) -> str:
    """An English hand name from a payload, said in the table's language.

    A name the evaluator would not produce is shown as it came, rather than dropped.
    """
    parsed = parse_hand_name(name)
    if parsed is None:
        return name
    return hand_text(language, *parsed, after_with=after_with)
