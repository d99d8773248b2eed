"""The table message's inline keyboard, and the callback data its buttons carry.

Everything a press needs is in its data, within Telegram's 64 bytes: the table (chat and forum
topic) and the action token, numbers written in base 36, e.g. ``a:-ra8w3k1:0:c.5:r:1k`` (raise
to 56 at hand 12, action 5). A press on a keyboard from an earlier street carries a stale token
the dealer refuses. Which buttons to show comes from the view's `TurnView`; the dealer decides
whether a press is legal.
"""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.common.betting import raise_offers
from adapters.telegram.texts import ui
from chatdealer.dealer import ActionName, ActionToken, TableView, TurnView
from chatdealer.render import language as language_named
from chatdealer.store import TableId

CALLBACK_LIMIT = 64
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
ACTION_CODES: dict[ActionName, str] = {
    "fold": "f",
    "check": "k",
    "call": "c",
    "bet": "b",
    "raise": "r",
    "allin": "a",
    "show": "s",
    "muck": "m",
}
ACTIONS_BY_CODE = {code: action for action, code in ACTION_CODES.items()}


def b36(number: int) -> str:
    if number < 0:
        return "-" + b36(-number)
    digits = []
    while True:
        number, digit = divmod(number, 36)
        digits.append(DIGITS[digit])
        if not number:
            return "".join(reversed(digits))


def from_b36(text: str) -> int:
    return int(text, 36)


@dataclass(frozen=True, slots=True)
class Press:
    """A decoded button press: an action (with its token) or "My cards"."""

    chat_id: int
    topic: int
    action: ActionName | None = None
    token: ActionToken | None = None
    amount: int | None = None

    def table(self) -> TableId:
        return TableId("telegram", str(self.chat_id), str(self.topic))


def act_data(
    chat_id: int, topic: int, token: ActionToken, action: ActionName, amount: int | None = None
) -> str:
    parts = ["a", b36(chat_id), b36(topic), f"{b36(token.hand)}.{b36(token.sequence)}"]
    parts.append(ACTION_CODES[action])
    if amount is not None:
        parts.append(b36(amount))
    data = ":".join(parts)
    if len(data.encode()) > CALLBACK_LIMIT:
        raise ValueError(f"callback data over {CALLBACK_LIMIT} bytes: {data!r}")
    return data


def cards_data(chat_id: int, topic: int) -> str:
    return f"m:{b36(chat_id)}:{b36(topic)}"


def parse_press(data: str | None) -> Press | None:
    """The press, or None for data this bot did not make."""
    if not data:
        return None
    parts = data.split(":")
    try:
        if parts[0] == "m" and len(parts) == 3:
            return Press(from_b36(parts[1]), from_b36(parts[2]))
        if parts[0] == "a" and len(parts) in (5, 6):
            hand, dot, sequence = parts[3].partition(".")
            action = ACTIONS_BY_CODE.get(parts[4])
            if not dot or action is None:
                return None
            amount = from_b36(parts[5]) if len(parts) == 6 else None
            token = ActionToken(from_b36(hand), from_b36(sequence))
            return Press(from_b36(parts[1]), from_b36(parts[2]), action, token, amount)
    except ValueError:
        return None
    return None


def table_keyboard(table: TableId, view: TableView, language: str) -> InlineKeyboardMarkup | None:
    """The action buttons for the player to act, and "My cards" while a hand is played;
    between hands, the Show buttons while the last hand's cards may be shown."""
    if not view.hand_running:
        from adapters.telegram.show_after_buttons import show_after_row  # it imports this module

        showing = show_after_row(view, language)
        return InlineKeyboardMarkup([showing]) if showing else None
    chat_id, topic = int(table.community), int(table.channel)
    rows: list[list[InlineKeyboardButton]] = []
    turn = view.turn
    if turn is not None:
        rows += _action_rows(chat_id, topic, turn, view, language)
    waiting = view.showdown
    if waiting is not None:  # the presser is who Telegram says; the dealer checks it is theirs
        answers: tuple[ActionName, ...] = ("show", "muck")
        rows.append(
            [
                InlineKeyboardButton(
                    ui(language, action),
                    callback_data=act_data(chat_id, topic, waiting.token, action, None),
                )
                for action in answers
            ]
        )
    if view.run_twice is not None:
        from adapters.telegram.run_twice_buttons import run_twice_row  # it imports this module

        rows.append(run_twice_row(view, language))
    rows.append(
        [InlineKeyboardButton(ui(language, "cards"), callback_data=cards_data(chat_id, topic))]
    )
    return InlineKeyboardMarkup(rows)


def with_url_row(
    keyboard: InlineKeyboardMarkup | None, link: tuple[str, str] | None
) -> InlineKeyboardMarkup | None:
    """`keyboard` with a row holding one link button (its label and address) below it."""
    if link is None:
        return keyboard
    rows = [list(row) for row in keyboard.inline_keyboard] if keyboard is not None else []
    label, url = link
    return InlineKeyboardMarkup([*rows, [InlineKeyboardButton(label, url=url)]])


def _action_rows(
    chat_id: int, topic: int, turn: TurnView, view: TableView, language: str
) -> list[list[InlineKeyboardButton]]:
    token = turn.token

    def button(label: str, action: ActionName, amount: int | None = None) -> InlineKeyboardButton:
        return InlineKeyboardButton(
            label, callback_data=act_data(chat_id, topic, token, action, amount)
        )

    first = []
    if turn.can_fold:
        first.append(button(ui(language, "fold"), "fold"))
    if turn.can_check:
        first.append(button(ui(language, "check"), "check"))
    elif turn.can_call:
        amount = language_named(language).number(turn.to_call)
        first.append(button(ui(language, "call", amount=amount), "call"))
    rows = [first]
    offers = raise_offers(view, language_named(language))
    rows.append([button(o.label, "raise", o.amount) for o in offers if o.action == "raise"])
    rows.append([button(o.label, "allin") for o in offers if o.action == "allin"])
    return [row for row in rows if row]
