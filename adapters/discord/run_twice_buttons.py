"""The Once and Twice buttons under the table while its all-in players are asked to run the
board twice (docs/rules.md §15).

Their custom id names the channel and the question's token (``cd:rt:<channel>:<token>:2``); the
presser is whom Discord says pressed, and the dealer checks that they were asked and have not
answered, so a stale or doubled click is refused and changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from adapters.discord import buttons as registry  # buttons.py shows these: imported late
from adapters.discord.texts import ui
from chatdealer.dealer import ActionToken, TableView


class RunTwiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"cd:rt:(?P<channel>[0-9]+):(?P<token>[0-9]+\.[0-9]+):(?P<runs>[12])",
):
    def __init__(self, channel: int, token: ActionToken, twice: bool, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or ("twice" if twice else "once"),
                style=discord.ButtonStyle.success if twice else discord.ButtonStyle.secondary,
                custom_id=f"cd:rt:{channel}:{token}:{2 if twice else 1}",
                row=0,
            )
        )
        self.channel = channel
        self.token = token
        self.twice = twice

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RunTwiceButton:
        label = getattr(item, "label", None) or ""
        token = ActionToken.parse(match["token"])
        return cls(int(match["channel"]), token, match["runs"] == "2", label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        service = registry.service_of(interaction.client)
        await service.answer_run_twice(interaction, self.channel, self.token, self.twice)


def run_twice_buttons(channel: int, view: TableView, language: str) -> list[RunTwiceButton]:
    """Once and Twice, while the table asks; none otherwise."""
    question = view.run_twice
    if question is None:
        return []
    return [
        RunTwiceButton(channel, question.token, False, label=ui(language, "run_once")),
        RunTwiceButton(channel, question.token, True, label=ui(language, "run_twice")),
    ]
