"""What happened in a hand, step by step, for the renderers and the hand history.

Every event is public except `HoleCardsDealt`, which is addressed to its owner only
(`private_to`). Seats are the hand's positions (see `config`).
"""

from __future__ import annotations

from enum import Enum

import msgspec

from chatdealer.engine.pots import Pot


class Street(Enum):
    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3


class Event(msgspec.Struct, frozen=True, tag=True, array_like=True, gc=False):
    @property
    def private_to(self) -> int | None:
        """The one seat allowed to see this event, or None when the whole table may."""
        return None


class ForcedBetPosted(Event, frozen=True):
    seat: int
    kind: str  # "ante", "dead", "blind", "straddle", "post"
    amount: int
    all_in: bool


class HoleCardsDealt(Event, frozen=True):
    seat: int
    cards: tuple[int, ...]

    @property
    def private_to(self) -> int | None:
        return self.seat


class ActionTaken(Event, frozen=True):
    """A betting action; `amount` is the bet after it ("raise to") and `added` what went in."""

    seat: int
    action: str  # "fold", "check", "call", "bet", "raise"
    amount: int
    added: int
    all_in: bool


class BetReturned(Event, frozen=True):
    seat: int
    amount: int


class BoardDealt(Event, frozen=True):
    street: Street
    cards: tuple[int, ...]
    board: tuple[int, ...]


class SecondRunDealt(Event, frozen=True):
    """The board run a second time: `cards` dealt after the first run, `board` the whole."""

    cards: tuple[int, ...]
    board: tuple[int, ...]


class PotsChanged(Event, frozen=True):
    """The pots after bets were gathered: main pot first, then side pots."""

    pots: tuple[Pot, ...]


class HandShown(Event, frozen=True):
    seat: int
    cards: tuple[int, ...]


class HandMucked(Event, frozen=True):
    seat: int


class PotAwarded(Event, frozen=True):
    """One pot paid out; `pot` is 0 for the main pot, 1.. for side pots.

    In hi-lo a pot with a qualifying low is paid as two awards of the same `pot`: its high
    half, then its low half (`low`, whose `hand_value` is a low value, see chatdealer.omaha)."""

    pot: int
    amount: int
    shares: tuple[tuple[int, int], ...]  # (seat, chips)
    hand_value: int  # the winning hand's value, 0 when won without a showdown
    low: bool = False
    run: int = 0  # 1 or 2 when the board was run twice, each run paying half of every pot


class BountyCollected(Event, frozen=True):
    """The 7-2 game's bounty: `seat` won a pot with seven-deuce shown and took `amount` in all,
    `payments` (seat, chips) from each other player dealt in (chatdealer.engine.seven_deuce)."""

    seat: int
    amount: int
    payments: tuple[tuple[int, int], ...]


class HandEnded(Event, frozen=True):
    stacks: tuple[int, ...]
