"""A night: for a while, everyone's table money is a night bank of N chips each (issue 17).

When an admin starts a night, every person's bank balance is set aside in ``C:parked`` and
their balance becomes the night's chips (a grant counted in ``C:granted`` like any other); a
newcomer during the night opens with the night's chips instead of the starting grant. Buy-ins
and cash-outs then move night chips, through the usual commit. When the night ends, each
balance is the player's night result (its chips minus the night's grant and what admins gave
or took), the night's chips are granted back out (``C:granted`` falls by them) and the parked
balances return. So at every moment

    sum(balances) + sum(parked) + chips on tables == granted

which `Bank.audit` checks. A night starts or ends only while no person holds chips at a table
(bots buy from the house, which is never parked), so every chip a person cashes out during a
night was bought in from that night's bank. The night's chips, when it began and who began it
live in ``C:bank_settings`` (``night``, ``night_at``), where the scripts that open accounts and
grant daily chips read them; what admins gave or took during the night is ``C:night_adjusted``;
the last night's results are ``C:night_results`` (a sorted set) and ``C:night_last``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from redis.asyncio import Redis
from redis.commands.core import AsyncScript

from chatdealer.store.bank import HOUSE, check_amount, is_person
from chatdealer.store.bank_settings import settings_key
from chatdealer.store.damage import DamagedAccount, whole_number
from chatdealer.store.keys import Community, TableId, bank_keys
from chatdealer.store.scripts import LUA_HELPERS, scored, text
from chatdealer.store.timers import format_time

ATTEMPTS = 5
"""Tries when a table opens or closes between listing the tables and the script."""


def parked_key(community: Community) -> str:
    return community.key("parked")


def adjusted_key(community: Community) -> str:
    return community.key("night_adjusted")


def results_key(community: Community) -> str:
    return community.key("night_results")


def last_key(community: Community) -> str:
    return community.key("night_last")


_SEATED = """
-- Refuses while a person holds chips at a table: KEYS[first..] are the tables' chip records,
-- ARGV[first..] their channels, which must be every table the community has.
local function seated(table_chips, first_key, first_arg, house)
  local listed = {}
  for i = first_arg, #ARGV do listed[ARGV[i]] = true end
  local present = redis.call('HKEYS', table_chips)
  if #present ~= #ARGV - first_arg + 1 then return {'changed'} end
  for _, channel in ipairs(present) do
    if not listed[channel] then return {'changed'} end
  end
  for i = first_arg, #ARGV do
    local key = KEYS[first_key + i - first_arg]
    local channel = ARGV[i]
    if redis.call('EXISTS', key) == 0 then
      local chips = whole(redis.call('HGET', table_chips, channel) or '0')
      if chips ~= 0 then return {'seated', channel} end
    else
      local held = redis.call('HGETALL', key)
      for j = 1, #held, 2 do
        if held[j] ~= house and held[j + 1] ~= '0' then return {'seated', channel} end
      end
    end
  end
  return nil
end
-- Both scripts' checks before their first write: nobody seated, the bank's sums readable.
local function refused(first_key, first_arg, house)
  local found = seated(KEYS[7], first_key, first_arg, house)
  if found then return found end
  if not whole(redis.call('GET', KEYS[5]) or '0') then return {'damaged', 'granted'} end
  if not of_type(KEYS[6], 'stream') then return {'damaged', 'ledger'} end
  return nil
end
"""

# KEYS: bank, parked, bank settings, adjusted, granted, ledger, table_chips, then each table's
#       chip records in the order of the channels
# ARGV: chips, now, by, ledger maxlen, house, then every channel with a table
# -> {'ok', people} | {'running', chips} | {'changed'} | {'seated', channel}
#  | {'damaged', what} | {'damaged_account', account}
START = (
    LUA_HELPERS
    + _SEATED
    + """
local running = redis.call('HGET', KEYS[3], 'night')
if running then return {'running', running} end
local refusal = refused(8, 6, ARGV[5])
if refusal then return refusal end
-- balances set aside with no night running are chips nobody may overwrite
if redis.call('EXISTS', KEYS[2]) == 1 then return {'damaged', 'parked'} end
local accounts = redis.call('HGETALL', KEYS[1])
local people = {}
for i = 1, #accounts, 2 do
  if accounts[i] ~= ARGV[5] then
    if not whole(accounts[i + 1]) then return {'damaged_account', accounts[i]} end
    people[#people + 1] = {accounts[i], accounts[i + 1]}
  end
end
redis.call('DEL', KEYS[4])
for _, person in ipairs(people) do
  redis.call('HSET', KEYS[2], person[1], person[2])
  redis.call('HSET', KEYS[1], person[1], ARGV[1])
  xadd_capped(KEYS[6], ARGV[4], 'kind', 'night', 'player', person[1], 'amount', ARGV[1],
    'table', '', 'time', ARGV[2], 'balance', ARGV[1])
end
redis.call('INCRBY', KEYS[5], fmt(tonumber(ARGV[1]) * #people))
redis.call('HSET', KEYS[3], 'night', ARGV[1], 'night_at', ARGV[2], 'night_by', ARGV[3])
return {'ok', tostring(#people)}
"""
)

# KEYS: bank, parked, bank settings, adjusted, granted, ledger, table_chips, results, last,
#       then each table's chip records in the order of the channels
# ARGV: now, ledger maxlen, house, then every channel with a table
# -> {'ok', people} | {'no_night'} | {'changed'} | {'seated', channel}
#  | {'damaged', what} | {'damaged_account', account}
END = (
    LUA_HELPERS
    + _SEATED
    + """
local chips = whole(redis.call('HGET', KEYS[3], 'night') or '')
if not chips then return {'no_night'} end
local refusal = refused(10, 4, ARGV[3])
if refusal then return refusal end
local accounts = redis.call('HGETALL', KEYS[1])
local people = {}
for i = 1, #accounts, 2 do
  if accounts[i] ~= ARGV[3] then
    local balance = whole(accounts[i + 1])
    if not balance then return {'damaged_account', accounts[i]} end
    local parked = redis.call('HGET', KEYS[2], accounts[i])
    if parked and not whole(parked) then return {'damaged_account', accounts[i]} end
    local adjusted = whole(redis.call('HGET', KEYS[4], accounts[i]) or '0') or 0
    people[#people + 1] = {accounts[i], balance, parked, balance - chips - adjusted}
  end
end
local seen, orphans = {}, {}  -- a balance set aside whose night account is gone still returns
for _, person in ipairs(people) do seen[person[1]] = true end
local all_parked = redis.call('HGETALL', KEYS[2])
for i = 1, #all_parked, 2 do
  if not seen[all_parked[i]] then
    if not whole(all_parked[i + 1]) then return {'damaged_account', all_parked[i]} end
    orphans[#orphans + 1] = {all_parked[i], all_parked[i + 1]}
  end
end
local started = redis.call('HGET', KEYS[3], 'night_at') or ''
redis.call('DEL', KEYS[8])
local night_chips = 0
for _, person in ipairs(people) do
  local player, balance, parked, result = person[1], person[2], person[3], person[4]
  night_chips = night_chips + balance
  redis.call('ZADD', KEYS[8], fmt(result), player)
  if parked then
    redis.call('HSET', KEYS[1], player, parked)
  else
    redis.call('HDEL', KEYS[1], player)
  end
  xadd_capped(KEYS[6], ARGV[2], 'kind', 'night_end', 'player', player, 'amount', fmt(balance),
    'table', '', 'time', ARGV[1], 'balance', parked or '0')
end
for _, orphan in ipairs(orphans) do redis.call('HINCRBY', KEYS[1], orphan[1], orphan[2]) end
redis.call('DECRBY', KEYS[5], fmt(night_chips))
redis.call('DEL', KEYS[2], KEYS[4], KEYS[9])
redis.call('HSET', KEYS[9], 'chips', fmt(chips), 'started', started, 'ended', ARGV[1])
redis.call('HDEL', KEYS[3], 'night', 'night_at', 'night_by')
return {'ok', tostring(#people)}
"""
)


class NightOutcome(StrEnum):
    OK = "ok"
    RUNNING = "running"
    """Starting a night while one runs."""
    NO_NIGHT = "no_night"
    """Ending a night when none runs."""
    SEATED = "seated"
    """A person holds chips at a table (`table` says which)."""


@dataclass(frozen=True, slots=True)
class NightChange:
    outcome: NightOutcome
    people: int = 0
    """The accounts the change moved."""
    chips: int = 0
    """The running night's chips, when starting was refused for it."""
    table: TableId | None = None


@dataclass(frozen=True, slots=True)
class Night:
    """The night running in a community."""

    chips: int
    started: float


@dataclass(frozen=True, slots=True)
class NightRow:
    player: str
    result: int
    """Chips won (or lost, below 0) in the night's play."""


class Nights:
    """Starts and ends a community's nights and reads their results."""

    def __init__(self, client: Redis, ledger_maxlen: int = 0) -> None:
        self._client = client
        self._ledger_maxlen = ledger_maxlen
        self._start = client.register_script(START)
        self._end = client.register_script(END)

    async def running(self, community: Community) -> Night | None:
        chips, started = await self._client.hmget(settings_key(community), ["night", "night_at"])
        amount = whole_number(chips)
        if amount is None:
            return None
        return Night(amount, float(text(started)) if started is not None else 0.0)

    async def start(self, community: Community, chips: int, *, by: str, now: float) -> NightChange:
        """Everyone's balance is set aside and becomes `chips`, in one script."""
        check_amount(chips)
        head: list[str | int] = [chips, format_time(now), by, self._ledger_maxlen, HOUSE]
        return await self._change(community, self._start, [], head)

    async def end(self, community: Community, *, now: float) -> NightChange:
        """Each balance becomes the night's result and the parked balances return."""
        extra = [results_key(community), last_key(community)]
        head: list[str | int] = [format_time(now), self._ledger_maxlen, HOUSE]
        return await self._change(community, self._end, extra, head)

    async def _change(
        self, community: Community, script: AsyncScript, extra: list[str], head: list[str | int]
    ) -> NightChange:
        """Runs a start or an end with every table's chip records, listed again should a
        table open or close meanwhile."""
        keys = bank_keys(community)
        for _ in range(ATTEMPTS):
            channels = await self._channels(community)
            reply = await script(
                keys=[
                    keys.bank,
                    parked_key(community),
                    settings_key(community),
                    adjusted_key(community),
                    keys.granted,
                    keys.ledger,
                    community.key("table_chips"),
                    *extra,
                    *[community.key(f"held:{channel}") for channel in channels],
                ],
                args=[*head, *channels],
            )
            change = self._read(community, reply)
            if change is not None:
                return change
        raise RuntimeError("the community's tables kept changing")

    async def standing(self, community: Community, night: Night) -> list[NightRow]:
        """The running night's results so far, best first: what each person holds in the
        night's bank and at the tables, less what the night gave them."""
        balances = await self._client.hgetall(bank_keys(community).bank)
        adjusted = await self._client.hgetall(adjusted_key(community))
        held: dict[str, int] = {}
        for channel in await self._channels(community):
            records = await self._client.hgetall(community.key(f"held:{channel}"))
            for account, chips in records.items():
                held[text(account)] = held.get(text(account), 0) + (whole_number(chips) or 0)
        given = {text(player): whole_number(chips) or 0 for player, chips in adjusted.items()}
        rows = []
        for raw, raw_balance in balances.items():
            player = text(raw)
            if not is_person(player):
                continue
            balance = whole_number(raw_balance)
            if balance is None:
                raise DamagedAccount(bank_keys(community).bank, "not a whole number", player)
            result = balance + held.get(player, 0) - night.chips - given.get(player, 0)
            rows.append(NightRow(player, result))
        return sorted(rows, key=lambda row: (-row.result, row.player))

    async def last_results(self, community: Community) -> list[NightRow]:
        """The last finished night's results, best first."""
        rows = await self._client.zrevrange(results_key(community), 0, -1, withscores=True)
        return [NightRow(player, int(score)) for player, score in scored(rows)]

    async def _channels(self, community: Community) -> list[str]:
        return [text(channel) for channel in await self._client.hkeys(community.key("table_chips"))]

    def _read(self, community: Community, reply: object) -> NightChange | None:
        assert isinstance(reply, list)
        outcome = text(reply[0])
        if outcome == "changed":
            return None
        if outcome == "damaged":
            raise DamagedAccount(bank_keys(community).bank, f"its {text(reply[1])} is damaged", "")
        if outcome == "damaged_account":
            raise DamagedAccount(bank_keys(community).bank, "not a whole number", text(reply[1]))
        if outcome == "seated":
            return NightChange(NightOutcome.SEATED, table=community.table(text(reply[1])))
        if outcome == "running":
            return NightChange(NightOutcome.RUNNING, chips=int(text(reply[1])))
        if outcome == "no_night":
            return NightChange(NightOutcome.NO_NIGHT)
        return NightChange(NightOutcome.OK, people=int(text(reply[1])))
