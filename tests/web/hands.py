"""The hand the web tests replay: four players, a side pot, a hand folded before the flop."""

from __future__ import annotations

from chatdealer.engine.hand import Hand

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
