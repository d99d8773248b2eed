"""Players' names as the table shows them: a bot's "(bot)" said in the table's language."""

from __future__ import annotations

from chatdealer.dealer.seated_bots import BOT_SUFFIX
from chatdealer.render.language import Language


def player_name(language: Language, name: str, *, in_code: bool = False) -> str:
    """ "Ada (bot)" is "Ada (бот)" at a Russian table; every other name is shown as it is,
    made safe in the chat's markup (`Language.name_markup`) unless it goes in a code block."""
    mark = language.name_markup if language.name_markup is not None and not in_code else None
    if name.endswith(BOT_SUFFIX):
        own = name[: -len(BOT_SUFFIX)]
        return (mark(own) if mark else own) + " " + language.text("name", "(bot)")
    return mark(name) if mark else name
