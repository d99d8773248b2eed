"""Every word of the catalog in Russian and Bulgarian, and the translated names still fit
Discord (lowercase, no spaces, at most 32 characters, unique where they must be)."""

from __future__ import annotations

import re

import pytest

from adapters.common.catalog import (
    DISCORD_ROOT,
    Platform,
    entries,
    groups,
    help_lines,
    in_group,
    top_level,
    words,
)
from adapters.common.catalog.messages import catalog_messages
from chatdealer.render.catalogs import read_entries

DISCORD_NAME = re.compile(r"^[-_\w]{1,32}$")
SAME_IN_EVERY_LANGUAGE = {"English", "Русский", "Български"}
"""A language's own name is shown the same to everyone."""


def translated(code: str) -> dict[tuple[str, str], str]:
    return {
        (entry.context or "", entry.msgid): entry.value
        for entry in read_entries(code)
        if entry.msgid and entry.translated
    }


@pytest.mark.parametrize("code", ["ru", "bg"])
def test_every_catalog_message_is_translated(code: str) -> None:
    done = translated(code)
    missing = [message for message in catalog_messages() if message not in done]
    assert missing == []
    same = [
        msgid
        for (context, msgid) in catalog_messages()
        if done[(context, msgid)] == msgid and msgid not in SAME_IN_EVERY_LANGUAGE
    ]
    assert same == []


@pytest.mark.parametrize("code", ["en", "ru", "bg"])
def test_translated_names_fit_discord(code: str) -> None:
    lang = words(code)

    def check(names: list[str]) -> None:
        for name in names:
            assert DISCORD_NAME.match(name) and name == name.lower(), name
        assert len(names) == len(set(names)), names

    check([lang.command(DISCORD_ROOT)])
    check([lang.command(e.name) for e in top_level()] + [lang.command(g.name) for g in groups()])
    for group in groups():
        check([lang.command(e.name) for e in in_group(group)])
    for entry in entries():
        check([lang.option(param) for param in entry.params])
        assert len(lang.summary(entry)) <= 100
        for param in entry.params:
            assert len(lang.option_help(param)) <= 100
            for choice in param.choices:
                assert len(lang.choice(choice)) <= 100


@pytest.mark.parametrize("code", ["ru", "bg"])
@pytest.mark.parametrize("platform", list(Platform))
def test_help_is_in_the_language(code: str, platform: Platform) -> None:
    english = help_lines(platform, "en")
    said = help_lines(platform, code)
    assert len(said) == len(english)
    for line, original in zip(said, english, strict=True):
        assert line == original == "" or line != original, line
