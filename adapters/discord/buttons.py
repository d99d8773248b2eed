"""The table message's buttons and the raise form.

Buttons are `DynamicItem`s (`press_buttons.PressButton`): everything a click needs is in its
custom id — the channel and the action token, e.g. ``cd:act:123:12.5:call`` — so a button
keeps working after the bot restarts, and a click on a button from an earlier street carries a
stale token the dealer refuses. Which buttons to show comes from the table view's `TurnView`;
the dealer decides whether a click is legal.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from adapters.common.betting import all_in_offered, raise_offers, raise_word
from adapters.discord.press_buttons import PressButton, Service, service_of
from adapters.discord.run_twice_buttons import run_twice_buttons
from adapters.discord.show_after_buttons import show_after_buttons
from adapters.discord.texts import ui
from chatdealer.dealer import ActionName, ActionToken, PrivateView, TableView, TurnView
from chatdealer.render import cards_text, private_text
from chatdealer.render import language as language_named

ACTIONS: tuple[ActionName, ...] = ("fold", "check", "call", "raise", "allin", "show", "muck")


_GREY = discord.ButtonStyle.secondary


class ActButton(
    PressButton,
    template=r"cd:act:(?P<channel>[0-9]+):(?P<token>[0-9]+\.[0-9]+):(?P<action>[a-z]+)",
):
    def __init__(
        self,
        channel: int,
        token: ActionToken,
        action: ActionName,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            f"cd:act:{channel}:{token}:{action}", label=label or action, style=style, row=0
        )
        self.channel = channel
        self.token = token
        self.action: ActionName = action

    @classmethod
    def parsed(cls, match: re.Match[str], label: str) -> ActButton:
        action = match["action"]
        if action not in ACTIONS:
            raise ValueError(f"unknown action {action!r}")
        return cls(int(match["channel"]), ActionToken.parse(match["token"]), action, label=label)

    async def press(self, service: Service, interaction: discord.Interaction[Any]) -> None:
        if self.action == "raise":
            await service.open_raise(interaction, self.channel, self.token)
        else:
            await service.act(interaction, self.channel, self.token, self.action)


class CardsButton(PressButton, template=r"cd:cards:(?P<channel>[0-9]+)"):
    def __init__(self, channel: int, *, label: str = "") -> None:
        super().__init__(
            f"cd:cards:{channel}",
            label=label or "My cards",
            style=discord.ButtonStyle.primary,
            row=1,
            emoji="🂠",
        )
        self.channel = channel

    @classmethod
    def parsed(cls, match: re.Match[str], label: str) -> CardsButton:
        return cls(int(match["channel"]), label=label)

    async def press(self, service: Service, interaction: discord.Interaction[Any]) -> None:
        await service.show_cards(interaction, self.channel)


def table_buttons(channel: int, view: TableView, language: str) -> discord.ui.View | None:
    """The action buttons for the player to act, and "My cards" while a hand is played;
    between hands, the Show buttons while the last hand's cards may be shown."""
    buttons = discord.ui.View(timeout=None)
    if not view.hand_running:
        showing = show_after_buttons(channel, view, language)
        for shower in showing:
            buttons.add_item(shower)
        return buttons if showing else None
    turn = view.turn
    if turn is not None:
        for button in _action_buttons(channel, turn, view, language):
            buttons.add_item(button)
    waiting = view.showdown
    if waiting is not None:  # the press is the presser's, and the dealer checks it is theirs
        answers: tuple[tuple[ActionName, discord.ButtonStyle], ...] = (
            ("show", discord.ButtonStyle.primary),
            ("muck", _GREY),
        )
        for action, style in answers:
            label = ui(language, action)
            buttons.add_item(ActButton(channel, waiting.token, action, label=label, style=style))
    for asking in run_twice_buttons(channel, view, language):
        buttons.add_item(asking)
    buttons.add_item(CardsButton(channel, label=ui(language, "cards")))
    return buttons


def with_link(
    buttons: discord.ui.View | None, link: tuple[str, str] | None
) -> discord.ui.View | None:
    """`buttons` with a link button (its label and address) after them, on a row of its own."""
    if link is None:
        return buttons
    buttons = buttons or discord.ui.View(timeout=None)
    label, url = link
    buttons.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=label, url=url, row=4))
    return buttons


def _action_buttons(
    channel: int, turn: TurnView, view: TableView, language: str
) -> list[ActButton]:
    token = turn.token
    red, grey, green = (
        discord.ButtonStyle.danger,
        discord.ButtonStyle.secondary,
        discord.ButtonStyle.success,
    )
    buttons = []
    if turn.can_fold:
        buttons.append(ActButton(channel, token, "fold", label=ui(language, "fold"), style=red))
    if turn.can_check:
        buttons.append(ActButton(channel, token, "check", label=ui(language, "check"), style=grey))
    elif turn.can_call:
        label = ui(language, "call", amount=f"{turn.to_call:,}")
        buttons.append(ActButton(channel, token, "call", label=label, style=grey))
    if turn.min_raise_to is not None and turn.max_raise_to is not None:
        word = raise_word(turn, view)
        label = ui(language, word)
        buttons.append(
            ActButton(channel, token, "raise", label=label, style=discord.ButtonStyle.primary)
        )
        if all_in_offered(view):
            label = ui(language, "allin", amount=f"{turn.all_in_to:,}")
            buttons.append(ActButton(channel, token, "allin", label=label, style=green))
    return buttons


TEXT_DISPLAY_LIMIT = 4000
"""Discord's most characters in a text display (a form's title and labels hold 45)."""


def form_cards(cards: PrivateView, language: str) -> str:
    """The presser's own cards, best hand and the board, read while typing a raise: a form
    covers the table message, and the cards DM may be out of sight."""
    said = language_named(language)
    board = cards_text(cards.board) if cards.board else said.text("table", "pre-flop")
    board_line = said.text("table", "Board: {cards}").format(cards=board)
    return f"{private_text(cards, said)}\n{board_line}"[:TEXT_DISPLAY_LIMIT]


class RaiseForm(discord.ui.Modal):
    """The amount to raise to: typed, or one of the quick sizes, under the presser's own cards
    (a form is seen by its presser alone). Its answer is taken by its custom id
    (`submit_raise`), not by this object, so it works across a restart."""

    def __init__(
        self,
        channel: int,
        token: ActionToken,
        view: TableView,
        language: str,
        cards: PrivateView | None = None,
    ) -> None:
        super().__init__(
            title=ui(language, "raise_title"), custom_id=f"cd:raise:{channel}:{token}", timeout=600
        )
        self.channel = channel
        self.token = token
        self.language = language
        if cards is not None:
            self.add_item(discord.ui.TextDisplay(form_cards(cards, language)))
        turn = view.turn
        assert turn is not None and turn.min_raise_to is not None
        low, high = turn.min_raise_to, turn.max_raise_to or turn.min_raise_to
        self.amount: discord.ui.TextInput[RaiseForm] = discord.ui.TextInput(
            label=ui(language, "amount", low=f"{low:,}", high=f"{high:,}")[:45],
            custom_id="amount",
            required=False,
            placeholder=str(low),
            max_length=12,
        )
        self.add_item(self.amount)
        options = [
            discord.SelectOption(label=offer.label, value=str(offer.amount))
            for offer in raise_offers(view, language_named(language))
        ]
        self.quick: discord.ui.Select[RaiseForm] = discord.ui.Select(
            custom_id="quick", options=options, required=False, min_values=0, max_values=1
        )
        self.add_item(discord.ui.Label(text=ui(language, "quick"), component=self.quick))


RAISE_FORM = re.compile(r"^cd:raise:(?P<channel>[0-9]+):(?P<token>[0-9]+\.[0-9]+)$")
"""The raise form's custom id: its table's channel and the turn it raises at."""


def form_values(data: object) -> tuple[str, str | None]:
    """What a submitted raise form holds, read from the interaction's data (no stored form
    is needed, so one opened before a restart is read the same): the typed amount and the
    quick size picked."""
    typed, quick = "", None
    stack = list(data.get("components", [])) if isinstance(data, dict) else []
    while stack:
        component = stack.pop()
        if not isinstance(component, dict):
            continue
        stack += component.get("components", [])
        if isinstance(component.get("component"), dict):
            stack.append(component["component"])
        if component.get("custom_id") == "amount":
            typed = str(component.get("value") or "")
        elif component.get("custom_id") == "quick" and component.get("values"):
            quick = str(component["values"][0])
    return typed, quick


def chosen_amount(typed: str, quick: str | None) -> int | None:
    """The amount typed (`1,250`, `1 250`), else the quick size picked, else None."""
    cleaned = re.sub(r"[\s,.'_]", "", typed)
    if cleaned.isdigit():
        return int(cleaned)
    if quick is not None and quick.isdigit():
        return int(quick)
    return None


async def submit_raise(interaction: discord.Interaction[Any]) -> bool:
    """Takes a submitted raise form by its custom id; False when the interaction is not one."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return False
    data: dict[str, Any] = dict(interaction.data or {})
    found = RAISE_FORM.match(str(data.get("custom_id", "")))
    if found is None:
        return False
    token = ActionToken.parse(found["token"])
    await service_of(interaction.client).submit_raise(interaction, int(found["channel"]), token)
    return True
