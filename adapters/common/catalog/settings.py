"""The settings a table or a tournament is opened (or changed) with: their parameters, once for
`create`, `settings` and `tournament open`, and how their values become `TableSettings` or
`TournamentSettings`. The dealer checks the result can be played (blinds in order, buy-ins,
clock ranges) and refuses it in its own words; here only what was typed is read.
"""

from __future__ import annotations

from typing import Any

import msgspec

from adapters.common.catalog.errors import ArgumentError
from adapters.common.catalog.spec import MAX_CHIPS, Choice, Kind, Param, Values
from adapters.common.words import (
    ALIASES,
    BOT_STYLES,
    LANGUAGES,
    SCHEDULES,
    STRUCTURES,
    VARIANTS,
    label,
)
from chatdealer.engine.config import BettingStructure
from chatdealer.table import TableSettings, TournamentSettings
from chatdealer.table.schedule import BlindLevel, BlindSchedule
from chatdealer.table.settings import BOMB_POT_EVERY, CLOCK_SECONDS, TIME_BANK_SECONDS


def choices(words: tuple[str, ...] | list[str]) -> tuple[Choice, ...]:
    return tuple(Choice(word, label(word), ALIASES.get(word, ())) for word in words)


def variant_param() -> Param:
    """Made when the catalog is built, so a variant added to `VARIANTS` is offered."""
    return Param(
        "variant", Kind.CHOICE, "Hold'em, short deck or Omaha", choices=choices(list(VARIANTS))
    )


STRUCTURE = Param(
    "structure",
    Kind.CHOICE,
    "Betting structure",
    choices=choices(list(STRUCTURES)),
)
LANGUAGE = Param(
    "language", Kind.CHOICE, "The table's language", choices=choices(LANGUAGES), aliases=("lang",)
)
STYLE = Param("style", Kind.CHOICE, "How the bot plays", choices=choices(BOT_STYLES))
SEATS = Param("seats", Kind.COUNT, "Seats at the table", minimum=2, maximum=10, positional=False)
CLOCK = Param(
    "clock",
    Kind.SECONDS,
    "Seconds to act",
    minimum=CLOCK_SECONDS[0],
    maximum=CLOCK_SECONDS[1],
    positional=False,
)
TIME_BANK = Param(
    "time_bank",
    Kind.SECONDS,
    "Extra seconds after the clock",
    minimum=TIME_BANK_SECONDS[0],
    maximum=TIME_BANK_SECONDS[1],
    aliases=("bank",),
    positional=False,
)
STRAIGHT_BEATS_TRIPS = Param(
    "straight_beats_trips",
    Kind.FLAG,
    "Short deck: straight beats trips",
    positional=False,
)
BIG_BLIND_ANTE = Param(
    "big_blind_ante",
    Kind.FLAG,
    "Big blind posts everyone's ante",
    aliases=("bb_ante",),
    positional=False,
)
OPEN_DECK = Param(
    "open_deck",
    Kind.FLAG,
    "Open the whole deck after every hand",
    positional=False,
)


def table_params() -> tuple[Param, ...]:
    """The parameters of `create` and `settings`."""
    return (
        Param("blinds", Kind.BLINDS, "Small and big blind, like 5/10"),
        variant_param(),
        STRUCTURE,
        Param("small_blind", Kind.CHIPS, "Small blind", aliases=("sb",), positional=False),
        Param(
            "big_blind",
            Kind.CHIPS,
            "Big blind (fixed-limit: small bet)",
            aliases=("bb",),
            positional=False,
        ),
        Param("ante", Kind.CHIPS, "Ante (0 for none)", minimum=0, positional=False),
        BIG_BLIND_ANTE,
        Param("straddles", Kind.FLAG, "Allow straddles", positional=False),
        SEATS,
        Param(
            "min_buy_in",
            Kind.COUNT,
            "Smallest buy-in, in big blinds",
            minimum=1,
            maximum=1000,
            aliases=("min",),
            positional=False,
        ),
        Param(
            "max_buy_in",
            Kind.COUNT,
            "Largest buy-in, in big blinds",
            minimum=1,
            maximum=1000,
            aliases=("max",),
            positional=False,
        ),
        CLOCK,
        TIME_BANK,
        LANGUAGE,
        STRAIGHT_BEATS_TRIPS,
        OPEN_DECK,
        Param("rabbit", Kind.FLAG, "Rabbit hunt after a hand", positional=False),
        Param(
            "bomb",
            Kind.COUNT,
            "Bomb pot every N hands",
            minimum=0,
            maximum=BOMB_POT_EVERY,
            positional=False,
        ),
        Param("bomb_ante", Kind.CHIPS, "Bomb pot ante", minimum=1, positional=False),
    )


def tournament_params() -> tuple[Param, ...]:
    """The parameters of `tournament open`."""
    return (
        Param("buy_in", Kind.CHIPS, "Tournament buy-in (0 for a freeroll)", minimum=0),
        Param(
            "starting_stack",
            Kind.CHIPS,
            "Chips each player starts with",
            minimum=10,
            aliases=("stack",),
        ),
        Param("schedule", Kind.CHOICE, "How the blinds rise", choices=choices(SCHEDULES)),
        Param(
            "minutes",
            Kind.MINUTES,
            "Minutes a level lasts",
            minimum=1,
            maximum=240,
            positional=False,
        ),
        Param(
            "hands",
            Kind.COUNT,
            "Hands a level lasts (instead of minutes)",
            minimum=1,
            maximum=1000,
            positional=False,
        ),
        Param(
            "levels",
            Kind.LEVELS,
            "Custom levels: 10/20,15/30,25/50/5",
            positional=False,
        ),
        Param(
            "rebuys",
            Kind.COUNT,
            "Rebuys each player may make (0 for none)",
            minimum=0,
            maximum=100,
            positional=False,
        ),
        Param(
            "rebuy_until",
            Kind.LEVEL,
            "Last level to rebuy",
            minimum=1,
            maximum=100,
            aliases=("rebuy_levels",),
            positional=False,
        ),
        Param(
            "late_until",
            Kind.LEVEL,
            "Last level to register late",
            minimum=1,
            maximum=100,
            aliases=("late",),
            positional=False,
        ),
        BIG_BLIND_ANTE,
        variant_param(),
        STRUCTURE,
        SEATS,
        CLOCK,
        TIME_BANK,
        LANGUAGE,
        STRAIGHT_BEATS_TRIPS,
        OPEN_DECK,
    )


DEFAULT_REBUY_LEVELS = 3
"""How many levels rebuys stay open when `rebuys` is given without `rebuy_until`."""


def table_settings(values: Values, base: TableSettings) -> TableSettings:
    """`base` with what `values` change (`create` starts from the defaults, `settings` from the
    table's). Giving one blind sets the other too (`bb=10` is 5/10, `sb=5` is 5/10); in
    fixed-limit the big blind is the small bet and the big bet twice that."""
    changes: dict[str, Any] = _game(values)
    small, big = base.small_blind, base.big_blind
    blinds = values.blinds("blinds")
    if blinds is not None:
        small, big = blinds
    given_small, given_big = values.number("small_blind"), values.number("big_blind")
    if given_big is not None:
        big = given_big
        small = given_small if given_small is not None else max(1, big // 2)
    elif given_small is not None:
        small = given_small
        big = 2 * small if blinds is None else big
    structure = changes.get("structure", base.structure)
    game = changes.get("variant", base.variant)
    if "seats" not in values and base.seat_count > game.max_players:  # five-card Omaha: 8
        changes["seat_count"] = game.max_players
    if big != base.big_blind or small != base.small_blind or "structure" in changes:
        changes.update(small_blind=small, big_blind=big)
        if structure is BettingStructure.FIXED_LIMIT:
            changes.update(small_bet=big, big_bet=2 * big)
    for name, field in (
        ("ante", "ante"),
        ("big_blind_ante", "big_blind_ante"),
        ("straddles", "straddles"),
        ("rabbit", "rabbit_hunt"),
        ("seats", "seat_count"),
        ("min_buy_in", "min_buy_in_big_blinds"),
        ("max_buy_in", "max_buy_in_big_blinds"),
    ):
        if name in values:
            changes[field] = values.given()[name]
    changes.update(_bomb_pots(values, msgspec.structs.replace(base, **changes)))
    return msgspec.structs.replace(base, **changes)


BOMB_POT_BIG_BLINDS = 2
"""A bomb pot's ante when the host names none: two big blinds (docs/rules.md §14)."""


def _bomb_pots(values: Values, base: TableSettings) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    every, ante = values.number("bomb"), values.number("bomb_ante")
    if every is not None:
        changes["bomb_pot_every"] = every
        if every and ante is None and not base.bomb_pot_ante:
            ante = BOMB_POT_BIG_BLINDS * base.posted_big_blind
    if ante is not None:
        changes["bomb_pot_ante"] = ante
    return changes


def tournament_settings(values: Values, language: str) -> TournamentSettings:
    changes: dict[str, Any] = {"language": language, **_game(values)}
    for name, field in (("buy_in", "buy_in"), ("starting_stack", "starting_stack")):
        if name in values:
            changes[field] = values.given()[name]
    if "seats" in values:
        changes["seat_count"] = values.number("seats")
    game = changes.get("variant", TournamentSettings().variant)
    if "seats" not in values and TournamentSettings().seat_count > game.max_players:
        changes["seat_count"] = game.max_players
    changes["schedule"] = schedule(values)
    if "big_blind_ante" in values:  # who posts the levels' antes; the big blind unless told
        changes["schedule"] = msgspec.structs.replace(
            changes["schedule"], big_blind_ante=values.given()["big_blind_ante"]
        )
    rebuys, until = values.number("rebuys"), values.number("rebuy_until")
    if rebuys is not None or until is not None:
        if rebuys == 0:
            changes.update(rebuy_levels=0)
        else:
            changes.update(
                max_rebuys=rebuys if rebuys is not None else 1,
                rebuy_levels=until if until is not None else DEFAULT_REBUY_LEVELS,
            )
    late = values.number("late_until")
    if late is not None:
        changes["late_levels"] = late
    return msgspec.structs.replace(TournamentSettings(), **changes)


def schedule(values: Values) -> BlindSchedule:
    """Regular, turbo or custom levels, each lasting the minutes or hands given."""
    minutes, hands = values.number("minutes"), values.number("hands")
    if minutes is not None and hands is not None:
        raise ArgumentError("minutes_and_hands")
    kind = values.word("schedule")
    levels = values.levels("levels")
    if kind == "custom" or (kind is None and levels is not None):
        if levels is None:
            raise ArgumentError("custom_needs_levels")
        blind_levels = tuple(BlindLevel(*level) for level in levels.levels)
        if hands is not None:
            return BlindSchedule(levels=blind_levels, hands_per_level=hands)
        return BlindSchedule(levels=blind_levels, minutes_per_level=minutes or 10)
    if levels is not None:
        raise ArgumentError("levels_need_custom")
    made = BlindSchedule.turbo if kind == "turbo" else BlindSchedule.regular
    chosen = made(by_hands=hands is not None)
    if minutes is not None:
        return msgspec.structs.replace(chosen, minutes_per_level=minutes)
    if hands is not None:
        return msgspec.structs.replace(chosen, hands_per_level=hands)
    return chosen


def _game(values: Values) -> dict[str, Any]:
    """The settings a table and a tournament share."""
    changes: dict[str, Any] = {}
    variant = values.word("variant")
    if variant is not None:
        changes["variant"] = VARIANTS[variant]
    structure = values.word("structure")
    if structure is not None:
        changes["structure"] = STRUCTURES[structure]
    elif variant is not None and changes["variant"].omaha:  # Omaha's own betting unless told
        changes["structure"] = changes["variant"].default_structure
    for name, field in (
        ("clock", "action_seconds"),
        ("time_bank", "time_bank_seconds"),
        ("language", "language"),
        ("straight_beats_trips", "straight_beats_trips"),
        ("open_deck", "open_deck"),
    ):
        if name in values:
            changes[field] = values.given()[name]
    return changes


__all__ = ["MAX_CHIPS", "STYLE", "table_params", "table_settings", "tournament_params"]
