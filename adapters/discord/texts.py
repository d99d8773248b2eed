"""The adapter's own words: slash command descriptions (through discord.py's `Translator`) and
the labels of buttons and the raise form, in the table's language.

Everything the dealer says (the table, events, refusals) comes from `chatdealer.render`; only
what Discord itself shows around it lives here.
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation
from discord.app_commands import TranslationContextLocation as Where

from adapters.common.catalog import words
from chatdealer.render import language

ROOT_SUMMARY = "Play poker at this channel's table"
"""The description of `/poker` itself (context "discord" of `discord.po`)."""

UI: dict[str, dict[str, str]] = {
    "en": {
        "fold": "Fold",
        "check": "Check",
        "call": "Call {amount}",
        "bet": "Bet",
        "raise": "Raise",
        "allin": "All-in {amount}",
        "cards": "My cards",
        "raise_title": "Raise to",
        "amount": "Amount ({low} to {high})",
        "quick": "Or a quick size",
        "min": "Minimum {amount}",
        "half_pot": "½ pot {amount}",
        "pot": "Pot {amount}",
        "dm_closed": "I can't send you direct messages: press **My cards** on the table "
        "to see your cards here, only you will see them.",
        "dm_title": "Your cards at {channel}",
        "bad_amount": "Type an amount in chips, or pick a quick size",
        "done": "Done",
        "no_guild": "Poker tables live in server channels and threads",
    },
    "ru": {
        "fold": "Пас",
        "check": "Чек",
        "call": "Колл {amount}",
        "bet": "Бет",
        "raise": "Рейз",
        "allin": "Олл-ин {amount}",
        "cards": "Мои карты",
        "raise_title": "Рейз до",
        "amount": "Сумма (от {low} до {high})",
        "quick": "Или быстрый размер",
        "min": "Минимум {amount}",
        "half_pot": "½ банка {amount}",
        "pot": "Банк {amount}",
        "dm_closed": "Не получается написать вам в личные сообщения: нажмите **Мои карты** "
        "у стола, и карты увидите только вы.",
        "dm_title": "Ваши карты в {channel}",
        "bad_amount": "Введите сумму в фишках или выберите быстрый размер",
        "done": "Готово",
        "no_guild": "Столы для покера бывают только в каналах и ветках сервера",
    },
    "bg": {
        "fold": "Пас",
        "check": "Чек",
        "call": "Плати {amount}",
        "bet": "Залог",
        "raise": "Рейз",
        "allin": "Ол-ин {amount}",
        "cards": "Моите карти",
        "raise_title": "Рейз до",
        "amount": "Сума (от {low} до {high})",
        "quick": "Или бърз размер",
        "min": "Минимум {amount}",
        "half_pot": "½ пот {amount}",
        "pot": "Пот {amount}",
        "dm_closed": "Не мога да ти пиша лично: натисни **Моите карти** на масата "
        "и само ти ще видиш картите си.",
        "dm_title": "Твоите карти в {channel}",
        "bad_amount": "Напиши сума в чипове или избери бърз размер",
        "done": "Готово",
        "no_guild": "Покер масите са в каналите и нишките на сървъри",
    },
}

LOCALES = {Locale.russian: "ru", Locale.bulgarian: "bg"}


def ui(language: str, key: str, **params: object) -> str:
    """A label in the table's language (English when the language has none)."""
    text = UI.get(language, UI["en"]).get(key) or UI["en"][key]
    return text.format(**params) if params else text


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
