"""What the catalog says to players, per language and per platform's spelling: the usage line
of a command, an argument error with the right form, the help of one command and the whole
help. Texts come as lines of plain text; `Markup` wraps names and headings the way the
platform shows them (Discord markdown, Telegram HTML, nothing in the terminal), escaping what
needs it.
"""

from __future__ import annotations

import html
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from adapters.common.catalog.entries import entries, groups, in_group
from adapters.common.catalog.errors import ArgumentError, SituationError
from adapters.common.catalog.parse import find_entry, find_group, parse_arguments
from adapters.common.catalog.platforms import Platform, group_spelled, spelled
from adapters.common.catalog.spec import Access, Entry, Group, Kind, Param
from adapters.common.catalog.translate import Words, words

SECTIONS = ("table", "bank", "tournament", "host", "house", "help")
SECTION_TITLES = {
    "table": "At the table",
    "bank": "Chips and standings",
    "tournament": "Tournaments",
    "host": "Running the room",
    "house": "House rules",
    "showdown": "At the showdown",
    "help": "Help",
}
ACCESS_NOTES = {
    Access.PLAYERS: "For players at the table, its host and the channel's managers",
    Access.HOST: "For the table's host and the channel's managers",
    Access.ADMIN: "Anyone may look; only the server's admins change it",
}
HELP_TITLE = "Poker at this table"
TERMINAL_TITLE = "Commands"
CHAT_BUTTONS = (
    "Buttons on the table message: Fold, Check or Call, Raise, All-in, and My cards "
    "(only you see your cards)"
)
TERMINAL_BETTING = (
    "At your turn: fold, check, call, raise 300 (raise to 300), r 3x, pot, half, allin"
)
AMOUNTS = "Amounts: 500, 1,000, 1 000, 2.5k"
MORE = "{help} <command> explains one command"
USAGE = "Usage"
EXAMPLES = "For example"
SETTINGS_TAIL = "setting=value"


@dataclass(frozen=True, slots=True)
class Markup:
    """How a platform shows a command's name and a heading; `escape` makes plain text safe."""

    code: Callable[[str], str]
    bold: Callable[[str], str]
    escape: Callable[[str], str]


def _plain(text: str) -> str:
    return text


def _discord_escape(text: str) -> str:
    return "".join("\\" + char if char in "*_~|`" else char for char in text)


MARKUP = {
    Platform.DISCORD: Markup(lambda t: f"`{t}`", lambda t: f"**{t}**", _discord_escape),
    Platform.TELEGRAM: Markup(
        lambda t: f"<code>{html.escape(t, quote=False)}</code>",
        lambda t: f"<b>{html.escape(t, quote=False)}</b>",
        lambda t: html.escape(t, quote=False),
    ),
    Platform.TERMINAL: Markup(_plain, _plain, _plain),
}
PLAIN = Markup(_plain, _plain, _plain)


def _names(platform: Platform, lang: Words) -> Words | None:
    """Discord shows command names in the reader's language; the others type English ones."""
    return lang if platform is Platform.DISCORD else None


def placeholder(param: Param, platform: Platform, lang: Words) -> str:
    """`<member>`, `[buy_in]`; on Discord the option's name in the reader's language; a flag
    by its shortest word (`[wait]`)."""
    if platform is Platform.DISCORD:
        shown = lang.option(param)
    elif param.kind is Kind.FLAG and param.aliases:
        shown = min(param.aliases, key=len)
    else:
        shown = param.name
    return f"<{shown}>" if param.required else f"[{shown}]"


def usage(entry: Entry, platform: Platform, code: str = "en") -> str:
    """The command and its parameters: `/join [buy_in] [seat] [wait_for_big_blind]`. On word
    platforms the parameters given by name only are summed up as `[setting=value …]`."""
    lang = words(code)
    parts = [spelled(entry, platform, _names(platform, lang))]
    by_name = False
    for param in entry.params:
        if platform is Platform.DISCORD or param.positional:
            parts.append(placeholder(param, platform, lang))
        else:
            by_name = True
    if by_name:
        parts.append(f"[{lang.help(SETTINGS_TAIL)} …]")
    return " ".join(parts)


def example(entry: Entry, arguments: str, platform: Platform, code: str = "en") -> str:
    """An example (typed as on word platforms) in the platform's own form: Discord shows each
    value after its option's name (`/poker join buy_in:500`)."""
    lang = words(code)
    command = spelled(entry, platform, _names(platform, lang))
    if platform is not Platform.DISCORD:
        return f"{command} {arguments}".strip()
    parsed = parse_arguments(entry, arguments, language=code)
    options = [
        f"{lang.option(param)}:{_discord_value(param, parsed.values.given()[name], typed, lang)}"
        for name, typed in parsed.typed.items()
        if (param := entry.param(name)) is not None
    ]
    return " ".join([command, *options])


def _discord_value(param: Param, value: object, typed: str, lang: Words) -> str:
    """A value as Discord's client shows it: a flag as yes or no, a choice by its label, in
    the reader's language; anything else as typed."""
    if param.kind is Kind.FLAG:
        return lang.text("flag", "yes" if value else "no")
    choice = param.choice(str(value)) if param.kind is Kind.CHOICE else None
    return lang.choice(choice) if choice is not None else typed


def error_text(
    error: ArgumentError, platform: Platform, code: str = "en", markup: Markup = PLAIN
) -> str:
    """What was wrong, then (for a command written wrong) its right form and an example."""
    lang = words(code)
    params: dict[str, str] = defaultdict(str, {k: str(v) for k, v in error.params.items()})
    if error.param is not None:
        params["param"] = lang.option(error.param).replace("_", " ")
        params["help"] = lang.option_help(error.param)
    template = lang.error(error.code)
    try:
        what = template.format_map(params)
    except (ValueError, IndexError):
        what = template
    lines = [markup.escape(what)]
    entry = None if isinstance(error, SituationError) else error.entry
    if entry is not None:
        lines.append(
            f"{markup.escape(lang.help(USAGE))}: {markup.code(usage(entry, platform, code))}"
        )
        shown = [e for e in entry.examples if e][:2]
        if shown:
            examples = " · ".join(markup.code(example(entry, e, platform, code)) for e in shown)
            lines.append(f"{markup.escape(lang.help(EXAMPLES))}: {examples}")
    elif error.code == "unknown_command":
        help_command = spelled(_help_entry(), platform, _names(platform, lang))
        lines.append(markup.escape(lang.help(MORE).format(help=help_command)))
    return "\n".join(lines)


def _help_entry() -> Entry:
    return next(e for e in entries() if e.name == "help" and e.group is None)


def _line(entry: Entry, platform: Platform, lang: Words, markup: Markup) -> str:
    shown = (
        spelled(entry, platform, lang)
        if platform is Platform.DISCORD
        else usage(entry, platform, lang.code)
    )
    return f"{markup.code(shown)} — {markup.escape(lang.summary(entry))}"


def help_lines(platform: Platform, code: str = "en", markup: Markup | None = None) -> list[str]:
    """The whole help: every command of the catalog under its section, then how to play."""
    markup = markup or MARKUP[platform]
    lang = words(code)
    title = TERMINAL_TITLE if platform is Platform.TERMINAL else HELP_TITLE
    lines = [markup.bold(lang.help(title))]
    by_section: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries():
        by_section[entry.group.name if entry.group else entry.section].append(entry)
    for section in (*SECTIONS, *(s for s in by_section if s not in SECTIONS)):
        shown = by_section.get(section)
        if not shown:
            continue
        lines.append("")
        lines.append(markup.bold(lang.help(SECTION_TITLES.get(section, section))))
        lines += [_line(entry, platform, lang, markup) for entry in shown]
    lines.append("")
    if platform is Platform.TERMINAL:
        lines.append(markup.escape(lang.help(TERMINAL_BETTING)))
    else:
        lines.append(markup.escape(lang.help(CHAT_BUTTONS)))
    lines.append(markup.escape(lang.help(AMOUNTS)))
    help_command = spelled(_help_entry(), platform, _names(platform, lang))
    lines.append(markup.escape(lang.help(MORE).format(help=help_command)))
    return lines


def _param_line(param: Param, lang: Words, platform: Platform, markup: Markup) -> str:
    name = lang.option(param) if platform is Platform.DISCORD else param.name
    aliases = [a for a in param.aliases if platform is not Platform.DISCORD]
    if aliases:
        name += f" ({', '.join(aliases)})"
    text = lang.option_help(param)
    if param.choices:
        text += ": " + ", ".join(
            choice.word if platform is not Platform.DISCORD else lang.choice(choice)
            for choice in param.choices
        )
    return f"  {markup.code(name)} — {markup.escape(text)}"


def entry_help(
    entry: Entry, platform: Platform, code: str = "en", markup: Markup | None = None
) -> list[str]:
    """One command's help: what it does, its form, each parameter, examples, who may use it."""
    markup = markup or MARKUP[platform]
    lang = words(code)
    lines = [
        f"{markup.bold(spelled(entry, platform, _names(platform, lang)))} — "
        f"{markup.escape(lang.summary(entry))}",
        f"{markup.escape(lang.help(USAGE))}: {markup.code(usage(entry, platform, code))}",
    ]
    lines += [_param_line(param, lang, platform, markup) for param in entry.params]
    shown = list(entry.examples)
    if shown:
        examples = " · ".join(markup.code(example(entry, e, platform, code)) for e in shown)
        lines.append(f"{markup.escape(lang.help(EXAMPLES))}: {examples}")
    note = ACCESS_NOTES.get(entry.access)
    if note is not None:
        lines.append(markup.escape(lang.help(note)))
    lines += [markup.escape(lang.help(detail)) for detail in entry.details]
    return lines


def group_help(
    group: Group, platform: Platform, code: str = "en", markup: Markup | None = None
) -> list[str]:
    markup = markup or MARKUP[platform]
    lang = words(code)
    names = _names(platform, lang)
    lines = [f"{markup.bold(group_spelled(group, platform, names))} — "
             f"{markup.escape(lang.summary(group))}"]  # fmt: skip
    lines += [_line(entry, platform, lang, markup) for entry in in_group(group)]
    return lines


def topic_help(
    topic: str | None, platform: Platform, code: str = "en", markup: Markup | None = None
) -> list[str]:
    """The help asked for: one command's (`join`, `tournament open`), a group's, or all; an
    unknown topic says so above the whole help."""
    markup = markup or MARKUP[platform]
    if not topic:
        return help_lines(platform, code, markup)
    words_ = topic.split()
    group = find_group(words_[0], code)
    if group is not None and find_entry(words_[0], code) is None:
        if len(words_) == 1:
            return group_help(group, platform, code, markup)
        found = find_entry(words_[1], code, group)
    else:
        found = find_entry(words_[0], code)
    if found is None:
        error = ArgumentError("unknown_command", value=topic)
        return [error_text(error, platform, code, markup), "", *help_lines(platform, code, markup)]
    return entry_help(found, platform, code, markup)


def chunks(lines: Iterable[str], limit: int) -> list[str]:
    """Lines joined into messages of at most `limit` characters, split between lines."""
    messages: list[str] = []
    current: list[str] = []
    size = 0
    for line in lines:
        line = line[:limit]
        if current and size + len(line) + 1 > limit:
            messages.append("\n".join(current).strip("\n"))
            current, size = [], 0
        current.append(line)
        size += len(line) + 1
    if current:
        messages.append("\n".join(current).strip("\n"))
    return [message for message in messages if message]


def all_groups() -> tuple[Group, ...]:
    return groups()
