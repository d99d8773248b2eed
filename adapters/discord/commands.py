"""The `/poker` command tree, built from the command catalog: every entry an app command under
`/poker` (a group's entries under its subcommand group, or its own top-level command,
`/tournament open`), each
parameter an option of the Discord type that fits its kind, with the catalog's choices and
descriptions. Names and descriptions are `locale_str`s, so `texts.DealerTranslator` gives
them in Russian and Bulgarian from the catalog's words.

Every command has the same callback: it hands the entry and the options Discord sent to a
`Runner`, which parses them with the catalog and runs the dealer verb. Autocompletion
(free seats, recent hands, commands) is the `Runner`'s too.
"""

from __future__ import annotations

import inspect
from typing import Any, Optional, Protocol

import discord
from discord import app_commands
from discord.app_commands import locale_str

from adapters.common.catalog import (
    DISCORD_ROOT,
    Completion,
    Entry,
    Group,
    Kind,
    Param,
    groups,
    in_group,
    top_level,
)
from adapters.discord.texts import ROOT_SUMMARY

WORDS_AS_TYPED = (Kind.CHIPS, Kind.SECONDS, Kind.MINUTES, Kind.BLINDS, Kind.LEVELS)
"""Kinds typed as text on Discord too, so `1k`, `2.5k`, `45s` and `5/10` are read as the
catalog reads them (and refused in its words)."""
WHOLE_NUMBERS = (Kind.COUNT, Kind.SEAT, Kind.HAND, Kind.LEVEL)


class Runner(Protocol):
    async def run(
        self, interaction: discord.Interaction[Any], entry: Entry, options: dict[str, object]
    ) -> None: ...

    async def complete(
        self, interaction: discord.Interaction[Any], entry: Entry, param: Param, current: str
    ) -> list[app_commands.Choice[Any]]: ...


def option_type(param: Param) -> Any:
    """The annotation discord.py turns into the option's type (and its bounds)."""
    if param.kind is Kind.FLAG:
        return bool
    if param.kind is Kind.MEMBER:
        return discord.Member
    if param.kind in WHOLE_NUMBERS:
        if param.minimum is None and param.maximum is None:
            return int
        return app_commands.Range[int, param.minimum, param.maximum]
    if param.kind is Kind.TEXT and param.maximum is not None:
        return app_commands.Range[str, 1, param.maximum]
    return str


def _signature(entry: Entry) -> inspect.Signature:
    """`(interaction, <required options>, <optional options>=None)`, in the entry's order."""
    first = inspect.Parameter(
        "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
    )
    ordered = sorted(entry.params, key=lambda param: not param.required)
    options = [
        inspect.Parameter(
            param.name,
            inspect.Parameter.KEYWORD_ONLY,
            annotation=option_type(param) if param.required else Optional[option_type(param)],  # noqa: UP045 - discord.py reads typing.Optional
            default=inspect.Parameter.empty if param.required else None,
        )
        for param in ordered
    ]
    return inspect.Signature([first, *options])


LISTED_CHOICES = 3
"""A choice of more words than this is suggested as the member types (autocomplete) rather than
listed in the tree: Discord counts every listed choice against a command's 4,000 characters,
and the games alone (hold'em, short deck, three Omahas) would take a tenth of them."""


def suggested(param: Param) -> bool:
    return len(param.choices) > LISTED_CHOICES


def entry_command(entry: Entry, runner: Runner, parent: app_commands.Group) -> None:
    """The entry as an app command under `parent`."""

    async def callback(interaction: discord.Interaction[Any], /, **options: object) -> None:
        await runner.run(interaction, entry, options)

    callback.__signature__ = _signature(entry)  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = f"poker_{entry.key.replace(' ', '_')}"
    if entry.params:
        app_commands.describe(**{p.name: locale_str(p.help) for p in entry.params})(callback)
        app_commands.rename(**{p.name: locale_str(p.name) for p in entry.params})(callback)
        app_commands.choices(
            **{
                p.name: [
                    app_commands.Choice(name=locale_str(choice.label), value=choice.word)
                    for choice in p.choices
                ]
                for p in entry.params
                if p.choices and not suggested(p)
            }
        )(callback)
    command: app_commands.Command[Any, Any, None] = app_commands.Command(
        name=locale_str(entry.name),
        description=locale_str(entry.summary),
        callback=callback,
        parent=parent,
        extras={"entry": entry.key},
    )
    for param in entry.params:
        if param.complete is not None or suggested(param):
            command.autocomplete(param.name)(_completer(entry, param, runner))
    parent.add_command(command)


def _completer(entry: Entry, param: Param, runner: Runner) -> Any:
    async def complete(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[Any]]:
        return await runner.complete(interaction, entry, param, current)

    return complete


def poker_group(runner: Runner) -> app_commands.Group:
    """`/poker` and everything under it."""
    root = app_commands.Group(
        name=locale_str(DISCORD_ROOT),
        description=locale_str(ROOT_SUMMARY),
        guild_only=True,
    )
    for entry in top_level():
        entry_command(entry, runner, root)
    for group in groups():
        if group.discord_root:
            continue
        sub = _subgroup(group, root)
        for entry in in_group(group):
            entry_command(entry, runner, sub)
    return root


def root_groups(runner: Runner) -> list[app_commands.Group]:
    """The groups that are top-level commands of their own (`/host ...`)."""
    roots = []
    for group in groups():
        if not group.discord_root:
            continue
        root = app_commands.Group(
            name=locale_str(group.name), description=locale_str(group.summary), guild_only=True
        )
        for entry in in_group(group):
            entry_command(entry, runner, root)
        roots.append(root)
    return roots


def _subgroup(group: Group, root: app_commands.Group) -> app_commands.Group:
    return app_commands.Group(
        name=locale_str(group.name), description=locale_str(group.summary), parent=root
    )


def command_paths(root: app_commands.Group) -> list[str]:
    """The catalog keys the tree serves (`join`, `tournament open`), read from the tree itself
    by the names Discord is given."""
    paths = []
    for command in root.walk_commands():
        if isinstance(command, app_commands.Command):
            paths.append(command.qualified_name.removeprefix(root.name + " "))
    return paths


__all__ = ["Completion", "command_paths", "option_type", "poker_group", "root_groups", "suggested"]
