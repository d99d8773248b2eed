"""The night's ledger: what each player brought to the table and took away (RULES.md §8 [000]).

Chips reach a table only by a buy-in or a top-up and leave it only with their owner, so the
ledger balances against the table at every moment: bought in minus cashed out is exactly the
chips on the table, in stacks and in the hand.
"""

from __future__ import annotations

import msgspec


class LedgerRow(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Stored without the totals still at 0 (a changed default is a schema change)."""

    player_id: str
    name: str
    bought_in: int = 0
    cashed_out: int = 0


class NightLine(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the night's result; `net` counts the chips still at the table as theirs."""

    player_id: str
    name: str
    bought_in: int
    cashed_out: int
    at_table: int
    net: int


class Ledger(msgspec.Struct, kw_only=True):
    rows: list[LedgerRow] = msgspec.field(default_factory=list)

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

    @property
    def balance(self) -> int:
        """The chips that should be on the table."""
        return sum(row.bought_in - row.cashed_out for row in self.rows)

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
