"""`showdown show` after the hand (docs/rules.md §7): while the last hand's cards may be shown,
typed alone it shows them all and with a number that card; a default is still a default, and
with no window and no showdown it is refused as before."""

from __future__ import annotations

import msgspec
import pytest

from adapters.common.catalog import ArgumentError, Situation, parse_command
from chatdealer.dealer.commands import ShowCards, ShowSetting
from chatdealer.dealer.views import ShowAfterView

from .support import view

WINDOW = msgspec.structs.replace(
    view(), show_after=ShowAfterView(hand_number=3, players=("1",), cards=2)
)


def built(text: str, situation: Situation) -> object:
    return parse_command(text, language="en").build(situation)


def test_after_the_hand_show_takes_a_card_number_or_shows_all() -> None:
    at = Situation(view=WINDOW, user_id="1")
    assert built("showdown show", at) == ShowCards(card=0)
    assert built("showdown show 1", at) == ShowCards(card=1)
    assert built("showdown show card=2", at) == ShowCards(card=2)
    assert built("showdown show always", at) == ShowSetting(default="always")
    ru = Situation(language="ru", view=WINDOW, user_id="1")
    assert parse_command("showdown show 2", language="ru").build(ru) == ShowCards(card=2)


def test_without_a_window_or_a_showdown_show_is_refused_as_before() -> None:
    with pytest.raises(ArgumentError) as refused:
        built("showdown show 1", Situation(view=view(), user_id="1"))
    assert refused.value.code == "no_showdown"
