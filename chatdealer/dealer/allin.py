"""An `allin` means every chip, or it is refused: it is never made a smaller raise unasked.

The engine reads `allin` as the biggest raise allowed, which under pot-limit and fixed-limit
can be less than the player's chips. A player who asked for all-in and got a pot-sized raise
was told nothing of it; the dealer refuses such an `allin` instead, saying what the player may
raise to, and nothing changes. An all-in that is a call (the chips do not cover the bet) or
that the cap allows is played as asked.
"""

from __future__ import annotations

from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.engine.config import BettingStructure
from chatdealer.table import Table

_FIXED_LIMIT = BettingStructure.FIXED_LIMIT


def refuse_capped_all_in(table: Table, player_id: str) -> None:
    """Refuses the player's `allin` when the structure caps their biggest raise below it."""
    hand = table.hand
    seat = table.seat_of(player_id)
    if hand is None or seat is None or seat not in table.hand_seats:
        return  # the table and the engine refuse these, each with its reason
    if hand.actor != table.hand_seats.index(seat):
        return
    legal = hand.legal_actions()
    if legal.stack <= legal.to_call or legal.max_raise_to is None:
        return  # an all-in call, or raising is closed: the engine says why
    if legal.max_raise_to >= legal.all_in_to:
        return
    what = "raise" if legal.current_bet else "bet"
    if hand.config.structure is _FIXED_LIMIT:
        raise DealerRefusal(
            "all_in_fixed_limit", what=what, amount=legal.max_raise_to, all_in=legal.all_in_to
        )
    raise DealerRefusal(
        "all_in_pot_limit", what=what, maximum=legal.max_raise_to, all_in=legal.all_in_to
    )
