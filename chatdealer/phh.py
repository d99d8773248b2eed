"""Poker Hand History (PHH) files: the open format of github.com/uoftcprg/phh-std.

The dealer writes every hand it plays as PHH so that any PHH tool (PokerKit among them) can replay
it, and reads PHH to check the engine against real hands. A ``.phh`` file is TOML: ``tomllib``
reads it, and a small writer here (with `phh_toml`) puts the fields back in the standard's order.
A ``.phhs`` file holds several hands, one TOML table each (``[1]``, ``[2]``, ...), as PokerKit
writes them.

The model keeps what the file says and nothing more: numbers stay int or float as written, absent
fields stay ``None``, forced bets are not re-assigned for heads-up. Action strings become small
typed records (``DealHole``, ``CheckOrCall``, ...; `phh_actions`) whose ``player`` is a 0-based
index; the file's ``p1`` is player 0. ``format_action`` turns a record back into its PHH string.
What each variant code's hands hold is in `phh_variants`. This module keeps the names they all
had here, so ``from chatdealer import phh`` reaches every one.
"""

from __future__ import annotations

import datetime
import os
import tomllib
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeAlias

import msgspec

from chatdealer.cards import Card, format_card, rank_of
from chatdealer.phh_actions import (
    PLAYER_ACTIONS,
    Action,
    CheckOrCall,
    CompleteBetOrRaiseTo,
    DealBoard,
    DealHole,
    Fold,
    NoOp,
    Number,
    PlayerAction,
    PostBringIn,
    ShowOrMuck,
    StandPatOrDiscard,
    format_action,
    parse_action,
    read_action,
)
from chatdealer.phh_errors import PHHError, PHHWarning
from chatdealer.phh_toml import ACTION_SEP, INT_SEP, string_run, toml_key, toml_strings, toml_value
from chatdealer.phh_variants import (
    ALL_BET_FIELDS,
    BET_FIELDS,
    ONE_DECK_BOARD_GAMES,
    PLAYABLE_VARIANTS,
    SHORT_DECK_LOWEST_RANK,
    SHORT_DECK_VARIANTS,
    VARIANTS,
)

__all__ = [
    "FIELDS",
    "PLAYABLE_VARIANTS",
    "VARIANTS",
    "Action",
    "CheckOrCall",
    "CompleteBetOrRaiseTo",
    "DealBoard",
    "DealHole",
    "Fold",
    "HandHistory",
    "NoOp",
    "Number",
    "PHHError",
    "PHHWarning",
    "PathLike",
    "PlayerAction",
    "PostBringIn",
    "ShowOrMuck",
    "StandPatOrDiscard",
    "dealt_text",
    "dump",
    "dump_collection",
    "dumps",
    "dumps_collection",
    "dumps_dealt",
    "format_action",
    "from_table",
    "load",
    "load_collection",
    "loads",
    "loads_collection",
    "parse_action",
    "settings_text",
    "to_table",
]

PathLike: TypeAlias = str | os.PathLike[str]


# --- the hand -----------------------------------------------------------------------------------


class HandHistory(msgspec.Struct, kw_only=True):
    """One hand, field for field as in the standard; ``None`` means the file leaves it out.

    Arrays with one value per player are in PHH player order: the first player is the small blind
    (the first dealt), the last one has the button. Heads-up, the standard reverse-assigns the
    forced bets: ``blinds_or_straddles = [1, 2]`` with two players means the button (p2) posts
    the small blind 1 and p1 the big blind 2; ``antes`` likewise. Nothing here swaps them; the
    engine maps positions.

    Which of ``blinds_or_straddles``, ``bring_in``, ``small_bet``, ``big_bet`` and ``min_bet``
    are set depends on the variant (hold'em: blinds plus ``min_bet`` for no limit, ``small_bet``
    and ``big_bet`` for fixed limit). ``ante_trimming_status`` absent reads as false.
    Unknown fields (user-defined ones start with ``_``) are kept in ``user_fields``.
    """

    # Required, in the standard's order.
    variant: str
    antes: list[Number]
    blinds_or_straddles: list[Number] | None = None
    bring_in: Number | None = None
    small_bet: Number | None = None
    big_bet: Number | None = None
    min_bet: Number | None = None
    starting_stacks: list[Number]
    actions: list[Action]
    # Optional, in the standard's order.
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: datetime.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: str | int | None = None
    level: int | None = None
    seats: list[int] | None = None
    seat_count: int | None = None
    table: str | int | None = None
    players: list[str] | None = None
    finishing_stacks: list[Number] | None = None
    winnings: list[Number] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    ante_trimming_status: bool | None = None
    time_limit: Number | None = None
    time_banks: list[Number] | None = None
    user_fields: dict[str, Any] = msgspec.field(default_factory=dict)

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)


# --- field kinds --------------------------------------------------------------------------------


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_str(value: object) -> bool:
    return isinstance(value, str)


def _is_str_or_int(value: object) -> bool:
    return isinstance(value, str) or _is_int(value)


def _is_local_time(value: object) -> bool:
    return isinstance(value, datetime.time) and value.tzinfo is None


def _array(test: Callable[[object], bool]) -> Callable[[object], bool]:
    return lambda value: isinstance(value, list) and all(test(item) for item in value)


_FIELD_KINDS: dict[str, tuple[Callable[[object], bool], str]] = {
    "variant": (_is_str, "a string"),
    "antes": (_array(_is_number), "an array of numbers"),
    "blinds_or_straddles": (_array(_is_number), "an array of numbers"),
    "bring_in": (_is_number, "a number"),
    "small_bet": (_is_number, "a number"),
    "big_bet": (_is_number, "a number"),
    "min_bet": (_is_number, "a number"),
    "starting_stacks": (_array(_is_number), "an array of numbers"),
    "actions": (_array(_is_str), "an array of strings"),
    **dict.fromkeys(
        (
            "author",
            "event",
            "url",
            "venue",
            "address",
            "city",
            "region",
            "postal_code",
            "country",
        ),
        (_is_str, "a string"),
    ),
    "time": (_is_local_time, "a local time like 12:34:56"),
    "time_zone": (_is_str, "a string"),
    "time_zone_abbreviation": (_is_str, "a string"),
    "day": (_is_int, "an integer"),
    "month": (_is_int, "an integer"),
    "year": (_is_int, "an integer"),
    "hand": (_is_str_or_int, "a string or an integer"),
    "level": (_is_int, "an integer"),
    "seats": (_array(_is_int), "an array of integers"),
    "seat_count": (_is_int, "an integer"),
    "table": (_is_str_or_int, "a string or an integer"),
    "players": (_array(_is_str), "an array of strings"),
    "finishing_stacks": (_array(_is_number), "an array of numbers"),
    "winnings": (_array(_is_number), "an array of numbers"),
    "currency": (_is_str, "a string"),
    "currency_symbol": (_is_str, "a string"),
    "ante_trimming_status": (lambda v: isinstance(v, bool), "true or false"),
    "time_limit": (_is_number, "a number"),
    "time_banks": (_array(_is_number), "an array of numbers"),
}
FIELDS: tuple[str, ...] = tuple(_FIELD_KINDS)
"""The standard's fields in its order: required ones first, then the optional ones."""

_PER_PLAYER_FIELDS = (
    "antes",
    "blinds_or_straddles",
    "seats",
    "players",
    "finishing_stacks",
    "winnings",
    "time_banks",
)
_NON_NEGATIVE_FIELDS = ("antes", "blinds_or_straddles", "finishing_stacks", "winnings")
_POSITIVE_FIELDS = ("bring_in", "small_bet", "big_bet", "min_bet")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _describe(value: object) -> str:
    """The value as the file would spell it, or as Python does when TOML cannot hold it."""
    if isinstance(value, tuple):
        return repr(value)
    try:
        return toml_value(value)
    except PHHError:
        return repr(value)


def _check_hand(hand: HandHistory) -> None:
    """Refuse a hand the standard forbids; the same checks guard reading and writing."""
    variant = hand.variant
    if not isinstance(variant, str):
        raise PHHError(f'field "variant": expected a string, got {_describe(variant)}')
    if variant not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise PHHError(f'variant "{variant}" is not a code of the standard (known: {known})')
    wanted = BET_FIELDS[variant]
    for name in ALL_BET_FIELDS:
        present = getattr(hand, name) is not None
        if name in wanted and not present:
            raise PHHError(f'missing field "{name}" (variant "{variant}" needs it)')
        if name not in wanted and present:
            uses = ", ".join(wanted)
            raise PHHError(f'field "{name}" is not used by variant "{variant}" (it uses {uses})')
    for name, (test, expected) in _FIELD_KINDS.items():
        value = getattr(hand, name)
        if name == "actions" or value is None:
            continue
        if not test(value):
            raise PHHError(f'field "{name}": expected {expected}, got {_describe(value)}')

    stacks = hand.starting_stacks
    count = len(stacks)
    if count < 2:
        raise PHHError(f'field "starting_stacks": a hand needs at least 2 players, not {count}')
    if not all(stack > 0 for stack in stacks):
        raise PHHError(f'field "starting_stacks": stacks must be positive, got {_describe(stacks)}')
    for name in _PER_PLAYER_FIELDS:
        values = getattr(hand, name)
        if values is not None and len(values) != count:
            raise PHHError(
                f'field "{name}" has {_count(len(values), "value")} but there are'
                f' {_count(count, "player")} (from "starting_stacks")'
            )
    for name in _NON_NEGATIVE_FIELDS:
        values = getattr(hand, name)
        if values is not None and not all(value >= 0 for value in values):
            raise PHHError(f'field "{name}": values must be 0 or more, got {_describe(values)}')
    for name in _POSITIVE_FIELDS:
        value = getattr(hand, name)
        if value is not None and not value > 0:
            raise PHHError(f'field "{name}" must be positive, got {_describe(value)}')

    user_fields = hand.user_fields
    if not isinstance(user_fields, dict):
        raise PHHError('"user_fields" must be a dict')
    for key in user_fields:
        if not isinstance(key, str) or key in _FIELD_KINDS:
            raise PHHError(f"user field {key!r} clashes with a field of the standard")

    _check_actions(hand, count)


def _where(number: int, action: Action) -> str:
    return f'action {number} "{format_action(action)}"'


def _check_actions(hand: HandHistory, count: int) -> None:
    """Players in range and cards the deck can hold; the records themselves are well formed."""
    short_deck = hand.variant in SHORT_DECK_VARIANTS
    dealt: set[Card] | None = set() if hand.variant in ONE_DECK_BOARD_GAMES else None
    for number, action in enumerate(hand.actions, start=1):
        if isinstance(action, PLAYER_ACTIONS) and action.player >= count:
            raise PHHError(
                f"{_where(number, action)}: there is no player {action.player + 1}"
                f" (the hand has {count})"
            )
        cards: list[Card | None] = getattr(action, "cards", None) or []
        if short_deck:
            for card in cards:
                if card is not None and rank_of(card) < SHORT_DECK_LOWEST_RANK:
                    raise PHHError(
                        f"{_where(number, action)}: {format_card(card)} is not in the short deck"
                        " (six to ace)"
                    )
        if dealt is not None and isinstance(action, DealHole | DealBoard):
            for card in cards:
                if card is None:
                    continue
                if card in dealt:
                    raise PHHError(
                        f"{_where(number, action)}: {format_card(card)} was already dealt"
                    )
                dealt.add(card)


def _format_actions(actions: object) -> list[str]:
    """Every action's string, refusing malformed records before anything else is checked."""
    if not isinstance(actions, list):
        raise PHHError('field "actions": expected a list of action records')
    texts: list[str] = []
    for number, action in enumerate(actions, start=1):
        try:
            texts.append(format_action(action))
        except PHHError as error:
            raise PHHError(f"action {number}: {error}") from None
    return texts


# --- reading ------------------------------------------------------------------------------------


def _parse_toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PHHError(f"not valid TOML: {error}") from None


def from_table(table: Mapping[str, Any]) -> HandHistory:
    """A hand from a TOML table already read, by tomllib or out of a larger document."""
    for name in ("variant", "antes", "starting_stacks", "actions"):
        if name not in table:
            hint = ""
            if name == "variant" and table and all(isinstance(v, dict) for v in table.values()):
                hint = " (this looks like a .phhs collection: use loads_collection)"
            raise PHHError(f'missing field "{name}"{hint}')
    raw_actions = table["actions"]
    test, expected = _FIELD_KINDS["actions"]
    if not test(raw_actions):
        raise PHHError(f'field "actions": expected {expected}, got {_describe(raw_actions)}')
    actions: list[Action] = []
    for number, text in enumerate(raw_actions, start=1):
        try:
            actions.append(read_action(text))
        except PHHError as error:
            raise PHHError(f'action {number} "{text}": {error}') from None
    known: dict[str, Any] = {}
    user_fields: dict[str, Any] = {}
    for key, value in table.items():
        if key == "actions":
            continue
        if key in _FIELD_KINDS:
            known[key] = value
            continue
        if not key.startswith("_"):
            warnings.warn(
                PHHWarning(f'unknown field "{key}" kept (user-defined fields start with "_")'),
                stacklevel=3,
            )
        user_fields[key] = value
    hand = HandHistory(**known, actions=actions, user_fields=user_fields)
    _check_hand(hand)
    return hand


def loads(text: str) -> HandHistory:
    """Read one hand from the text of a ``.phh`` file."""
    return from_table(_parse_toml(text))


def loads_collection(text: str) -> list[HandHistory]:
    """Read the hands of a ``.phhs`` file, one TOML table each, in file order.

    The table names (``[1]``, ``[2]``, ...) only separate the hands and are not kept.
    """
    hands: list[HandHistory] = []
    for key, table in _parse_toml(text).items():
        section = f"[{toml_key(key)}]"
        if not isinstance(table, dict):
            raise PHHError(f"{section} is not a hand: a .phhs file holds only tables like [1]")
        try:
            hands.append(from_table(table))
        except PHHError as error:
            raise PHHError(f"hand {section}: {error}") from None
    return hands


def _read(path: PathLike) -> str:
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except UnicodeDecodeError as error:
        raise PHHError(f"{os.fspath(path)}: not UTF-8 text ({error.reason})") from None


def load(path: PathLike) -> HandHistory:
    """Read a ``.phh`` file; errors name the file."""
    text = _read(path)
    try:
        return loads(text)
    except PHHError as error:
        raise PHHError(f"{os.fspath(path)}: {error}") from None


def load_collection(path: PathLike) -> list[HandHistory]:
    """Read a ``.phhs`` file; errors name the file and the hand."""
    text = _read(path)
    try:
        return loads_collection(text)
    except PHHError as error:
        raise PHHError(f"{os.fspath(path)}: {error}") from None


def to_table(
    hand: HandHistory, *, action_texts: Sequence[str] | None = None, check: bool = True
) -> dict[str, Any]:
    """The checked hand as the TOML table ``dumps`` writes, which tomllib reads back from it.

    Fields come in the standard's order, then the unknown ones; the values are the hand's own
    lists, not copies. `action_texts`, when given, stand in for the hand's `actions`: action
    strings already written (the engine keeps its log that way), taken as they are. `check`
    False leaves the hand unchecked: only for a hand that keeps the standard by construction,
    as the engine's own (`history.to_phh`), where checking would cost as much as writing.
    """
    if action_texts is None:
        action_texts = _format_actions(hand.actions)
    if check:
        _check_hand(hand)
    table: dict[str, Any] = {}
    for name in FIELDS:
        value = action_texts if name == "actions" else getattr(hand, name)
        if value is not None:
            table[name] = value
    table.update(hand.user_fields)
    return table


def dumps(
    hand: HandHistory, *, action_texts: Sequence[str] | None = None, check: bool = True
) -> str:
    """The ``.phh`` text of a hand: the standard's fields in its order, then the unknown ones.

    `action_texts` are written in place of the hand's `actions`, and `check` False writes the
    hand unchecked (see `to_table`)."""
    lines: list[str] = []
    for key, value in to_table(hand, action_texts=action_texts, check=check).items():
        if key == "actions" and value:
            lines.append("actions = [")
            lines.extend([f"  {text}," for text in toml_strings(value)])
            lines.append("]")
            continue
        try:
            name = key if key in _FIELD_KINDS else toml_key(key)  # the standard's are bare
            lines.append(f"{name} = {toml_value(value)}")
        except PHHError as error:
            raise PHHError(f"user field {key!r}: {error}") from None
    return "\n".join(lines) + "\n"


def dumps_dealt(hand: HandHistory, action_texts: Sequence[str]) -> str:
    """What ``dumps(hand, action_texts=action_texts, check=False)`` writes, for the one shape of
    hand the dealer stores after every hand it deals (`history.to_phh`'s).

    That shape sets no optional field but ``hand``, ``table``, ``players``,
    ``finishing_stacks`` and ``ante_trimming_status``; its chips are ints (never bools) and its
    user fields bools, strings, ints or lists of ints. Written field by field, it skips what
    made the generic writer cost more than the rest of a hand's end: a look at every field of
    the standard and a type dispatch on every value. It is written in two parts, so that a
    writer of many hands under the same settings can keep the first (`settings_text`).
    """
    return dealt_text(
        settings_text(hand),
        hand.starting_stacks,
        action_texts,
        number=hand.hand,
        table=hand.table,
        players=hand.players,
        finishing_stacks=hand.finishing_stacks,
    )


def settings_text(hand: HandHistory) -> tuple[str, str]:
    """The text of the fields of `dumps_dealt`'s shape that the hand's settings decide, as the
    two runs the hand's own fields come between: the variant, forced bets and bet sizes, then
    the ante trimming and the user fields."""
    ints = INT_SEP.join
    head = f'variant = "{hand.variant}"\nantes = [{ints(map(str, hand.antes))}]\n'
    if hand.blinds_or_straddles is not None:
        head += f"blinds_or_straddles = [{ints(map(str, hand.blinds_or_straddles))}]\n"
    for name, value in (
        ("small_bet", hand.small_bet),
        ("big_bet", hand.big_bet),
        ("min_bet", hand.min_bet),
    ):
        if value is not None:
            head += f"{name} = {toml_value(value)}\n"
    tail = ""
    if hand.ante_trimming_status is not None:
        tail = f"ante_trimming_status = {toml_value(hand.ante_trimming_status)}\n"
    for key, value in hand.user_fields.items():
        tail += f"{toml_key(key)} = {toml_value(value)}\n"
    return head, tail


def dealt_text(
    settings: tuple[str, str],
    starting_stacks: Sequence[Number],
    action_texts: Sequence[str],
    *,
    number: str | int | None,
    table: str | int | None,
    players: Sequence[str] | None,
    finishing_stacks: Sequence[Number] | None,
) -> str:
    """A hand of `dumps_dealt`'s shape, from its `settings_text` and its own fields. The actions
    and the players are each quoted as one run of strings when none needs an escape (as the
    engine's actions never do)."""
    head, tail = settings
    ints = INT_SEP.join
    actions = (
        f"actions = [\n  {string_run(action_texts, ACTION_SEP)},\n]\n"
        if action_texts
        else "actions = []\n"
    )
    text = f"{head}starting_stacks = [{ints(map(str, starting_stacks))}]\n{actions}"
    if number is not None:
        text += f"hand = {toml_value(number)}\n"
    if table is not None:
        text += f"table = {toml_value(table)}\n"
    if players is not None:
        text += f"players = [{string_run(players, INT_SEP)}]\n"
    if finishing_stacks is not None:
        text += f"finishing_stacks = [{ints(map(str, finishing_stacks))}]\n"
    return text + tail


def dumps_collection(hands: Iterable[HandHistory]) -> str:
    """The ``.phhs`` text of several hands, as tables ``[1]``, ``[2]``, ..."""
    sections: list[str] = []
    for number, hand in enumerate(hands, start=1):
        try:
            sections.append(f"[{number}]\n{dumps(hand)}")
        except PHHError as error:
            raise PHHError(f"hand [{number}]: {error}") from None
    return "\n".join(sections)


def _write(text: str, path: PathLike) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as file:
        file.write(text)


def dump(hand: HandHistory, path: PathLike) -> None:
    """Write a ``.phh`` file (the hand is checked before anything is written)."""
    _write(dumps(hand), path)


def dump_collection(hands: Iterable[HandHistory], path: PathLike) -> None:
    """Write a ``.phhs`` file (every hand is checked before anything is written)."""
    _write(dumps_collection(hands), path)
