"""Who must show at the showdown and who may muck (docs/rules.md §7), each hand spelled out."""

from __future__ import annotations

import pytest

from chatdealer.engine.events import HandMucked, HandShown
from chatdealer.engine.refusals import IllegalAction
from chatdealer.engine.show_choice import ShowDefault, advance, chooser, must_show, show_or_muck
from tests.engine.spelled import new_hand, play

# Three players, blinds 1/2; p1 small blind, p2 big blind, p3 the button.
HOLES = ["7c2d", "KcKd", "9h9s"]
BOARD = "AhQs8c4d3h"
TO_THE_RIVER = ("p3 cc", "p1 cc", "p2 cc", *("p1 cc", "p2 cc", "p3 cc") * 2)


def test_the_river_bettor_who_was_called_cannot_muck() -> None:
    hand, _ = new_hand([100, 100, 100], [1, 2], HOLES, BOARD, manual_showdown=True)
    play(hand, *TO_THE_RIVER, "p1 cc", "p2 cbr 10", "p3 cc", "p1 cc")
    assert hand.showdown_seat == 1 and must_show(hand, 1)
    before = list(hand.actions)
    with pytest.raises(IllegalAction) as refused:
        show_or_muck(hand, 1, show=False)
    assert refused.value.code == "must_show"
    assert hand.actions == before and not hand.mucked[1]
    events = show_or_muck(hand, 1, show=True)
    assert events == [HandShown(1, tuple(hand.holes[1]))]


def test_when_nothing_was_shown_the_last_hand_left_must_show() -> None:
    hand, _ = new_hand([100, 100, 100], [1, 2], HOLES, BOARD, manual_showdown=True)
    play(hand, *TO_THE_RIVER, "p1 cc", "p2 cc", "p3 cc")
    assert not must_show(hand, 0)
    show_or_muck(hand, 0, show=False)
    show_or_muck(hand, 1, show=False)
    assert must_show(hand, 2)
    with pytest.raises(IllegalAction):
        show_or_muck(hand, 2, show=False)
    show_or_muck(hand, 2, show=True)
    assert hand.is_complete and hand.stacks == [98, 98, 104]


def test_auto_players_are_played_for_up_to_the_first_who_chooses() -> None:
    hand, _ = new_hand([100, 100, 100], [1, 2], HOLES, BOARD, manual_showdown=True)
    play(hand, *TO_THE_RIVER, "p1 cc", "p2 cc", "p3 cc")
    defaults = {0: ShowDefault.AUTO, 1: ShowDefault.AUTO, 2: ShowDefault.LOSING}
    events = advance(hand, defaults.__getitem__)
    assert [type(e) for e in events] == [HandShown, HandShown]
    assert chooser(hand, defaults.__getitem__) == 2 and not hand.is_complete


def test_all_in_players_show_at_once_with_the_board_to_come() -> None:
    hand, _ = new_hand([100, 100, 100], [1, 2], HOLES, BOARD, manual_showdown=True)
    play(hand, "p3 cbr 100", "p1 cc", "p2 cc")
    assert all(must_show(hand, seat) for seat in hand.showdown_order)
    events = advance(hand, lambda seat: ShowDefault.LOSING)
    assert not [e for e in events if isinstance(e, HandMucked)] and hand.is_complete
