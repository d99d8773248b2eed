"""Help and usage, generated from the catalog per platform and language."""

from __future__ import annotations

import pytest

from adapters.common.catalog import (
    ArgumentError,
    Platform,
    Situation,
    chunks,
    entries,
    entry,
    error_text,
    help_lines,
    parse_command,
    topic_help,
    usage,
)
from adapters.common.catalog.texts import example
from tests.catalog.support import view


def test_usage_is_spelled_per_platform() -> None:
    join = entry("join")
    assert usage(join, Platform.TELEGRAM) == "/join [buy_in] [seat] [wait]"
    assert usage(join, Platform.TERMINAL) == "join [buy_in] [seat] [wait]"
    assert usage(join, Platform.DISCORD) == "/poker join [buy_in] [seat] [wait_for_big_blind]"
    assert usage(join, Platform.DISCORD, "ru") == "/покер сесть [бай_ин] [место] [ждать_бб]"
    assert usage(entry("start"), Platform.TELEGRAM) == "/start_game"
    assert usage(entry("create"), Platform.TELEGRAM).startswith("/poker [blinds]")
    assert usage(entry("tournament open"), Platform.TERMINAL).startswith("tournament open [buy_in]")
    assert usage(entry("kick"), Platform.TELEGRAM) == "/kick <member>"


def test_examples_are_shown_in_each_platforms_form() -> None:
    join = entry("join")
    assert example(join, "1k 3", Platform.TELEGRAM) == "/join 1k 3"
    assert example(join, "1k 3", Platform.DISCORD) == "/poker join buy_in:1k seat:3"
    # Discord's client shows a flag as yes or no, and a choice by its label, in its language.
    assert (
        example(join, "200 wait", Platform.DISCORD, "bg") == "/покер седни бай_ин:200 чакай_бб:да"
    )
    bot = entry("addbot")
    assert example(bot, "tight", Platform.DISCORD) == "/poker addbot style:Tight"


def test_the_whole_help_names_every_command() -> None:
    for platform in Platform:
        text = "\n".join(help_lines(platform))
        for item in entries():
            name = item.key if platform is not Platform.TELEGRAM or item.group else None
            if platform is Platform.TELEGRAM and item.group is None:
                name = item.telegram or item.name
            assert name is not None and name in text, (platform, item.key)


def test_help_for_one_command_lists_its_parameters_and_who_may_use_it() -> None:
    lines = topic_help("kick", Platform.TELEGRAM)
    text = "\n".join(lines)
    assert lines[0].startswith("<b>/kick</b>")
    assert "<code>member</code>" in text and "For the table's host" in text
    assert "<code>/kick 3</code>" in text
    group = "\n".join(topic_help("tournament", Platform.TERMINAL))
    assert "tournament open" in group and "tournament rebuy" in group
    unknown = "\n".join(topic_help("dance", Platform.TERMINAL))
    assert unknown.startswith("There's no command dance") and "tournament status" in unknown


def test_telegram_help_is_safe_html() -> None:
    text = "\n".join(help_lines(Platform.TELEGRAM))
    assert "<member>" not in text and "&lt;member&gt;" in text


def test_chunks_keep_lines_whole_and_under_the_limit() -> None:
    lines = help_lines(Platform.DISCORD, "ru")
    messages = chunks(lines, 700)
    assert all(len(message) <= 700 for message in messages)
    joined = "\n".join(messages).split("\n")
    assert [line for line in joined if line] == [line for line in lines if line]


@pytest.mark.parametrize("platform", list(Platform))
def test_muck_with_no_showdown_is_refused_without_a_usage_line(platform: Platform) -> None:
    with pytest.raises(ArgumentError) as raised:
        parse_command("showdown muck", language="en").build(Situation(view=view()))
    assert error_text(raised.value, platform) == "Nobody is asked to show or muck now"


def test_a_command_written_wrong_still_shows_its_usage() -> None:
    with pytest.raises(ArgumentError) as raised:
        parse_command("topup lots", language="en").build(Situation(view=view()))
    shown = error_text(raised.value, Platform.TERMINAL)
    assert "lots is not an amount" in shown and "Usage: topup" in shown
