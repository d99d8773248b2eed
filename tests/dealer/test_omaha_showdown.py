"""Omaha showdowns as the channel reads them (RULES.md §13): hands named by exactly two hole
and three board cards, a hi-lo hand's low beside its high, each half of a split pot told as
the high or the low half, in every language."""

from __future__ import annotations

import pytest

from chatdealer.dealer.views import private_view_of
from chatdealer.engine.config import BettingStructure, Variant
from chatdealer.engine.events import Event
from chatdealer.engine.hand import Hand
from chatdealer.render import language
from chatdealer.render.table import private_text

from ..engine.spelled import new_hand
from .test_showdown import lines, told


def checked_down(holes: list[str], board: str, variant: Variant) -> tuple[Hand, list[Event]]:
    structure = BettingStructure.FIXED_LIMIT if variant.hi_lo else BettingStructure.POT_LIMIT
    hand, _ = new_hand(
        [1_000] * len(holes), [5, 10], holes, board, variant=variant, structure=structure
    )
    events: list[Event] = []
    while not hand.is_complete:
        legal = hand.legal_actions()
        events += hand.act(legal.seat, "check" if legal.can_check else "call")
    return hand, events


def test_omaha_names_the_hand_of_two_hole_and_three_board_cards() -> None:
    # Ann's ace of spades with four on the board is no flush; Bo's J-T make a straight.
    hand, events = checked_down(["As2d3c4h", "KdKcJhTc"], "Ks9s8s 7s 2h", Variant.OMAHA)
    said = lines(told(hand, events))
    assert "Ann shows A♠ 2♦ 3♣ 4♥ — Pair of twos" in said
    assert said[-1] == "Bo wins 20 with a straight, jack high — J♥ T♣ 9♠ 8♠ 7♠"


def test_hi_lo_tells_the_low_and_both_halves() -> None:
    hand, events = checked_down(
        ["Ah2h9cTd", "KcKdQsJs", "9h9sJdTc"], "Kh3d5c 7s Qd", Variant.OMAHA_HI_LO
    )
    said = lines(told(hand, events))
    assert "Ann shows A♥ 2♥ 9♣ T♦ — High card, ace; Low, 7-5-3-2-A" in said
    assert said[-2:] == [
        "Bo wins the high half of 15 with three of a kind, kings — K♥ K♦ K♣ Q♦ 7♠",
        "Ann wins the low half of 15 with a low, 7-5-3-2-A — 7♠ 5♣ 3♦ 2♥ A♥",
    ]


def test_a_hi_lo_pot_without_a_low_is_told_whole() -> None:
    hand, events = checked_down(
        ["Ah2h9c4d", "KcKdQsJs", "9h9s4c4h"], "Kh3dQc 7s Jc", Variant.OMAHA_HI_LO
    )
    assert lines(told(hand, events))[-1].startswith("Bo wins 30 with three of a kind, kings")


@pytest.mark.parametrize(
    ("code", "high", "low"),
    [
        ("ru", "хай-половину", "лоу 7-5-3-2-A"),
        ("bg", "високата половина", "лоу 7-5-3-2-A"),
    ],
)
def test_hi_lo_halves_in_russian_and_bulgarian(code: str, high: str, low: str) -> None:
    hand, events = checked_down(
        ["Ah2h9cTd", "KcKdQsJs", "9h9sJdTc"], "Kh3d5c 7s Qd", Variant.OMAHA_HI_LO
    )
    said = lines(told(hand, events), code)
    assert high in said[-2] and low in said[-1]


def test_a_players_private_view_names_their_omaha_hand_and_low() -> None:
    hand, _ = new_hand(
        [1_000] * 3,
        [5, 10],
        ["Ah2h9cTd", "KcKdQsJs", "9h9sJdTc"],
        "Kh3d5c 7s Qd",
        variant=Variant.OMAHA_HI_LO,
        structure=BettingStructure.FIXED_LIMIT,
    )
    while len(hand.board) < 4:  # to the turn: four hole cards and four on the board
        legal = hand.legal_actions()
        hand.act(legal.seat, "check" if legal.can_check else "call")
    view = private_view_of(hand, 1, 0)
    assert view.cards == ("Ah", "2h", "9c", "Td")
    assert view.best == "High card, ace" and len(view.best_cards) == 5
    assert view.low == ("7", "5", "3", "2", "A")
    assert private_text(view, language("en")) == (
        "Your cards: A♥ 2♥ 9♣ T♦ — High card, ace; Low, 7-5-3-2-A"
    )
    assert "Лоу 7-5-3-2-A" in private_text(view, language("ru"))
    kings = private_view_of(hand, 1, 1)
    assert kings.best == "Three of a kind, kings" and kings.low == ()
