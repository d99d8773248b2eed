"""Reading one parameter's value, whatever the platform handed over: the text a player typed
(Telegram, the terminal) or a Discord option's value (already an int or a bool for those
option types). Every kind is checked the same way here, so an amount, a seat or a choice is
refused with the same words on every platform.
"""

from __future__ import annotations

import re

from adapters.common.catalog.amounts import read_chips, read_number, whole_chips
from adapters.common.catalog.errors import ArgumentError
from adapters.common.catalog.spec import MAX_CHIPS, Kind, Levels, MemberRef, Param
from adapters.common.catalog.translate import Words, words

MAX_LEVELS = 50
_SECONDS = re.compile(r"^(?:(?P<m>\d+)\s*(?:m|min|мин|м)\s*)?(?:(?P<s>\d+)\s*(?:s|sec|с|сек)?)?$")
_CLOCK = re.compile(r"^(?P<m>\d+):(?P<s>\d{2})$")
_MINUTES = re.compile(r"^(?P<m>\d+)\s*(?:m|min|minutes|мин|м|минути|минут)?$")
_AMOUNT = r"\d+(?:\.\d+)?[kкmм]?"
_LEVEL = re.compile(rf"^({_AMOUNT})/({_AMOUNT})(?:/({_AMOUNT}))?$", re.IGNORECASE)
_LEVEL_SEPARATORS = re.compile(r"[;,\s]+")
_BLINDS = re.compile(rf"^({_AMOUNT})/({_AMOUNT})$", re.IGNORECASE)


def read_value(param: Param, raw: object, language: str = "en") -> object:
    """The value of `param` from `raw`; an `ArgumentError` about `param` when it won't do."""
    try:
        return _read(param, raw, words(language))
    except ArgumentError as error:
        raise error.about(param=param) from None


def _read(param: Param, raw: object, words: Words) -> object:
    kind = param.kind
    if isinstance(raw, MemberRef):
        if kind is not Kind.MEMBER:
            raise ArgumentError("extra", value=raw.name or raw.typed or "?")
        return raw
    if kind is Kind.FLAG:
        return _flag(raw, words)
    if isinstance(raw, bool):
        raise ArgumentError("not_a_number", value=raw)
    if isinstance(raw, int):
        return _bounded(param, raw, str(raw))
    text = str(raw).strip()
    if not text:
        raise ArgumentError("missing")
    if kind is Kind.CHIPS:
        return read_chips(text, minimum=_minimum(param), maximum=_maximum(param))
    if kind in (Kind.COUNT, Kind.SEAT, Kind.HAND, Kind.LEVEL):
        return _bounded(param, _whole(text.removeprefix("#")), text)
    if kind is Kind.SECONDS:
        return _bounded(param, _seconds(text), text)
    if kind is Kind.MINUTES:
        return _bounded(param, _minutes(text), text)
    if kind is Kind.CHOICE:
        return _choice(param, text, words)
    if kind is Kind.TEXT:
        limit = param.maximum or 200
        if len(text) > limit:
            raise ArgumentError("too_long", maximum=limit)
        return text
    if kind is Kind.MEMBER:
        return MemberRef(typed=text)
    if kind is Kind.BLINDS:
        return _blinds(text)
    if kind is Kind.LEVELS:
        return _levels(text)
    return text.lower()  # Kind.COMMAND: the catalog looks it up


def _minimum(param: Param) -> int:
    return 1 if param.minimum is None else param.minimum


def _maximum(param: Param) -> int:
    return MAX_CHIPS if param.maximum is None else min(param.maximum, MAX_CHIPS)


def _bounded(param: Param, value: int, typed: str) -> int:
    if param.kind is Kind.CHIPS:
        return whole_chips(value, typed, minimum=_minimum(param), maximum=_maximum(param))
    if param.minimum is not None and value < param.minimum:
        raise ArgumentError("too_small", value=typed, minimum=param.minimum)
    if param.maximum is not None and value > param.maximum:
        raise ArgumentError("too_large", value=typed, maximum=param.maximum)
    return value


def _whole(text: str) -> int:
    try:
        number = read_number(text)
    except ArgumentError:
        raise ArgumentError("not_a_number", value=text) from None
    if number != int(number):
        raise ArgumentError("not_whole", value=text)
    if abs(number) > MAX_CHIPS:
        raise ArgumentError("too_large", value=text, maximum=MAX_CHIPS)
    return int(number)


def _seconds(text: str) -> int:
    cleaned = text.lower().replace(" ", "")
    clock = _CLOCK.match(cleaned)
    if clock is not None:
        return int(clock["m"]) * 60 + int(clock["s"])
    found = _SECONDS.match(cleaned)
    if found is None or (found["m"] is None and found["s"] is None):
        raise ArgumentError("not_seconds", value=text)
    return int(found["m"] or 0) * 60 + int(found["s"] or 0)


def _minutes(text: str) -> int:
    found = _MINUTES.match(text.lower().replace(" ", ""))
    if found is None:
        raise ArgumentError("not_minutes", value=text)
    return int(found["m"])


def _flag(raw: object, words: Words) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in words.flag_words(True):
        return True
    if text in words.flag_words(False):
        return False
    raise ArgumentError("bad_flag", value=str(raw))


def _choice(param: Param, text: str, words: Words) -> str:
    typed = text.lower()
    found = param.choice(typed)
    if found is not None:
        return found.word
    for choice in param.choices:
        if typed in (words.choice(choice).lower(), choice.label.lower()):
            return choice.word
    shown = ", ".join(choice.word for choice in param.choices)
    raise ArgumentError("bad_choice", value=text, choices=shown)


def _amount(text: str) -> int:
    return read_chips(text, minimum=0)


def _blinds(text: str) -> tuple[int, int]:
    found = _BLINDS.match(text.strip())
    if found is None:
        raise ArgumentError("bad_blinds", value=text)
    small, big = _amount(found[1]), _amount(found[2])
    if small < 1 or big < 1:
        raise ArgumentError("bad_blinds", value=text)
    return small, big


def _levels(text: str) -> Levels:
    parts = [part for part in _LEVEL_SEPARATORS.split(text.strip()) if part]
    if not parts:
        raise ArgumentError("bad_levels", value=text)
    if len(parts) > MAX_LEVELS:
        raise ArgumentError("too_many_levels", maximum=MAX_LEVELS)
    levels = []
    for part in parts:
        found = _LEVEL.match(part)
        if found is None:
            raise ArgumentError("bad_levels", value=part)
        small, big = _amount(found[1]), _amount(found[2])
        ante = _amount(found[3]) if found[3] else 0
        if small < 1 or big < 1:
            raise ArgumentError("bad_levels", value=part)
        levels.append((small, big, ante))
    return Levels(tuple(levels))
