"""What reading Redis may find: a record this code cannot use, or one a newer version wrote.

Everything read from Redis is checked before it is used; what fails the check raises one of
these, naming the key and what is wrong with it but never the record's contents (a table's
state holds hole cards and deck secrets, which must not reach a log line or an error text).
"""

from __future__ import annotations


class DamagedRecord(Exception):
    """A stored record that cannot be read: not a number, not JSON, the wrong shape, missing."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}")
        self.key = key
        self.problem = problem


class DamagedTable(DamagedRecord):
    """A table's record (its hash, its state, or its chip records) cannot be used."""


class DamagedAccount(DamagedRecord):
    """A bank record (a balance, the count of chips granted) is not a whole number."""

    def __init__(self, key: str, problem: str, player: str | None = None) -> None:
        super().__init__(key, problem)
        self.player = player


class DamagedHistory(DamagedRecord):
    """A finished hand's stored history cannot be read."""

    def __init__(self, key: str, problem: str, number: int | None = None) -> None:
        super().__init__(key, problem)
        self.number = number


class NewerRecord(Exception):
    """A record saved by a newer version of the dealer: refused, and never overwritten."""

    def __init__(self, kind: str, schema: int, known: int) -> None:
        super().__init__(f"{kind} state schema {schema} is newer than {known}")
        self.kind = kind
        self.schema = schema


def whole_number(raw: object) -> int | None:
    """A stored integer (bytes or str as Redis returns it), or None if it is anything else."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode()
        except UnicodeDecodeError:
            return None
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if not isinstance(raw, str):
        return None
    text = raw[1:] if raw.startswith("-") else raw
    if not text.isascii() or not text.isdigit() or len(text) > 18:
        return None
    return int(raw)
