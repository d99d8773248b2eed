"""The seats still in a hand, looked up by its pattern of folds: one pot's players are asked
for on every action, and a table of ten seats has at most 2**10 patterns."""

from __future__ import annotations

_LIVE_SEATS: dict[tuple[bool, ...], tuple[int, ...]] = {}


def live_seats(folded: list[bool]) -> tuple[int, ...]:
    """The seats not folded, in order; remembered per pattern."""
    key = tuple(folded)
    live = _LIVE_SEATS.get(key)
    if live is None:
        live = _LIVE_SEATS[key] = tuple([seat for seat, out in enumerate(folded) if not out])
    return live
