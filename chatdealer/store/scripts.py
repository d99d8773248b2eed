"""The Lua scripts, registered once per client and run with EVALSHA.

Every script declares all the keys it touches, and those keys always share one hash tag, so the
scripts run unchanged on a Redis Cluster. Scripts are not rolled back when they fail half way,
so each one checks everything first and writes only once nothing can refuse any more. Clock time
is always an argument: scripts never call TIME, which keeps them deterministic and testable.

Replies are flat arrays of strings whose first element is an outcome word (``ok``, ``conflict``,
...); numbers travel as strings because Lua would truncate a float reply to an integer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from redis.asyncio import Redis
from redis.commands.core import AsyncScript

_HELPERS = """
local function fmt(n) return string.format('%.0f', n) end
local function xadd_capped(key, maxlen, ...)
  if tonumber(maxlen) > 0 then
    return redis.call('XADD', key, 'MAXLEN', '~', maxlen, '*', ...)
  end
  return redis.call('XADD', key, '*', ...)
end
local function set_deadline(deadlines, channel, deadline)
  local before = redis.call('ZRANGE', deadlines, 0, 0, 'WITHSCORES')
  if deadline == '' then
    redis.call('ZREM', deadlines, channel)
    return ''
  end
  redis.call('ZADD', deadlines, deadline, channel)
  if #before == 0 or tonumber(deadline) < tonumber(before[2]) then return deadline end
  return ''
end
"""

# KEYS: table, events, deadlines, table_chips, bank, ledger, stats, leaderboard
# ARGV: channel, expected version, new version, state, deadline ('' clears it), events maxlen,
#       now, ledger maxlen (0 = uncapped), table label, #events, #moves, #stats,
#       then the events, then moves as (kind, player, amount),
#       then stats as (player, hands played, hands won, pot, net)
# -> {'ok', new version, lowered deadline or '', player, balance, ...}
#  | {'missing'} | {'conflict', stored version} | {'no_account', player}
#  | {'insufficient_balance', player, balance} | {'table_short', '', chips on table}
COMMIT = (
    _HELPERS
    + """
local stored = redis.call('HGET', KEYS[1], 'v')
if not stored then return {'missing'} end
if stored ~= ARGV[2] then return {'conflict', stored} end
local channel = ARGV[1]
local n_events, n_moves, n_stats = tonumber(ARGV[10]), tonumber(ARGV[11]), tonumber(ARGV[12])
local moves_at = 13 + n_events
local stats_at = moves_at + 3 * n_moves

local chips = tonumber(redis.call('HGET', KEYS[4], channel) or '0')
local balances, order = {}, {}
for m = 0, n_moves - 1 do
  local kind, player = ARGV[moves_at + 3 * m], ARGV[moves_at + 3 * m + 1]
  local amount = tonumber(ARGV[moves_at + 3 * m + 2])
  if not amount or amount <= 0 or amount ~= math.floor(amount) then
    return redis.error_reply('chip moves need a positive whole amount')
  end
  if balances[player] == nil then
    local balance = redis.call('HGET', KEYS[5], player)
    if not balance then return {'no_account', player} end
    balances[player] = tonumber(balance)
    order[#order + 1] = player
  end
  if kind == 'buy_in' then
    balances[player] = balances[player] - amount
    chips = chips + amount
  elseif kind == 'cash_out' then
    balances[player] = balances[player] + amount
    chips = chips - amount
  else
    return redis.error_reply('unknown chip move ' .. kind)
  end
end
for _, player in ipairs(order) do
  if balances[player] < 0 then
    local balance = redis.call('HGET', KEYS[5], player)
    return {'insufficient_balance', player, balance}
  end
end
if chips < 0 then return {'table_short', '', redis.call('HGET', KEYS[4], channel) or '0'} end
for s = 0, n_stats - 1 do
  local at = stats_at + 5 * s
  for k = 1, 4 do
    local v = tonumber(ARGV[at + k])
    if not v or v ~= math.floor(v) or (k < 4 and v < 0) then
      return redis.error_reply('stats need whole numbers, counts not negative')
    end
  end
end

redis.call('HSET', KEYS[1], 'v', ARGV[3], 's', ARGV[4])
for e = 0, n_events - 1 do
  xadd_capped(KEYS[2], ARGV[6], 'v', ARGV[3], 'e', ARGV[13 + e])
end
local lowered = set_deadline(KEYS[3], channel, ARGV[5])
local reply = {'ok', ARGV[3], lowered}
if n_moves > 0 then
  redis.call('HSET', KEYS[4], channel, fmt(chips))
  for m = 0, n_moves - 1 do
    local kind, player = ARGV[moves_at + 3 * m], ARGV[moves_at + 3 * m + 1]
    local amount = tonumber(ARGV[moves_at + 3 * m + 2])
    local delta = amount
    if kind == 'buy_in' then delta = -amount end
    local balance = redis.call('HINCRBY', KEYS[5], player, fmt(delta))
    xadd_capped(KEYS[6], ARGV[8], 'kind', kind, 'player', player, 'amount', fmt(amount),
      'table', ARGV[9], 'time', ARGV[7], 'balance', balance)
  end
  for _, player in ipairs(order) do
    reply[#reply + 1] = player
    reply[#reply + 1] = fmt(balances[player])
  end
end
for s = 0, n_stats - 1 do
  local at = stats_at + 5 * s
  local player = ARGV[at]
  redis.call('HINCRBY', KEYS[7], player .. ':hands', fmt(tonumber(ARGV[at + 1])))
  redis.call('HINCRBY', KEYS[7], player .. ':won', fmt(tonumber(ARGV[at + 2])))
  local pot = tonumber(ARGV[at + 3])
  if pot > tonumber(redis.call('HGET', KEYS[7], player .. ':biggest') or '0') then
    redis.call('HSET', KEYS[7], player .. ':biggest', fmt(pot))
  end
  redis.call('ZINCRBY', KEYS[8], fmt(tonumber(ARGV[at + 4])), player)
end
return reply
"""
)

# KEYS: table, events, deadlines, table_chips
# ARGV: channel, state, deadline ('' = none), events maxlen, then the events
# -> {'ok', '1', lowered deadline or ''} | {'exists'}
CREATE = (
    _HELPERS
    + """
if redis.call('EXISTS', KEYS[1]) == 1 then return {'exists'} end
redis.call('HSET', KEYS[1], 'v', '1', 's', ARGV[2])
redis.call('HSETNX', KEYS[4], ARGV[1], '0')
for e = 5, #ARGV do
  xadd_capped(KEYS[2], ARGV[4], 'v', '1', 'e', ARGV[e])
end
return {'ok', '1', set_deadline(KEYS[3], ARGV[1], ARGV[3])}
"""
)

# KEYS: table, events, deadlines, table_chips
# ARGV: channel, expected version ('' = any)
# -> {'ok', version} | {'missing'} | {'conflict', version} | {'table_holds_chips', chips}
DELETE = """
local stored = redis.call('HGET', KEYS[1], 'v')
if not stored then return {'missing'} end
if ARGV[2] ~= '' and stored ~= ARGV[2] then return {'conflict', stored} end
local chips = redis.call('HGET', KEYS[4], ARGV[1]) or '0'
if tonumber(chips) ~= 0 then return {'table_holds_chips', chips} end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('HDEL', KEYS[4], ARGV[1])
return {'ok', stored}
"""

# KEYS: bank, ledger, granted
# ARGV: player, starting grant, now, ledger maxlen
# -> {'opened', balance} | {'exists', balance}
OPEN_ACCOUNT = (
    _HELPERS
    + """
local balance = redis.call('HGET', KEYS[1], ARGV[1])
if balance then return {'exists', balance} end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('INCRBY', KEYS[3], ARGV[2])
xadd_capped(KEYS[2], ARGV[4], 'kind', 'grant', 'player', ARGV[1], 'amount', ARGV[2],
  'table', '', 'time', ARGV[3], 'balance', ARGV[2])
return {'opened', ARGV[2]}
"""
)

# KEYS: bank, daily, ledger, granted
# ARGV: player, amount, period, now, ledger maxlen
# -> {'ok', balance, next claim time} | {'too_soon', balance, next claim time} | {'no_account'}
CLAIM_DAILY = (
    _HELPERS
    + """
local balance = redis.call('HGET', KEYS[1], ARGV[1])
if not balance then return {'no_account'} end
local now, period = tonumber(ARGV[4]), tonumber(ARGV[3])
local last = redis.call('HGET', KEYS[2], ARGV[1])
if last and now < tonumber(last) + period then
  return {'too_soon', balance, tostring(tonumber(last) + period)}
end
balance = redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[4])
redis.call('INCRBY', KEYS[4], ARGV[2])
xadd_capped(KEYS[3], ARGV[5], 'kind', 'daily', 'player', ARGV[1], 'amount', ARGV[2],
  'table', '', 'time', ARGV[4], 'balance', balance)
return {'ok', tostring(balance), tostring(now + period)}
"""
)

# KEYS: bank, table_chips, granted
# -> {sum of balances, chips on tables, chips granted, accounts, tables}
AUDIT = """
local function sum(values)
  local total = 0
  for _, v in ipairs(values) do total = total + tonumber(v) end
  return total
end
local balances = redis.call('HVALS', KEYS[1])
local tables = redis.call('HVALS', KEYS[2])
local f = function(n) return string.format('%.0f', n) end
return {f(sum(balances)), f(sum(tables)), redis.call('GET', KEYS[3]) or '0',
  tostring(#balances), tostring(#tables)}
"""

# KEYS: deadlines
# ARGV: now, limit, lease until
# -> {earliest remaining deadline or '', channel, ...}
CLAIM_DUE = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
for _, channel in ipairs(due) do
  redis.call('ZADD', KEYS[1], 'XX', ARGV[3], channel)
end
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local reply = {first[2] or ''}
for _, channel in ipairs(due) do reply[#reply + 1] = channel end
return reply
"""

# KEYS: deadlines, table
# ARGV: channel, deadline ('' clears it)
# -> {'ok', lowered deadline or ''} | {'missing'}
RESCHEDULE = (
    _HELPERS
    + """
if redis.call('EXISTS', KEYS[2]) == 0 then
  redis.call('ZREM', KEYS[1], ARGV[1])
  return {'missing'}
end
return {'ok', set_deadline(KEYS[1], ARGV[1], ARGV[2])}
"""
)

# KEYS: timer index, timer epochs
# ARGV: community tag, deadline
INDEX_LOWER = """
redis.call('ZADD', KEYS[1], 'LT', ARGV[2], ARGV[1])
return redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
"""

# KEYS: timer index, timer epochs
# ARGV: now, limit
# -> {community tag, epoch, ...}
INDEX_DUE = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
local reply = {}
for _, tag in ipairs(due) do
  reply[#reply + 1] = tag
  reply[#reply + 1] = redis.call('HGET', KEYS[2], tag) or '0'
end
return reply
"""

# KEYS: timer index, timer epochs
# ARGV: community tag, epoch seen when it was read, its earliest deadline now ('' = none)
# -> 1 when settled, 0 when someone lowered the bound meanwhile (their value stands)
INDEX_SETTLE = """
if (redis.call('HGET', KEYS[2], ARGV[1]) or '0') ~= ARGV[2] then return 0 end
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
end
return 1
"""

# KEYS: history, hands
# ARGV: hand number, cap, public record, then (player, private record) pairs
# -> number of hands dropped to stay under the cap
HISTORY_PUSH = """
local function forget(n)
  local players = redis.call('HGET', KEYS[2], n .. ':players')
  if players then
    for _, p in ipairs(cjson.decode(players)) do redis.call('HDEL', KEYS[2], n .. ':' .. p) end
  end
  redis.call('HDEL', KEYS[2], n, n .. ':players')
end
local n = ARGV[1]
forget(n)
redis.call('HSET', KEYS[2], n, ARGV[3])
local players = {}
for i = 4, #ARGV, 2 do
  redis.call('HSET', KEYS[2], n .. ':' .. ARGV[i], ARGV[i + 1])
  players[#players + 1] = ARGV[i]
end
redis.call('HSET', KEYS[2], n .. ':players', cjson.encode(players))
redis.call('ZADD', KEYS[1], n, n)
local excess = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[2])
local dropped = 0
if excess > 0 then
  local popped = redis.call('ZPOPMIN', KEYS[1], excess)
  for i = 1, #popped, 2 do
    forget(popped[i])
    dropped = dropped + 1
  end
end
return dropped
"""

# KEYS: history, hands
# ARGV: 'last' and a count, or 'one' and a hand number
# -> {number, public, #private, player, private, ..., number, ...}, newest first
HISTORY_READ = """
local numbers
if ARGV[1] == 'last' then
  numbers = redis.call('ZREVRANGE', KEYS[1], 0, tonumber(ARGV[2]) - 1)
elseif redis.call('ZSCORE', KEYS[1], ARGV[2]) then
  numbers = {ARGV[2]}
else
  numbers = {}
end
local reply = {}
for _, n in ipairs(numbers) do
  reply[#reply + 1] = n
  reply[#reply + 1] = redis.call('HGET', KEYS[2], n) or ''
  local players = cjson.decode(redis.call('HGET', KEYS[2], n .. ':players') or '[]')
  reply[#reply + 1] = tostring(#players)
  for _, p in ipairs(players) do
    reply[#reply + 1] = p
    reply[#reply + 1] = redis.call('HGET', KEYS[2], n .. ':' .. p) or ''
  end
end
return reply
"""


@dataclass(frozen=True, slots=True)
class Scripts:
    """All scripts, registered once on the one client (redis-py reloads one after NOSCRIPT)."""

    commit: AsyncScript
    create: AsyncScript
    delete: AsyncScript
    open_account: AsyncScript
    claim_daily: AsyncScript
    audit: AsyncScript
    claim_due: AsyncScript
    reschedule: AsyncScript
    index_lower: AsyncScript
    index_due: AsyncScript
    index_settle: AsyncScript
    history_push: AsyncScript
    history_read: AsyncScript

    @classmethod
    def register(cls, client: Redis) -> Scripts:
        return cls(
            commit=client.register_script(COMMIT),
            create=client.register_script(CREATE),
            delete=client.register_script(DELETE),
            open_account=client.register_script(OPEN_ACCOUNT),
            claim_daily=client.register_script(CLAIM_DAILY),
            audit=client.register_script(AUDIT),
            claim_due=client.register_script(CLAIM_DUE),
            reschedule=client.register_script(RESCHEDULE),
            index_lower=client.register_script(INDEX_LOWER),
            index_due=client.register_script(INDEX_DUE),
            index_settle=client.register_script(INDEX_SETTLE),
            history_push=client.register_script(HISTORY_PUSH),
            history_read=client.register_script(HISTORY_READ),
        )


def text(value: object) -> str:
    """Reply elements arrive as bytes (the client never decodes: states are opaque bytes)."""
    if isinstance(value, bytes):
        return value.decode()
    if isinstance(value, str):
        return value
    return str(value)


def as_bytes(value: object) -> bytes:
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode()
    raise TypeError(f"expected bytes from Redis, got {type(value).__name__}")


def scored(rows: Iterable[object]) -> list[tuple[str, float]]:
    """``(member, score)`` pairs from a WITHSCORES reply, whatever the RESP version."""
    pairs = []
    for row in rows:
        if not isinstance(row, list | tuple) or len(row) != 2:
            raise TypeError(f"expected a (member, score) pair, got {row!r}")
        pairs.append((text(row[0]), float(row[1])))
    return pairs
