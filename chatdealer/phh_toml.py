"""The TOML a PHH writer needs: one-line values tomllib reads back as the same Python values."""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Sequence

from chatdealer.phh_errors import PHHError

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_NEEDS_ESCAPE = re.compile(r'[\x00-\x1f"\\\x7f\ud800-\udfff]')
_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def toml_string(text: str) -> str:
    if _NEEDS_ESCAPE.search(text) is None:
        return f'"{text}"'
    parts: list[str] = []
    for char in text:
        if char in _ESCAPES:
            parts.append(_ESCAPES[char])
        elif char < " " or char == "\x7f":
            parts.append(f"\\u{ord(char):04X}")
        elif "\ud800" <= char <= "\udfff":
            raise PHHError(f"{text!r} holds a lone surrogate, which UTF-8 cannot store")
        else:
            parts.append(char)
    return '"' + "".join(parts) + '"'


def toml_strings(texts: Sequence[str]) -> list[str]:
    """Each text as a TOML string. Action strings seldom hold a character to escape, so they
    are searched all at once, and quoted as they are when none does."""
    if _NEEDS_ESCAPE.search("".join(texts)) is None:
        return [f'"{text}"' for text in texts]
    return [toml_string(text) for text in texts]


def toml_key(key: object) -> str:
    if not isinstance(key, str):
        raise PHHError(f"{key!r} is not a TOML key (keys are strings)")
    return key if _BARE_KEY.fullmatch(key) else toml_string(key)


def toml_value(value: object) -> str:
    """One TOML value on one line: the kinds tomllib reads back as the same Python values."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:
            raise PHHError(f"{value} does not fit TOML's 64-bit integers")
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join([toml_value(item) for item in value]) + "]"
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.time):
        if value.tzinfo is not None:
            raise PHHError(f"TOML has no time of day with a time zone: {value.isoformat()}")
        return value.isoformat()
    if isinstance(value, dict):
        pairs = (f"{toml_key(key)} = {toml_value(item)}" for key, item in value.items())
        return "{" + ", ".join(pairs) + "}"
    if value is None:
        raise PHHError("TOML has no null value")
    raise PHHError(f"TOML cannot hold the {type(value).__name__} value {value!r}")


INT_SEP = ", "
ACTION_SEP = ",\n  "


def string_run(texts: Sequence[str], sep: str) -> str:
    """The texts as TOML strings joined by `sep`: quoted all at once when none needs an escape."""
    plain = "".join(texts)
    if plain.isascii() and plain.isprintable() and '"' not in plain and "\\" not in plain:
        return '"' + f'"{sep}"'.join(texts) + '"'
    return sep.join([toml_string(text) for text in texts])
