"""Every message id the catalog shows, with its context: what `catalog.po` must translate,
and what the translation tests walk."""

from __future__ import annotations

from adapters.common.catalog import texts
from adapters.common.catalog.entries import entries, groups
from adapters.common.catalog.errors import MESSAGES
from adapters.common.catalog.platforms import DISCORD_ROOT
from adapters.common.catalog.translate import TRANSLATED_FLAG_WORDS

Message = tuple[str, str]
"""(gettext context, English message id)."""

HELP_WORDS = (
    *texts.SECTION_TITLES.values(),
    *texts.ACCESS_NOTES.values(),
    texts.HELP_TITLE,
    texts.TERMINAL_TITLE,
    texts.CHAT_BUTTONS,
    texts.TERMINAL_BETTING,
    texts.AMOUNTS,
    texts.MORE,
    texts.USAGE,
    texts.EXAMPLES,
    texts.SETTINGS_TAIL,
)


def catalog_messages() -> list[Message]:
    """In a stable order, each once."""
    found: dict[Message, None] = {}

    def add(context: str, message: str) -> None:
        found.setdefault((f"catalog {context}", message), None)

    add("command", DISCORD_ROOT)
    for group in groups():
        add("command", group.name)
        add("summary", group.summary)
    for entry in entries():
        add("command", entry.name)
        add("summary", entry.summary)
        for detail in entry.details:
            add("help", detail)
        for param in entry.params:
            add("option", param.name)
            add("option help", param.help)
            for choice in param.choices:
                add("choice", choice.label)
    for word in TRANSLATED_FLAG_WORDS:
        add("flag", word)
    for message in MESSAGES.values():
        add("error", message)
    for message in HELP_WORDS:
        add("help", message)
    return list(found)
