"""The catalog itself: every dealer verb has an entry, and every entry fits every platform
(Discord's name rules and limits, Telegram's command names)."""

from __future__ import annotations

import re

from adapters.common.catalog import (
    DISCORD_ROOT,
    Kind,
    entries,
    groups,
    in_group,
    missing_entries,
    telegram_name,
    top_level,
    verbs_without_entry,
)
from adapters.common.catalog.spec import DESCRIPTION_LIMIT
from adapters.common.words import LABELS

DISCORD_NAME = re.compile(r"^[-_\w]{1,32}$")
TELEGRAM_NAME = re.compile(r"^[a-z0-9_]{1,32}$")
WORD = re.compile(r"^[a-z][a-z0-9_]*$")


def test_every_dealer_verb_has_an_entry() -> None:
    assert verbs_without_entry() == []


def test_missing_entries_names_what_an_adapter_lacks() -> None:
    keys = [entry.key for entry in entries()]
    assert missing_entries(keys) == []
    assert missing_entries([key for key in keys if key != "tournament rebuy"]) == [
        "tournament rebuy"
    ]


def test_keys_names_and_aliases_are_unique_at_each_level() -> None:
    assert len({entry.key for entry in entries()}) == len(entries())
    for level in (top_level(), *(in_group(group) for group in groups())):
        names = [entry.name for entry in level]
        if level == top_level():
            names += [group.name for group in groups()]
        words = names + [alias for entry in level for alias in entry.aliases]
        assert len(words) == len(set(words)), level


def test_names_fit_discord_and_telegram() -> None:
    assert DISCORD_NAME.match(DISCORD_ROOT)
    for entry in entries():
        assert WORD.match(entry.name), entry.name
        assert TELEGRAM_NAME.match(telegram_name(entry)), entry.name
        assert 1 <= len(entry.summary) <= DESCRIPTION_LIMIT, entry.summary
        for param in entry.params:
            assert WORD.match(param.name) and len(param.name) <= 32, param.name
            assert 1 <= len(param.help) <= DESCRIPTION_LIMIT, param.help
            for choice in param.choices:
                assert 1 <= len(choice.label) <= 100 and len(choice.word) <= 100
    for group in groups():
        assert WORD.match(group.name) and len(group.summary) <= DESCRIPTION_LIMIT


def test_discords_limits_hold() -> None:
    """At most 25 subcommands and groups under /poker (a group of its own top-level command,
    `/host`, `/house`, is not under it), 25 options and 25 choices each."""
    assert len(top_level()) + len([g for g in groups() if not g.discord_root]) <= 25
    for group in groups():
        assert len(in_group(group)) <= 25
    for entry in entries():
        assert len(entry.params) <= 25
        names = [param.name for param in entry.params]
        assert len(names) == len(set(names))
        for param in entry.params:
            assert len(param.choices) <= 25
            assert not param.required or param.kind is not Kind.FLAG


def test_required_parameters_come_before_optional_ones() -> None:
    """Discord wants them in that order; the word parser fills positionals in that order."""
    for entry in entries():
        required = [param.required for param in entry.params]
        assert required == sorted(required, reverse=True), entry.key


def test_every_choice_word_has_a_label() -> None:
    for entry in entries():
        for param in entry.params:
            for choice in param.choices:
                assert choice.word in LABELS, (entry.key, choice.word)


def test_every_entry_that_makes_a_verb_says_which() -> None:
    for entry in entries():
        assert entry.verbs or entry.name == "help", entry.key
