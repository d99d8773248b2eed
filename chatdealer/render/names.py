"""Players' names as the table shows them: a bot's "(bot)" said in the table's language."""

from __future__ import annotations

from chatdealer.dealer.seated_bots import BOT_SUFFIX
from chatdealer.render.language import Language


def player_name(language: Language, name: str) -> str:
    """ "Ada (bot)" is "Ada (бот)" at a Russian table; every other name is shown as it is."""
    if name.endswith(BOT_SUFFIX):
        return name[: -len(BOT_SUFFIX)] + " " + language.text("name", "(bot)")
    return name
