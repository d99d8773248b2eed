"""A community's own bank settings: the starting grant, the daily chips and their period, and
which leaderboard is shown. The community's admins change them (`dealer.community`).

They live in the hash ``C:bank_settings`` (``grant``, ``daily``, ``period``, ``board``); a
field that is absent, or damaged, reads as the service's default (`BankConfig`). The bank
scripts read ``grant``, ``daily`` and ``period`` themselves, in the same call that grants, so a
change is in force from the next grant on and never races one.

The leaderboard keeps three boards at once, each written by every commit that moves a net: all
time (``C:leaderboard``), this month (``C:leaderboard:m:2026-12``) and this ISO week
(``C:leaderboard:w:2026-W49``), all in UTC. Choosing a period only chooses which is shown, so
switching back and forth loses nothing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum

from chatdealer.store.damage import whole_number
from chatdealer.store.keys import Community

MIN_DAILY_PERIOD = 60.0
MAX_DAILY_PERIOD = 366 * 24 * 60 * 60.0


class BoardPeriod(StrEnum):
    ALL = "all"
    MONTH = "month"
    WEEK = "week"


@dataclass(frozen=True, slots=True)
class BankSettings:
    starting_grant: int
    daily_amount: int
    """0: no daily chips in this community."""
    daily_period: float
    """Seconds between two claims of the daily chips."""
    board: BoardPeriod = BoardPeriod.ALL


def settings_key(community: Community) -> str:
    return community.key("bank_settings")


def month_board(community: Community, now: float) -> str:
    return community.key(f"leaderboard:m:{time.strftime('%Y-%m', time.gmtime(now))}")


def week_board(community: Community, now: float) -> str:
    year, week, _ = datetime.fromtimestamp(now, UTC).isocalendar()
    return community.key(f"leaderboard:w:{year}-W{week:02d}")


def board_key(community: Community, board: BoardPeriod, now: float) -> str:
    """The leaderboard a period shows at `now`."""
    if board is BoardPeriod.MONTH:
        return month_board(community, now)
    if board is BoardPeriod.WEEK:
        return week_board(community, now)
    return community.key("leaderboard")


def read_settings(raw: dict[bytes | str, bytes | str], defaults: BankSettings) -> BankSettings:
    """The stored fields over the defaults; a damaged field reads as its default."""
    fields = {_text(k): _text(v) for k, v in raw.items()}
    grant = whole_number(fields.get("grant"))
    daily = whole_number(fields.get("daily"))
    period = whole_number(fields.get("period"))
    try:
        board = BoardPeriod(fields.get("board", ""))
    except ValueError:
        board = defaults.board
    return BankSettings(
        starting_grant=grant if grant is not None and grant >= 0 else defaults.starting_grant,
        daily_amount=daily if daily is not None and daily >= 0 else defaults.daily_amount,
        daily_period=(
            float(period)
            if period is not None and MIN_DAILY_PERIOD <= period <= MAX_DAILY_PERIOD
            else defaults.daily_period
        ),
        board=board,
    )


def _text(value: bytes | str) -> str:
    return value.decode(errors="replace") if isinstance(value, bytes) else value
