"""The states a worker committed last, kept by the memory they take rather than by count.

A worker serving many tables answers most commands from this cache, without loading and
decoding the table again; past its budget the tables served longest ago are dropped (and
loaded again when next used). A 6-max table mid-hand is about 1.1 KB of stored (compressed)
state and 9 KB in memory with its decoded record, a heads-up one less, so the budget is counted
as a multiple of the state's bytes: the default keeps 10,000 busy 6-max tables well within a
worker's 300 MB.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from chatdealer.dealer.record import TableRecord
from chatdealer.store import TableId

REMEMBERED_BYTES = 160 * 1024 * 1024
"""About 15,000 busy 6-max tables."""
MEMORY_PER_STATE_BYTE = 10
"""Memory a remembered table takes per byte of its stored state, its decoded record included
(measured: 8.9 KB for a 6-max state of 2.7 KB of JSON, 1.1 KB compressed, so 10 is on the
safe side)."""
ENTRY_OVERHEAD = 256
"""The dictionary slot, the id and the small objects around a state."""


class Remembered(msgspec.Struct, gc=False):
    """A table as this worker last committed or loaded it.

    `record` is that state already decoded, handed to the next step to change in place, which
    saves decoding the state again; it is dropped whenever a step may have left it half
    changed (a refusal), and the next step decodes `state` instead. Untracked by the garbage
    collector (plain data, no cycles): each action makes one, and a young collection at 10,000
    tables walked some 1,100 of them."""

    version: int
    state: bytes
    record: TableRecord | None = None

    @property
    def cost(self) -> int:
        return len(self.state) * MEMORY_PER_STATE_BYTE + ENTRY_OVERHEAD


class RememberedStates:
    """Least recently committed first; at most `budget` bytes and `tables` tables."""

    def __init__(self, budget: int = REMEMBERED_BYTES, tables: int | None = None) -> None:
        self.budget = budget
        self.tables = tables
        self.size = 0
        self._states: dict[TableId, Remembered] = {}

    def __len__(self) -> int:
        return len(self._states)

    def __iter__(self) -> Iterator[TableId]:
        return iter(self._states)

    def pop(self, table_id: TableId) -> Remembered | None:
        """The table's remembered state, taken out (a command owns it while it runs)."""
        remembered = self._states.pop(table_id, None)
        if remembered is not None:
            self.size -= remembered.cost
        return remembered

    def put(self, table_id: TableId, remembered: Remembered) -> None:
        self.pop(table_id)
        self._states[table_id] = remembered
        self.size += remembered.cost
        states = self._states
        while states and (
            self.size > self.budget or (self.tables is not None and len(states) > self.tables)
        ):
            oldest = next(iter(states))
            self.size -= states.pop(oldest).cost
