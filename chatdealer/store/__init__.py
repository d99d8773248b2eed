"""Redis: keys, Lua scripts, table store, bank and ledger, timers, hand history, embedded server.

Build one :class:`Store` on the service's one client; every part shares its registered scripts.
"""

from __future__ import annotations

from dataclasses import dataclass

from redis.asyncio import Redis

from chatdealer.store.bank import (
    HOUSE,
    Account,
    AuditReport,
    Bank,
    BankConfig,
    ChipMove,
    ChipsOf,
    DailyOutcome,
    DailyResult,
    LedgerEntry,
    MoveKind,
    PlayerStats,
    StatDelta,
    TableMismatch,
    buy_in,
    cash_out,
)
from chatdealer.store.bank_settings import BankSettings, BoardPeriod
from chatdealer.store.damage import (
    DamagedAccount,
    DamagedHistory,
    DamagedRecord,
    DamagedTable,
    NewerRecord,
)
from chatdealer.store.history import HandRecord, History
from chatdealer.store.keys import Community, TableId
from chatdealer.store.nights import Nights
from chatdealer.store.repair import Repairs
from chatdealer.store.scripts import Scripts
from chatdealer.store.server import EmbeddedRedis, RedisConnection, default_data_dir
from chatdealer.store.tables import (
    DEFAULT_HISTORY_TTL,
    Change,
    CommitResult,
    ContentionError,
    Outcome,
    TableEvent,
    TableStore,
)
from chatdealer.store.timers import Timers


@dataclass(frozen=True, slots=True)
class Store:
    client: Redis
    tables: TableStore
    bank: Bank
    timers: Timers
    history: History
    repairs: Repairs
    nights: Nights

    @classmethod
    def on(
        cls,
        client: Redis,
        *,
        bank: BankConfig | None = None,
        events_maxlen: int = 1_000,
        history_cap: int = 1_000,
        history_ttl: int = DEFAULT_HISTORY_TTL,
        lease: float = 30.0,
        wait_replicas: int = 0,
        wait_timeout_ms: int = 500,
    ) -> Store:
        """`history_ttl`: seconds a deleted or reset table's hand histories are kept;
        `wait_replicas`: replicas each commit must reach before it is acknowledged."""
        scripts = Scripts.register(client)
        bank = bank or BankConfig()
        tables = TableStore(
            client,
            scripts,
            events_maxlen=events_maxlen,
            ledger_maxlen=bank.ledger_maxlen,
            history_cap=history_cap,
            history_ttl=history_ttl,
            house_credit=bank.house_credit,
            wait_replicas=wait_replicas,
            wait_timeout_ms=wait_timeout_ms,
        )
        return cls(
            client=client,
            tables=tables,
            bank=Bank(client, scripts, bank),
            timers=Timers(client, scripts, lease=lease, pipeline=tables.pipeline),
            history=History(client, scripts, cap=history_cap),
            repairs=Repairs(client, ledger_maxlen=bank.ledger_maxlen, history_ttl=history_ttl),
            nights=Nights(client, ledger_maxlen=bank.ledger_maxlen),
        )


__all__ = [
    "DEFAULT_HISTORY_TTL",
    "HOUSE",
    "Account",
    "AuditReport",
    "Bank",
    "BankConfig",
    "BankSettings",
    "BoardPeriod",
    "Change",
    "ChipMove",
    "ChipsOf",
    "CommitResult",
    "Community",
    "ContentionError",
    "DailyOutcome",
    "DailyResult",
    "DamagedAccount",
    "DamagedHistory",
    "DamagedRecord",
    "DamagedTable",
    "EmbeddedRedis",
    "HandRecord",
    "History",
    "LedgerEntry",
    "MoveKind",
    "NewerRecord",
    "Nights",
    "Outcome",
    "PlayerStats",
    "RedisConnection",
    "Repairs",
    "StatDelta",
    "Store",
    "TableEvent",
    "TableId",
    "TableMismatch",
    "TableStore",
    "Timers",
    "buy_in",
    "cash_out",
    "default_data_dir",
]
