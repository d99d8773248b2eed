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

EVENTS_TRIM = "redis.call('XTRIM', key, 'MAXLEN', maxlen)"
"""How the helpers trim a table's event stream (`bench/history_size.py` compares the old way)."""

_HELPERS = """
local function fmt(n) return string.format('%.0f', n) end
-- A stored whole number, or nil for anything else (a damaged value is never computed with).
local function whole(raw)
  if type(raw) ~= 'string' or #raw > 19 or not string.match(raw, '^%-?%d+$') then return nil end
  return tonumber(raw)
end
local function xadd_capped(key, maxlen, ...)
  if tonumber(maxlen) > 0 then
    return redis.call('XADD', key, 'MAXLEN', '~', maxlen, '*', ...)
  end
  return redis.call('XADD', key, '*', ...)
end
-- A table's event stream is a live feed adapters read just behind its head: trimmed exactly to
-- its cap once a commit has added its events (an approximate trim keeps whole nodes of 100).
local function trim_events(key, maxlen)
  if tonumber(maxlen) > 0 then
    redis.call('XTRIM', key, 'MAXLEN', maxlen)
  end
end
-- A deadline is read before anything is written, so a script fails (if it must) unchanged.
local function first_deadline(deadlines)
  return redis.call('ZRANGE', deadlines, 0, 0, 'WITHSCORES')
end
local function write_deadline(deadlines, channel, deadline, before)
  if deadline == '' then
    redis.call('ZREM', deadlines, channel)
    return ''
  end
  redis.call('ZADD', deadlines, deadline, channel)
  if #before == 0 or tonumber(deadline) < tonumber(before[2]) then return deadline end
  return ''
end
local function set_deadline(deadlines, channel, deadline)
  return write_deadline(deadlines, channel, deadline, first_deadline(deadlines))
end
local function of_type(key, kind)
  local found = redis.call('TYPE', key)['ok']
  return found == 'none' or found == kind
end
"""

LUA_HELPERS = _HELPERS
"""The helpers (whole numbers, capped streams, deadlines, key types), for scripts kept beside
the parts of the store they serve."""

_HISTORY_HELPERS = """
-- A hand's list of players, or none when it is damaged (its private copies are then lost).
local function players_of(hands, n)
  local raw = redis.call('HGET', hands, n .. ':players')
  if not raw then return {} end
  local ok, players = pcall(cjson.decode, raw)
  if not ok or type(players) ~= 'table' then return {} end
  local names = {}
  for _, p in ipairs(players) do
    if type(p) == 'string' then names[#names + 1] = p end
  end
  return names
end
local function forget_hand(hands, n)
  for _, p in ipairs(players_of(hands, n)) do redis.call('HDEL', hands, n .. ':' .. p) end
  redis.call('HDEL', hands, n, n .. ':players')
end
-- Stores (or replaces) hand n, then drops the oldest beyond the cap; returns how many fell off.
local function push_hand(history, hands, n, cap, public, private)
  forget_hand(hands, n)
  redis.call('HSET', hands, n, public)
  local players = {}
  for i = 1, #private, 2 do
    redis.call('HSET', hands, n .. ':' .. private[i], private[i + 1])
    players[#players + 1] = private[i]
  end
  redis.call('HSET', hands, n .. ':players', cjson.encode(players))
  redis.call('ZADD', history, n, n)
  local excess = redis.call('ZCARD', history) - tonumber(cap)
  local dropped = 0
  if excess > 0 then
    local popped = redis.call('ZPOPMIN', history, excess)
    for i = 1, #popped, 2 do
      forget_hand(hands, popped[i])
      dropped = dropped + 1
    end
  end
  return dropped
end
"""

# KEYS: table, events, deadlines, table_chips,
#       then bank, ledger, stats, leaderboard, held, this month's and this week's leaderboards
#       (only when chips move, stats change or the table's chip records are rewritten),
#       then history, hands (only when hands finished)
# ARGV: 1 one MessagePack array (one argument packs in a fraction of the time of two dozen),
#   2 the state (bytes, compressed: Redis's cmsgpack reads no binary strings). The array:
#   1 channel, 2 expected version, 3 unused, 4 deadline ('' clears it), 5 events maxlen,
#   6 now, 7 ledger maxlen (0 = uncapped), 8 table label, 9 events, 10 moves as
#   {kind, account, amount}, 11 stats as {player, hands played, hands won, pot, net},
#   12 history cap, 13 finished hands as {number, public, {player, private, ...}},
#   14 index of the bank key in KEYS (0 = none), 15 index of the history key (0 = none),
#   16 the house account (may go below 0, down to minus 17 its credit), 18 the table's chip
#   records after this change as {account, chips, ...}, or false when they do not change
# Every read and check comes before the first write, so a refusal (or a damaged or wrongly
# typed key) leaves everything as it was.
# -> {'ok', new version, lowered deadline or '', account, balance, ...}
#  | {'missing'} | {'conflict', stored version} | {'no_account', account}
#  | {'insufficient_balance', account, balance available} | {'table_short', '', chips on table}
#  | {'damaged', what} | {'damaged_account', account}
COMMIT = (
    _HELPERS
    + _HISTORY_HELPERS
    + """
local stored = redis.call('HGET', KEYS[1], 'v')
if not stored then return {'missing'} end
local c = cmsgpack.unpack(ARGV[1])
if tonumber(stored) ~= c[2] then return {'conflict', stored} end
local channel, moves, stats, held = c[1], c[10], c[11], c[18]
local version = fmt(c[2] + 1)
local bank, history = c[14], c[15]
if (#moves > 0 or #stats > 0 or held) and bank == 0 then
  return redis.error_reply('chip moves, stats and chip records need the bank keys')
end
if #c[13] > 0 and history == 0 then
  return redis.error_reply('finished hands need the history keys')
end

local chips = 0  -- read only when chips move: most actions move none
if #moves > 0 then
  chips = whole(redis.call('HGET', KEYS[4], channel) or '0')
  if not chips then return {'damaged', 'table_chips'} end
  if not of_type(KEYS[bank + 1], 'stream') then return {'damaged', 'ledger'} end
end
local house, credit = c[16], c[17]
local balances, order = {}, {}
for _, move in ipairs(moves) do
  local kind, player, amount = move[1], move[2], move[3]
  if type(amount) ~= 'number' or amount <= 0 or amount ~= math.floor(amount) then
    return redis.error_reply('chip moves need a positive whole amount')
  end
  if balances[player] == nil then
    local balance = redis.call('HGET', KEYS[bank], player)
    if not balance then
      if player ~= house then return {'no_account', player} end
      balance = '0'
    end
    balances[player] = whole(balance)
    if not balances[player] then return {'damaged_account', player} end
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
  local floor = 0
  if player == house then floor = -credit end
  if balances[player] < floor then
    local balance = whole(redis.call('HGET', KEYS[bank], player) or '0')
    return {'insufficient_balance', player, fmt(balance - floor)}
  end
end
if chips < 0 then return {'table_short', '', redis.call('HGET', KEYS[4], channel) or '0'} end
local repair = {}  -- stats are not chips: a damaged count starts again from 0
if #stats > 0 then
  for _, k in ipairs({3, 5, 6}) do  -- all time, this month's and this week's boards
    if not of_type(KEYS[bank + k], 'zset') then return {'damaged', 'leaderboard'} end
  end
end
for _, stat in ipairs(stats) do
  for k = 2, 5 do
    local v = stat[k]
    if type(v) ~= 'number' or v ~= math.floor(v) or (k < 5 and v < 0) then
      return redis.error_reply('stats need whole numbers, counts not negative')
    end
  end
  for _, field in ipairs({stat[1] .. ':hands', stat[1] .. ':won', stat[1] .. ':biggest'}) do
    local v = redis.call('HGET', KEYS[bank + 2], field)
    if v and not whole(v) then repair[#repair + 1] = field end
  end
end
if #c[13] > 0 then
  if not (of_type(KEYS[history], 'zset') and of_type(KEYS[history + 1], 'hash')) then
    return {'damaged', 'history'}
  end
end
local before = first_deadline(KEYS[3])

for _, event in ipairs(c[9]) do
  redis.call('XADD', KEYS[2], '*', 'v', version, 'e', event)
end
if #c[9] > 0 then trim_events(KEYS[2], c[5]) end
redis.call('HSET', KEYS[1], 'v', version, 's', ARGV[2])
local lowered = write_deadline(KEYS[3], channel, c[4], before)
local reply = {'ok', version, lowered}
if #moves > 0 then
  redis.call('HSET', KEYS[4], channel, fmt(chips))
  for _, move in ipairs(moves) do
    local kind, player, amount = move[1], move[2], move[3]
    local delta = amount
    if kind == 'buy_in' then delta = -amount end
    local balance = redis.call('HINCRBY', KEYS[bank], player, fmt(delta))
    xadd_capped(KEYS[bank + 1], c[7], 'kind', kind, 'player', player, 'amount', fmt(amount),
      'table', c[8], 'time', c[6], 'balance', balance)
  end
  for _, player in ipairs(order) do
    reply[#reply + 1] = player
    reply[#reply + 1] = fmt(balances[player])
  end
end
if held then
  redis.call('DEL', KEYS[bank + 4])
  for i = 1, #held, 2 do redis.call('HSET', KEYS[bank + 4], held[i], fmt(held[i + 1])) end
end
for _, field in ipairs(repair) do redis.call('HSET', KEYS[bank + 2], field, '0') end
for _, stat in ipairs(stats) do
  local player = stat[1]
  redis.call('HINCRBY', KEYS[bank + 2], player .. ':hands', fmt(stat[2]))
  redis.call('HINCRBY', KEYS[bank + 2], player .. ':won', fmt(stat[3]))
  if stat[4] > tonumber(redis.call('HGET', KEYS[bank + 2], player .. ':biggest') or '0') then
    redis.call('HSET', KEYS[bank + 2], player .. ':biggest', fmt(stat[4]))
  end
  redis.call('ZINCRBY', KEYS[bank + 3], fmt(stat[5]), player)
  redis.call('ZINCRBY', KEYS[bank + 5], fmt(stat[5]), player)
  redis.call('ZINCRBY', KEYS[bank + 6], fmt(stat[5]), player)
end
for _, hand in ipairs(c[13]) do
  push_hand(KEYS[history], KEYS[history + 1], fmt(hand[1]), c[12], hand[2], hand[3])
end
return reply
"""
)

# KEYS: table, events, deadlines, table_chips, held, history, hands
# ARGV: channel, state, deadline ('' = none), events maxlen, then the events
# A channel whose table is gone but whose chip records are not (a reset half done by hand) is
# damaged: a new table there would hide those chips from their owners.
# -> {'ok', '1', lowered deadline or ''} | {'exists'} | {'damaged'}
CREATE = (
    _HELPERS
    + """
if redis.call('EXISTS', KEYS[1]) == 1 then return {'exists'} end
local chips = redis.call('HGET', KEYS[4], ARGV[1])
if (chips and chips ~= '0') or redis.call('EXISTS', KEYS[5]) == 1 then return {'damaged'} end
redis.call('HSET', KEYS[1], 'v', '1', 's', ARGV[2])
redis.call('HSET', KEYS[4], ARGV[1], '0')
redis.call('PERSIST', KEYS[6])
redis.call('PERSIST', KEYS[7])
for e = 5, #ARGV do
  redis.call('XADD', KEYS[2], '*', 'v', '1', 'e', ARGV[e])
end
trim_events(KEYS[2], ARGV[4])
return {'ok', '1', set_deadline(KEYS[3], ARGV[1], ARGV[3])}
"""
)

# KEYS: table, events, deadlines, table_chips, held, history, hands
# ARGV: channel, expected version ('' = any), seconds the table's histories are kept (0: ever)
# -> {'ok', version} | {'missing'} | {'conflict', version} | {'table_holds_chips', chips}
DELETE = """
local stored = redis.call('HGET', KEYS[1], 'v')
if not stored then return {'missing'} end
if ARGV[2] ~= '' and stored ~= ARGV[2] then return {'conflict', stored} end
local chips = redis.call('HGET', KEYS[4], ARGV[1]) or '0'
if chips ~= '0' then return {'table_holds_chips', chips} end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[5])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('HDEL', KEYS[4], ARGV[1])
if tonumber(ARGV[3]) > 0 then
  redis.call('EXPIRE', KEYS[6], ARGV[3])
  redis.call('EXPIRE', KEYS[7], ARGV[3])
end
return {'ok', stored}
"""

_SETTING_HELPERS = """
-- A community's bank setting (C:bank_settings), or the default when absent or damaged.
local function setting(settings, field, default, least, most)
  if not of_type(settings, 'hash') then return default end
  local v = whole(redis.call('HGET', settings, field))
  if not v or v < least or v > most then return default end
  return fmt(v)
end
"""

# KEYS: bank, ledger, granted, bank settings
# ARGV: player, default starting grant, now, ledger maxlen
# While a night runs (`store/nights.py`), a newcomer opens with the night's chips.
# -> {'opened', balance} | {'exists', balance} | {'damaged', 'balance' or 'granted'}
OPEN_ACCOUNT = (
    _HELPERS
    + _SETTING_HELPERS
    + """
local balance = redis.call('HGET', KEYS[1], ARGV[1])
if balance then
  if not whole(balance) then return {'damaged', 'balance'} end
  return {'exists', balance}
end
if not whole(redis.call('GET', KEYS[3]) or '0') then return {'damaged', 'granted'} end
if not of_type(KEYS[2], 'stream') then return {'damaged', 'ledger'} end
local grant = setting(KEYS[4], 'grant', ARGV[2], 0, 9007199254740991)
grant = setting(KEYS[4], 'night', grant, 1, 9007199254740991)  -- a night's newcomer
redis.call('HSET', KEYS[1], ARGV[1], grant)
redis.call('INCRBY', KEYS[3], grant)
xadd_capped(KEYS[2], ARGV[4], 'kind', 'grant', 'player', ARGV[1], 'amount', grant,
  'table', '', 'time', ARGV[3], 'balance', grant)
return {'opened', grant}
"""
)

# KEYS: bank, daily, ledger, granted, bank settings
# ARGV: player, default amount, default period, now, ledger maxlen, least and most period
# A damaged time of the last claim counts as no claim: it is not chips, and is written anew.
# -> {'ok', balance, next claim time, amount} | {'too_soon', balance, next claim time}
#  | {'no_account'} | {'off'} (the community gives no daily chips) | {'night'} (a night runs)
#  | {'damaged', 'balance' or 'granted'}
CLAIM_DAILY = (
    _HELPERS
    + _SETTING_HELPERS
    + """
local balance = redis.call('HGET', KEYS[1], ARGV[1])
if not balance then return {'no_account'} end
if not whole(balance) then return {'damaged', 'balance'} end
if not whole(redis.call('GET', KEYS[4]) or '0') then return {'damaged', 'granted'} end
if not of_type(KEYS[3], 'stream') then return {'damaged', 'ledger'} end
if of_type(KEYS[5], 'hash') and redis.call('HEXISTS', KEYS[5], 'night') == 1 then
  return {'night'}
end
local amount = setting(KEYS[5], 'daily', ARGV[2], 0, 9007199254740991)
if amount == '0' then return {'off'} end
local now = tonumber(ARGV[4])
local period = tonumber(setting(KEYS[5], 'period', ARGV[3], tonumber(ARGV[6]), tonumber(ARGV[7])))
local last = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '')
if last and now < last + period then
  return {'too_soon', balance, tostring(last + period)}
end
balance = redis.call('HINCRBY', KEYS[1], ARGV[1], amount)
redis.call('HSET', KEYS[2], ARGV[1], ARGV[4])
redis.call('INCRBY', KEYS[4], amount)
xadd_capped(KEYS[3], ARGV[5], 'kind', 'daily', 'player', ARGV[1], 'amount', amount,
  'table', '', 'time', ARGV[4], 'balance', balance)
return {'ok', tostring(balance), tostring(now + period), amount}
"""
)

# KEYS: bank, table_chips, granted, parked (the balances a night set aside)
# ARGV: the house account
# Values that are not whole numbers are left out of the sums and named instead.
# -> {sum of balances, chips on tables, chips granted (or '' if damaged), accounts, tables,
#     house balance, #damaged accounts, account..., #damaged tables, channel...,
#     sum of parked balances, #damaged parked balances, account...}
AUDIT = (
    _HELPERS
    + """
local function sum(values)
  local total, bad = 0, 0
  for _, v in ipairs(values) do
    local n = whole(v)
    if n then total = total + n else bad = bad + 1 end
  end
  return total, bad
end
local function damaged(key, count)
  local names = {}
  if count == 0 then return names end
  local all = redis.call('HGETALL', key)
  for i = 1, #all, 2 do
    if not whole(all[i + 1]) then names[#names + 1] = all[i] end
  end
  return names
end
local balances = redis.call('HVALS', KEYS[1])
local tables = redis.call('HVALS', KEYS[2])
local on_bank, bad_bank = sum(balances)
local on_tables, bad_tables = sum(tables)
local granted = redis.call('GET', KEYS[3]) or '0'
if not whole(granted) then granted = '' end
local reply = {fmt(on_bank), fmt(on_tables), granted, tostring(#balances), tostring(#tables),
  redis.call('HGET', KEYS[1], ARGV[1]) or '0'}
for _, key in ipairs({KEYS[1], KEYS[2]}) do
  local count = bad_bank
  if key == KEYS[2] then count = bad_tables end
  local names = damaged(key, count)
  reply[#reply + 1] = tostring(#names)
  for _, name in ipairs(names) do reply[#reply + 1] = name end
end
local on_parked, bad_parked = sum(redis.call('HVALS', KEYS[4]))
reply[#reply + 1] = fmt(on_parked)
local names = damaged(KEYS[4], bad_parked)
reply[#reply + 1] = tostring(#names)
for _, name in ipairs(names) do reply[#reply + 1] = name end
return reply
"""
)

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
HISTORY_PUSH = (
    _HISTORY_HELPERS
    + """
local private = {}
for i = 4, #ARGV do private[#private + 1] = ARGV[i] end
return push_hand(KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3], private)
"""
)

# KEYS: history, hands
# ARGV: 'last' and a count, or 'one' and a hand number
# -> {number, public, #private, player, private, ..., number, ...}, newest first
HISTORY_READ = (
    _HISTORY_HELPERS
    + """
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
  local players = players_of(KEYS[2], n)
  reply[#reply + 1] = tostring(#players)
  for _, p in ipairs(players) do
    reply[#reply + 1] = p
    reply[#reply + 1] = redis.call('HGET', KEYS[2], n .. ':' .. p) or ''
  end
end
return reply
"""
)


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
    """``(member, score)`` pairs from a WITHSCORES reply, whatever the RESP version: parsed by
    redis-py (pairs) or raw (RESP2's members and scores in turn, as the pipeline hands it)."""
    rows = list(rows)
    if rows and not isinstance(rows[0], list | tuple):
        if len(rows) % 2:
            raise TypeError(f"expected members and scores in turn, got {rows!r}")
        rows = [rows[i : i + 2] for i in range(0, len(rows), 2)]
    pairs = []
    for row in rows:
        if not isinstance(row, list | tuple) or len(row) != 2:
            raise TypeError(f"expected a (member, score) pair, got {row!r}")
        pairs.append((text(row[0]), float(row[1])))
    return pairs
