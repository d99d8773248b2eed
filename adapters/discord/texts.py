"""The adapter's own words: the `/poker` tree's names and descriptions (through discord.py's
`Translator`, from the catalog's words) and the labels of buttons, the raise form and the
notices, in the table's language (`discord.po`).

Everything the dealer says (the table, events, refusals) comes from `chatdealer.render`; only
what Discord itself shows around it lives here.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation
from discord.app_commands import TranslationContextLocation as Where

from adapters.common.catalog import words
from chatdealer.render import language
from chatdealer.render.language import LANGUAGES

ROOT_SUMMARY = "Play poker at this channel's table"
"""The description of `/poker` itself (context "discord" of `discord.po`)."""

UI: dict[str, str] = {
    "fold": "Fold",
    "check": "Check",
    "call": "Call {amount}",
    "bet": "Bet",
    "raise": "Raise",
    "allin": "All-in {amount}",
    "cards": "My cards",
    "show": "Show",
    "muck": "Muck",
    "run_once": "Run once",
    "run_twice": "Run it twice",
    "show_first": "Show card 1",
    "show_second": "Show card 2",
    "show_all": "Show all",
    "raise_title": "Raise to",
    "amount": "Amount ({low} to {high})",
    "quick": "Or a quick size",
    "dm_closed": "I can't send you direct messages: press **My cards** on the table "
    "to see your cards here, only you will see them.",
    "dm_title": "Your cards at {channel}",
    "bad_amount": "Type an amount in chips, or pick a quick size",
    "done": "Done",
    "approve": "Let them sit",
    "decline": "Decline",
    "approved_by": "Approved by {name}",
    "declined_by": "Declined by {name}",
    "request_gone": "This request was already answered",
    "no_guild": "Poker tables live in server channels and threads",
    "restarting": "The dealer is restarting: try again in a few seconds",
    "elsewhere": "That button belongs to another table: use the table message in this channel",
}
"""The adapter's own words by key, in English: gettext ids of `discord.po` (context
"discord"), translated there."""

LOCALES = {Locale.russian: "ru", Locale.bulgarian: "bg"}


def ui(code: str, key: str, **params: object) -> str:
    """One of the adapter's words in the table's language (English when it has none)."""
    text = language(code).text("discord", UI[key])
    return text.format(**params) if params else text


def locale_language(interaction: discord.Interaction[Any]) -> str:
    """The language a new table speaks: the server's when the dealer knows it, else the
    asker's, else English."""
    for locale in (interaction.guild_locale, interaction.locale):
        if locale is not None:
            code = str(locale.value).split("-")[0]
            if code in LANGUAGES:
                return code
    return "en"


async def not_in_a_server(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message(
        ui(locale_language(interaction), "no_guild"), ephemeral=True
    )


class DealerTranslator(app_commands.Translator):
    """The `/poker` tree in Russian and Bulgarian: command, group, option and choice names and
    descriptions, from the catalog's words (`catalog.po`); `/poker`'s own description from
    `discord.po`. English, and a word a language leaves as it is, are left to Discord."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        code = LOCALES.get(locale)
        if code is None:
            return None
        said = tree_word(code, context.location, string.message)
        return said if said and said != string.message else None


def tree_word(code: str, where: TranslationContextLocation, message: str) -> str:
    """One name or description of the command tree in a language."""
    said = words(code)
    if where in (Where.command_name, Where.group_name):
        return said.command(message)
    if where in (Where.command_description, Where.group_description):
        if message == ROOT_SUMMARY:
            return language(code).text("discord", message)
        return said.text("summary", message)
    if where is Where.parameter_name:
        return said.text("option", message)
    if where is Where.parameter_description:
        return said.text("option help", message)
    if where is Where.choice_name:
        return said.text("choice", message)
    return message
