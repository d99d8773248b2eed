"""A damaged table: quarantined so no worker trips on it again, then reset from its chip records.

A table whose record cannot be used is *quarantined*: its hash gets a ``q`` field (why, never
what the state holds), its version moves on so that no worker commits a copy it remembers, and
its deadline is removed so no worker claims it again. Loading it then raises `DamagedTable`.

A *reset* deletes the table and gives back, in the same script, every chip the bank counts on
it: each account gets what the table's chip records (``C:held:<ch>``, kept by the commit
script with every chip move) say the table holds for it, so a state that cannot be decoded at
all is still paid out exactly, and the audit holds. A table from before chip records existed,
whose state cannot be read, has none; the service may then pass records worked out from the
state, and any chip the records do not place goes to the house account, where the audit
still counts it. The table's histories then expire like a deleted table's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from redis.asyncio import Redis

from chatdealer.store.bank import HOUSE
from chatdealer.store.damage import DamagedAccount, DamagedTable, whole_number
from chatdealer.store.keys import TableId, bank_keys, table_keys
from chatdealer.store.pipelining import AutoPipeline
from chatdealer.store.replication import Replicas
from chatdealer.store.scripts import LUA_HELPERS, text
from chatdealer.store.timers import format_time

# KEYS: table, deadlines
# ARGV: channel, why
# -> 1 when this call quarantined the table, 0 when it already was (or is gone)
QUARANTINE = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('ZREM', KEYS[2], ARGV[1])
if redis.call('HSETNX', KEYS[1], 'q', ARGV[2]) == 0 then return 0 end
local version = redis.call('HGET', KEYS[1], 'v')
if version and string.match(version, '^%d+$') then redis.call('HINCRBY', KEYS[1], 'v', 1) end
return 1
"""

# KEYS: table, events, deadlines, table_chips, held, bank, ledger, history, hands
# ARGV: channel, the version read ('' = none), now, ledger maxlen, table label, history TTL
#       (0 = kept), the house account, then chip records to use when the table has none as
#       account, chips, ...
# Pays out exactly what the bank counts on the table, at most each record's chips, the rest to
# the house; checks every balance it pays into first, so it writes nothing or everything.
# -> {'ok', account, chips, ...} | {'conflict'} | {'damaged_account', account}
#  | {'damaged', 'table_chips'}
RESET = (
    LUA_HELPERS
    + """
local channel = ARGV[1]
if (redis.call('HGET', KEYS[1], 'v') or '') ~= ARGV[2] then return {'conflict'} end
local chips = whole(redis.call('HGET', KEYS[4], channel) or '0')
if not chips or chips < 0 then return {'damaged', 'table_chips'} end
local records = redis.call('HGETALL', KEYS[5])
if #records == 0 then
  for i = 8, #ARGV do records[#records + 1] = ARGV[i] end
end
local pay, order, left = {}, {}, chips
for i = 1, #records, 2 do
  local account, amount = records[i], whole(records[i + 1])
  if amount and amount > 0 and left > 0 then
    local give = math.min(amount, left)
    if not pay[account] then order[#order + 1] = account; pay[account] = 0 end
    pay[account] = pay[account] + give
    left = left - give
  end
end
if left > 0 then
  if not pay[ARGV[7]] then order[#order + 1] = ARGV[7]; pay[ARGV[7]] = 0 end
  pay[ARGV[7]] = pay[ARGV[7]] + left
end
for _, account in ipairs(order) do
  local balance = redis.call('HGET', KEYS[6], account)
  if balance and not whole(balance) then return {'damaged_account', account} end
end
if not of_type(KEYS[7], 'stream') then return {'damaged', 'ledger'} end

local reply = {'ok'}
for _, account in ipairs(order) do
  local balance = redis.call('HINCRBY', KEYS[6], account, fmt(pay[account]))
  xadd_capped(KEYS[7], ARGV[4], 'kind', 'cash_out', 'player', account,
    'amount', fmt(pay[account]), 'table', ARGV[5], 'time', ARGV[3], 'balance', balance)
  reply[#reply + 1] = account
  reply[#reply + 1] = fmt(pay[account])
end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[5])
redis.call('ZREM', KEYS[3], channel)
redis.call('HDEL', KEYS[4], channel)
if tonumber(ARGV[6]) > 0 then
  redis.call('EXPIRE', KEYS[8], ARGV[6])
  redis.call('EXPIRE', KEYS[9], ARGV[6])
end
return reply
"""
)


@dataclass(frozen=True, slots=True)
class Inspection:
    """A table's hash as it is, unjudged: for deciding whether (and by whom) it may be reset."""

    version: bytes | None
    state: bytes | None
    quarantined: str | None
    chips: bytes | None
    """The bank's count of chips on the table, as stored."""
    has_records: bool
    """The table has chip records."""

    @property
    def absent(self) -> bool:
        """Nothing of a table is left in the channel."""
        return (
            self.version is None
            and self.state is None
            and self.quarantined is None
            and self.chips is None
            and not self.has_records
        )


@dataclass(frozen=True, slots=True)
class ResetResult:
    ok: bool
    paid: dict[str, int] = field(default_factory=dict)
    """Chips given back, by account."""


class Repairs:
    def __init__(
        self,
        client: Redis,
        *,
        ledger_maxlen: int,
        history_ttl: int,
        replicas: Replicas | None = None,
    ) -> None:
        """`replicas`: a reset's chips paid back are acknowledged only once they have them."""
        self._client = client
        self._quarantine = client.register_script(QUARANTINE)
        self._reset = client.register_script(RESET)
        self.replicas = replicas or Replicas(AutoPipeline(client))
        self.ledger_maxlen = ledger_maxlen
        self.history_ttl = history_ttl

    async def inspect(self, table_id: TableId) -> Inspection:
        keys = table_keys(table_id)
        async with self._client.pipeline(transaction=True) as pipe:
            pipe.hmget(keys.table, ["v", "s", "q"])
            pipe.hget(keys.table_chips, table_id.channel)
            pipe.exists(keys.held)
            (version, state, quarantined), chips, records = await pipe.execute()
        return Inspection(
            version=version,
            state=state,
            quarantined=None if quarantined is None else text(quarantined),
            chips=chips,
            has_records=bool(records),
        )

    async def quarantine(self, table_id: TableId, why: str) -> bool:
        """Marks the table damaged and takes its deadline away; True if this call did."""
        keys = table_keys(table_id)
        done = await self._quarantine(
            keys=[keys.table, keys.deadlines], args=[table_id.channel, why]
        )
        return bool(done)

    async def reset(
        self,
        table_id: TableId,
        expected_version: bytes | None,
        now: float,
        fallback: dict[str, int] | None = None,
    ) -> ResetResult:
        """Deletes the table and pays its chips back; not ok if it changed since inspected.

        Raises `DamagedAccount` when a balance to be paid into is not a whole number (nothing
        is written then)."""
        keys = table_keys(table_id)
        bank = bank_keys(table_id.home)
        records = [part for account, chips in (fallback or {}).items() for part in (account, chips)]
        reply = await self.replicas.run(
            self._reset,
            [
                keys.table,
                keys.events,
                keys.deadlines,
                keys.table_chips,
                keys.held,
                bank.bank,
                bank.ledger,
                keys.history,
                keys.hands,
            ],
            [
                table_id.channel,
                b"" if expected_version is None else expected_version,
                format_time(now),
                self.ledger_maxlen,
                str(table_id),
                self.history_ttl,
                HOUSE,
                *records,
            ],
        )
        assert isinstance(reply, list)
        outcome = text(reply[0])
        if outcome == "damaged_account":
            raise DamagedAccount(bank.bank, "not a whole number", text(reply[1]))
        if outcome == "damaged":
            raise DamagedTable(keys.table_chips, f"its {text(reply[1])} is damaged")
        if outcome != "ok":
            return ResetResult(False)
        await self.replicas.confirm(bank.bank)
        paid = {text(reply[i]): whole_number(reply[i + 1]) or 0 for i in range(1, len(reply), 2)}
        return ResetResult(True, paid)
