"""Tournament blind levels and when they rise (RULES.md §3, §9 [002]).

A level is played for a number of minutes or a number of hands. The level in force is worked out
only when a hand is dealt, so blinds never change in the middle of a hand; after the last level
the last one stays.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from chatdealer.table.limits import Chips, Count
from chatdealer.table.refusals import TableError

MAX_LEVELS = 100


class BlindLevel(msgspec.Struct, gc=False, frozen=True, array_like=True):
    small_blind: Chips
    big_blind: Chips
    ante: Chips = 0


def _levels(*blinds: tuple[int, int], antes_from: int) -> tuple[BlindLevel, ...]:
    """Levels whose big blind also posts the ante, equal to the big blind, from `antes_from`."""
    return tuple(
        BlindLevel(small, big, big if number >= antes_from else 0)
        for number, (small, big) in enumerate(blinds, start=1)
    )


REGULAR_LEVELS = _levels(
    (10, 20), (15, 30), (25, 50), (50, 100), (75, 150), (100, 200), (150, 300), (200, 400),
    (300, 600), (400, 800), (500, 1000), (600, 1200), (800, 1600), (1000, 2000), (1500, 3000),
    (2000, 4000), (3000, 6000), (4000, 8000), (5000, 10000), (7500, 15000), (10000, 20000),
    antes_from=5,
)  # fmt: skip
TURBO_LEVELS = _levels(
    (10, 20), (20, 40), (30, 60), (50, 100), (75, 150), (100, 200), (150, 300), (250, 500),
    (400, 800), (600, 1200), (1000, 2000), (1500, 3000), (2500, 5000), (4000, 8000),
    (6000, 12000), (10000, 20000), (15000, 30000), (25000, 50000),
    antes_from=4,
)  # fmt: skip


class BlindSchedule(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    levels: Annotated[tuple[BlindLevel, ...], msgspec.Meta(max_length=MAX_LEVELS)]
    minutes_per_level: Count = 0  # one of the two is set
    hands_per_level: Count = 0
    big_blind_ante: bool = True  # the big blind posts the level's ante for the table

    @classmethod
    def regular(cls, *, by_hands: bool = False) -> BlindSchedule:
        """Ten-minute levels, or fifteen hands a level."""
        if by_hands:
            return cls(levels=REGULAR_LEVELS, hands_per_level=15)
        return cls(levels=REGULAR_LEVELS, minutes_per_level=10)

    @classmethod
    def turbo(cls, *, by_hands: bool = False) -> BlindSchedule:
        """Five-minute levels, or eight hands a level, with blinds rising faster."""
        if by_hands:
            return cls(levels=TURBO_LEVELS, hands_per_level=8)
        return cls(levels=TURBO_LEVELS, minutes_per_level=5)

    def validate(self) -> None:
        timed = self.minutes_per_level > 0
        counted = self.hands_per_level > 0
        sound_levels = all(
            1 <= level.small_blind <= level.big_blind and 0 <= level.ante <= level.big_blind
            for level in self.levels
        )
        if not self.levels or timed == counted or not sound_levels:
            raise TableError("schedule_invalid")
        if self.minutes_per_level < 0 or self.hands_per_level < 0:
            raise TableError("schedule_invalid")

    def level_at(self, elapsed_seconds: float, hands_dealt: int) -> int:
        """The level (0 first) for a hand dealt after `elapsed_seconds` and `hands_dealt` hands."""
        if self.minutes_per_level:
            index = int(max(0.0, elapsed_seconds) // (60 * self.minutes_per_level))
        else:
            index = hands_dealt // self.hands_per_level
        return min(index, len(self.levels) - 1)
