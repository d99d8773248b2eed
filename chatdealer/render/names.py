"""Players' names as the table shows them: a bot's "(bot)" said in the table's language."""

from __future__ import annotations

from chatdealer.dealer.seated_bots import BOT_SUFFIX
from chatdealer.render.language import Language


def player_name(language: Language, name: str, *, in_code: bool = False) -> str:
    """ "Ada (bot)" is "Ada (бот)" at a Russian table; every other name is shown as it is,
    made safe in the chat's markup (`Language.name_markup`) unless it goes in a code block."""
    if name.endswith(BOT_SUFFIX):
        name = name[: -len(BOT_SUFFIX)] + " " + language.text("name", "(bot)")
    if language.name_markup is None or in_code:
        return name
    return language.name_markup(name)
