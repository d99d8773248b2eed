"""What the "every verb on every adapter" tests ask of the catalog.

Each adapter's test lists the command words it serves (Discord: the command tree's paths;
Telegram: its handlers' commands and the group words they dispatch; the terminal: what its
reader knows) and asserts `missing_entries(...)` is empty; a test of the catalog asserts every
dealer verb has an entry (`verbs_without_entry`). The end-to-end tests record which entries
they exercised and assert `missing_entries(exercised)` is empty too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import get_args

from adapters.common.catalog.entries import entries
from chatdealer.dealer import Act, RunTwiceAnswer, Verb

PLAYED_WITH_BUTTONS: tuple[type, ...] = (Act, RunTwiceAnswer)
"""Dealer verbs no command stands for: the betting actions and the answer to running it twice,
played with buttons (typed as words in the terminal: `call`, `twice`)."""


def missing_entries(served: Iterable[str]) -> list[str]:
    """The catalog's entries (by key: `join`, `tournament open`) not among `served`."""
    have = set(served)
    return [entry.key for entry in entries() if entry.key not in have]


def verbs_without_entry() -> list[str]:
    """Dealer verbs that no entry of the catalog makes (besides the betting actions)."""
    made = {verb for entry in entries() for verb in entry.verbs}
    return [
        verb.__name__
        for verb in get_args(Verb)
        if verb not in made and verb not in PLAYED_WITH_BUTTONS
    ]
