"""The betting round: who acts, what they may do, and what a bet or raise must be (RULES.md §4-5).

`LegalActions` is what a prompt shows the player to act, worked out by `Hand.legal_actions`
from the round kept here; `check_raise` is the one place that decides whether an amount is a
legal bet or raise, so the engine and every interface agree.
"""

from __future__ import annotations

import msgspec

from chatdealer.engine.config import BettingStructure
from chatdealer.engine.refusals import IllegalAction

FIXED_LIMIT_CAP = 4  # a bet and three raises; pre-flop the big blind is the first bet [001]
# Enum members as module constants: reading one off its class goes through a slow class hook.
_FIXED_LIMIT = BettingStructure.FIXED_LIMIT


class LegalActions(msgspec.Struct, frozen=True, gc=False):
    """What the player to act may do; amounts are "raise to" totals for this round."""

    seat: int
    to_call: int  # 0 when checking is possible; an all-in call when it equals the stack
    can_fold: bool
    can_check: bool
    can_call: bool
    min_raise_to: int | None  # None when raising is closed
    max_raise_to: int | None
    closed_reason: str | None  # why raising is closed: a refusal code
    current_bet: int
    stack: int
    bet: int  # what the player has in front of them this round

    @property
    def can_raise(self) -> bool:
        return self.min_raise_to is not None

    @property
    def all_in_to(self) -> int:
        return self.bet + self.stack


class RoundState(msgspec.Struct, gc=False, kw_only=True, omit_defaults=True):
    """The betting state of one round, kept as data so the hand serialises whole (without the
    fields that hold their defaults: a changed default is a schema change)."""

    level: int = 0  # the bet to match
    raise_size: int = 0  # the last full raise (no-limit, pot-limit); the bet size (fixed-limit)
    full_level: int = 0  # fixed-limit: the level of the last full bet or raise
    raises: int = 0  # fixed-limit: bets and raises made, for the cap
    aggressor: int = -1
    acted: list[bool] = msgspec.field(default_factory=list)
    acted_level: list[int] = msgspec.field(default_factory=list)


# For each table size and seat, the other seats in turn after it (a hot loop reads them).
OTHER_SEATS = {
    count: tuple(tuple((seat + step) % count for step in range(1, count)) for seat in range(count))
    for count in range(2, 11)
}


def closed_to_raise(
    seat: int, to_call: int, reason: str, level: int, stack: int, bet: int
) -> LegalActions:
    """The moves of a player who may not raise, and why (a refusal code)."""
    facing = to_call > 0
    return LegalActions(
        seat, to_call, facing, not facing, facing, None, None, reason, level, stack, bet
    )


def check_raise(legal: LegalActions, amount: int, structure: BettingStructure) -> None:
    """Refuse an amount that is not a legal bet or raise for `legal`."""
    if legal.min_raise_to is None or legal.max_raise_to is None:
        raise IllegalAction(legal.closed_reason or "capped")
    if amount <= legal.current_bet:
        raise IllegalAction("not_more_than_bet", current=legal.current_bet)
    if structure is _FIXED_LIMIT and amount != legal.min_raise_to:
        what = "bet" if legal.current_bet == 0 else "raise"
        raise IllegalAction("fixed_amount", what=what, amount=legal.min_raise_to)
    if amount < legal.min_raise_to:
        code = "minimum_bet" if legal.current_bet == 0 else "minimum_raise"
        raise IllegalAction(code, minimum=legal.min_raise_to)
    if amount > legal.max_raise_to:
        if legal.max_raise_to < legal.all_in_to:
            raise IllegalAction("maximum_pot", maximum=legal.max_raise_to)
        raise IllegalAction("maximum_stack", maximum=legal.all_in_to)
