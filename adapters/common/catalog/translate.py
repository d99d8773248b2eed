"""The catalog's words in a language, from the gettext catalogs (`catalog.po`).

Each kind of word has its own context, so one English word can be translated differently as a
command name and as an option name: "catalog command" (command and group names, as Discord
shows them and word platforms accept them), "catalog summary", "catalog option" (option names),
"catalog option help", "catalog choice", "catalog flag", "catalog error" and "catalog help".
Localised command and option names obey Discord's name rules (lowercase, no spaces, at most 32
characters), which a test checks for every language.
"""

from __future__ import annotations

from functools import cache

from adapters.common.catalog.errors import MESSAGES
from adapters.common.catalog.spec import Choice, Entry, Group, Param
from chatdealer.render.language import LANGUAGES, Language, language

FLAG_WORDS = {True: ("on", "yes", "true", "y", "1"), False: ("off", "no", "false", "n", "0")}
"""The English words for a flag; "on", "yes", "off" and "no" are translated too."""
TRANSLATED_FLAG_WORDS = ("on", "yes", "off", "no")


class Words:
    """One language's catalog words."""

    def __init__(self, code: str) -> None:
        self.code = code if code in LANGUAGES else "en"
        self.language: Language = language(self.code)

    def text(self, context: str, message: str) -> str:
        return self.language.text(f"catalog {context}", message)

    def command(self, name: str) -> str:
        """A command's or a group's name in this language (`join` is `сесть` in Russian)."""
        return self.text("command", name)

    def entry_name(self, entry: Entry) -> str:
        return self.command(entry.name)

    def summary(self, item: Entry | Group) -> str:
        return self.text("summary", item.summary)

    def option(self, param: Param) -> str:
        return self.text("option", param.name)

    def option_help(self, param: Param) -> str:
        return self.text("option help", param.help)

    def choice(self, choice: Choice) -> str:
        return self.text("choice", choice.label)

    def flag_words(self, on: bool) -> frozenset[str]:
        return _flag_words(on)

    def error(self, code: str) -> str:
        return self.text("error", MESSAGES.get(code, code))

    def help(self, message: str) -> str:
        return self.text("help", message)


@cache
def words(code: str) -> Words:
    return Words(code)


@cache
def _flag_words(on: bool) -> frozenset[str]:
    """Every language's words for on (or off): a Bulgarian "да" is understood at any table."""
    found = set(FLAG_WORDS[on])
    for code in LANGUAGES:
        lang = language(code)
        for english in TRANSLATED_FLAG_WORDS:
            if (english in FLAG_WORDS[on]) and (said := lang.text("catalog flag", english)):
                found.add(said.lower())
    return frozenset(found)
