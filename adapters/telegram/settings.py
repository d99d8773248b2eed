"""`/poker` and `/settings` arguments: ``name=value`` pairs into `TableSettings`."""

from __future__ import annotations

from typing import Any

import msgspec

from adapters.common.words import STRUCTURES, VARIANTS
from chatdealer.table import TableSettings

NUMBERS = {
    "sb": "small_blind",
    "seats": "seat_count",
    "min": "min_buy_in_big_blinds",
    "max": "max_buy_in_big_blinds",
    "ante": "ante",
    "clock": "action_seconds",
    "bank": "time_bank_seconds",
}
SWITCHES = {"on": True, "yes": True, "1": True, "off": False, "no": False, "0": False}
NAMES = "sb, bb, seats, min, max, ante, clock, bank, straddles, structure, variant, lang"


class SettingsError(ValueError):
    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what
        self.names = NAMES


def parse_settings(args: list[str], base: TableSettings) -> TableSettings:
    """`base` with the changes named in `args` (``bb=10 structure=pl lang=ru``); the dealer
    checks that the result can be played."""
    changes: dict[str, Any] = {}
    for arg in args:
        name, eq, value = arg.partition("=")
        name, value = name.strip().lower(), value.strip().lower()
        if not eq or not value:
            raise SettingsError(arg)
        if name in NUMBERS or name == "bb":
            if not value.isdigit():
                raise SettingsError(arg)
            if name == "bb":
                changes.update(big_blind=int(value), small_bet=int(value), big_bet=2 * int(value))
            else:
                changes[NUMBERS[name]] = int(value)
        elif name == "structure" and value in STRUCTURES:
            changes["structure"] = STRUCTURES[value]
        elif name == "variant" and value in VARIANTS:
            changes["variant"] = VARIANTS[value]
        elif name == "straddles" and value in SWITCHES:
            changes["straddles"] = SWITCHES[value]
        elif name in ("lang", "language"):
            changes["language"] = value
        else:
            raise SettingsError(arg)
    return msgspec.structs.replace(base, **changes)
