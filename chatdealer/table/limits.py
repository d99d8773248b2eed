"""Bounds on what a command or a setting may ask for, kept on the struct fields themselves.

They are msgspec constraints, so whatever decodes a command or a stored record (an adapter's
`msgspec.convert`, the dealer's check of every command, a table read back from Redis) applies
them. Chip amounts stop at 10^12: a table holds at most ten of them and a community's sums stay
far below 2^53, where Redis's Lua numbers (doubles) would start to round.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

MAX_AMOUNT = 10**12
"""The most chips any one amount (a blind, a buy-in, a bet, a prize) may be."""
MAX_COUNT = 10**9
"""The largest count (hands, levels, minutes) anything may ask for."""
MAX_NAME = 64
"""Characters of a display name kept; longer ones are cut."""
MAX_ID = 64
"""Characters of a player id (a platform's user id, a bot's id)."""

Chips = Annotated[int, msgspec.Meta(ge=0, le=MAX_AMOUNT)]
Serial = Annotated[int, msgspec.Meta(ge=0, le=MAX_AMOUNT)]
"""A hand number, or an action's place in its hand."""
Count = Annotated[int, msgspec.Meta(ge=0, le=MAX_COUNT)]
SmallCount = Annotated[int, msgspec.Meta(ge=0, le=1_000)]
PlayerId = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_ID)]
Word = Annotated[str, msgspec.Meta(max_length=32)]
"""A short word a player types: a language code, a bot style."""
