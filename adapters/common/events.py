"""Sorting a batch of the dealer's events: what both adapters need to see across the batch
before they can say where each event goes."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

import msgspec

from chatdealer.dealer.outgoing import AnyPayload, BoardDealt, HandNamed, HandOver, PotWon, Shown
from chatdealer.store import TableId


@dataclass(slots=True)
class Showdown:
    """A hand that ended with hands shown: what its result message (and picture) needs."""

    over: HandOver
    shown: list[Shown]
    """Each hand shown, named on the full board (an all-in hand shown early carries the name
    it was given once the river was out)."""
    pots: list[PotWon]
    board: tuple[str, ...]
    second_board: tuple[str, ...] = ()
    """The second run's whole board, when the board was run twice."""


class Showdowns:
    """Gathers, per table, a batch's board, shown hands and pots, so that a hand which ends
    with hands shown gets one result message. The board falls back to `board_of` (the table
    message's last view) when the batch did not deal it."""

    def __init__(self, board_of: Callable[[TableId], tuple[str, ...]]) -> None:
        self.board_of = board_of
        self.shown: dict[TableId, list[Shown]] = defaultdict(list)
        self.pots: dict[TableId, list[PotWon]] = defaultdict(list)
        self.boards: dict[TableId, tuple[str, ...]] = {}
        self.second_boards: dict[TableId, tuple[str, ...]] = {}

    def see(self, table: TableId, payload: AnyPayload) -> Showdown | None:
        """Takes a table-wide event; returns the showdown it ends, if it ends one."""
        if isinstance(payload, BoardDealt):
            boards = self.second_boards if payload.run == 2 else self.boards
            boards[table] = payload.board
        elif isinstance(payload, Shown):
            self.shown[table].append(payload)
        elif isinstance(payload, HandNamed) and payload.run < 2:  # named on the first board
            shown = self.shown[table]
            for index, earlier in enumerate(shown):
                if earlier.player_id == payload.player_id:
                    shown[index] = msgspec.structs.replace(earlier, hand=payload.hand)
        elif isinstance(payload, PotWon):
            self.pots[table].append(payload)
        elif isinstance(payload, HandOver) and self.shown[table]:
            board = self.boards.get(table) or self.board_of(table)
            second = self.second_boards.pop(table, ())
            return Showdown(payload, self.shown[table], self.pots[table], board, second)
        return None
