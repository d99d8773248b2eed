"""State kept as JSON with a schema version, never pickle (DESIGN.md, Redis)."""

from __future__ import annotations

from typing import ClassVar, Self

import msgspec


class Stored(msgspec.Struct, gc=False, kw_only=True):
    """A struct stored as JSON; reading refuses a schema version this code does not know."""

    SCHEMA: ClassVar[int] = 1
    schema: int = 1

    def to_json(self) -> bytes:
        return msgspec.json.encode(self)

    @classmethod
    def from_json(cls, data: bytes | str) -> Self:
        state = msgspec.json.decode(data, type=cls)
        if state.schema != cls.SCHEMA:
            raise ValueError(f"{cls.__name__} state schema {state.schema} is not {cls.SCHEMA}")
        return state
