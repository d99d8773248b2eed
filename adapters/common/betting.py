"""What the betting controls of both platforms (Discord buttons and raise form, Telegram inline
keyboard) offer: the raise sizes and the words on them. The dealer checks every action; these
only decide what to show."""

from __future__ import annotations

from chatdealer.dealer import TableView, TurnView
from chatdealer.engine.config import BettingStructure


def has_bets(view: TableView) -> bool:
    return any(seat.bet for seat in view.seats)


def raise_word(turn: TurnView, view: TableView) -> str:
    """ "raise" when there is something to raise, else "bet" (the texts' keys)."""
    return "raise" if turn.to_call or has_bets(view) else "bet"


def no_limit(view: TableView) -> bool:
    """Whether all-in is an action of its own (no-limit, the default) rather than a raise
    capped by the structure."""
    return view.settings is None or view.settings.structure is BettingStructure.NO_LIMIT


def quick_sizes(view: TableView) -> list[tuple[str, int]]:
    """Raise sizes as "raise to" totals: the minimum, half the pot, the pot, then all-in (the
    maximum).

    A pot-sized raise is the call plus the pot after calling; amounts are kept between the
    minimum and maximum the turn allows, and the dealer checks the one chosen.
    """
    turn = view.turn
    if turn is None or turn.min_raise_to is None or turn.max_raise_to is None:
        return []
    low, high = turn.min_raise_to, turn.max_raise_to
    bet = next((seat.bet for seat in view.seats if seat.seat == turn.seat), 0)
    pot = sum(p.amount for p in view.pots) + sum(seat.bet for seat in view.seats)
    level = bet + turn.to_call

    def sized(fraction: float) -> int:
        return max(low, min(high, level + int((pot + turn.to_call) * fraction)))

    sizes: list[tuple[str, int]] = []
    for name, amount in (("min", low), ("half_pot", sized(0.5)), ("pot", sized(1.0))):
        if amount not in (chips for _, chips in sizes) and amount < high:
            sizes.append((name, amount))
    sizes.append(("allin", high))
    return sizes
