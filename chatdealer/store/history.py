"""Finished hands, kept per table up to a cap.

A hand is stored as one public record plus one private copy per player (their hole cards), so a
player can be shown their own hand without anyone else's cards ever leaving Redis. Hand numbers
index the history (a sorted set rather than a list), which makes a re-push after a timeout
idempotent and lets the service fetch a hand by its number.

What is read back is checked: a hand number that is not one, or a hand without its public
record, raises `DamagedHistory`; a damaged list of a hand's players loses only their private
copies (the scripts read it with a guard, so it never stops a later hand being stored).
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec
from redis.asyncio import Redis

from chatdealer.store.damage import DamagedHistory, whole_number
from chatdealer.store.keys import TableId, table_keys
from chatdealer.store.scripts import Scripts, as_bytes, text

DEFAULT_CAP = 1_000


class HandRecord(msgspec.Struct, gc=False, frozen=True):
    """One finished hand as stored. A struct: every hand's end makes one, in the same step."""

    number: int
    public: bytes
    private: Mapping[str, bytes] = msgspec.field(default_factory=dict)
    """Player id -> that player's private copy."""

    def __post_init__(self) -> None:
        if self.number < 0:
            raise ValueError("hand numbers are not negative")


class History:
    def __init__(self, client: Redis, scripts: Scripts, *, cap: int = DEFAULT_CAP) -> None:
        if cap <= 0:
            raise ValueError("the history cap must be positive")
        self._client = client
        self._scripts = scripts
        self.cap = cap

    async def push(self, table_id: TableId, record: HandRecord) -> int:
        """Stores (or replaces) a hand; returns how many old hands fell off the cap."""
        keys = table_keys(table_id)
        private = [arg for player, copy in record.private.items() for arg in (player, copy)]
        dropped = await self._scripts.history_push(
            keys=[keys.history, keys.hands],
            args=[record.number, self.cap, record.public, *private],
        )
        return int(dropped)

    async def last(self, table_id: TableId, count: int = 10) -> list[HandRecord]:
        """The latest ``count`` hands, newest first."""
        if count <= 0:
            return []
        return await self._read(table_id, "last", count)

    async def get(self, table_id: TableId, number: int) -> HandRecord | None:
        found = await self._read(table_id, "one", number)
        return found[0] if found else None

    async def clear(self, table_id: TableId) -> None:
        keys = table_keys(table_id)
        await self._client.delete(keys.history, keys.hands)

    async def _read(self, table_id: TableId, mode: str, arg: int) -> list[HandRecord]:
        keys = table_keys(table_id)
        reply = await self._scripts.history_read(keys=[keys.history, keys.hands], args=[mode, arg])
        records = []
        i = 0
        while i < len(reply):
            number, public, n = whole_number(reply[i]), as_bytes(reply[i + 1]), int(reply[i + 2])
            i += 3
            private = {text(reply[i + 2 * k]): as_bytes(reply[i + 2 * k + 1]) for k in range(n)}
            i += 2 * n
            if number is None or number < 0:
                raise DamagedHistory(keys.history, "a hand number that is not one")
            if not public:
                raise DamagedHistory(keys.hands, "a hand without its record", number)
            records.append(_expanded(table_id, HandRecord(number, public, private)))
        return records


def _expanded(table_id: TableId, record: HandRecord) -> HandRecord:
    """The copies of a hand stored as one canonical record, made again by the dealer's code
    (which knows how proofs follow from a deck's secret); a hand stored as copies is as stored."""
    from chatdealer.dealer.stored_hands import expanded

    try:
        return expanded(table_id, record)
    except ValueError as problem:
        keys = table_keys(table_id)
        raise DamagedHistory(keys.hands, str(problem), record.number) from None
