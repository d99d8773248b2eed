"""The Approve and Decline buttons under a join request (issue 17).

The request's message carries the asker's id in its buttons' data (``s:y:<id>``); the table is
the one of the message pressed and the presser is whom Telegram says pressed, so the dealer
checks that they run the table and that the asker did ask, as it does for a typed answer.
Once answered, the request's message says who answered and how, and keeps no buttons; a press
on one answered some other way is told so.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message

from adapters.telegram.posts import TEXT_LIMIT, cut
from adapters.telegram.texts import ui
from chatdealer.dealer import Answer, Outgoing
from chatdealer.dealer.outgoing import Notice, Refused
from chatdealer.table.limits import MAX_ID

PREFIX = "s"
ANSWERED = {"join_approved": "approved_by", "join_declined": "declined_by"}
"""The dealer's notice of an answer, and the words the request's message ends with."""
GONE = "no_request"
"""The dealer's refusal when the asker has no request waiting (answered, or never made)."""


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


def answered_line(out: list[Outgoing], lang: str) -> str | None:
    """ "Approved by Ann" when `out` answered the request, else None."""
    for event in out:
        payload = event.payload
        if event.to is None and isinstance(payload, Notice) and payload.code in ANSWERED:
            return ui(lang, ANSWERED[payload.code], name=str(payload.params.get("host", "")))
    return None


def gone(out: list[Outgoing], presser: str) -> bool:
    """Whether the dealer said the request pressed is no longer waiting."""
    return any(
        event.to == presser and isinstance(event.payload, Refused) and event.payload.code == GONE
        for event in out
    )


async def close(message: Message, line: str | None) -> None:
    """The request's message without its buttons, ending with who answered when known (sent
    through the outbox, which logs a failure)."""
    if line is None:
        await message.edit_reply_markup(reply_markup=None)
    else:
        await message.edit_text(cut(f"{message.text or ''}\n{line}", TEXT_LIMIT))
