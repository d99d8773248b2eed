"""How each platform spells a command of the catalog: `/poker join` on Discord (one `/poker`
command; a group whose entries would not fit in its 4,000 characters, like `/host` or
`/tournament`, a top-level command of its own, others a subcommand group under `/poker`),
`/tournament open` on Telegram (a command per entry, a group's entries its first word),
`tournament open` in the terminal."""

from __future__ import annotations

from enum import StrEnum

from adapters.common.catalog.spec import Entry, Group
from adapters.common.catalog.translate import Words

DISCORD_ROOT = "poker"
"""Discord's one slash command; Telegram's `/poker` opens a table (or runs `/poker join ...`)."""


class Platform(StrEnum):
    DISCORD = "discord"
    TELEGRAM = "telegram"
    TERMINAL = "terminal"


def discord_path(group: Group | None) -> list[str]:
    """The Discord command words above a group's entries (`poker <group>`, `host`)."""
    if group is None:
        return [DISCORD_ROOT]
    return [group.name] if group.discord_root else [DISCORD_ROOT, group.name]


def telegram_name(entry: Entry) -> str:
    """The Telegram command of a top-level entry (a group's entries go under its command)."""
    return entry.telegram or entry.name


def command_words(entry: Entry, platform: Platform, words: Words | None = None) -> list[str]:
    """The words that name the command on the platform, without the slash.

    Discord shows command names in the language of the reader's client, so `words` (a
    language) names them there; Telegram's and the terminal's are typed in English (the
    terminal accepts the translated words too)."""
    if platform is Platform.DISCORD:
        named = [*discord_path(entry.group), entry.name]
        return [words.command(name) for name in named] if words is not None else named
    if entry.group is not None:
        return [entry.group.name, entry.name]
    if platform is Platform.TELEGRAM:
        return [telegram_name(entry)]
    return [entry.name]


def spelled(entry: Entry, platform: Platform, words: Words | None = None) -> str:
    """`/poker join`, `/join`, `join`."""
    joined = " ".join(command_words(entry, platform, words))
    return joined if platform is Platform.TERMINAL else "/" + joined


def group_spelled(group: Group, platform: Platform, words: Words | None = None) -> str:
    if platform is Platform.DISCORD:
        named = discord_path(group)
        return "/" + " ".join(words.command(n) for n in named) if words else "/" + " ".join(named)
    return ("" if platform is Platform.TERMINAL else "/") + group.name
