"""The betting round: who acts, what they may do, and what a bet or raise must be (RULES.md §4-5).

`LegalActions` is what a prompt shows the player to act; `check_raise` is the one place that
decides whether an amount is a legal bet or raise, so the engine and every interface agree.
"""

from __future__ import annotations

import msgspec

from chatdealer.engine.config import BettingStructure
from chatdealer.engine.refusals import IllegalAction

FIXED_LIMIT_CAP = 4  # a bet and three raises; pre-flop the big blind is the first bet [001]


class LegalActions(msgspec.Struct, frozen=True, kw_only=True):
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


class RoundState(msgspec.Struct, kw_only=True):
    """The betting state of one round, kept as data so the hand serialises whole."""

    level: int = 0  # the bet to match
    raise_size: int = 0  # the last full raise (no-limit, pot-limit); the bet size (fixed-limit)
    full_level: int = 0  # fixed-limit: the level of the last full bet or raise
    raises: int = 0  # fixed-limit: bets and raises made, for the cap
    aggressor: int = -1
    acted: list[bool] = msgspec.field(default_factory=list)
    acted_level: list[int] = msgspec.field(default_factory=list)


def raise_closed_reason(
    structure: BettingStructure,
    round_: RoundState,
    seat: int,
    stacks: list[int],
    bets: list[int],
    folded: list[bool],
    all_in: list[bool],
) -> str | None:
    """Why `seat` may not bet or raise now, or None when it may."""
    level = round_.level
    if stacks[seat] <= level - bets[seat]:
        return "covered"
    for other, stack in enumerate(stacks):
        if other != seat and stack + bets[other] > level and not (folded[other] or all_in[other]):
            break
    else:
        return "nobody_to_raise"
    if structure is BettingStructure.FIXED_LIMIT:
        if round_.raises >= FIXED_LIMIT_CAP:
            return "capped"
        if round_.acted[seat] and round_.full_level <= round_.acted_level[seat]:
            return "not_reopened"
    elif round_.acted[seat] and round_.level - round_.acted_level[seat] < round_.raise_size:
        return "not_reopened"
    return None


def raise_bounds(
    structure: BettingStructure, round_: RoundState, seat: int, stack: int, bet: int, pot: int
) -> tuple[int, int]:
    """The smallest and largest "raise to" for `seat`; `pot` counts every chip on the table."""
    all_in = bet + stack
    if structure is BettingStructure.FIXED_LIMIT:
        amount = min(round_.full_level + round_.raise_size, all_in)
        return amount, amount
    minimum = min(round_.level + round_.raise_size, all_in)
    if structure is BettingStructure.POT_LIMIT:
        pot_raise = round_.level + pot + (round_.level - bet)
        return minimum, max(minimum, min(pot_raise, all_in))
    return minimum, all_in


def check_raise(legal: LegalActions, amount: int, structure: BettingStructure) -> None:
    """Refuse an amount that is not a legal bet or raise for `legal`."""
    if legal.min_raise_to is None or legal.max_raise_to is None:
        raise IllegalAction(legal.closed_reason or "capped")
    if amount <= legal.current_bet:
        raise IllegalAction("not_more_than_bet", current=legal.current_bet)
    if structure is BettingStructure.FIXED_LIMIT and amount != legal.min_raise_to:
        what = "bet" if legal.current_bet == 0 else "raise"
        raise IllegalAction("fixed_amount", what=what, amount=legal.min_raise_to)
    if amount < legal.min_raise_to:
        code = "minimum_bet" if legal.current_bet == 0 else "minimum_raise"
        raise IllegalAction(code, minimum=legal.min_raise_to)
    if amount > legal.max_raise_to:
        if legal.max_raise_to < legal.all_in_to:
            raise IllegalAction("maximum_pot", maximum=legal.max_raise_to)
        raise IllegalAction("maximum_stack", maximum=legal.all_in_to)
