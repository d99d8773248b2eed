"""The Approve and Decline buttons under a join request (issue 17).

Their custom id names the channel and the asker (``cd:seat:<channel>:y:<id>``); the presser
is whom Discord says pressed, and the dealer checks that they run the table and that the asker
did ask, as it does for `/host approve`. Once answered, the request's message says who answered
and how, and keeps no buttons; a press on one answered some other way is told so.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from adapters.discord.posts import NO_MENTIONS, fit
from adapters.discord.press_buttons import PressButton, Service
from adapters.discord.texts import ui
from chatdealer.dealer import Outgoing
from chatdealer.dealer.outgoing import Notice, Refused

log = logging.getLogger(__name__)

ANSWERED = {"join_approved": "approved_by", "join_declined": "declined_by"}
"""The dealer's notice of an answer, and the words the request's message ends with."""
GONE = "no_request"
"""The dealer's refusal when the asker has no request waiting (answered, or never made)."""


class SeatAnswerButton(
    PressButton,
    template=r"cd:seat:(?P<channel>[0-9]+):(?P<yes>[yn]):(?P<player>[0-9]{1,20})",
):
    def __init__(self, channel: int, player: str, yes: bool, *, label: str = "") -> None:
        super().__init__(
            f"cd:seat:{channel}:{'y' if yes else 'n'}:{player}",
            label=label or ("approve" if yes else "decline"),
            style=discord.ButtonStyle.success if yes else discord.ButtonStyle.secondary,
        )
        self.channel = channel
        self.player = player
        self.yes = yes

    @classmethod
    def parsed(cls, match: re.Match[str], label: str) -> SeatAnswerButton:
        return cls(int(match["channel"]), match["player"], match["yes"] == "y", label=label)

    async def press(self, service: Service, interaction: discord.Interaction[Any]) -> None:
        await service.answer_request(interaction, self.channel, self.player, self.yes)


def request_buttons(channel: int, player: str, language: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SeatAnswerButton(channel, player, True, label=ui(language, "approve")))
    view.add_item(SeatAnswerButton(channel, player, False, label=ui(language, "decline")))
    return view


def answered_line(out: list[Outgoing], code: str) -> str | None:
    """The words "Approved by Ann" when `out` answered the request, else None."""
    for event in out:
        payload = event.payload
        if event.to is None and isinstance(payload, Notice) and payload.code in ANSWERED:
            host = discord.utils.escape_markdown(str(payload.params.get("host", "")))
            return ui(code, ANSWERED[payload.code], name=host)
    return None


def gone(out: list[Outgoing], presser: str) -> bool:
    """Whether the dealer said the request pressed is no longer waiting."""
    return any(
        event.to == presser and isinstance(event.payload, Refused) and event.payload.code == GONE
        for event in out
    )


async def close(message: discord.Message | None, line: str | None) -> None:
    """The request's message without its buttons, ending with who answered when known."""
    if message is None:
        return
    content = message.content if line is None else f"{message.content}\n{line}"
    try:
        await message.edit(content=fit(content), view=None, allowed_mentions=NO_MENTIONS)
    except discord.HTTPException as problem:
        log.warning("the join request's message was not closed: %s", problem)
