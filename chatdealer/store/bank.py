"""Play-money banks, one per community.

Chips are conserved: they enter only as grants (a new player's starting chips, daily chips),
which are counted in ``C:granted``, and otherwise only move between a player's balance and a
table, in the same script that writes the table's state (see ``TableStore.commit``). So at any
moment, per community::

    sum(balances) + sum(chips held by tables) == chips granted

and :meth:`Bank.audit` checks exactly that. Times come in as arguments so that tests (and the
daily period) never depend on the wall clock inside a script.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

import msgspec
from redis.asyncio import Redis

from chatdealer.store.keys import COMMUNITIES, Community, TableId, bank_keys, table_keys
from chatdealer.store.scripts import Scripts, as_bytes, scored, text
from chatdealer.store.timers import format_time

MAX_CHIPS = 2**53
"""Lua numbers are doubles: beyond this, chip arithmetic inside a script would round."""
MAX_NAME = 100
"""How much of a display name is kept (platforms allow 32 to 256 characters)."""


def check_amount(amount: int, *, allow_zero: bool = False) -> int:
    """Refuses negative, fractional and absurd amounts before they reach a script."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise TypeError(f"chip amounts are whole numbers, not {type(amount).__name__}")
    if amount < 0 or (amount == 0 and not allow_zero):
        raise ValueError(f"chip amount must be positive, got {amount}")
    if amount >= MAX_CHIPS:
        raise ValueError(f"chip amount {amount} is too large")
    return amount


@dataclass(frozen=True, slots=True)
class BankConfig:
    starting_grant: int = 1_000
    daily_amount: int = 500
    daily_period: float = 24 * 60 * 60
    ledger_maxlen: int = 1_000_000
    """Approximate cap of each community's ledger stream; 0 keeps every entry."""

    def __post_init__(self) -> None:
        check_amount(self.starting_grant, allow_zero=True)
        check_amount(self.daily_amount, allow_zero=True)
        if self.daily_period <= 0:
            raise ValueError("the daily period must be positive")
        if self.ledger_maxlen < 0:
            raise ValueError("ledger_maxlen must be 0 (uncapped) or positive")


class MoveKind(StrEnum):
    BUY_IN = "buy_in"
    CASH_OUT = "cash_out"


@dataclass(frozen=True, slots=True)
class ChipMove:
    """Chips between a player's bank balance and the table being saved."""

    kind: MoveKind
    player: str
    amount: int

    def __post_init__(self) -> None:
        check_amount(self.amount)
        if not self.player:
            raise ValueError("a chip move needs a player")


def buy_in(player: str, amount: int) -> ChipMove:
    return ChipMove(MoveKind.BUY_IN, player, amount)


def cash_out(player: str, amount: int) -> ChipMove:
    return ChipMove(MoveKind.CASH_OUT, player, amount)


class StatDelta(msgspec.Struct, frozen=True):
    """What one save adds to a player's stats; ``net`` moves the leaderboard.

    ``net`` is whatever the service counts as winnings (a cash game's per-hand result, a
    tournament's prize minus buy-in), in bank chips. Every hand's end makes one per player: a
    struct, checked at once when its counts are plain ints in range, is made several times
    faster than a frozen dataclass checked field by field.
    """

    player: str
    hands_played: int = 0
    hands_won: int = 0
    pot: int = 0
    net: int = 0

    def __post_init__(self) -> None:
        played, won, pot, net = self.hands_played, self.hands_won, self.pot, self.net
        if (
            type(played) is int
            and type(won) is int
            and type(pot) is int
            and type(net) is int
            and 0 <= played < MAX_CHIPS
            and 0 <= won < MAX_CHIPS
            and 0 <= pot < MAX_CHIPS
            and -MAX_CHIPS < net < MAX_CHIPS
        ):
            return
        check_amount(self.hands_played, allow_zero=True)
        check_amount(self.hands_won, allow_zero=True)
        check_amount(self.pot, allow_zero=True)
        if (
            isinstance(self.net, bool)
            or not isinstance(self.net, int)
            or abs(self.net) >= MAX_CHIPS
        ):
            raise ValueError(f"net must be a whole number of chips, got {self.net!r}")


@dataclass(frozen=True, slots=True)
class Account:
    player: str
    balance: int
    opened: bool
    """True when this call created the account (and granted the starting chips)."""


class DailyOutcome(StrEnum):
    GRANTED = "ok"
    TOO_SOON = "too_soon"
    NO_ACCOUNT = "no_account"


@dataclass(frozen=True, slots=True)
class DailyResult:
    outcome: DailyOutcome
    balance: int | None
    next_at: float | None
    """When the player may claim again (unix time)."""


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    id: str
    kind: str
    """``grant``, ``daily``, ``buy_in`` or ``cash_out``."""
    player: str
    amount: int
    table: str
    """The table id for buy-ins and cash-outs, empty for grants."""
    time: float
    balance: int
    """The player's balance right after this movement."""


@dataclass(frozen=True, slots=True)
class PlayerStats:
    hands_played: int
    hands_won: int
    biggest_pot: int
    net: int


@dataclass(frozen=True, slots=True)
class TableMismatch:
    table: TableId
    recorded: int
    """Chips the bank believes the table holds."""
    in_state: int
    """Chips the service's callable found in the table's state."""


@dataclass(frozen=True, slots=True)
class AuditReport:
    community: Community
    balances: int
    on_tables: int
    granted: int
    accounts: int
    tables: int
    mismatches: tuple[TableMismatch, ...] = ()

    @property
    def ok(self) -> bool:
        return self.balances + self.on_tables == self.granted and not self.mismatches


ChipsOf = Callable[[bytes], int]
"""Given a table's state, the bank chips it holds (stacks and pots, in bank chips)."""


class Bank:
    def __init__(self, client: Redis, scripts: Scripts, config: BankConfig | None = None) -> None:
        self._client = client
        self._scripts = scripts
        self.config = config or BankConfig()

    async def open_account(self, community: Community, player: str, now: float) -> Account:
        """Creates the player's account with the starting grant; harmless if it exists."""
        if not player:
            raise ValueError("an account needs a player")
        keys = bank_keys(community)
        reply = await self._scripts.open_account(
            keys=[keys.bank, keys.ledger, keys.granted],
            args=[
                player,
                self.config.starting_grant,
                format_time(now),
                self.config.ledger_maxlen,
            ],
        )
        opened = text(reply[0]) == "opened"
        if opened:
            await self._client.sadd(COMMUNITIES, community.tag)
        return Account(player, int(reply[1]), opened)

    async def remember_name(self, community: Community, player: str, name: str) -> None:
        """Keeps the name the player goes by, for the lines that name players off the table
        (the leaderboard, a ledger); a later name replaces it."""
        if player and name:
            await self._client.hset(bank_keys(community).names, player, name[:MAX_NAME])

    async def names(self, community: Community, players: Sequence[str]) -> dict[str, str]:
        """The names kept for the players who have one."""
        if not players:
            return {}
        found = await self._client.hmget(bank_keys(community).names, list(players))
        return {
            player: text(name)
            for player, name in zip(players, found, strict=True)
            if name is not None
        }

    async def balance(self, community: Community, player: str) -> int | None:
        raw = await self._client.hget(bank_keys(community).bank, player)
        return None if raw is None else int(raw)

    async def claim_daily(self, community: Community, player: str, now: float) -> DailyResult:
        """Grants the daily chips once per ``daily_period`` since the player's last claim."""
        keys = bank_keys(community)
        cfg = self.config
        reply = await self._scripts.claim_daily(
            keys=[keys.bank, keys.daily, keys.ledger, keys.granted],
            args=[
                player,
                cfg.daily_amount,
                format_time(cfg.daily_period),
                format_time(now),
                cfg.ledger_maxlen,
            ],
        )
        outcome = DailyOutcome(text(reply[0]))
        if outcome is DailyOutcome.NO_ACCOUNT:
            return DailyResult(outcome, None, None)
        return DailyResult(outcome, int(reply[1]), float(reply[2]))

    async def ledger(
        self, community: Community, *, after: str | None = None, count: int = 100
    ) -> list[LedgerEntry]:
        """Ledger entries oldest first, starting after the entry id ``after``."""
        start = "-" if after is None else f"({after}"
        rows = await self._client.xrange(bank_keys(community).ledger, start, "+", count=count)
        entries = []
        for entry_id, fields in rows or []:
            f = {text(k): text(v) for k, v in (fields or {}).items()}
            entries.append(
                LedgerEntry(
                    id=text(entry_id),
                    kind=f["kind"],
                    player=f["player"],
                    amount=int(f["amount"]),
                    table=f["table"],
                    time=float(f["time"]),
                    balance=int(f["balance"]),
                )
            )
        return entries

    async def leaderboard(self, community: Community, top: int = 10) -> list[tuple[str, int]]:
        rows = await self._client.zrevrange(
            bank_keys(community).leaderboard, 0, top - 1, withscores=True
        )
        return [(player, int(score)) for player, score in scored(rows)]

    async def stats(self, community: Community, player: str) -> PlayerStats:
        keys = bank_keys(community)
        hands, won, biggest = await self._client.hmget(
            keys.stats, [f"{player}:hands", f"{player}:won", f"{player}:biggest"]
        )
        net = await self._client.zscore(keys.leaderboard, player)
        return PlayerStats(
            hands_played=int(hands or 0),
            hands_won=int(won or 0),
            biggest_pot=int(biggest or 0),
            net=0 if net is None else int(float(net)),
        )

    async def communities(self) -> list[Community]:
        tags = [text(tag) async for tag in self._client.sscan_iter(COMMUNITIES)]
        return [Community.parse(tag) for tag in sorted(tags)]

    async def audit(
        self, community: Community | None = None, chips_of: ChipsOf | None = None
    ) -> list[AuditReport]:
        """Checks chip conservation for one community, or for every known one.

        Each community's sums are read in one script, so they are a consistent snapshot even
        while tables play. With ``chips_of``, each table's state is also compared with the
        chips the bank believes it holds, which catches a state that made chips up.
        """
        targets: Iterable[Community] = (
            [community] if community is not None else await self.communities()
        )
        return [await self._audit_one(c, chips_of) for c in targets]

    async def _audit_one(self, community: Community, chips_of: ChipsOf | None) -> AuditReport:
        keys = bank_keys(community)
        table_chips = community.key("table_chips")
        reply = await self._scripts.audit(keys=[keys.bank, table_chips, keys.granted])
        balances, on_tables, granted, accounts, tables = (int(text(v)) for v in reply)
        mismatches: list[TableMismatch] = []
        if chips_of is not None:
            channels = [text(ch) for ch in await self._client.hkeys(table_chips)]
            for channel in sorted(channels):
                table_id = community.table(channel)
                async with self._client.pipeline(transaction=True) as pipe:
                    pipe.hget(table_keys(table_id).table, "s")
                    pipe.hget(table_chips, channel)
                    state, recorded = await pipe.execute()
                if state is None or recorded is None:
                    continue
                found = chips_of(as_bytes(state))
                if found != int(recorded):
                    mismatches.append(TableMismatch(table_id, int(recorded), found))
        return AuditReport(
            community=community,
            balances=balances,
            on_tables=on_tables,
            granted=granted,
            accounts=accounts,
            tables=tables,
            mismatches=tuple(mismatches),
        )
