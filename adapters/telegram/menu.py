"""The catalog as Telegram spells it: a command per top-level entry (`/join`, `/poker` for
`create`), a command per group whose first word names the entry (`/tournament open`), the
aliases Telegram allows as commands (`/top`, `/ledger`), and the command menu in each language.
"""

from __future__ import annotations

import re
from functools import cache

from telegram import BotCommand

from adapters.common.catalog import Entry, Group, entries, telegram_name, top_level, words

COMMAND_NAME = re.compile(r"^[a-z0-9_]{1,32}$")
"""What Telegram accepts as a command."""
HELP_WORDS = ("start",)
"""`/start` in a group (what Telegram sends for a bot's "Start" button) shows the help; the
first hand is dealt with `/start_game`."""
MENU_LANGUAGES = ("en", "ru", "bg")
DESCRIPTION_LIMIT = 256


@cache
def command_names() -> dict[str, Entry | Group]:
    """Every command word the bot answers in groups, and the entry (or group) it names."""
    named: dict[str, Entry | Group] = {}
    for entry in entries():
        if entry.group is None:
            named.setdefault(telegram_name(entry), entry)
        else:
            named.setdefault(entry.group.name, entry.group)
    for entry in top_level():
        for word in (entry.name, *entry.aliases):
            if COMMAND_NAME.match(word) and word not in HELP_WORDS:
                named.setdefault(word, entry)
    return named


def menu_names() -> list[str]:
    """The commands the menu lists, in the catalog's order: each entry's own name only."""
    shown: list[str] = []
    for entry in entries():
        name = telegram_name(entry) if entry.group is None else entry.group.name
        if name not in shown:
            shown.append(name)
    return shown


def menu(code: str) -> list[BotCommand]:
    """The command menu described in a language."""
    lang = words(code)
    named = command_names()
    commands = []
    for name in menu_names():
        described = lang.summary(named[name])
        commands.append(BotCommand(name, described[:DESCRIPTION_LIMIT]))
    return commands
