"""`house showdown`: the 7-2 game's bounty set by the host, typed in any of the languages."""

from __future__ import annotations

import pytest

from adapters.common.catalog import HelpWanted, Situation, parse_command
from adapters.common.catalog.errors import ArgumentError
from chatdealer.dealer import Configure


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("house showdown seven_deuce=50", "en"),
        ("дом вскрытие семь_два=50", "ru"),
        ("дом разкриване седем_две=50", "bg"),
    ],
)
def test_the_bounty_is_set_in_every_language(text: str, language: str) -> None:
    made = parse_command(text, language=language).build(Situation(language=language))
    assert isinstance(made, Configure)
    assert made.settings.seven_deuce == 50
    made.settings.validate()


def test_with_nothing_given_it_answers_with_its_help() -> None:
    made = parse_command("house showdown", language="en").build(Situation())
    assert made == HelpWanted("house showdown")


def test_a_negative_bounty_is_refused_before_the_dealer() -> None:
    with pytest.raises(ArgumentError):
        parse_command("house showdown seven_deuce=-5", language="en").build(Situation())
