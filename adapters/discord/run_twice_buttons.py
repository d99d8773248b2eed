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

from adapters.discord.press_buttons import PressButton, Service
from adapters.discord.texts import ui
from chatdealer.dealer import ActionToken, TableView


class RunTwiceButton(
    PressButton,
    template=r"cd:rt:(?P<channel>[0-9]+):(?P<token>[0-9]+\.[0-9]+):(?P<runs>[12])",
):
    def __init__(self, channel: int, token: ActionToken, twice: bool, *, label: str = "") -> None:
        super().__init__(
            f"cd:rt:{channel}:{token}:{2 if twice else 1}",
            label=label or ("twice" if twice else "once"),
            style=discord.ButtonStyle.success if twice else discord.ButtonStyle.secondary,
            row=0,
        )
        self.channel = channel
        self.token = token
        self.twice = twice

    @classmethod
    def parsed(cls, match: re.Match[str], label: str) -> RunTwiceButton:
        token = ActionToken.parse(match["token"])
        return cls(int(match["channel"]), token, match["runs"] == "2", label=label)

    async def press(self, service: Service, interaction: discord.Interaction[Any]) -> None:
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
