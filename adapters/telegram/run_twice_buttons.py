"""The Once and Twice buttons on the table message while its all-in players are asked to run
the board twice (docs/rules.md §15).

Their data carries the question's token (``t:<hand>.<sequence>:2``) and nothing else: the table
is the one of the message pressed and the presser is whom Telegram says pressed, and the dealer
checks they were asked and have not answered, so a stale or doubled press changes nothing.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton

from adapters.telegram.callbacks import b36, from_b36
from adapters.telegram.texts import ui
from chatdealer.dealer import ActionToken, RunTwiceAnswer, TableView

PREFIX = "t"


def run_twice_row(view: TableView, lang: str) -> list[InlineKeyboardButton]:
    """Once and Twice, while the table asks; no buttons otherwise."""
    question = view.run_twice
    if question is None:
        return []
    token = f"{b36(question.token.hand)}.{b36(question.token.sequence)}"
    return [
        InlineKeyboardButton(ui(lang, "run_once"), callback_data=f"{PREFIX}:{token}:1"),
        InlineKeyboardButton(ui(lang, "run_twice"), callback_data=f"{PREFIX}:{token}:2"),
    ]


def parse_run_twice(data: str | None) -> RunTwiceAnswer | None:
    """The answer a press gives, or None for data that is not a Once or Twice button's."""
    parts = (data or "").split(":")
    if len(parts) != 3 or parts[0] != PREFIX or parts[2] not in ("1", "2"):
        return None
    hand, dot, sequence = parts[1].partition(".")
    try:
        token = ActionToken(from_b36(hand), from_b36(sequence))
    except ValueError:
        return None
    return RunTwiceAnswer(token=token, twice=parts[2] == "2") if dot else None
