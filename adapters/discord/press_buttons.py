"""What every button of the bot shares: it is a `DynamicItem` whose custom id holds everything
a press needs (the channel, a token, an answer), so it is made again from its custom id after
a restart, and a press goes to the bot's `Service` (`presses.Presses`). Each button says only
its custom id's form, how its parts are read back, and which of the service's answers it is.
"""

from __future__ import annotations

import re
import weakref
from typing import Any, Protocol, Self

import discord

from chatdealer.dealer import ActionName, ActionToken


class Service(Protocol):
    async def act(
        self,
        interaction: discord.Interaction,
        channel: int,
        token: ActionToken,
        action: ActionName,
        amount: int | None = None,
    ) -> None: ...

    async def open_raise(
        self, interaction: discord.Interaction, channel: int, token: ActionToken
    ) -> None: ...

    async def show_cards(self, interaction: discord.Interaction, channel: int) -> None: ...

    async def submit_raise(
        self, interaction: discord.Interaction, channel: int, token: ActionToken
    ) -> None: ...

    async def answer_request(
        self, interaction: discord.Interaction, channel: int, player: str, yes: bool
    ) -> None: ...

    async def answer_run_twice(
        self, interaction: discord.Interaction, channel: int, token: ActionToken, twice: bool
    ) -> None: ...

    async def show_after(
        self, interaction: discord.Interaction, channel: int, hand: int, card: int
    ) -> None: ...


_services: weakref.WeakKeyDictionary[discord.Client, Service] = weakref.WeakKeyDictionary()


def serve(client: discord.Client, service: Service) -> None:
    _services[client] = service


def service_of(client: discord.Client) -> Service:
    return _services[client]


NEVER = r"(?!)"
"""The template of the shared class itself, which names no button (each button has its own)."""


class PressButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=NEVER):
    """A button made from its custom id; subclasses give `template=`, `parsed` and `press`."""

    def __init__(
        self,
        custom_id: str,
        *,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        emoji: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=custom_id, row=row, emoji=emoji)
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls.parsed(match, getattr(item, "label", None) or "")

    @classmethod
    def parsed(cls, match: re.Match[str], label: str) -> Self:
        """The button its custom id's parts name, with the label it was shown with ("" when
        Discord sent none)."""
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await self.press(service_of(interaction.client), interaction)

    async def press(self, service: Service, interaction: discord.Interaction[Any]) -> None:
        """What a press asks of the service."""
        raise NotImplementedError
