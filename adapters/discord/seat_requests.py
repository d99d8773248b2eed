"""The Approve and Decline buttons under a join request (issue 17).

Their custom id names the channel and the asker (``cd:seat:<channel>:y:<id>``); the presser
is whom Discord says pressed, and the dealer checks that they run the table and that the asker
did ask, as it does for `/host approve`.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from adapters.discord.buttons import service_of
from adapters.discord.texts import ui


class SeatAnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"cd:seat:(?P<channel>[0-9]+):(?P<yes>[yn]):(?P<player>[0-9]{1,20})",
):
    def __init__(self, channel: int, player: str, yes: bool, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or ("approve" if yes else "decline"),
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.secondary,
                custom_id=f"cd:seat:{channel}:{'y' if yes else 'n'}:{player}",
            )
        )
        self.channel = channel
        self.player = player
        self.yes = yes

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> SeatAnswerButton:
        label = getattr(item, "label", None) or ""
        return cls(int(match["channel"]), match["player"], match["yes"] == "y", label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        service = service_of(interaction.client)
        await service.answer_request(interaction, self.channel, self.player, self.yes)


def request_buttons(channel: int, player: str, language: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SeatAnswerButton(channel, player, True, label=ui(language, "approve")))
    view.add_item(SeatAnswerButton(channel, player, False, label=ui(language, "decline")))
    return view
