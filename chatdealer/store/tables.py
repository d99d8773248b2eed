"""Table state with optimistic concurrency: one action is one script run.

Any number of workers may serve the same table. Each loads ``(version, state)``, computes the
next state with the pure engine, and commits with the version it loaded; the script refuses if
someone committed first, and :meth:`TableStore.update` then starts over from the fresh state, so
a conflict costs a retry and never an update.

Reading a table is a boundary: a hash without its state or version, a version that is not a
number, or a table quarantined by a worker (``q``) raises `DamagedTable` rather than passing
for a missing table, so the channel can be told and the table reset (`store.repair`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

import msgspec
from redis.asyncio import Redis
from redis.exceptions import RedisError

from chatdealer.store.bank import DEFAULT_HOUSE_CREDIT, HOUSE, ChipMove, StatDelta
from chatdealer.store.bank_settings import month_board, week_board
from chatdealer.store.damage import DamagedAccount, DamagedTable, whole_number
from chatdealer.store.history import DEFAULT_CAP, HandRecord
from chatdealer.store.keys import TableId, bank_keys, index_keys, table_keys
from chatdealer.store.pipelining import AutoPipeline
from chatdealer.store.replication import Replicas
from chatdealer.store.scripts import Scripts, as_bytes, text
from chatdealer.store.timers import format_time, lower_bound

DEFAULT_EVENTS_MAXLEN = 1_000
DEFAULT_LEDGER_MAXLEN = 1_000_000
DEFAULT_HISTORY_TTL = 30 * 24 * 60 * 60
"""How long a deleted (or reset) table's hand histories are kept, in seconds."""


class Outcome(StrEnum):
    OK = "ok"
    UNCHANGED = "unchanged"
    """``update``'s function returned None: nothing was written."""
    CONFLICT = "conflict"
    MISSING = "missing"
    EXISTS = "exists"
    NO_ACCOUNT = "no_account"
    INSUFFICIENT_BALANCE = "insufficient_balance"
    TABLE_SHORT = "table_short"
    """A cash-out asked for more chips than the table holds."""
    TABLE_HOLDS_CHIPS = "table_holds_chips"
    """A table still holding chips cannot be deleted: they would vanish from the audit."""
    DAMAGED = "damaged"
    """A record the commit needs (the table's chips, the ledger, ...) is damaged: `player`
    names which."""
    DAMAGED_ACCOUNT = "damaged_account"
    """The balance of `player` is not a whole number."""


class Change(msgspec.Struct, gc=False, frozen=True):
    """Everything one action writes, all or nothing.

    ``deadline`` is the table's next wake-up (unix time); None clears it. A struct: every
    action makes one, several times faster than a frozen dataclass.
    """

    state: bytes
    events: Sequence[bytes] = ()
    deadline: float | None = None
    moves: Sequence[ChipMove] = ()
    stats: Sequence[StatDelta] = ()
    hands: Sequence[HandRecord] = ()
    """Hands that finished, stored in the table's history in the same commit."""
    held: Mapping[str, int] | None = None
    """The bank chips the table holds for each account after this change (its chip records,
    what a reset pays back), or None when they do not change."""


@dataclass(frozen=True, slots=True)
class CommitResult:
    outcome: Outcome
    version: int | None = None
    """The new version after OK; the stored version after a CONFLICT."""
    player: str | None = None
    """Whose account was missing or short."""
    available: int | None = None
    """The short player's balance, or the chips the table held, when refused."""
    balances: dict[str, int] = field(default_factory=dict)
    """Balances after the moves, for every player who moved chips."""

    @property
    def ok(self) -> bool:
        return self.outcome is Outcome.OK


@dataclass(frozen=True, slots=True)
class TableEvent:
    id: str
    version: int
    payload: bytes


class ContentionError(RuntimeError):
    """``update`` lost the race too many times in a row; nothing it computed was written."""


Action = Callable[[bytes], bytes | Change | None]

log = logging.getLogger(__name__)

_packer = msgspec.msgpack.Encoder()


class TableStore:
    def __init__(
        self,
        client: Redis,
        scripts: Scripts,
        *,
        events_maxlen: int = DEFAULT_EVENTS_MAXLEN,
        ledger_maxlen: int = DEFAULT_LEDGER_MAXLEN,
        history_cap: int = DEFAULT_CAP,
        history_ttl: int = DEFAULT_HISTORY_TTL,
        house_credit: int = DEFAULT_HOUSE_CREDIT,
        wait_replicas: int = 0,
        wait_timeout_ms: int = 500,
    ) -> None:
        """`events_maxlen`: the entries each table's live feed keeps (0: no feed is written,
        for workers that tell their events straight from the commit); `wait_replicas`: a
        commit is acknowledged only once that many replicas have it (``WAIT``, at most
        `wait_timeout_ms`), so losing the primary does not lose it."""
        if history_cap <= 0:
            raise ValueError("the history cap must be positive")
        if history_ttl < 0:
            raise ValueError("the history TTL must be 0 (kept for ever) or positive")
        self._client = client
        self._scripts = scripts
        self.pipeline = self._pipeline = AutoPipeline(client)
        self.events_maxlen = events_maxlen
        self.bound_lost = False
        """A commit landed but could not lower the timer index: it needs rebuilding."""
        self.ledger_maxlen = ledger_maxlen
        self.history_cap = history_cap
        self.history_ttl = history_ttl
        self.house_credit = house_credit
        self.replicas = Replicas(self._pipeline, wait_replicas, wait_timeout_ms)

    async def load(self, table_id: TableId) -> tuple[int, bytes] | None:
        """The table's version and state; None when the channel has no table at all.

        Raises `DamagedTable` for a hash that is there but cannot be used."""
        key = table_keys(table_id).table
        reply = await self._pipeline.command("HMGET", key, "v", "s", "q")
        assert isinstance(reply, list)
        version, state, quarantined = reply
        if version is None and state is None and quarantined is None:
            return None
        if quarantined is not None:
            raise DamagedTable(key, f"quarantined ({text(quarantined)})")
        number = whole_number(version)
        if number is None:
            raise DamagedTable(key, "no version" if version is None else "a version not a number")
        if state is None:
            raise DamagedTable(key, "no state")
        return number, as_bytes(state)

    async def create(
        self,
        table_id: TableId,
        state: bytes,
        *,
        events: Sequence[bytes] = (),
        deadline: float | None = None,
    ) -> bool:
        """Stores version 1 of a new table; False if the table already exists.

        Raises `DamagedTable` when the table is gone but its chip records are not."""
        await self._client.sadd(index_keys(table_id.home).communities, table_id.home.tag)
        keys = table_keys(table_id)
        reply = await self._scripts.create(
            keys=[
                keys.table,
                keys.events,
                keys.deadlines,
                keys.table_chips,
                keys.held,
                keys.history,
                keys.hands,
            ],
            args=[
                table_id.channel,
                state,
                "" if deadline is None else format_time(deadline),
                self.events_maxlen,
                *(events if self.events_maxlen else ()),
            ],
        )
        outcome = text(reply[0])
        if outcome == "damaged":
            raise DamagedTable(keys.held, "chip records without a table")
        if outcome != "ok":
            return False
        if lowered := text(reply[2]):
            await self._lower_bound(table_id, lowered)
        return True

    async def delete(self, table_id: TableId, expected_version: int | None = None) -> Outcome:
        """Removes the table, its events and its deadline; its hand history expires after
        `history_ttl` seconds, unless a table is created in the channel again."""
        keys = table_keys(table_id)
        reply = await self._scripts.delete(
            keys=[
                keys.table,
                keys.events,
                keys.deadlines,
                keys.table_chips,
                keys.held,
                keys.history,
                keys.hands,
            ],
            args=[
                table_id.channel,
                "" if expected_version is None else expected_version,
                self.history_ttl,
            ],
        )
        return Outcome(text(reply[0]))

    async def save(
        self,
        table_id: TableId,
        expected_version: int,
        state: bytes,
        events: Sequence[bytes] = (),
        deadline: float | None = None,
    ) -> bool:
        """Writes the next version if nobody else did first; False on a conflict."""
        result = await self.commit(
            table_id, expected_version, Change(state, events=events, deadline=deadline)
        )
        return result.ok

    async def commit(
        self,
        table_id: TableId,
        expected_version: int,
        change: Change,
        *,
        now: float | None = None,
        meanwhile: Callable[[], object] | None = None,
    ) -> CommitResult:
        """The one atomic step: version check, state, events, deadline, chips, stats, history.

        Refusals (a conflict, a short balance, ...) write nothing at all. ``now`` stamps the
        ledger entries; it defaults to the wall clock. Bank and history keys are declared only
        when the change touches them, so an ordinary action names four keys. `meanwhile` runs
        once the commit is sent, while Redis runs it (`AutoPipeline.run`).
        """
        keys = table_keys(table_id)
        declared = [keys.table, keys.events, keys.deadlines, keys.table_chips]
        bank_at = history_at = 0
        held = change.held
        if change.moves or change.stats or held is not None:
            bank = bank_keys(table_id.home)
            bank_at = len(declared) + 1
            when = time.time() if now is None else now
            declared += [bank.bank, bank.ledger, bank.stats, bank.leaderboard, keys.held]
            declared += [month_board(table_id.home, when), week_board(table_id.home, when)]
        if change.hands:
            history_at = len(declared) + 1
            declared += [keys.history, keys.hands]
        packed = _packer.encode(
            (
                table_id.channel,
                expected_version,
                "",  # the state travels apart, as bytes (ARGV[2])
                "" if change.deadline is None else format_time(change.deadline),
                self.events_maxlen,
                format_time(time.time() if now is None else now),
                self.ledger_maxlen,
                str(table_id),
                [event.decode() for event in change.events] if self.events_maxlen else [],
                [(m.kind.value, m.player, m.amount) for m in change.moves],
                [(s.player, s.hands_played, s.hands_won, s.pot, s.net) for s in change.stats],
                self.history_cap,
                [_packed_hand(hand) for hand in change.hands],
                bank_at,
                history_at,
                HOUSE,
                self.house_credit,
                False if held is None else [part for item in held.items() for part in item],
            )
        )
        reply = await self._pipeline.run(
            self._scripts.commit, declared, [packed, change.state], meanwhile=meanwhile
        )
        assert isinstance(reply, list)
        outcome = Outcome(text(reply[0]))
        if outcome is Outcome.OK:
            await self.replicas.confirm(keys.table)
            if lowered := text(reply[2]):
                await self._lower_bound(table_id, lowered)
            balances = {text(reply[i]): int(reply[i + 1]) for i in range(3, len(reply), 2)}
            return CommitResult(outcome, int(reply[1]), balances=balances)
        if outcome is Outcome.CONFLICT:
            return CommitResult(outcome, whole_number(reply[1]))
        if outcome is Outcome.MISSING:
            return CommitResult(outcome)
        if outcome is Outcome.DAMAGED:
            raise DamagedTable(table_keys(table_id).table, f"its {text(reply[1])} is damaged")
        if outcome is Outcome.DAMAGED_ACCOUNT:
            damaged = text(reply[1])
            raise DamagedAccount(bank_keys(table_id.home).bank, "not a whole number", damaged)
        player = text(reply[1]) or None
        available = int(reply[2]) if len(reply) > 2 else None
        return CommitResult(outcome, player=player, available=available)

    async def update(
        self,
        table_id: TableId,
        action: Action,
        *,
        now: float | None = None,
        max_attempts: int = 100,
    ) -> CommitResult:
        """Loads, applies ``action`` (pure: it may run several times), commits; retries conflicts.

        ``action`` returns the new state (which clears the deadline), a :class:`Change`, or None
        to write nothing. Refusals other than a conflict are returned, not retried.
        """
        for attempt in range(max_attempts):
            loaded = await self.load(table_id)
            if loaded is None:
                return CommitResult(Outcome.MISSING)
            version, state = loaded
            change = action(state)
            if change is None:
                return CommitResult(Outcome.UNCHANGED, version)
            if isinstance(change, bytes):
                change = Change(change)
            result = await self.commit(table_id, version, change, now=now)
            if result.outcome is not Outcome.CONFLICT:
                return result
            if attempt >= 2:
                await asyncio.sleep(random.uniform(0, min(0.05, 0.001 * 2**attempt)))
        raise ContentionError(f"{table_id}: {max_attempts} conflicts in a row")

    async def chips(self, table_id: TableId) -> int | None:
        """Bank chips the table holds (None when there is no such table)."""
        keys = table_keys(table_id)
        raw = await self._client.hget(keys.table_chips, table_id.channel)
        if raw is None:
            return None
        chips = whole_number(raw)
        if chips is None:
            raise DamagedTable(keys.table_chips, "chips not a whole number")
        return chips

    async def held(self, table_id: TableId) -> dict[str, int]:
        """The table's chip records: the bank chips it holds for each account."""
        key = table_keys(table_id).held
        held: dict[str, int] = {}
        for account, raw in (await self._client.hgetall(key)).items():
            chips = whole_number(raw)
            if chips is None:
                raise DamagedTable(key, "chips not a whole number")
            held[text(account)] = chips
        return held

    async def _lower_bound(self, table_id: TableId, lowered: str) -> None:
        """The timer index told of an earlier deadline. The commit has landed whatever happens
        here, so a Redis gone away now is not the commit's failure: the index is marked to be
        rebuilt (`bound_lost`), which the timer loop does once Redis answers again."""
        try:
            await lower_bound(self._scripts, self._pipeline, table_id.home, lowered)
        except (RedisError, OSError) as problem:
            log.warning(
                "timer index of %s not lowered (%s): rebuilt next", table_id, type(problem).__name__
            )
            self.bound_lost = True

    async def events(
        self, table_id: TableId, *, after: str | None = None, count: int = 100
    ) -> list[TableEvent]:
        """The table's recent events, oldest first, starting after the stream id ``after``; an
        entry without its version or event is left out."""
        start = "-" if after is None else f"({after}"
        rows = await self._client.xrange(table_keys(table_id).events, start, "+", count=count)
        events = []
        for event_id, fields in rows or []:
            f = {text(k): v for k, v in (fields or {}).items()}
            version, event = whole_number(f.get("v")), f.get("e")
            if version is None or not isinstance(event, bytes | str):
                continue
            events.append(TableEvent(text(event_id), version, as_bytes(event)))
        return events


def _packed_hand(hand: HandRecord) -> tuple[int, str, list[str]]:
    private = [part for player, copy in hand.private.items() for part in (player, copy.decode())]
    return hand.number, hand.public.decode(), private
