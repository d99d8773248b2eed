"""The terminal's prompt explains its numbers, in the table message's words and language."""

from __future__ import annotations

import io

import msgspec

from adapters.console.text import Painter, Text
from chatdealer.dealer.outgoing import HandOver, Share
from chatdealer.render import table_text

from ..render.views import NOW, side_pot_view


def prompt(code: str = "en") -> list[str]:
    view = side_pot_view(code)
    assert view.turn is not None
    out = io.StringIO()
    text = Text(out, Painter(colour=False))
    text.table(view)
    out.seek(0)
    out.truncate()
    text.your_turn(view, view.turn, NOW)
    return out.getvalue().splitlines()


def test_the_prompt_says_what_each_number_means_and_the_time_left() -> None:
    assert prompt() == [
        "Your turn, 25 seconds left: call 850 · raise to 2,000–3,300 · fold",
        "  call 850: put in 850 more to match the bet of 1,150",
        "  raise to 2,000–3,300: your whole bet this street, from 2,000 to 3,300 "
        "(type raise 2,000)",
        "  3,300 is all your chips: type allin",
        "  fold: give up the hand and what you have bet",
    ]


def test_the_prompt_uses_the_table_lines_range_format() -> None:
    view = side_pot_view()
    turn_line = table_text(view, Text(io.StringIO(), Painter(colour=False)).language, NOW)
    assert "raise to 2,000–3,300" in turn_line.splitlines()[-1]
    assert "raise to 2,000–3,300" in prompt()[0]


def test_the_prompt_speaks_the_tables_language() -> None:
    lines = prompt("ru")
    assert lines[0].startswith("Ваш ход, осталось 25 ")
    assert lines[0].endswith(": колл 850 · рейз до 2\u202f000–3\u202f300 · фолд")
    assert lines[1] == "  колл 850: добавить 850, чтобы уравнять ставку 1\u202f150"


def test_the_end_of_a_hand_says_what_you_have() -> None:
    out = io.StringIO()
    text = Text(out, Painter(colour=False))
    over = HandOver(
        hand_number=7, stacks=(Share(player_id="anna", name="Anna", chips=1_250),), proof=None
    )
    text.hand_over(over, "anna")
    text.hand_over(msgspec.structs.replace(over, stacks=()), "anna")
    assert out.getvalue().splitlines() == [
        "Hand #7 is over: you have 1,250 chips.",
        "Hand #7 is over",
    ]
