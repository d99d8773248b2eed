"""One parser for commands typed as words (Telegram, the terminal): `join 1k 3`,
`create 5/10 pl short`, `settings bb=20 clock=45s`, `tournament open 100 1500 turbo`.

A command is found by its name, an alias or its name in the language (`сесть`), then each word
of the arguments is read in turn:

- `name=value` sets that parameter (by its name, an alias, or its name in the language);
- a flag's name alone turns it on (`join 200 wait`);
- a word of a choice sets that choice (`create pl short`), in any order;
- anything else fills the next positional parameter, in the entry's order; an amount may be
  written with spaces (`1 000`), and a text takes the rest of the line.

Everything read is checked by `values.read_value`; a problem is an `ArgumentError` naming the
entry and the parameter, which `texts.error_text` turns into what was wrong and the right form.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from adapters.common.catalog.entries import entries, groups, in_group, top_level
from adapters.common.catalog.errors import ArgumentError
from adapters.common.catalog.spec import (
    Entry,
    Group,
    Kind,
    Outcome,
    Param,
    Situation,
    Values,
)
from adapters.common.catalog.translate import words
from adapters.common.catalog.values import read_value

_QUOTES = {'"': '"', "'": "'", "«": "»", "“": "”", "„": "“"}
_THOUSANDS = re.compile(r"^\d{3}$")
_LEADING_GROUP = re.compile(r"^\d{1,3}( \d{3})*$")
GREEDY = (Kind.TEXT, Kind.COMMAND)
"""Kinds that take the rest of the line when they are the next positional parameter."""


@dataclass(frozen=True, slots=True)
class Parsed:
    """A command found and its arguments read; `build` makes the dealer verb (or help)."""

    entry: Entry
    values: Values
    typed: dict[str, str] = field(default_factory=dict)
    """Each parameter as it was typed, for showing an example in another platform's form."""

    def build(self, situation: Situation) -> Outcome:
        try:
            return self.entry.build(self.values, situation)
        except ArgumentError as error:
            raise error.about(entry=self.entry) from None


def tokens(text: str) -> list[str]:
    """The words of `text`: split at spaces, quotes keep a phrase together, and `name = value`
    is one word."""
    found: list[str] = []
    index, length = 0, len(text)
    while index < length:
        char = text[index]
        if char.isspace():
            index += 1
            continue
        if char in _QUOTES:
            end = text.find(_QUOTES[char], index + 1)
            if end == -1:
                end = length
            found.append(text[index + 1 : end])
            index = end + 1
            continue
        end = index
        while end < length and not text[end].isspace():
            end += 1
        found.append(text[index:end])
        index = end
    return _joined_equals(found)


def _joined_equals(found: list[str]) -> list[str]:
    joined: list[str] = []
    for word in found:
        if joined and (word.startswith("=") or joined[-1].endswith("=")):
            joined[-1] += word
        else:
            joined.append(word)
    return joined


def _matches(word: str, names: Sequence[str], language: str) -> bool:
    folded = word.casefold()
    lang = words(language)
    return any(folded in (name, lang.command(name).casefold()) for name in names)


def _entry_names(entry: Entry) -> tuple[str, ...]:
    return (entry.name, *entry.aliases, *((entry.telegram,) if entry.telegram else ()))


def find_group(word: str, language: str = "en") -> Group | None:
    return next((g for g in groups() if _matches(word, (g.name,), language)), None)


def find_entry(word: str, language: str = "en", group: Group | None = None) -> Entry | None:
    """The entry `word` names at the top level (or in `group`): its name, an alias, the
    Telegram name, or the name in `language` (English always works)."""
    candidates = in_group(group) if group is not None else top_level()
    for candidate in candidates:
        if _matches(word, (candidate.name,), language):
            return candidate
    for candidate in candidates:
        if _matches(word, _entry_names(candidate), language):
            return candidate
    return None


def help_entry() -> Entry:
    return next(entry for entry in entries() if entry.name == "help" and entry.group is None)


def parse_command(
    text: str,
    *,
    language: str = "en",
    given: Mapping[str, object] | None = None,
) -> Parsed:
    """A whole command: its words, then its arguments (`tournament open 100 1500`).

    A group's word alone asks for the group's help; `given` holds values the platform knows
    already (a Telegram reply's author for `kick`)."""
    words_ = tokens(text)
    if not words_:
        raise ArgumentError("unknown_command", value="")
    first, rest = words_[0], words_[1:]
    group = find_group(first, language)
    if group is not None and find_entry(first, language) is None:
        if not rest:
            return Parsed(help_entry(), Values({"command": group.name}))
        found = find_entry(rest[0], language, group)
        if found is None:
            raise ArgumentError("unknown_command", value=f"{first} {rest[0]}")
        return _parsed(found, rest[1:], language, given)
    found = find_entry(first, language)
    if found is None:
        raise ArgumentError("unknown_command", value=first)
    return _parsed(found, rest, language, given)


def parse_arguments(
    entry: Entry,
    text: str,
    *,
    language: str = "en",
    given: Mapping[str, object] | None = None,
) -> Parsed:
    """The arguments of a command already found (Telegram knows it from `/join`)."""
    return _parsed(entry, tokens(text), language, given)


def read_options(entry: Entry, options: Mapping[str, object], *, language: str = "en") -> Parsed:
    """Discord's options, by name, read and checked as typed words are."""
    values: dict[str, object] = {}
    typed: dict[str, str] = {}
    for param in entry.params:
        raw = options.get(param.name)
        if raw is None:
            continue
        try:
            values[param.name] = read_value(param, raw, language)
        except ArgumentError as error:
            raise error.about(entry=entry) from None
        typed[param.name] = str(raw)
    _require(entry, values)
    return Parsed(entry, Values(values), typed)


def _parsed(
    entry: Entry, arguments: list[str], language: str, given: Mapping[str, object] | None
) -> Parsed:
    entry = _house_for_settings(entry, arguments, language)
    try:
        return _read(entry, arguments, language, dict(given or {}))
    except ArgumentError as error:
        raise error.about(entry=entry) from None


def _read(entry: Entry, arguments: list[str], language: str, given: dict[str, object]) -> Parsed:
    values: dict[str, object] = {}
    typed: dict[str, str] = {}

    def put(param: Param, raw: object) -> None:
        if param.name in values:
            raise ArgumentError("repeated").about(param=param)
        values[param.name] = read_value(param, raw, language)
        typed[param.name] = str(raw)

    for name, raw in given.items():
        param = entry.param(name)
        if param is not None and raw is not None:
            put(param, raw)
    named = _names(entry, language)
    waiting = [
        p
        for p in entry.params
        if p.positional and p.kind not in (Kind.FLAG, Kind.CHOICE) and p.name not in values
    ]
    index = 0
    while index < len(arguments):
        word = arguments[index]
        index += 1
        name, equals, raw = word.partition("=")
        if equals and name:
            param = named.get(name.casefold())
            if param is None:
                shown = ", ".join(p.name for p in entry.params) or "—"
                raise ArgumentError("unknown_name", value=name, names=shown)
            put(param, raw)
            continue
        param = named.get(word.casefold())
        if param is not None and param.kind is Kind.FLAG:
            put(param, True)
            continue
        param = _choice_for(entry, word, values)
        if param is not None:
            put(param, word)
            continue
        waiting = [p for p in waiting if p.name not in values]
        if not waiting:
            raise ArgumentError("extra", value=word)
        param = waiting[0]
        if param.kind in GREEDY:
            word = " ".join([word, *arguments[index:]])
            index = len(arguments)
        elif param.kind is Kind.CHIPS:
            while (
                index < len(arguments)
                and _LEADING_GROUP.match(word)
                and _THOUSANDS.match(arguments[index])
            ):
                word = f"{word} {arguments[index]}"
                index += 1
        put(param, word)
    _require(entry, values)
    return Parsed(entry, Values(values), typed)


def _house_for_settings(entry: Entry, arguments: list[str], language: str) -> Entry:
    """Typed, `settings away=15 refill=10` is `house seating away=15 refill=10`: a settings
    line whose every word is one house entry's `name=value` is read as that entry (Discord
    keeps them apart, its `/poker settings` having no room left)."""
    if entry.key != "settings" or not arguments:
        return entry
    keys = [word.partition("=") for word in arguments]
    if not all(equals and name for name, equals, _ in keys):
        return entry
    table = _names(entry, language)
    for house in in_group("house"):
        names = _names(house, language)
        if all(name.casefold() in names for name, _, _ in keys):
            return house
        for name, _, _ in keys:
            if name.casefold() in names and name.casefold() not in table:
                raise ArgumentError("house_option", value=name)
    return entry


def _require(entry: Entry, values: Mapping[str, object]) -> None:
    for param in entry.params:
        if param.required and param.name not in values:
            raise ArgumentError("missing").about(entry=entry, param=param)


def _names(entry: Entry, language: str) -> dict[str, Param]:
    """Every name a parameter answers to in `name=value`: English, aliases, the language's."""
    lang = words(language)
    named: dict[str, Param] = {}
    for param in entry.params:
        for name in (param.name, *param.aliases, lang.option(param)):
            named.setdefault(name.casefold(), param)
    return named


def _choice_for(entry: Entry, word: str, values: Mapping[str, object]) -> Param | None:
    folded = word.casefold()
    for param in entry.params:
        if param.kind is Kind.CHOICE and param.name not in values and param.choice(folded):
            return param
    return None
