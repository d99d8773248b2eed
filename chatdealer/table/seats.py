"""Who sits where, and what each player owes or has asked for (RULES.md §8).

Seats are numbered from 0 clockwise (shown to players as 1..N). A player's requests that cannot
take effect during a hand (leaving, sitting out, a top-up) wait on the seat until the hand ends.
"""

from __future__ import annotations

from enum import Enum

import msgspec

from chatdealer.engine.show_choice import ShowDefault


class SeatStatus(Enum):
    PLAYING = "playing"  # in the game, or coming in (posting or waiting for the big blind)
    SITTING_OUT = "sitting_out"  # chose to sit out; blinds passing the seat are missed
    BUSTED = "busted"  # no chips: sits out until topped up (cash) or rebuys (tournament)


# A member read off its enum class goes through a slow class hook: seats are checked every deal.
_PLAYING = SeatStatus.PLAYING


class Player(msgspec.Struct, gc=False, kw_only=True, omit_defaults=True):
    """One seated player. Stored without the flags that hold their defaults (most are off),
    so a changed default is a schema change."""

    player_id: str
    name: str
    stack: int
    status: SeatStatus = SeatStatus.PLAYING
    new: bool = True  # not dealt a hand since sitting down: owes the entry big blind
    owes_big_blind: bool = False  # missed the big blind while sitting out
    owes_small_blind: bool = False  # missed the small blind while sitting out (posted dead)
    waits_for_big_blind: bool = False  # coming in: wait for the big blind instead of posting
    leaving: bool = False  # leaves when the hand ends
    sits_out_after_hand: bool = False
    top_up_pending: int = 0  # chips bought during a hand, added when it ends
    straddles_next_hand: bool = False
    show: ShowDefault | None = None  # the player's own show-or-muck default; None: the table's

    @property
    def owes(self) -> bool:
        """True when the player must post (or wait for the big blind) to be dealt in."""
        return self.new or self.owes_big_blind or self.owes_small_blind

    @property
    def ready(self) -> bool:
        """Wants to play and has chips to play with."""
        return self.status is _PLAYING and self.stack > 0

    def clear_debts(self) -> None:
        self.new = False
        self.owes_big_blind = False
        self.owes_small_blind = False
        self.waits_for_big_blind = False


def clockwise(start: int, count: int) -> list[int]:
    """Every seat once, starting at `start` and going clockwise."""
    first = start % count
    return [*range(first, count), *range(first)]


def strictly_between(seat: int, first: int, last: int, count: int) -> bool:
    """True when `seat` is passed going clockwise from `first` to `last` (both excluded).

    From a seat to itself nothing is passed: a blind that stays put passes nobody.
    """
    if first == last:
        return False
    return 0 < (seat - first) % count < (last - first) % count
