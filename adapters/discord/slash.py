"""What a `/poker` command does: its options read with the catalog, the dealer verb built and
run, the answer delivered. One path for every command of the catalog, so a bad argument is
answered the same way everywhere (what was wrong and the right form, only to the asker) and
nothing reaches the dealer.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from adapters.common.catalog import (
    MARKUP,
    ArgumentError,
    Completion,
    Entry,
    HelpWanted,
    MemberRef,
    Param,
    Platform,
    Situation,
    chunks,
    entries,
    error_text,
    read_options,
    spelled,
    topic_help,
    words,
)
from adapters.discord.poker import Poker
from adapters.discord.posts import MESSAGE_LIMIT
from adapters.discord.texts import locale_language, not_in_a_server
from chatdealer.dealer import TableView
from chatdealer.store import TableId

DISCORD_MARKUP = MARKUP[Platform.DISCORD]
CHOICES_SHOWN = 25
"""Discord shows at most 25 suggestions."""


def option_value(value: object) -> object:
    """A member option names the member Discord resolved, by their id."""
    if isinstance(value, discord.Member | discord.User):
        return MemberRef(player_id=str(value.id), name=value.display_name)
    return value


class SlashCommands:
    """The `Runner` of the command tree (`commands.poker_group`)."""

    def __init__(self, poker: Poker) -> None:
        self.poker = poker

    def language(self, interaction: discord.Interaction[Any], table: TableId | None) -> str:
        """The table's language once this worker has seen the table, else the locale's."""
        state = self.poker.tables.states.get(table) if table is not None else None
        if state is not None and state.view is not None:
            return state.language
        return locale_language(interaction)

    async def run(
        self, interaction: discord.Interaction[Any], entry: Entry, options: dict[str, object]
    ) -> None:
        if await self.poker.refused_while_closing(interaction):
            return
        try:
            table = self.poker.table_of(interaction)
        except LookupError:
            await not_in_a_server(interaction)
            return
        lang = self.language(interaction, table)
        given = {name: option_value(value) for name, value in options.items()}
        user = self.poker.user_of(interaction)
        try:
            parsed = read_options(entry, given, language=lang)
            view = await self.poker.view(table, user) if entry.needs_view else None
            situation = Situation(language=locale_language(interaction), view=view, user_id=user.id)
            outcome = parsed.build(situation)
        except ArgumentError as problem:
            text = error_text(problem, Platform.DISCORD, lang, DISCORD_MARKUP)
            await interaction.response.send_message(text[:MESSAGE_LIMIT], ephemeral=True)
            return
        if isinstance(outcome, HelpWanted):
            await self.help(interaction, outcome.topic, lang)
        elif entry.reposts:
            await self.poker.repost(interaction)
        else:
            await self.poker.command(interaction, outcome, public=entry.public)

    async def help(
        self, interaction: discord.Interaction[Any], topic: str | None, lang: str
    ) -> None:
        """The help asked for, only to the asker, in as many messages as it takes."""
        lines = topic_help(topic, Platform.DISCORD, lang, DISCORD_MARKUP)
        first, *rest = chunks(lines, MESSAGE_LIMIT)
        await interaction.response.send_message(first, ephemeral=True)
        for message in rest:
            await interaction.followup.send(message, ephemeral=True)

    async def complete(
        self, interaction: discord.Interaction[Any], entry: Entry, param: Param, current: str
    ) -> list[app_commands.Choice[Any]]:
        try:
            table = self.poker.table_of(interaction)
        except LookupError:
            return []
        typed = str(current or "").strip().casefold()
        if param.choices:
            return choice_suggestions(param, self.language(interaction, table), typed)
        if param.complete is Completion.COMMANDS:
            return command_choices(self.language(interaction, table), typed)
        view = await self.poker.view(table, self.poker.user_of(interaction))
        if view is None:
            return []
        if param.complete is Completion.FREE_SEATS:
            return free_seats(view, typed)
        if param.complete is Completion.HANDS:
            return recent_hands(view, typed)
        return []


def free_seats(view: TableView, typed: str) -> list[app_commands.Choice[Any]]:
    if view.settings is None:
        return []
    taken = {seat.seat for seat in view.seats}
    free = [n + 1 for n in range(view.settings.seat_count) if n not in taken]
    shown = [app_commands.Choice(name=str(n), value=n) for n in free if str(n).startswith(typed)]
    return shown[:CHOICES_SHOWN]


def recent_hands(view: TableView, typed: str) -> list[app_commands.Choice[Any]]:
    if not view.hand_number:
        return []
    last = view.hand_number - (1 if view.hand_running else 0)
    numbers = range(last, max(0, last - 200), -1)
    shown = [
        app_commands.Choice(name=f"#{n}", value=n)
        for n in numbers
        if str(n).startswith(typed.removeprefix("#"))
    ]
    return shown[:CHOICES_SHOWN]


def choice_suggestions(param: Param, lang: str, typed: str) -> list[app_commands.Choice[Any]]:
    """A choice's words as the reader's language labels them, those matching what is typed."""
    said = words(lang)
    shown = []
    for choice in param.choices:
        label = said.choice(choice)
        spellings = (label.casefold(), choice.word, *choice.aliases)
        if any(typed in spelling for spelling in spellings):
            shown.append(app_commands.Choice(name=label, value=choice.word))
    return shown[:CHOICES_SHOWN]


def command_choices(lang: str, typed: str) -> list[app_commands.Choice[Any]]:
    """The catalog's commands as the reader's client names them; the value is the key."""
    said = words(lang)
    shown = []
    for entry in entries():
        name = spelled(entry, Platform.DISCORD, said)
        if typed in name.casefold() or typed in entry.key:
            shown.append(app_commands.Choice(name=name, value=entry.key))
    return shown[:CHOICES_SHOWN]
