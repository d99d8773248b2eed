"""The Show buttons under the table message between hands, while the last hand's uncontested
winner and the players who folded may still show their cards (docs/rules.md §7).

Their custom id names the channel, the hand and the card (``cd:sa:<channel>:<hand>:1``, 0 for
all); the presser is whom Discord says pressed, and the dealer checks that they may show, so a
press from anyone else, from an earlier hand or after the next deal is refused."""

from __future__ import annotations

import re
from typing import Any

import discord

from adapters.discord.press_buttons import PressButton, Service
from adapters.discord.texts import ui
from chatdealer.dealer import TableView

LABELS = {1: "show_first", 2: "show_second", 0: "show_all"}


class ShowAfterButton(
    PressButton,
    template=r"cd:sa:(?P<channel>[0-9]+):(?P<hand>[0-9]+):(?P<card>[0-9])",
):
    def __init__(self, channel: int, hand: int, card: int, *, label: str = "") -> None:
        super().__init__(
            f"cd:sa:{channel}:{hand}:{card}",
            label=label or f"show {card}",
            style=discord.ButtonStyle.primary if card == 0 else discord.ButtonStyle.secondary,
            row=0,
        )
        self.channel = channel
        self.hand = hand
        self.card = card

    @classmethod
    def parsed(cls, match: re.Match[str], label: str) -> ShowAfterButton:
        return cls(int(match["channel"]), int(match["hand"]), int(match["card"]), label=label)

    async def press(self, service: Service, interaction: discord.Interaction[Any]) -> None:
        await service.show_after(interaction, self.channel, self.hand, self.card)


def show_after_buttons(channel: int, view: TableView, language: str) -> list[ShowAfterButton]:
    """Card 1, card 2 and all, while someone may still show; none otherwise."""
    window = view.show_after
    if window is None:
        return []
    return [
        ShowAfterButton(channel, window.hand_number, card, label=ui(language, key))
        for card, key in LABELS.items()
    ]
