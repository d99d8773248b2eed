"""Players' names on Discord: every character Discord's markdown (or its mentions, links and
headings) would act on is escaped, so a name shows as it was typed and never as a link, a
heading or bold text. The dealer has already removed control and bidirectional characters and
capped the length (`chatdealer.dealer.checks.shown_name`)."""

from __future__ import annotations

import dataclasses
from functools import cache

from chatdealer.render import Language, language

MARKDOWN = frozenset("\\*_~|`>#-[]()<:@")
"""Discord drops a backslash before any of these and shows the character itself."""


def escaped_name(name: str) -> str:
    """`**Bob** [x](https://e.vil)` shown as typed, not bold and not a link."""
    return "".join("\\" + char if char in MARKDOWN else char for char in name)


@cache
def discord_language(code: str) -> Language:
    """A table's language as the Discord adapter writes it: names escaped."""
    return dataclasses.replace(language(code), name_markup=escaped_name)
