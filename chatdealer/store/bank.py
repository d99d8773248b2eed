"""Play-money banks, one per community.

Chips are conserved: they enter only as grants (a new player's starting chips, daily chips),
which are counted in ``C:granted``, and otherwise only move between a player's balance and a
table, in the same script that writes the table's state (see ``TableStore.commit``). So at any
moment, per community::

    sum(balances) + sum(chips held by tables) == chips granted

and :meth:`Bank.audit` checks exactly that. Times come in as arguments so that tests (and the
daily period) never depend on the wall clock inside a script.

Bots mint nothing: they buy in from the community's one house account (``HOUSE``), and what
they cash out goes back to it. The house is never granted a chip; it starts at 0 and may go
below it, down to ``BankConfig.house_credit``, so its balance is minus what people have won
from bots, the sum above still holds with the house counted like any account, and what a
community can win off bots is bounded by the credit.

Every value read back is checked: a balance or a count of granted chips that is not a whole
number raises `DamagedAccount` (and the scripts refuse to compute with it), a ledger entry
missing a field is left out with a log line, and the audit names what it could not count.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

import msgspec
from redis.asyncio import Redis

from chatdealer.store.bank_settings import (
    MAX_DAILY_PERIOD,
    MIN_DAILY_PERIOD,
    BankSettings,
    BoardPeriod,
    board_key,
    read_settings,
    settings_key,
)
from chatdealer.store.damage import DamagedAccount, whole_number
from chatdealer.store.keys import (
    LEGACY_COMMUNITIES,
    SHARDS,
    Community,
    TableId,
    bank_keys,
    index_keys,
    shard_keys,
    table_keys,
)
from chatdealer.store.pipelining import AutoPipeline
from chatdealer.store.replication import Replicas
from chatdealer.store.scripts import Scripts, as_bytes, scored, text
from chatdealer.store.timers import format_time

log = logging.getLogger(__name__)

MAX_CHIPS = 2**53
"""Lua numbers are doubles: beyond this, chip arithmetic inside a script would round."""
HOUSE = "house"
"""The account bots buy in from (no platform's user ids look like it)."""
DEFAULT_HOUSE_CREDIT = 100_000
BOT_PREFIX = "bot:"
"""Bot players' ids begin so (`dealer.seated_bots`): they are kept off the leaderboard."""
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
    house_credit: int = DEFAULT_HOUSE_CREDIT
    """How far below 0 the house account may go to seat bots."""

    def __post_init__(self) -> None:
        check_amount(self.starting_grant, allow_zero=True)
        check_amount(self.daily_amount, allow_zero=True)
        check_amount(self.house_credit, allow_zero=True)
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


class StatDelta(msgspec.Struct, gc=False, frozen=True):
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
    OFF = "off"
    """The community gives no daily chips."""
    NIGHT = "night"
    """A night runs: everyone plays the night's chips (`store/nights.py`)."""


@dataclass(frozen=True, slots=True)
class DailyResult:
    outcome: DailyOutcome
    balance: int | None
    next_at: float | None
    """When the player may claim again (unix time)."""
    amount: int = 0
    """The chips granted (the community's daily amount when they were)."""


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
    in_state: int | None
    """Chips the service's callable found in the table's state (None: not read)."""
    held: int | None = None
    """What the table's chip records add up to, when they disagree with `recorded`."""


@dataclass(frozen=True, slots=True)
class AuditReport:
    community: Community
    balances: int
    on_tables: int
    granted: int
    accounts: int
    tables: int
    mismatches: tuple[TableMismatch, ...] = ()
    house: int = 0
    """The house account's balance (below 0: what people have won from bots)."""
    damaged_accounts: tuple[str, ...] = ()
    """Accounts whose balance is not a whole number: left out of `balances`."""
    damaged: tuple[tuple[TableId, str], ...] = ()
    """Tables whose state could not be read, with what is wrong: their chips are counted from
    the bank's own record, so the sums still hold, but their state was not checked."""
    error: str | None = None
    """Why this community could not be audited at all (the others still were)."""
    parked: int = 0
    """The balances a running night set aside (`store/nights.py`): chips like any other."""

    @property
    def ok(self) -> bool:
        return (
            self.error is None
            and not self.damaged_accounts
            and self.balances + self.parked + self.on_tables == self.granted
            and not self.mismatches
        )


ChipsOf = Callable[[bytes], int]
"""Given a table's state, the bank chips it holds (stacks and pots, in bank chips)."""


class Bank:
    def __init__(
        self,
        client: Redis,
        scripts: Scripts,
        config: BankConfig | None = None,
        replicas: Replicas | None = None,
    ) -> None:
        """`replicas`: a grant is acknowledged only once they have it (else no wait)."""
        self._client = client
        self._scripts = scripts
        self.config = config or BankConfig()
        self.replicas = replicas or Replicas(AutoPipeline(client))

    async def open_account(self, community: Community, player: str, now: float) -> Account:
        """Creates the player's account with the starting grant; harmless if it exists."""
        if not player:
            raise ValueError("an account needs a player")
        keys = bank_keys(community)
        reply = await self.replicas.run(
            self._scripts.open_account,
            [keys.bank, keys.ledger, keys.granted, settings_key(community)],
            [player, self.config.starting_grant, format_time(now), self.config.ledger_maxlen],
        )
        assert isinstance(reply, list)
        outcome = text(reply[0])
        if outcome == "damaged":
            raise DamagedAccount(keys.bank, f"its {text(reply[1])} is damaged", player)
        opened = outcome == "opened"
        if opened:
            await self.replicas.confirm(keys.bank)
            await self._client.sadd(index_keys(community).communities, community.tag)
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
        return {  # a name that is not UTF-8 is damaged: shown as best it can be
            player: name.decode(errors="replace") if isinstance(name, bytes) else str(name)
            for player, name in zip(players, found, strict=True)
            if name is not None
        }

    async def balance(self, community: Community, player: str) -> int | None:
        """The player's balance, None without an account; `DamagedAccount` if unreadable."""
        key = bank_keys(community).bank
        raw = await self._client.hget(key, player)
        if raw is None:
            return None
        balance = whole_number(raw)
        if balance is None:
            raise DamagedAccount(key, "not a whole number", player)
        return balance

    async def claim_daily(self, community: Community, player: str, now: float) -> DailyResult:
        """Grants the daily chips once per ``daily_period`` since the player's last claim."""
        keys = bank_keys(community)
        cfg = self.config
        reply = await self.replicas.run(
            self._scripts.claim_daily,
            [keys.bank, keys.daily, keys.ledger, keys.granted, settings_key(community)],
            [
                player,
                cfg.daily_amount,
                format_time(cfg.daily_period),
                format_time(now),
                cfg.ledger_maxlen,
                format_time(MIN_DAILY_PERIOD),
                format_time(MAX_DAILY_PERIOD),
            ],
        )
        assert isinstance(reply, list)
        if text(reply[0]) == "damaged":
            raise DamagedAccount(keys.bank, f"its {text(reply[1])} is damaged", player)
        outcome = DailyOutcome(text(reply[0]))
        if outcome in (DailyOutcome.NO_ACCOUNT, DailyOutcome.OFF, DailyOutcome.NIGHT):
            return DailyResult(outcome, None, None)
        granted = outcome is DailyOutcome.GRANTED
        if granted:
            await self.replicas.confirm(keys.bank)
        amount = int(reply[3]) if granted else 0
        return DailyResult(outcome, int(reply[1]), float(reply[2]), amount)

    @property
    def defaults(self) -> BankSettings:
        """The settings of a community that has changed none."""
        cfg = self.config
        return BankSettings(cfg.starting_grant, cfg.daily_amount, cfg.daily_period)

    async def settings(self, community: Community) -> BankSettings:
        """The community's bank settings (the defaults for what it never changed)."""
        raw = await self._client.hgetall(settings_key(community))
        return read_settings(raw if isinstance(raw, dict) else {}, self.defaults)

    async def change_settings(
        self,
        community: Community,
        *,
        starting_grant: int | None = None,
        daily_amount: int | None = None,
        daily_period: float | None = None,
        board: BoardPeriod | None = None,
    ) -> BankSettings:
        """Changes what is given (None leaves a setting as it is); checked before it is
        written, so a bad value changes nothing. Chips already granted stay as they are."""
        fields: dict[str, str] = {}
        if starting_grant is not None:
            fields["grant"] = str(check_amount(starting_grant, allow_zero=True))
        if daily_amount is not None:
            fields["daily"] = str(check_amount(daily_amount, allow_zero=True))
        if daily_period is not None:
            if not MIN_DAILY_PERIOD <= daily_period <= MAX_DAILY_PERIOD:
                raise ValueError(f"the daily period must be 1 minute to a year, not {daily_period}")
            fields["period"] = str(int(daily_period))
        if board is not None:
            fields["board"] = BoardPeriod(board).value
        if fields:
            pairs = [part for field in fields.items() for part in field]
            await self._client.hset(settings_key(community), items=pairs)
        return await self.settings(community)

    async def ledger(
        self, community: Community, *, after: str | None = None, count: int = 100
    ) -> list[LedgerEntry]:
        """Ledger entries oldest first, starting after the entry id ``after``; an entry that
        cannot be read is left out, with a log line."""
        start = "-" if after is None else f"({after}"
        rows = await self._client.xrange(bank_keys(community).ledger, start, "+", count=count)
        entries = []
        for entry_id, fields in rows or []:
            entry = ledger_entry(text(entry_id), fields)
            if entry is None:
                log.warning("ledger of %s: entry %s is damaged, left out", community, entry_id)
                continue
            entries.append(entry)
        return entries

    async def leaderboard(
        self,
        community: Community,
        top: int = 10,
        *,
        board: BoardPeriod = BoardPeriod.ALL,
        now: float | None = None,
    ) -> list[tuple[str, int]]:
        """The best nets of the `board`'s period (at `now`), people only: an entry a bot made
        before bots left the board is removed as it is found."""
        key = board_key(community, board, time.time() if now is None else now)
        for _ in range(10):
            rows = scored(await self._client.zrevrange(key, 0, top - 1, withscores=True))
            bots = [player for player, _ in rows if not is_person(player)]
            if not bots:
                break
            await self._client.zrem(key, *bots)
        return [(player, int(score)) for player, score in rows if is_person(player)]

    async def stats(self, community: Community, player: str) -> PlayerStats:
        """The player's stats; a count that is not a number reads as 0 (stats are not chips,
        and the next hand's commit starts it again from 0)."""
        keys = bank_keys(community)
        hands, won, biggest = await self._client.hmget(
            keys.stats, [f"{player}:hands", f"{player}:won", f"{player}:biggest"]
        )
        net = await self._client.zscore(keys.leaderboard, player)
        return PlayerStats(
            hands_played=whole_number(hands or 0) or 0,
            hands_won=whole_number(won or 0) or 0,
            biggest_pot=whole_number(biggest or 0) or 0,
            net=0 if net is None else int(float(net)),
        )

    async def communities(self) -> list[Community]:
        """The registered communities; a tag that is not one is skipped with a log line
        (`Timers.rebuild_index` removes it)."""
        found: set[Community] = set()
        registries = [shard_keys(shard).communities for shard in range(SHARDS)]
        for registry in [*registries, LEGACY_COMMUNITIES]:  # each on the node that holds it
            async for raw in self._client.sscan_iter(registry):
                community = parse_community(raw)
                if community is not None:
                    found.add(community)
        return sorted(found, key=lambda community: community.tag)

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
        """One community's sums, then each table against them; whatever goes wrong here is
        this community's report, never the end of the audit of the others."""
        try:
            return await self._audit_sums(community, chips_of)
        except Exception as problem:  # reported: the audit of the others goes on
            log.warning("audit of %s failed: %s", community, type(problem).__name__)
            return AuditReport(community, 0, 0, 0, 0, 0, error=type(problem).__name__)

    async def _audit_sums(self, community: Community, chips_of: ChipsOf | None) -> AuditReport:
        keys = bank_keys(community)
        table_chips = community.key("table_chips")
        parked = community.key("parked")
        reply = await self._scripts.audit(
            keys=[keys.bank, table_chips, keys.granted, parked], args=[HOUSE]
        )
        balances, on_tables = int(reply[0]), int(reply[1])
        granted = whole_number(reply[2])
        accounts, tables = int(reply[3]), int(reply[4])
        house = whole_number(reply[5])
        at = 6
        bad_accounts = [text(name) for name in reply[at + 1 : at + 1 + int(reply[at])]]
        at += 1 + int(reply[at])
        bad_tables = [text(name) for name in reply[at + 1 : at + 1 + int(reply[at])]]
        at += 1 + int(reply[at])
        on_parked = int(reply[at])
        bad_accounts += [
            f"parked {text(name)}" for name in reply[at + 2 : at + 2 + int(reply[at + 1])]
        ]
        if granted is None:
            bad_accounts.append("granted")
        damaged: list[tuple[TableId, str]] = []
        mismatches: list[TableMismatch] = []
        for channel in sorted(bad_tables):
            table_id = _table_or_none(community, channel)
            if table_id is not None:
                damaged.append((table_id, "its chip count is not a whole number"))
        if chips_of is not None:
            channels = [text(ch) for ch in await self._client.hkeys(table_chips)]
            for channel in sorted(set(channels) - set(bad_tables)):
                table_id = _table_or_none(community, channel)
                if table_id is None:
                    continue
                found = await self._check_table(table_id, chips_of)
                if isinstance(found, str):
                    damaged.append((table_id, found))
                elif found is not None:
                    mismatches.append(found)
        return AuditReport(
            community=community,
            balances=balances,
            on_tables=on_tables,
            granted=granted or 0,
            accounts=accounts,
            tables=tables,
            mismatches=tuple(mismatches),
            house=house or 0,
            damaged_accounts=tuple(bad_accounts),
            damaged=tuple(damaged),
            parked=on_parked,
        )

    async def _check_table(
        self, table_id: TableId, chips_of: ChipsOf
    ) -> TableMismatch | str | None:
        """The table's state and chip records against the bank's count: a mismatch, what is
        wrong with a state that cannot be read, or None when they agree."""
        keys = table_keys(table_id)
        async with self._client.pipeline(transaction=True) as pipe:
            pipe.hget(keys.table, "s")
            pipe.hget(keys.table_chips, table_id.channel)
            pipe.hvals(keys.held)
            state, raw_recorded, held_values = await pipe.execute()
        recorded = whole_number(raw_recorded)
        if recorded is None:
            return None
        held = [whole_number(value) for value in held_values]
        held_sum = sum(chips or 0 for chips in held) if held_values else None
        if None in held:
            return "its chip records are damaged"
        if state is None:
            if recorded == 0:
                return None
            return "no state"
        try:
            found = chips_of(as_bytes(state))
        except Exception as problem:  # a state that cannot be read is reported
            return f"its state cannot be read ({type(problem).__name__})"
        if found != recorded or (held_sum is not None and held_sum != recorded):
            return TableMismatch(table_id, recorded, found, held_sum)
        return None


def ledger_entry(entry_id: str, fields: object) -> LedgerEntry | None:
    """One stream entry as a `LedgerEntry`, or None when a field is missing or malformed."""
    if not isinstance(fields, dict):
        return None
    try:
        f = {text(k): text(v) for k, v in fields.items()}
        amount, balance = whole_number(f.get("amount")), whole_number(f.get("balance"))
        when = float(f["time"])
        return LedgerEntry(
            id=entry_id,
            kind=f["kind"],
            player=f["player"],
            amount=amount if amount is not None else _missing("amount"),
            table=f["table"],
            time=when,
            balance=balance if balance is not None else _missing("balance"),
        )
    except (KeyError, ValueError):
        return None


def _missing(field: str) -> int:
    raise KeyError(field)


def is_person(player: str) -> bool:
    """Not a bot and not the house: someone who may be on the leaderboard."""
    return player != HOUSE and not player.startswith(BOT_PREFIX)


def parse_community(raw: object) -> Community | None:
    """A registered community tag, or None (logged) for one that is not a community's."""
    try:
        return Community.parse(text(raw))
    except ValueError:  # a UnicodeDecodeError too
        log.warning("the registry of communities holds %r, which is not one", raw)
        return None


def _table_or_none(community: Community, channel: str) -> TableId | None:
    try:
        return community.table(channel)
    except ValueError:
        log.warning("%s counts chips on %r, which is not a channel", community, channel)
        return None
