"""What the catalog is made of: commands (entries), their parameters, and who may use them.

An `Entry` is one command, once for every adapter: its name, what it does, its parameters and
how the values it was given become a dealer verb (`build`). The adapters spell it their own way
(`/poker join` on Discord, `/join` on Telegram, `join` in the terminal, see `platforms.py`) and
read its arguments with the one parser of `parse.py` (words) or `values.py` (Discord's typed
options), so a bad argument gets the same answer everywhere.

Every English text here (summaries, parameter help, choice labels) is a gettext message id of
`catalog.po`; `words.py` translates them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

import msgspec

from chatdealer.dealer import TableView, Verb

MAX_CHIPS = 10**12
"""No amount of chips typed anywhere may be larger (the dealer's own bound)."""

DESCRIPTION_LIMIT = 100
"""Discord's limit on a command's or an option's description, which every summary obeys."""


class Kind(StrEnum):
    """How a parameter's value is typed and read."""

    CHIPS = "chips"
    """An amount as people type it: 500, 1,000, 1 000, 2.5k, 1m."""
    COUNT = "count"
    """A whole number: players to show, seats, rebuys, hands a level lasts."""
    SEAT = "seat"
    """A seat number, 1 first (the dealer counts from 0)."""
    HAND = "hand"
    """A hand number of this table's history."""
    LEVEL = "level"
    """A tournament level, 1 first."""
    SECONDS = "seconds"
    """A time: 30, 45s, 2m, 1m30s."""
    MINUTES = "minutes"
    """A number of minutes: 10, 10m, 10min."""
    CHOICE = "choice"
    """One word of the parameter's choices."""
    FLAG = "flag"
    """On or off: on/off, yes/no, true/false, 1/0, and the same in the table's language."""
    TEXT = "text"
    """Free text of bounded length; as the last positional parameter it takes the rest."""
    MEMBER = "member"
    """A player: a Discord member option; a Telegram reply, mention or name; a name or seat."""
    BLINDS = "blinds"
    """Small and big blind: 5/10."""
    LEVELS = "levels"
    """Blind levels: 10/20,15/30,25/50/5 (small/big, and an ante where there is one)."""
    COMMAND = "command"
    """A command of the catalog (what help is asked about)."""


class Access(StrEnum):
    """Who may use a command; the dealer checks it, adapters say it in help and learn whether
    the asker manages the channel when it matters."""

    ANYONE = "anyone"
    PLAYERS = "players"
    """Players at the table, its host and the channel's managers."""
    HOST = "host"
    """The table's host and the channel's managers."""
    ADMIN = "admin"
    """The community's admins (Discord's Manage Server, a Telegram group's admins)."""


class Completion(StrEnum):
    """What a Discord option suggests as the user types."""

    FREE_SEATS = "free_seats"
    HANDS = "hands"
    COMMANDS = "commands"


@dataclass(frozen=True, slots=True)
class Choice:
    """One word of a choice: what is typed (`word`), what is shown (`label`, English)."""

    word: str
    label: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    """Lowercase letters and underscores: the Discord option and the `name=value` name."""
    kind: Kind
    help: str
    """English, at most `DESCRIPTION_LIMIT` characters."""
    required: bool = False
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    aliases: tuple[str, ...] = ()
    """Other names for `name=value` (`bb` for `big_blind`)."""
    positional: bool = True
    """May be given without its name on word platforms (in the order of the entry's params)."""
    complete: Completion | None = None

    def choice(self, word: str) -> Choice | None:
        for choice in self.choices:
            if word == choice.word or word in choice.aliases:
                return choice
        return None


@dataclass(frozen=True, slots=True)
class MemberRef:
    """A player named in a command: their platform id when the platform said whom (a Discord
    member option, a Telegram reply or text mention), else what was typed, which is looked up
    among the players at the table (`members.resolve`)."""

    player_id: str | None = None
    name: str | None = None
    typed: str | None = None


@dataclass(frozen=True, slots=True)
class Levels:
    """Blind levels as typed: (small, big, ante) each."""

    levels: tuple[tuple[int, int, int], ...]


class HelpWanted(msgspec.Struct, frozen=True):
    """Not a dealer verb: the adapter answers with help (all of it, or one command's)."""

    topic: str | None = None


Outcome = Verb | HelpWanted


@dataclass(frozen=True, slots=True)
class Situation:
    """What a build may know besides the values: the language a new table speaks (the asker's
    or the server's), and the table as it is now for the entries that need it."""

    language: str = "en"
    view: TableView | None = None
    user_id: str | None = None


T = TypeVar("T")


class Values:
    """The values of one command's parameters, read and checked; absent ones are None."""

    def __init__(self, values: Mapping[str, object] | None = None) -> None:
        self._values = dict(values or {})

    def __contains__(self, name: object) -> bool:
        return self._values.get(str(name)) is not None

    def __repr__(self) -> str:
        return f"Values({self._values!r})"

    def given(self) -> dict[str, object]:
        return {name: value for name, value in self._values.items() if value is not None}

    def _typed(self, name: str, kind: type[T]) -> T | None:
        value = self._values.get(name)
        if value is None:
            return None
        if not isinstance(value, kind):
            raise TypeError(f"{name} is {type(value).__name__}, not {kind.__name__}")
        return value

    def number(self, name: str) -> int | None:
        value = self._values.get(name)
        if isinstance(value, bool):
            raise TypeError(f"{name} is a flag, not a number")
        return self._typed(name, int)

    def flag(self, name: str) -> bool | None:
        return self._typed(name, bool)

    def word(self, name: str) -> str | None:
        return self._typed(name, str)

    def member(self, name: str) -> MemberRef | None:
        return self._typed(name, MemberRef)

    def blinds(self, name: str) -> tuple[int, int] | None:
        value = self._values.get(name)
        if value is None:
            return None
        if not (isinstance(value, tuple) and len(value) == 2):
            raise TypeError(f"{name} is not blinds")
        small, big = value
        return int(small), int(big)

    def levels(self, name: str) -> Levels | None:
        return self._typed(name, Levels)


Build = Callable[[Values, Situation], Outcome]


@dataclass(frozen=True, slots=True)
class Group:
    """Commands under one word: `/tournament open` (Discord and Telegram), `tournament open`."""

    name: str
    summary: str
    discord_root: bool = False
    """Its own top-level Discord command (`/host bank`) rather than a group under `/poker`,
    whose tree is near Discord's 4,000 characters."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One command of the catalog."""

    name: str
    summary: str
    """English, at most `DESCRIPTION_LIMIT` characters."""
    build: Build
    params: tuple[Param, ...] = ()
    group: Group | None = None
    access: Access = Access.ANYONE
    examples: tuple[str, ...] = ()
    """Arguments as typed on word platforms (`"500"`, `"bb=10 structure=pl"`)."""
    aliases: tuple[str, ...] = ()
    """Other words for the command on word platforms (`top` for `leaderboard`)."""
    telegram: str | None = None
    """Telegram's command name, where the entry's own is taken (`start_game`)."""
    verbs: tuple[type, ...] = ()
    """The dealer verbs `build` may make (which the catalog's completeness test counts)."""
    needs_view: bool = False
    """`build` reads the table as it is (`Situation.view`): the adapter asks for it first."""
    public: bool = False
    """The answer is for the whole channel (a history, the leaderboard, the night's ledger)."""
    reposts: bool = False
    """The answer is the table message, posted again at the bottom of the channel."""
    details: tuple[str, ...] = field(default=())
    """More English lines for this command's own help."""
    section: str = "table"
    """Where help lists it: "table", "bank", or the group's name."""

    @property
    def key(self) -> str:
        """The command's words in the catalog: `join`, `tournament open`."""
        return f"{self.group.name} {self.name}" if self.group else self.name

    def param(self, name: str) -> Param | None:
        return next((param for param in self.params if param.name == name), None)
