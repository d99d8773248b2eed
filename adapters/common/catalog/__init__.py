"""One command catalog that every adapter is built from: each dealer verb once, with its
arguments, its help and its translations (issue 22).

    from adapters.common.catalog import Platform, Situation, parse_command, error_text

    try:
        parsed = parse_command("join 1k 3", language="ru")
        outcome = parsed.build(Situation(language="ru", view=view, user_id=user.id))
    except ArgumentError as problem:
        say(error_text(problem, Platform.TERMINAL, "ru"))  # what was wrong, and the right form
    else:
        ...  # a dealer verb (or HelpWanted: answer with topic_help)

- `spec`: what an entry and a parameter are; `entries`: the catalog itself;
- `parse`: typed words into values (`values` reads each kind; `amounts` reads chips as people
  type them, and the betting sizes `pot`, `half`, `3x`, `allin`);
- `texts`: usage lines, argument errors, help, per language and platform;
- `platforms`: how Discord, Telegram and the terminal spell each command;
- `coverage`: what the "every verb on every adapter" tests call; `readme`: README's table.
"""

from adapters.common.catalog.amounts import BetSize, read_bet, read_chips, size_to
from adapters.common.catalog.coverage import missing_entries, verbs_without_entry
from adapters.common.catalog.entries import entries, entry, groups, in_group, top_level
from adapters.common.catalog.errors import ArgumentError
from adapters.common.catalog.members import resolve
from adapters.common.catalog.parse import (
    Parsed,
    find_entry,
    find_group,
    parse_arguments,
    parse_command,
    read_options,
)
from adapters.common.catalog.platforms import DISCORD_ROOT, Platform, spelled, telegram_name
from adapters.common.catalog.spec import (
    MAX_CHIPS,
    Access,
    Choice,
    Completion,
    Entry,
    Group,
    HelpWanted,
    Kind,
    MemberRef,
    Outcome,
    Param,
    Situation,
    Values,
)
from adapters.common.catalog.texts import (
    MARKUP,
    Markup,
    chunks,
    entry_help,
    error_text,
    help_lines,
    topic_help,
    usage,
)
from adapters.common.catalog.translate import Words, words

__all__ = [
    "DISCORD_ROOT",
    "MARKUP",
    "MAX_CHIPS",
    "Access",
    "ArgumentError",
    "BetSize",
    "Choice",
    "Completion",
    "Entry",
    "Group",
    "HelpWanted",
    "Kind",
    "Markup",
    "MemberRef",
    "Outcome",
    "Param",
    "Parsed",
    "Platform",
    "Situation",
    "Values",
    "Words",
    "chunks",
    "entries",
    "entry",
    "entry_help",
    "error_text",
    "find_entry",
    "find_group",
    "groups",
    "help_lines",
    "in_group",
    "missing_entries",
    "parse_arguments",
    "parse_command",
    "read_bet",
    "read_chips",
    "read_options",
    "resolve",
    "size_to",
    "spelled",
    "telegram_name",
    "top_level",
    "topic_help",
    "usage",
    "verbs_without_entry",
    "words",
]
