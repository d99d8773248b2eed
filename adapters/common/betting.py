"""What the betting controls of both platforms (Discord buttons and raise form, Telegram inline
keyboard) offer: the raise sizes and the words on them. The dealer checks every action; these
only decide what to show.

All-in is offered as such only when it is a legal raise: under pot-limit or fixed-limit, when
the cap is below the player's chips, the biggest size offered is the cap, labelled for what it
is ("Pot 108", "Raise to 40"), and an `allin` sent anyway is refused by the dealer with the
cap it may raise to, never turned into a smaller raise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from chatdealer.dealer import TableView, TurnView
from chatdealer.engine.config import BettingStructure
from chatdealer.render import Language

SizeName = Literal["min", "half_pot", "pot", "fixed", "allin"]
# The words on each size (context "betting"), as a bet and as a raise.
LABELS: dict[SizeName, tuple[str, str]] = {
    "min": ("Min {amount}", "Min {amount}"),
    "half_pot": ("½ pot {amount}", "½ pot {amount}"),
    "pot": ("Pot {amount}", "Pot {amount}"),
    "fixed": ("Bet {amount}", "Raise to {amount}"),
    "allin": ("All-in {amount}", "All-in {amount}"),
}


@dataclass(frozen=True, slots=True)
class Offer:
    """One size to press: the action it sends, its "raise to" total and its label."""

    name: SizeName
    action: Literal["raise", "allin"]
    amount: int
    label: str


def raise_word(turn: TurnView, view: TableView | None = None) -> str:
    """ "raise" when there is a bet to raise on this street, else "bet" (the texts' keys);
    the same test as the table message's "raise to …" / "bet …"."""
    return "raise" if turn.raising else "bet"


def all_in_offered(view: TableView) -> bool:
    """Whether the player to act may go all-in as a bet or raise of its own: nothing caps the
    biggest raise below their chips (always so in no-limit)."""
    return view.turn is not None and view.turn.all_in_allowed


def quick_sizes(view: TableView) -> list[tuple[SizeName, int]]:
    """Raise sizes as "raise to" totals, smallest first: the minimum, half the pot, the pot,
    then the biggest allowed: "allin" when it is all the player's chips, else the cap, named for
    what it is ("pot" under pot-limit; the one "fixed" size of fixed-limit).

    A pot-sized raise is the call plus the pot after calling; amounts are kept between the
    minimum and maximum the turn allows, and the dealer checks the one chosen.
    """
    turn = view.turn
    if turn is None or turn.min_raise_to is None or turn.max_raise_to is None:
        return []
    low, high = turn.min_raise_to, turn.max_raise_to
    if turn.all_in_allowed:
        top: SizeName = "allin"
    elif _structure(view) is BettingStructure.FIXED_LIMIT:
        return [("fixed", high)]
    else:
        top = "pot"
    bet = next((seat.bet for seat in view.seats if seat.seat == turn.seat), 0)
    pot = sum(p.amount for p in view.pots) + sum(seat.bet for seat in view.seats)
    level = bet + turn.to_call

    def sized(fraction: float) -> int:
        return max(low, min(high, level + int((pot + turn.to_call) * fraction)))

    candidates: tuple[tuple[SizeName, int], ...] = (
        ("min", low),
        ("half_pot", sized(0.5)),
        ("pot", sized(1.0)),
    )
    sizes: list[tuple[SizeName, int]] = []
    for name, amount in candidates:
        if amount not in (chips for _, chips in sizes) and amount < high:
            sizes.append((name, amount))
    sizes.append((top, high))
    return sizes


def raise_offers(view: TableView, language: Language) -> list[Offer]:
    """The quick sizes with their labels in the table's language; the all-in one sends
    `allin`, the others a raise to their amount."""
    turn = view.turn
    if turn is None:
        return []
    raising = turn.raising
    offers = []
    for name, amount in quick_sizes(view):
        template = LABELS[name][raising]
        label = language.text("betting", template).format(amount=language.number(amount))
        action: Literal["raise", "allin"] = "allin" if name == "allin" else "raise"
        offers.append(Offer(name, action, amount, label))
    return offers


def _structure(view: TableView) -> BettingStructure:
    return view.settings.structure if view.settings is not None else BettingStructure.NO_LIMIT
