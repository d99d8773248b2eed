"""Every command is checked before the dealer acts on it, whatever built it.

msgspec structs do not check their fields when made by their constructors, so an adapter (or a
test, or a fuzzer) can hand the dealer a `Command` with a string for a number, a number past
any chip the bank could hold, a name of ten thousand characters, or no `Command` at all. The
dealer's one entry point calls `checked` first: what fails is a refusal addressed to the asker
(`BadCommand.refusal`), never an exception, and nothing reaches Redis.

An `Act`, by far the most frequent command, is checked field by field in a few comparisons;
a verb without fields needs none; the rest are re-decoded by msgspec against their own field
bounds (`chatdealer.table.limits`). Names are not refused but cut to 64 printable characters;
the ids the dealer keeps for itself (`bot:...`, the house account) are refused as a user's.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from chatdealer.dealer.commands import (
    Act,
    ActionToken,
    AddBot,
    Answer,
    Balance,
    BankRules,
    CoHost,
    Command,
    Configure,
    Create,
    CreateTournament,
    Daily,
    GiveChips,
    HouseSeating,
    Invite,
    Join,
    Kick,
    LastHand,
    Leaderboard,
    Leave,
    Ledger,
    MyCards,
    Night,
    Pause,
    Rabbit,
    Rebuy,
    Register,
    Reset,
    Resume,
    RunTwiceAnswer,
    Seed,
    ShowCards,
    ShowSetting,
    ShowTable,
    SitIn,
    SitOut,
    Start,
    Stop,
    Straddle,
    TakeChips,
    TopUp,
    Unregister,
    User,
)
from chatdealer.dealer.outgoing import Outgoing, Refused
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.store import HOUSE, TableId
from chatdealer.store.bank import BOT_PREFIX
from chatdealer.table.limits import MAX_AMOUNT, MAX_ID, MAX_NAME

ACTIONS = frozenset(("fold", "check", "call", "bet", "raise", "allin", "show", "muck"))
WITHOUT_FIELDS = frozenset(
    (
        Leave,
        Stop,
        SitOut,
        Straddle,
        Start,
        Pause,
        Resume,
        MyCards,
        ShowTable,
        Rabbit,
        Balance,
        Daily,
        Ledger,
        Register,
        Unregister,
        Rebuy,
        Reset,
    )
)
DECODED = frozenset(
    (
        Create,
        CreateTournament,
        Configure,
        Join,
        AddBot,
        Kick,
        SitIn,
        TopUp,
        LastHand,
        Leaderboard,
        Seed,
        BankRules,
        GiveChips,
        TakeChips,
        Night,
        CoHost,
        HouseSeating,
        Invite,
        Answer,
        ShowSetting,
        ShowCards,
        RunTwiceAnswer,
    )
)
CHIP_FIELDS = frozenset(
    (
        "buy_in",
        "amount",
        "small_blind",
        "big_blind",
        "small_bet",
        "big_bet",
        "ante",
        "starting_stack",
        "levels",
        "starting_grant",
        "daily_amount",
        "chips",
    )
)
MAX_TABLE_ID = 200
"""Characters of a table's platform, community and channel ids together."""
NOWHERE = TableId("unknown", "unknown", "unknown")
"""Where the refusal of a command without a readable table is addressed."""


class BadCommand(Exception):
    """A command the dealer cannot act on; `refusal` tells the asker why."""

    def __init__(self, refusal: Outgoing) -> None:
        super().__init__(refusal.payload.code if isinstance(refusal.payload, Refused) else "")
        self.refusal = refusal


def checked(command: object) -> Command:
    """The command, its user's name made safe to keep; `BadCommand` for anything else."""
    try:
        return _checked(command)
    except BadCommand:
        raise
    except Exception:  # a field so odd a check itself trips on it
        raise _bad(command, DealerRefusal("bad_command")) from None


def _checked(command: object) -> Command:
    if type(command) is not Command:
        raise _bad(command, DealerRefusal("bad_command"))
    table, user, args = command.table, command.user, command.args
    if type(table) is not TableId or not _sound_table(table):
        raise _bad(command, DealerRefusal("bad_command"))
    safe_user = _checked_user(user)
    if safe_user is None:
        raise _bad(command, DealerRefusal("bad_command"))
    kind = type(args)
    if isinstance(args, Act) and kind is Act:
        refusal = _act_refusal(args)
        if refusal is not None:
            raise _bad(command, refusal)
        safe_args: Any = args
    elif kind in WITHOUT_FIELDS:
        safe_args = args
    elif kind in DECODED:
        safe_args = _decoded(command, args)
    else:
        raise _bad(command, DealerRefusal("bad_command"))
    if safe_user is user and safe_args is args:
        return command
    return Command(table=table, user=safe_user, args=safe_args)


def _sound_table(table: TableId) -> bool:
    platform, community, channel = table.platform, table.community, table.channel
    return (
        type(platform) is str
        and type(community) is str
        and type(channel) is str
        and len(platform) + len(community) + len(channel) <= MAX_TABLE_ID
        and ((platform + community + channel).isascii() or _encodable(community + channel))
    )


def _checked_user(user: object) -> User | None:
    """The user, their name made safe to keep, or None for one the dealer cannot serve. A few
    comparisons on the usual path: every command has a user."""
    if type(user) is not User:
        return None
    player, name = user.id, user.name
    if type(player) is not str or type(name) is not str or type(user.manager) is not bool:
        return None
    if type(user.admin) is not bool:
        return None
    if not 0 < len(player) <= MAX_ID or player == HOUSE or player.startswith(BOT_PREFIX):
        return None
    if not player.isascii() and not _encodable(player):
        return None
    if len(name) <= MAX_NAME and name.isprintable():  # a lone surrogate is not printable
        return user
    return msgspec.structs.replace(user, name=shown_name(name))


def shown_name(name: str) -> str:
    """A name as the dealer keeps it: printable, encodable, at most `MAX_NAME` characters."""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in name[: MAX_NAME * 2])
    cleaned = cleaned.encode("utf-8", "replace").decode("utf-8").strip()
    if len(cleaned) > MAX_NAME:
        cleaned = cleaned[: MAX_NAME - 1].rstrip() + "…"
    return cleaned or "?"


def _encodable(text: str) -> bool:
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _act_refusal(act: Act) -> DealerRefusal | None:
    """An action's fields in a few comparisons: it is the command sent most."""
    action = act.action
    if type(action) is not str or action not in ACTIONS:
        return DealerRefusal("bad_value", field="action")
    token = act.token
    if type(token) is not ActionToken:
        return DealerRefusal("bad_value", field="token")
    hand, sequence = token.hand, token.sequence
    if (
        type(hand) is not int
        or type(sequence) is not int
        or not 0 <= hand <= MAX_AMOUNT
        or not 0 <= sequence <= MAX_AMOUNT
    ):
        return DealerRefusal("bad_value", field="token")
    amount = act.amount
    if amount is not None and (type(amount) is not int or not 0 <= amount <= MAX_AMOUNT):
        return DealerRefusal("amount_range", maximum=MAX_AMOUNT)
    return None


def _decoded(command: Command, args: Any) -> Any:
    """The verb decoded again by msgspec against its fields' types and bounds."""
    try:
        plain = msgspec.to_builtins(args)
        where = _unencodable(plain)
        if where is not None:
            raise _bad(command, DealerRefusal("bad_value", field=where))
        return msgspec.convert(plain, type(args))
    except msgspec.ValidationError as problem:
        raise _bad(command, _refusal_for(problem)) from None
    except (TypeError, ValueError, OverflowError):
        raise _bad(command, DealerRefusal("bad_command")) from None


_PLACE = re.compile(r" - at `\$\.?([^`]*)`$")
_INDEX = re.compile(r"\[\d+\]")


def _refusal_for(problem: msgspec.ValidationError) -> DealerRefusal:
    found = _PLACE.search(str(problem))
    path = _INDEX.sub("", found.group(1)) if found else ""
    names = [name for name in path.split(".") if name]
    if CHIP_FIELDS.intersection(names):
        return DealerRefusal("amount_range", maximum=MAX_AMOUNT)
    return DealerRefusal("bad_value", field=names[-1] if names else "command")


def _unencodable(value: object, place: str = "command") -> str | None:
    """The name of the first string field that cannot be written as UTF-8, if any."""
    if isinstance(value, str):
        return None if _encodable(value) else place
    if isinstance(value, dict):
        for key, item in value.items():
            found = _unencodable(item, str(key))
            if found is not None:
                return found
    elif isinstance(value, list):
        for item in value:
            found = _unencodable(item, place)
            if found is not None:
                return found
    return None


def _bad(command: object, refusal: DealerRefusal) -> BadCommand:
    table = getattr(command, "table", None)
    user = getattr(command, "user", None)
    to = getattr(user, "id", None)
    payload = Refused(code=refusal.code, params=dict(refusal.params), text=str(refusal))
    return BadCommand(
        Outgoing(
            table=table if type(table) is TableId and _sound_table(table) else NOWHERE,
            to=to if type(to) is str and 0 < len(to) <= MAX_ID and _encodable(to) else "",
            payload=payload,
        )
    )
