"""Refusals and notices said in the table's language, from their stable code and parameters.

The catalog id of a code is its English default message, in the context ``refusal:<code>`` or
``notice:<code>`` (the two share some codes, "eliminated" among them). When the English changes,
the old translation stops matching and the new English is shown until it is translated, which
beats a translation that says something else. A few messages are rewritten here so that a count
carries its noun ("5 фишек" needs the plural form of its language, which a bare number cannot
choose); every other code uses the dealer's English as it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from chatdealer.dealer.refusals import NOTICES, REFUSALS
from chatdealer.engine.refusals import MESSAGES as ENGINE_MESSAGES
from chatdealer.render.language import Language
from chatdealer.render.names import player_name
from chatdealer.table.refusals import MESSAGES as TABLE_MESSAGES

REFUSAL_MESSAGES: dict[str, str] = {**ENGINE_MESSAGES, **TABLE_MESSAGES, **REFUSALS}

# (kind, code) -> the English template, and which parameters are counts of which noun.
REWRITTEN: dict[tuple[str, str], tuple[str, dict[str, str]]] = {
    ("refusal", "insufficient_balance"): (
        "You have {balance} in the bank: not enough for {amount}",
        {"balance": "chips"},
    ),
    ("refusal", "tournament_full"): ("The tournament is full ({count})", {"count": "seats"}),
    ("refusal", "late_registration_over"): (
        "Late registration is over: it was open for the first {levels}",
        {"levels": "levels"},
    ),
    ("refusal", "rebuys_closed"): (
        "Rebuys are over: they were open for the first {levels}",
        {"levels": "levels"},
    ),
    ("notice", "welcome"): ("Welcome! You get {grant} to play with", {"grant": "chips"}),
    ("notice", "seated"): ("{name} sits down in seat {seat} with {chips}", {"chips": "chips"}),
    ("notice", "left"): ("{name} leaves with {chips}", {"chips": "chips"}),
    ("notice", "tournament_created"): (
        "{name} opened a sit-and-go: buy-in {buy_in}, {starting_stack}",
        {"starting_stack": "chips"},
    ),
    ("notice", "tournament_started"): (
        "The tournament starts: {entrants}, {starting_stack} each, prize pool {prize_pool}",
        {"entrants": "players", "starting_stack": "chips"},
    ),
    ("notice", "time_bank"): ("{name} is using the time bank: {seconds}", {"seconds": "seconds"}),
    ("notice", "bank_rules"): (
        "The bank: newcomers get {grant}, daily chips {daily} every {hours}; the leaderboard "
        "shows {board}",
        {"grant": "chips", "daily": "chips", "hours": "hours"},
    ),
    ("notice", "chips_given"): ("{name} gives {player} {amount}: {reason}", {"amount": "chips"}),
    ("notice", "chips_taken"): (
        "{name} takes {amount} from {player}: {reason}",
        {"amount": "chips"},
    ),
    ("notice", "night_started"): (
        "{name} starts a night: everyone plays {chips} from the night's bank",
        {"chips": "chips"},
    ),
    ("refusal", "night_running"): (
        "A night is on already: everyone plays {chips}",
        {"chips": "chips"},
    ),
    ("refusal", "take_short"): ("{player} has only {balance} in the bank", {"balance": "chips"}),
    ("notice", "bank_rules_no_daily"): (
        "The bank: newcomers get {grant}, no daily chips; the leaderboard shows {board}",
        {"grant": "chips"},
    ),
}

# Parameters whose values are English words, translated in the context "param".
WORD_PARAMS = frozenset({"what", "blind", "board", "policy"})
# Parameters whose values are players' names (a bot's "(bot)" is translated).
NAME_PARAMS = frozenset({"name", "player", "host"})
WORDS = (
    "bet", "raise", "small", "big", "seating", "buying chips", "leaving", "sitting out",
    "the settings", "straddling", "pausing", "co-hosts",
    "open to anyone", "on approval", "invite-only",
)  # fmt: skip
_WAIT = re.compile(r"(\d+) (h|min|s)\b")


def _defaults(kind: str) -> Mapping[str, str]:
    return REFUSAL_MESSAGES if kind == "refusal" else NOTICES


def english_template(kind: str, code: str) -> str | None:
    rewritten = REWRITTEN.get((kind, code))
    return rewritten[0] if rewritten else _defaults(kind).get(code)


def code_text(
    language: Language,
    kind: str,
    code: str,
    params: Mapping[str, Any],
    fallback: str | None = None,
) -> str:
    """A refusal ("refusal") or notice ("notice") in the language, or `fallback` (the payload's
    English text) for a code this renderer does not know."""
    english = english_template(kind, code)
    if english is None:
        return fallback if fallback is not None else code
    counted = REWRITTEN.get((kind, code), ("", {}))[1]
    shown = {name: _param(language, name, value, counted) for name, value in params.items()}
    try:
        return language.text(f"{kind}:{code}", english).format(**shown)
    except (KeyError, IndexError, ValueError):
        if fallback is not None:
            return fallback
        return english.format_map(_Keep(shown))


class _Keep(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _param(language: Language, name: str, value: Any, counted: Mapping[str, str]) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        noun = counted.get(name)
        return language.count(noun, value) if noun else language.number(value)
    if isinstance(value, str):
        if name in WORD_PARAMS:
            return language.text("param", value)
        if name in NAME_PARAMS:
            return player_name(language, value)
        if name == "wait":
            return _WAIT.sub(lambda m: f"{m[1]} {language.text('unit', m[2])}", value)
    return str(value)


def refusal_text(
    language: Language, code: str, params: Mapping[str, Any], fallback: str | None = None
) -> str:
    return code_text(language, "refusal", code, params, fallback)


def notice_text(
    language: Language, code: str, params: Mapping[str, Any], fallback: str | None = None
) -> str:
    return code_text(language, "notice", code, params, fallback)


def untranslated(language: Language, kind: str) -> list[str]:
    """The codes of a kind that this language still says in English."""
    missing = []
    for code in _defaults(kind):
        english = english_template(kind, code)
        if english is not None and language.text(f"{kind}:{code}", english) == english:
            missing.append(code)
    return missing
