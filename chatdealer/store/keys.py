"""Redis key names.

Everything that belongs to one community (a Discord guild, a Telegram chat) carries the same
hash tag, ``{platform:community}``, so that in a Redis Cluster it all lives in one slot and one
Lua script may touch a table, its events, the bank and the community's deadlines atomically.

Only two things are shared between communities: the timer index (which communities may have a
due deadline, see ``timers.py``) and the registry of communities (for audits and for rebuilding
the timer index). Each is split into ``SHARDS`` shards with hash tags of their own
(``{timers:<n>}``, ``{communities:<n>}``; a community's shard is a hash of its tag), so on a
cluster they spread over the primaries and no single slot carries every deadline. Neither is
ever written in the same script as community keys.

Layout (``C`` = ``cd:{platform:community}``, ``<ch>`` = channel)::

    C:table:<ch>     hash    v = version, s = state (opaque JSON bytes),
                             q = why the table was quarantined (present only then)
    C:events:<ch>    stream  v = version, e = event (JSON), capped with MAXLEN ~
    C:history:<ch>   zset    hand numbers kept (score = hand number); with C:hands:<ch>, given
                             a TTL when the table is deleted, cleared when one is created again
    C:hands:<ch>     hash    <n> = public record, <n>:<player> = private copy, <n>:players
    C:deadlines      zset    member = channel, score = unix time the table wants waking
    C:table_chips    hash    channel = bank chips held by that table; field exists iff table does
    C:held:<ch>      hash    bank account = the bank chips that table holds for it (its chip
                             records: what a reset pays back); sums to the table's C:table_chips
    C:bank           hash    player = balance; ``house`` is the account bots buy in from
    C:daily          hash    player = unix time of the last daily claim
    C:granted        string  every chip ever granted (starting grants + daily chips)
    C:ledger         stream  every bank movement
    C:leaderboard    zset    player = net winnings
    C:leaderboard:m:<YYYY-MM>, C:leaderboard:w:<YYYY-Www>
                     zset    the same for one month or ISO week (UTC), written with it
    C:bank_settings  hash    the community's grant, daily, period, board (`bank_settings`)
    C:stats          hash    <player>:hands, <player>:won, <player>:biggest
    C:names          hash    player = the display name the dealer last saw them by
    cd:{timers:<n>}:due    zset  community tag = lower bound of its earliest deadline
    cd:{timers:<n>}:epoch  hash  community tag = bumped whenever that lower bound is lowered
    cd:{communities:<n>}   set   community tags that ever had a table or an account
                                 (``<n>`` = the community's shard, 0 to SHARDS - 1)

Before the shards there was one of each (``cd:{timers}:due``, ``cd:{timers}:epoch``,
``cd:communities``); ``Timers.rebuild_index`` moves what it finds there into the shards.
"""

from __future__ import annotations

import functools
import zlib
from dataclasses import dataclass

import msgspec

PREFIX = "cd"
_FORBIDDEN = frozenset(":{}\r\n\t ")

SHARDS = 16
"""Shards of the timer index and of the registry of communities: enough to spread over the
primaries of any cluster this dealer is likely to meet, few enough to read them all each poll."""

LEGACY_TIMER_INDEX = f"{PREFIX}:{{timers}}:due"
LEGACY_TIMER_EPOCHS = f"{PREFIX}:{{timers}}:epoch"
LEGACY_COMMUNITIES = f"{PREFIX}:communities"


def _check_part(kind: str, value: str) -> str:
    if not value or any(ch in _FORBIDDEN for ch in value):
        raise ValueError(f"bad {kind} {value!r}: must be non-empty, without ':', braces or spaces")
    return value


@dataclass(frozen=True, slots=True)
class Community:
    """One bank and one hash slot: a Discord guild, a Telegram chat, a console session."""

    platform: str
    community: str

    def __post_init__(self) -> None:
        _check_part("platform", self.platform)
        _check_part("community", self.community)

    @property
    def tag(self) -> str:
        return f"{self.platform}:{self.community}"

    @classmethod
    def parse(cls, tag: str) -> Community:
        platform, sep, community = tag.partition(":")
        if not sep:
            raise ValueError(f"bad community tag {tag!r}: expected 'platform:community'")
        return cls(platform, community)

    def __str__(self) -> str:
        return self.tag

    def key(self, name: str) -> str:
        return f"{PREFIX}:{{{self.tag}}}:{name}"

    def table(self, channel: str) -> TableId:
        return TableId(self.platform, self.community, channel)


@dataclass(frozen=True, slots=True)
class TableId:
    """A table is a channel inside a community; it is written ``platform:community:channel``."""

    platform: str
    community: str
    channel: str

    def __post_init__(self) -> None:
        _check_part("platform", self.platform)
        _check_part("community", self.community)
        _check_part("channel", self.channel)

    @property
    def home(self) -> Community:
        return Community(self.platform, self.community)

    @classmethod
    def parse(cls, text: str) -> TableId:
        parts = text.split(":")
        if len(parts) != 3:
            raise ValueError(f"bad table id {text!r}: expected 'platform:community:channel'")
        return cls(parts[0], parts[1], parts[2])

    def __str__(self) -> str:
        return f"{self.platform}:{self.community}:{self.channel}"


class TableKeys(msgspec.Struct, frozen=True, gc=False):
    """Every key one table action may touch, all in the community's slot. Strings only, so
    untracked by the garbage collector: a worker of 10,000 tables makes them often."""

    table: str
    events: str
    history: str
    hands: str
    deadlines: str
    table_chips: str
    held: str


@dataclass(frozen=True, slots=True)
class BankKeys:
    bank: str
    daily: str
    granted: str
    ledger: str
    leaderboard: str
    stats: str
    names: str


@functools.lru_cache(maxsize=4096)
def table_keys(table_id: TableId) -> TableKeys:
    home = table_id.home
    ch = table_id.channel
    return TableKeys(
        table=home.key(f"table:{ch}"),
        events=home.key(f"events:{ch}"),
        history=home.key(f"history:{ch}"),
        hands=home.key(f"hands:{ch}"),
        deadlines=deadlines_key(home),
        table_chips=home.key("table_chips"),
        held=home.key(f"held:{ch}"),
    )


@functools.lru_cache(maxsize=1024)
def bank_keys(community: Community) -> BankKeys:
    return BankKeys(
        bank=community.key("bank"),
        daily=community.key("daily"),
        granted=community.key("granted"),
        ledger=community.key("ledger"),
        leaderboard=community.key("leaderboard"),
        stats=community.key("stats"),
        names=community.key("names"),
    )


def deadlines_key(community: Community) -> str:
    return community.key("deadlines")


def shard_of(community: Community) -> int:
    """The community's shard of the timer index and the registry (stable across processes)."""
    return zlib.crc32(community.tag.encode()) % SHARDS


@dataclass(frozen=True, slots=True)
class ShardKeys:
    """One shard's part of the timer index (its bounds and epochs) and of the registry."""

    due: str
    epochs: str
    communities: str


@functools.lru_cache(maxsize=SHARDS)
def shard_keys(shard: int) -> ShardKeys:
    if not 0 <= shard < SHARDS:
        raise ValueError(f"shard {shard} is not in 0..{SHARDS - 1}")
    return ShardKeys(
        due=f"{PREFIX}:{{timers:{shard}}}:due",
        epochs=f"{PREFIX}:{{timers:{shard}}}:epoch",
        communities=f"{PREFIX}:{{communities:{shard}}}",
    )


def index_keys(community: Community) -> ShardKeys:
    return shard_keys(shard_of(community))
