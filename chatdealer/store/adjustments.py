"""Chips an admin gives a player or takes from one, with a reason (issue 17).

A gift is a grant like any other: the player's balance and ``C:granted`` rise together. Taking
is a grant undone: the balance and ``C:granted`` fall together, never below what the player
holds in the bank (chips on a table are the table's until they are cashed out). So
``sum(balances) + chips on tables == granted`` holds after either, and every adjustment is a
ledger entry (``given`` or ``taken``, with who did it and why). During a night the player's
balance is their night bank, and the adjustment is kept apart so it is not counted as won.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from redis.asyncio import Redis

from chatdealer.store.bank import MAX_NAME, check_amount
from chatdealer.store.bank_settings import settings_key
from chatdealer.store.damage import DamagedAccount
from chatdealer.store.keys import Community, bank_keys
from chatdealer.store.scripts import LUA_HELPERS, text
from chatdealer.store.timers import format_time

MAX_REASON = 200
"""Characters of a reason kept in the ledger."""

# KEYS: bank, ledger, granted, bank settings, the night's adjustments (`store/nights.py`)
# ARGV: player, 'given' or 'taken', amount, now, ledger maxlen, by, reason
# -> {'ok', balance} | {'no_account'} | {'short', balance} | {'damaged', what}
ADJUST = (
    LUA_HELPERS
    + """
local balance = redis.call('HGET', KEYS[1], ARGV[1])
if not balance then return {'no_account'} end
balance = whole(balance)
if not balance then return {'damaged', 'balance'} end
if not whole(redis.call('GET', KEYS[3]) or '0') then return {'damaged', 'granted'} end
if not of_type(KEYS[2], 'stream') then return {'damaged', 'ledger'} end
local night = of_type(KEYS[4], 'hash') and redis.call('HEXISTS', KEYS[4], 'night') == 1
if night then
  if not of_type(KEYS[5], 'hash') then return {'damaged', 'night'} end
  local given = redis.call('HGET', KEYS[5], ARGV[1])
  if given and not whole(given) then return {'damaged', 'night'} end
end
local amount = tonumber(ARGV[3])
local delta = amount
if ARGV[2] == 'taken' then
  if balance < amount then return {'short', fmt(balance)} end
  delta = -amount
end
local after = redis.call('HINCRBY', KEYS[1], ARGV[1], fmt(delta))
redis.call('INCRBY', KEYS[3], fmt(delta))
if night then  -- not the night's winnings
  redis.call('HINCRBY', KEYS[5], ARGV[1], fmt(delta))
end
xadd_capped(KEYS[2], ARGV[5], 'kind', ARGV[2], 'player', ARGV[1], 'amount', ARGV[3],
  'table', '', 'time', ARGV[4], 'balance', after, 'by', ARGV[6], 'reason', ARGV[7])
return {'ok', fmt(after)}
"""
)


class Adjustment(StrEnum):
    GIVEN = "given"
    TAKEN = "taken"


class AdjustOutcome(StrEnum):
    OK = "ok"
    NO_ACCOUNT = "no_account"
    SHORT = "short"
    """Taking more than the player holds in the bank."""


@dataclass(frozen=True, slots=True)
class AdjustResult:
    outcome: AdjustOutcome
    balance: int | None
    """The balance after (or, when short, the balance there is)."""


async def adjust(
    client: Redis,
    community: Community,
    player: str,
    kind: Adjustment,
    amount: int,
    *,
    by: str,
    reason: str,
    now: float,
    ledger_maxlen: int = 0,
) -> AdjustResult:
    """Gives or takes `amount` chips in one script; a refusal changes nothing."""
    check_amount(amount)
    if not player:
        raise ValueError("an adjustment needs a player")
    keys = bank_keys(community)
    reply = await client.register_script(ADJUST)(
        keys=[
            keys.bank,
            keys.ledger,
            keys.granted,
            settings_key(community),
            community.key("night_adjusted"),
        ],
        args=[
            player,
            Adjustment(kind).value,
            amount,
            format_time(now),
            ledger_maxlen,
            by[:MAX_NAME],
            reason[:MAX_REASON],
        ],
    )
    assert isinstance(reply, list)
    outcome = text(reply[0])
    if outcome == "damaged":
        raise DamagedAccount(keys.bank, f"its {text(reply[1])} is damaged", player)
    if outcome == "no_account":
        return AdjustResult(AdjustOutcome.NO_ACCOUNT, None)
    return AdjustResult(AdjustOutcome(outcome), int(reply[1]))
