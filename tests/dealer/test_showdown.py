"""Showdowns told so a player can follow them: hands spelled out, played by the real engine and
told by the dealer's showdown teller, then read as the channel reads them.

The winning line carries the five cards; "kicker" only where a kicker beat the best other
hand shown for that pot; split pots and side pots say so; and an all-in hand is named only on
the board dealt so far, its final name following the river.
"""

from __future__ import annotations

import random

import pytest

from chatdealer.cards import parse_cards
from chatdealer.dealer.naming import NamingError, kicker, name_hand
from chatdealer.dealer.outgoing import AllInEquity, AnyPayload, MadeHand, PlayerRef, PotWon
from chatdealer.dealer.showdown import ShowdownTeller
from chatdealer.engine.events import Event
from chatdealer.engine.hand import Hand
from chatdealer.evaluator import HOLDEM, hand_value
from chatdealer.render import language, payload_text

from ..engine.spelled import new_hand, play

NAMES = ("Ann", "Bo", "Cy", "Di")


def told(hand: Hand, events: list[Event]) -> list[AnyPayload]:
    """The channel's payloads for a hand's events, as the dealer's step tells them."""
    out: list[AnyPayload] = []
    roster = [PlayerRef(seat=i, player_id=name.lower(), name=name) for i, name in enumerate(NAMES)]
    teller = ShowdownTeller(out.append, roster.__getitem__, random.Random(1))
    teller.follow(hand)
    for event in events:
        teller.tell(event)
    return out


def lines(out: list[AnyPayload], code: str = "en") -> list[str]:
    return [text for p in out if (text := payload_text(p, language(code), 0.0))]


def river_showdown(holes: list[str], board: str) -> list[str]:
    """Heads-up, checked down to the river; the lines from the showdown on. Ann (p1) acts
    first on every street, so she shows first: Bo shows only a hand that can win."""
    hand, _ = new_hand([1_000, 1_000], [5, 10], holes, board)
    events = play(hand, "p1 cc", "p2 cc")
    for _ in range(3):
        events += play(hand, "p1 cc", "p2 cc")
    assert hand.is_complete
    out = told(hand, events)
    return lines(out)[3:]  # after the flop, the turn and the river


def test_a_kicker_that_decides_the_pot_is_named() -> None:
    assert river_showdown(["7hKc", "7sAd"], "7d Qc Td 4s 2h") == [
        "Ann shows 7♥ K♣ — Pair of sevens",
        "Bo shows 7♠ A♦ — Pair of sevens",
        "Bo wins 20 with a pair of sevens, ace kicker — 7♠ 7♦ A♦ Q♣ T♦",
    ]


def test_a_lower_kicker_is_named_when_the_first_ties() -> None:
    # Both have aces and the king on the board; Bo's queen beats Ann's jack.
    assert river_showdown(["AhJc", "AsQh"], "Ad Kc 8d 4s 2h")[-1] == (
        "Bo wins 20 with a pair of aces, queen kicker — A♠ A♦ K♣ Q♥ 8♦"
    )


def test_no_kicker_when_the_hand_wins_on_what_it_is() -> None:
    # Bo's two pair beat Ann's pair of nines: the ace beside them decides nothing.
    assert river_showdown(["9h3c", "7sQh"], "7d Qc Ad 9s 2h") == [
        "Ann shows 9♥ 3♣ — Pair of nines",
        "Bo shows 7♠ Q♥ — Two pair, queens and sevens",
        "Bo wins 20 with two pair, queens and sevens — Q♥ Q♣ 7♠ 7♦ A♦",
    ]


def test_no_kicker_against_a_hand_that_was_mucked() -> None:
    # Bo's sevens with the king lose to Ann's: Bo mucks, and nothing shown was beaten.
    assert river_showdown(["7sAd", "7hKc"], "7d Qc Td 4s 2h") == [
        "Ann shows 7♠ A♦ — Pair of sevens",
        "Bo mucks",
        "Ann wins 20 with a pair of sevens — 7♠ 7♦ A♦ Q♣ T♦",
    ]


def test_a_split_pot_says_so_and_names_no_kicker() -> None:
    # The board plays: a straight for both.
    assert river_showdown(["2s3h", "2h3c"], "Td Jc Qd Ks Ah")[-1] == (
        "Ann and Bo split 20 with a straight, ace high: Ann 10, Bo 10"
    )


def test_a_side_pot_won_by_another_player_has_its_own_line_and_its_own_kicker() -> None:
    """Ann (short) is all-in with kings and wins the main pot; Bo and Cy bet on into a side
    pot, which Bo's queens win over Cy's on the ace kicker. Ann's kings are not in the side
    pot, so they do not decide it."""
    hand, _ = new_hand([100, 1_000, 1_000], [5, 10], ["KsKd", "QhJc", "QsAc"], "Qd 8c 4d 3s 2h")
    events = play(hand, "p3 cbr 100", "p1 cc", "p2 cc", "p2 cbr 200", "p3 cc")
    for _ in range(2):
        events += play(hand, "p2 cc", "p3 cc")
    assert hand.is_complete
    out = told(hand, events)
    assert lines(out)[3:] == [
        "Ann shows K♠ K♦ — Pair of kings",
        "Bo shows Q♥ J♣ — Pair of queens",
        "Cy shows Q♠ A♣ — Pair of queens",
        "Cy wins side pot 1 of 400 with a pair of queens, ace kicker — Q♠ Q♦ A♣ 8♣ 4♦",
        "Ann wins the main pot of 300 with a pair of kings — K♠ K♦ Q♦ 8♣ 4♦",
    ]
    assert lines([p for p in out if isinstance(p, PotWon)], "ru") == [
        "Cy забирает побочный банк 1 (400): пара дам, кикер туз — Q♠ Q♦ A♣ 8♣ 4♦",
        "Ann забирает основной банк (300): пара королей — K♠ K♦ Q♦ 8♣ 4♦",
    ]


def test_an_all_in_hand_is_named_only_once_its_board_is_out() -> None:
    """Issue 22: "shows 4♣ 3♠ — Pair of twos" before the flop. Now: the cards first, the board
    street by street with the chances after the flop and the turn (issue 16), and the final
    names with the river, before the pot."""
    hand, _ = new_hand([500, 500], [5, 10], ["4c3s", "AhKh"], "2d 9c Kd 5s Ac")
    out = told(hand, play(hand, "p1 cbr 500", "p2 cc"))
    assert [p.kind for p in out] == [
        "equity", "shown", "shown", "board", "equity", "board", "equity", "board", "named",
        "named", "pot",
    ]  # fmt: skip
    assert isinstance(out[0], AllInEquity) and out[0].board == ()
    assert lines(out)[1:] == [
        "Ann shows 4♣ 3♠",
        "Bo shows A♥ K♥",
        "Flop: 2♦ 9♣ K♦",
        "Chances: Ann 4♣ 3♠ 4.3% · Bo A♥ K♥ 95.7%",  # 42 of 990 turns and rivers
        "Turn: 2♦ 9♣ K♦ [5♠]",
        "Chances: Ann 4♣ 3♠ 15.9% · Bo A♥ K♥ 84.1%",  # an ace or a six: 7 rivers of 44
        "River: 2♦ 9♣ K♦ 5♠ [A♣]",
        "Ann has a straight, five high",
        "Bo has two pair, aces and kings",
        "Ann wins 1,000 with a straight, five high — 5♠ 4♣ 3♠ 2♦ A♣",
    ]


def test_an_all_in_on_the_flop_is_named_on_the_flop_then_on_the_river() -> None:
    """Not "Pair of tens" on a ten that has not come: what each hand is on the flop, then
    what it ends up as."""
    hand, _ = new_hand([500, 500], [5, 10], ["ThTs", "AhKh"], "Kd 9c 2d 5s Ac")
    out = told(hand, play(hand, "p1 cc", "p2 cc", "p1 cbr 490", "p2 cc"))
    assert lines(out) == [
        "Flop: K♦ 9♣ 2♦",
        "All in — Ann T♥ T♠ 10.4% · Bo A♥ K♥ 89.6%",
        "Ann shows T♥ T♠ — Pair of tens",
        "Bo shows A♥ K♥ — Pair of kings",
        "Turn: K♦ 9♣ 2♦ [5♠]",
        "Chances: Ann T♥ T♠ 4.5% · Bo A♥ K♥ 95.5%",  # two tens among 44 rivers
        "River: K♦ 9♣ 2♦ 5♠ [A♣]",
        "Ann has a pair of tens",
        "Bo has two pair, aces and kings",
        "Bo wins 1,000 with two pair, aces and kings — A♥ A♣ K♥ K♦ 9♣",
    ]


def test_a_hand_is_named_from_its_value_with_the_five_cards_that_make_it() -> None:
    cards = parse_cards("7s Ad 7d Qc Td 4s 2h")
    best = name_hand(hand_value(cards), cards, HOLDEM)
    assert best == MadeHand(category="pair", ranks=(5,), cards=("7s", "7d", "Ad", "Qc", "Td"))
    assert best.name == "Pair of sevens"
    with pytest.raises(NamingError):
        name_hand(hand_value(cards) + 1, cards, HOLDEM)


def test_no_kicker_between_hands_of_different_names_or_equal_hands() -> None:
    sevens = MadeHand(category="pair", ranks=(5,), cards=("7s", "7d", "Ad", "Qc", "Td"))
    eights = MadeHand(category="pair", ranks=(6,), cards=("8s", "8d", "Ad", "Qc", "Td"))
    weaker = MadeHand(category="pair", ranks=(5,), cards=("7h", "7c", "Kd", "Qc", "Td"))
    flush = MadeHand(category="flush", ranks=(12,), cards=("As", "Ks", "Ts", "7s", "2s"))
    lower = MadeHand(category="flush", ranks=(12,), cards=("Ah", "Qh", "Th", "7h", "2h"))
    straight = MadeHand(category="straight", ranks=(8,), cards=("Ts", "9h", "8d", "7c", "6d"))
    assert kicker(eights, sevens) is None
    assert kicker(sevens, sevens) is None
    assert kicker(sevens, weaker) == 12
    assert kicker(weaker, sevens) is None
    assert kicker(flush, lower) == 11
    assert kicker(straight, straight) is None
