"""The hand the web tests replay: four players, a side pot, a hand folded before the flop."""

from __future__ import annotations

from chatdealer.cards import parse_cards
from chatdealer.engine.hand import Hand
from chatdealer.engine.run_twice import place_second_run

from ..engine.spelled import new_hand, play

NAMES = ["Ann", "Bo", "Cy", "Di"]
IDS = ["u-ann", "u-bo", "u-cy", "u-di"]


def side_pot_hand() -> Hand:
    """Ann (short) is all-in with kings; Bo and Cy bet on into a side pot that Cy's queens
    with the ace take; Di folds her jacks (J♠ J♥) before the flop and never shows them."""
    hand, _ = new_hand(
        [100, 1_000, 1_000, 500],
        [5, 10],
        ["KsKd", "QhJc", "QsAc", "JsJh"],
        "Qd 8c 4d 3s 2h",
        names=NAMES,
        manual_showdown=True,
    )
    play(hand, "p3 cbr 100", "p4 f", "p1 cc", "p2 cc", "p2 cbr 200", "p3 cc")
    for _ in range(2):
        play(hand, "p2 cc", "p3 cc")
    hand.show_automatically()
    assert hand.is_complete
    return hand


def run_twice_hand() -> Hand:
    """All three all-in before the flop, a side pot, the board run twice: on the first run Ann's
    set of aces takes half the main pot and Bo's kings half the side pot; on the second Cy's set
    of queens takes both other halves."""
    hand, _ = new_hand(
        [500, 1_000, 1_000],
        [5, 10],
        ["AsAd", "KsKd", "QsQd"],
        "Ah 7c 2d 3h 9s",
        names=NAMES[:3],
        manual_showdown=True,
    )
    # The second run is dealt on from the first: six hole cards, burn-3-burn-1-burn-1.
    place_second_run(hand.deck, 14, parse_cards("Qh 8c 4d 5h Tc"))
    hand.runs = 2
    play(hand, "p3 cbr 1000", "p1 cc", "p2 cc")
    hand.show_automatically()
    assert hand.is_complete and hand.stacks == [750, 500, 1_250]
    return hand
