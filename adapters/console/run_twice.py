"""`once` and `twice` typed while the table asks its all-in players to run the board twice,
in English or the table's language (`один`, `дважды`): the terminal's Once and Twice buttons."""

from __future__ import annotations

from functools import cache

from chatdealer.render.language import LANGUAGES, language

WORD_CONTEXT = "terminal run-twice word"
ANSWERS = {"once": False, "twice": True}


@cache
def _words() -> dict[str, bool]:
    found = dict(ANSWERS)
    for code in LANGUAGES:
        for english, twice in ANSWERS.items():
            found.setdefault(language(code).text(WORD_CONTEXT, english).casefold(), twice)
    return found


def run_twice_word(line: str) -> bool | None:
    """True for a line that says twice, False for once, None for any other line."""
    words = line.split()
    if len(words) != 1:
        return None
    return _words().get(words[0].casefold())
