"""The showdown picture of a board run twice: the second run's board drawn under the first,
and a batch's showdown keeps both boards (the hands named on the first)."""

from __future__ import annotations

from adapters.common.events import Showdowns
from chatdealer.dealer.outgoing import BoardDealt, HandNamed, HandOver, MadeHand, Shown
from chatdealer.render.images import showdown_image
from chatdealer.store import TableId

FIRST = ("Ah", "7c", "2d", "3h", "9s")
SECOND = ("Qh", "8c", "4d", "5h", "Tc")
SHOWN = [("Ann", ("As", "Ad"), None), ("Cy", ("Qs", "Qd"), None)]


def test_the_second_board_is_drawn_under_the_first() -> None:
    once = showdown_image(FIRST, SHOWN, (153,))
    twice = showdown_image(FIRST, SHOWN, (77, 76), second_board=SECOND)
    assert twice.height > once.height
    assert showdown_image(FIRST, SHOWN, (77, 76), second_board=SECOND).tobytes() == twice.tobytes()


def test_a_batch_keeps_both_boards_and_the_first_runs_names() -> None:
    table = TableId("discord", "g", "c")
    showdowns = Showdowns(lambda _: ())
    made = MadeHand(category="three_of_a_kind", ranks=(14,), cards=())
    other = MadeHand(category="pair", ranks=(14,), cards=())
    for payload in (
        Shown(player_id="a", name="Ann", cards=("As", "Ad"), hand=None),
        BoardDealt(street="river", cards=("9s",), board=FIRST, run=1),
        HandNamed(player_id="a", name="Ann", cards=("As", "Ad"), hand=made, run=1),
        BoardDealt(street="river", cards=("Tc",), board=SECOND, run=2),
        HandNamed(player_id="a", name="Ann", cards=("As", "Ad"), hand=other, run=2),
    ):
        assert showdowns.see(table, payload) is None
    showdown = showdowns.see(table, HandOver(hand_number=1, stacks=(), proof=None))
    assert showdown is not None
    assert (showdown.board, showdown.second_board) == (FIRST, SECOND)
    assert showdown.shown[0].hand == made
