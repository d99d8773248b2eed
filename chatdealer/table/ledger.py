"""The night's ledger: what each player brought to the table and took away (RULES.md §8 [000]).

Chips reach a table only by a buy-in or a top-up and leave it only with their owner, so the
ledger balances against the table at every moment: bought in minus cashed out is exactly the
chips on the table, in stacks and in the hand.

The ledger is part of the table's state, written by every action, so it is kept small however
many people visit: it has a row for each player at the table and for the last `KEPT_DEPARTED`
who left (their results are already in the bank and on the leaderboard); older rows are folded
into `earlier`, one total that keeps the balance exact. A night ends when the table empties;
its ledger stays to be read until someone sits down at the empty table, which starts a new one.
"""

from __future__ import annotations

from collections.abc import Collection

import msgspec

KEPT_DEPARTED = 8
"""Rows kept for players who have left, the latest first to go last."""


class LedgerRow(msgspec.Struct, gc=False, kw_only=True, omit_defaults=True):
    """Stored without the totals still at 0 (a changed default is a schema change)."""

    player_id: str
    name: str
    bought_in: int = 0
    cashed_out: int = 0


class NightLine(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    """One line of the night's result; `net` counts the chips still at the table as theirs."""

    player_id: str
    name: str
    bought_in: int
    cashed_out: int
    at_table: int
    net: int


class EarlierPlayers(msgspec.Struct, gc=False, kw_only=True, omit_defaults=True):
    """The totals of the rows folded away tonight."""

    players: int = 0
    bought_in: int = 0
    cashed_out: int = 0


class Ledger(msgspec.Struct, gc=False, kw_only=True, omit_defaults=True):
    """Stored without `earlier` while nothing has been folded (the usual case)."""

    rows: list[LedgerRow] = msgspec.field(default_factory=list)
    earlier: EarlierPlayers | None = None
    first_hand: int = 0
    """The night's first hand number (its hands are kept in the table's history); 0 when the
    night began before the ledger kept it."""

    def row(self, player_id: str, name: str) -> LedgerRow:
        for row in self.rows:
            if row.player_id == player_id:
                row.name = name
                return row
        row = LedgerRow(player_id=player_id, name=name)
        self.rows.append(row)
        return row

    def buy_in(self, player_id: str, name: str, chips: int) -> None:
        self.row(player_id, name).bought_in += chips

    def cash_out(self, player_id: str, name: str, chips: int) -> None:
        self.row(player_id, name).cashed_out += chips

    def left(self, player_id: str, seated: Collection[str]) -> None:
        """`player_id` has left; `seated` are the players still at the table.

        Their row moves to the end (the latest to leave), and rows of players long gone are
        folded into `earlier`."""
        rows = self.rows
        for index, row in enumerate(rows):
            if row.player_id == player_id:
                rows.append(rows.pop(index))
                break
        departed = [row for row in rows if row.player_id not in seated]
        if len(departed) <= KEPT_DEPARTED:
            return
        folded = departed[: len(departed) - KEPT_DEPARTED]
        earlier = self.earlier or EarlierPlayers()
        for row in folded:
            earlier.players += 1
            earlier.bought_in += row.bought_in
            earlier.cashed_out += row.cashed_out
        self.earlier = earlier
        gone = {id(row) for row in folded}
        self.rows = [row for row in rows if id(row) not in gone]

    def new_night(self, first_hand: int = 0) -> None:
        """Someone sits down at an empty table: the last night's rows go (they hold nothing);
        the night's hands start at `first_hand`."""
        self.rows = []
        self.earlier = None
        self.first_hand = first_hand

    @property
    def balance(self) -> int:
        """The chips that should be on the table."""
        total = sum(row.bought_in - row.cashed_out for row in self.rows)
        if self.earlier is not None:
            total += self.earlier.bought_in - self.earlier.cashed_out
        return total

    def night(self, at_table: dict[str, int]) -> list[NightLine]:
        """Everyone who played, biggest winner first; `at_table` holds seated players' chips."""
        lines = [
            NightLine(
                player_id=row.player_id,
                name=row.name,
                bought_in=row.bought_in,
                cashed_out=row.cashed_out,
                at_table=at_table.get(row.player_id, 0),
                net=row.cashed_out + at_table.get(row.player_id, 0) - row.bought_in,
            )
            for row in self.rows
        ]
        return sorted(lines, key=lambda line: -line.net)
