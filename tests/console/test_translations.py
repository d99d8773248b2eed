"""Every word the terminal can print is in Russian and Bulgarian: its own sentences and typed
words, and the renderer's refusals and notices it shows (the catalog's help and errors are
checked by the catalog's own test)."""

from __future__ import annotations

import pytest

from adapters.console.commands import QUIT_CONTEXT, help_text
from adapters.console.moves import TRANSLATED_WORDS, WORD_CONTEXT
from adapters.console.words import CONTEXT, MESSAGES, Words
from chatdealer.render import language, untranslated
from chatdealer.render.catalogs import read_entries


def translated(code: str) -> dict[tuple[str, str], str]:
    return {
        (entry.context or "", entry.msgid): entry.value
        for entry in read_entries(code)
        if entry.msgid and entry.translated
    }


def terminal_messages() -> list[tuple[str, str]]:
    return [
        *((CONTEXT, english) for english in MESSAGES.values()),
        *((WORD_CONTEXT, word) for word in TRANSLATED_WORDS),
        (QUIT_CONTEXT, "quit"),
    ]


@pytest.mark.parametrize("code", ["ru", "bg"])
def test_every_sentence_and_word_of_the_terminal_is_translated(code: str) -> None:
    done = translated(code)
    assert [message for message in terminal_messages() if message not in done] == []


@pytest.mark.parametrize("code", ["ru", "bg"])
def test_every_sentence_keeps_its_placeholders(code: str) -> None:
    words = Words(language(code))
    for key, english in MESSAGES.items():
        names = {part.split("}")[0] for part in english.split("{")[1:]}
        said = words(key, **{name: "X" for name in names})
        assert said != english.format(**{name: "X" for name in names}), key


@pytest.mark.parametrize("code", ["ru", "bg"])
def test_the_refusals_and_notices_it_shows_are_translated(code: str) -> None:
    lang = language(code)
    assert untranslated(lang, "refusal") == []
    assert untranslated(lang, "notice") == []


@pytest.mark.parametrize("code", ["ru", "bg"])
def test_the_whole_help_is_in_the_language(code: str) -> None:
    english = help_text(None, Words(language("en")))
    said = help_text(None, Words(language(code)))
    assert len(said) == len(english)
    same = [line for line, en in zip(said, english, strict=True) if line == en and line]
    assert same == []
