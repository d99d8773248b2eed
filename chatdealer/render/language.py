"""One table's language: its catalog, its numbers and its counted nouns.

Every string the renderer shows goes through `Language`, so the language is chosen per call
(the table's `language` setting) rather than per process, as gettext's global `install` would.
"""

from __future__ import annotations

import gettext
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

DOMAIN = "chatdealer"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "ru", "bg")

# A counted noun: the English singular and plural, as ngettext ids (context "count").
NOUNS = {
    "chips": ("{count} chip", "{count} chips"),
    "players": ("{count} player", "{count} players"),
    "seats": ("{count} seat", "{count} seats"),
    "seconds": ("{count} second", "{count} seconds"),
    "levels": ("{count} level", "{count} levels"),
    "rebuys": ("{count} rebuy", "{count} rebuys"),
    "hours": ("{count} hour", "{count} hours"),
}


REMEMBERED_TEXTS = 4096
"""More messages than the catalogs hold: a text made up at run time is looked up each time."""


@dataclass(frozen=True)
class Language:
    code: str
    catalog: gettext.NullTranslations
    name_markup: Callable[[str], str] | None = None
    """How a player's name is made safe in the chat's markup (Discord escapes its markdown),
    applied wherever a name is put into a text; None leaves names as they are."""
    _texts: dict[tuple[str, str], str] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Each message as looked up once: a table message asks for a few dozen, every action."""

    def text(self, context: str, message: str) -> str:
        try:
            return self._texts[context, message]
        except KeyError:
            found = self.catalog.pgettext(context, message)
            if len(self._texts) < REMEMBERED_TEXTS:
                self._texts[context, message] = found
            return found

    def plural(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.catalog.npgettext(context, singular, plural, n)

    def number(self, value: int) -> str:
        """Thousands grouped the way the language writes them: "1,200", "1 200"."""
        separator = self.text("thousands separator", ",")
        return f"{value:,}".replace(",", separator)

    def count(self, noun: str, n: int) -> str:
        """A number with its noun, in the right plural form: "1 фишка", "5 фишек"."""
        singular, plural = NOUNS[noun]
        return self.plural("count", singular, plural, n).format(count=self.number(n))

    def chips(self, n: int) -> str:
        return self.count("chips", n)

    def seconds_left(self, deadline: float, now: float) -> int:
        return max(0, math.ceil(deadline - now))


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The catalog of a language; an unknown language or a missing file falls back to English."""
    if code not in LANGUAGES:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, [code], fallback=True)


@cache
def language(code: str) -> Language:
    """The language of a table; an unknown code speaks English."""
    return Language(code, translations(code))
