"""Amounts as people type them, for every adapter: `500`, `1,000`, `1 000`, `1k`, `2.5k`,
`2,5к`, `1m`, and at a betting turn `pot`, `half`, `min`, `allin`, `3x`, `3bb`.

Chips are whole: `1.5` is refused rather than rounded; so are negative amounts, words that are
not amounts, and anything above `MAX_CHIPS` (10^12). Each refusal is an `ArgumentError` whose
code says what was wrong (`errors.py`).

A comma followed by groups of exactly three digits groups thousands (`1,000`, `12,500,000`);
any other comma is a decimal comma, as Russian and Bulgarian write (`2,5к` is 2,500). Spaces
(plain, no-break and thin), apostrophes and underscores group thousands too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Literal

from adapters.common.catalog.errors import ArgumentError, SituationError
from adapters.common.catalog.spec import MAX_CHIPS
from chatdealer.dealer import TableView, TurnView

MULTIPLIERS = {
    "k": 1_000,
    "к": 1_000,
    "m": 1_000_000,
    "м": 1_000_000,
    "kk": 1_000_000,
    "кк": 1_000_000,
}
_GROUP = "[ \u00a0\u202f\u2009'’_]"
_GROUPED = re.compile(rf"^\d{{1,3}}({_GROUP}\d{{3}})+(\.\d+)?$")
_COMMA_GROUPED = re.compile(r"^\d{1,3}(,\d{3})+(\.\d+)?$")
_PLAIN = re.compile(r"^(\d+([.,]\d+)?|[.,]\d+)$")
_SUFFIX = re.compile(r"^(?P<number>.*?)\s*(?P<suffix>kk|кк|k|к|m|м)$")
_MINUS = ("-", "−", "–")

NamedSize = Literal["pot", "half", "min", "max", "allin"]
SIZE_WORDS: dict[str, NamedSize] = {
    "pot": "pot",
    "p": "pot",
    "half": "half",
    "half-pot": "half",
    "halfpot": "half",
    "½": "half",
    "min": "min",
    "minimum": "min",
    "allin": "allin",
    "all-in": "allin",
    "all": "allin",
    "max": "max",
    "shove": "allin",
    "jam": "allin",
}


def _decimal(text: str) -> Decimal | None:
    """The number written in `text` (no sign, no suffix), or None."""
    if _COMMA_GROUPED.match(text):
        text = text.replace(",", "")
    elif _GROUPED.match(text):
        text = re.sub(_GROUP, "", text)
    elif _PLAIN.match(text):
        text = text.replace(",", ".")
    else:
        return None
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


def read_number(text: str) -> Decimal:
    """Any amount as typed, with its suffix applied, before the checks of `read_chips`."""
    typed = text.strip()
    cleaned = typed.lower()
    negative = cleaned.startswith(_MINUS)
    if negative:
        cleaned = cleaned[1:].strip()
    cleaned = cleaned.removeprefix("+")
    multiplier = 1
    suffixed = _SUFFIX.match(cleaned)
    if suffixed is not None and suffixed["number"]:
        cleaned, multiplier = suffixed["number"], MULTIPLIERS[suffixed["suffix"]]
    number = _decimal(cleaned)
    if number is None:
        raise ArgumentError("not_an_amount", value=typed)
    value = number * multiplier
    return -value if negative else value


def read_chips(text: str, *, minimum: int = 1, maximum: int = MAX_CHIPS) -> int:
    """A whole number of chips between `minimum` and `maximum` (at most `MAX_CHIPS`)."""
    typed = text.strip()
    value = read_number(typed)
    return whole_chips(value, typed, minimum=minimum, maximum=maximum)


def whole_chips(value: Decimal | int, typed: str, *, minimum: int, maximum: int) -> int:
    ceiling = min(maximum, MAX_CHIPS)
    if value <= 0 < minimum:
        raise ArgumentError("not_positive", value=typed)
    if value < 0:
        raise ArgumentError("too_small", value=typed, minimum=minimum)
    if value != int(value):
        raise ArgumentError("not_whole", value=typed)
    if value > ceiling:
        raise ArgumentError("too_large", value=typed, maximum=ceiling)
    if value < minimum:
        raise ArgumentError("too_small", value=typed, minimum=minimum)
    return int(value)


# -- sizes at a betting turn ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BetSize:
    """What a player asked to raise (or bet) to, before it is sized against the turn: a number
    of chips, a multiple (`3x` of the bet to call, `3bb` of the big blind) or a named size."""

    chips: int | None = None
    times: Decimal | None = None
    of_big_blind: bool = False
    named: NamedSize | None = None


def read_bet(text: str) -> BetSize:
    """`300`, `1.2k`, `3x`, `x3`, `2.5bb`, `pot`, `half`, `min`, `allin`."""
    typed = text.strip()
    cleaned = typed.lower()
    if cleaned in SIZE_WORDS:
        return BetSize(named=SIZE_WORDS[cleaned])
    for suffix, of_big_blind in (("bb", True), ("x", False), ("х", False)):
        if cleaned.endswith(suffix) or (suffix != "bb" and cleaned.startswith(suffix)):
            number = cleaned.removesuffix(suffix) if cleaned.endswith(suffix) else cleaned[1:]
            times = _decimal(number.strip())
            if times is None:
                break
            if times <= 0:
                raise ArgumentError("not_positive", value=typed)
            return BetSize(times=times, of_big_blind=of_big_blind)
    return BetSize(chips=read_chips(typed))


def current_bet(view: TableView) -> int:
    return max((seat.bet for seat in view.seats), default=0)


def pot_size_to(view: TableView, turn: TurnView, fraction: Decimal = Decimal(1)) -> int:
    """A raise of `fraction` of the pot as a "raise to" total: call, then add that share of the
    pot as it would be after the call."""
    pot = sum(p.amount for p in view.pots) + sum(seat.bet for seat in view.seats)
    return current_bet(view) + int((pot + turn.to_call) * fraction)


def size_to(size: BetSize, view: TableView, turn: TurnView) -> int:
    """The "raise to" total a size asks for on this turn, kept inside the turn's legal range
    (the dealer checks the one chosen). Refused when the turn allows no raise."""
    low, high = turn.min_raise_to, turn.max_raise_to
    if low is None or high is None:
        raise SituationError("no_raise")
    if size.named == "allin":  # every chip: where a cap is lower the dealer says so, rather
        return turn.all_in_to  # than the all-in being made a smaller raise unasked
    if size.named == "max":
        return high
    if size.named == "min":
        return low
    if size.named is not None:
        fraction = Decimal(1) if size.named == "pot" else Decimal("0.5")
        wanted = pot_size_to(view, turn, fraction)
    elif size.times is not None:
        big_blind = view.settings.posted_big_blind if view.settings is not None else 1
        base = big_blind if size.of_big_blind else (current_bet(view) or big_blind)
        wanted = int(size.times * base)
    else:
        assert size.chips is not None
        return size.chips
    return max(low, min(high, wanted))
