"""The Show buttons on the table message between hands, while the last hand's uncontested
winner and the players who folded may still show their cards (docs/rules.md §7).

Their data carries the hand and the card (``v:<hand>:1``, 0 for all) and nothing else: the
table is the one of the message pressed and the presser is whom Telegram says pressed, and the
dealer checks that they may show, so a press from anyone else, from an earlier hand or after
the next deal is refused and changes nothing.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton

from adapters.telegram.callbacks import b36, from_b36
from adapters.telegram.texts import ui
from chatdealer.dealer import TableView
from chatdealer.dealer.commands import ShowCards

PREFIX = "v"
LABELS = {1: "show_first", 2: "show_second", 0: "show_all"}


def show_after_row(view: TableView, lang: str) -> list[InlineKeyboardButton]:
    """Card 1, card 2 and all, while someone may still show; no buttons otherwise."""
    window = view.show_after
    if window is None:
        return []
    hand = b36(window.hand_number)
    return [
        InlineKeyboardButton(ui(lang, key), callback_data=f"{PREFIX}:{hand}:{card}")
        for card, key in LABELS.items()
    ]


def parse_show_after(data: str | None) -> ShowCards | None:
    """The show a press asks for, or None for data that is not a Show button's."""
    parts = (data or "").split(":")
    if len(parts) != 3 or parts[0] != PREFIX or parts[2] not in ("0", "1", "2"):
        return None
    try:
        hand = from_b36(parts[1])
    except ValueError:
        return None
    return ShowCards(card=int(parts[2]), hand=hand) if hand > 0 else None
