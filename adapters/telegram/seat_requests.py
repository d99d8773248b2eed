"""The Approve and Decline buttons under a join request (issue 17).

The request's message carries the asker's id in its buttons' data (``s:y:<id>``); the table is
the one of the message pressed and the presser is whom Telegram says pressed, so the dealer
checks that they run the table and that the asker did ask, as it does for a typed answer.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.texts import ui
from chatdealer.dealer import Answer
from chatdealer.table.limits import MAX_ID

PREFIX = "s"


def request_keyboard(player_id: str, lang: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(ui(lang, "approve"), callback_data=f"{PREFIX}:y:{player_id}"),
                InlineKeyboardButton(ui(lang, "decline"), callback_data=f"{PREFIX}:n:{player_id}"),
            ]
        ]
    )


def parse_answer(data: str | None) -> Answer | None:
    """The answer a press gives, or None for data that is not a join request's."""
    if not data:
        return None
    parts = data.split(":", 2)
    if len(parts) != 3 or parts[0] != PREFIX or parts[1] not in ("y", "n"):
        return None
    if not 0 < len(parts[2]) <= MAX_ID:
        return None
    return Answer(player_id=parts[2], yes=parts[1] == "y")
