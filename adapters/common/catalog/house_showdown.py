"""`house showdown`: the showdown's house rules, for now the 7-2 game's bounty."""

from __future__ import annotations

from adapters.common.catalog import spec
from adapters.common.catalog.house import HOUSE
from adapters.common.catalog.house_settings import changed_settings
from adapters.common.catalog.spec import Entry, Param
from chatdealer.dealer import Configure

SEVEN_DEUCE = Param(
    "seven_deuce",
    spec.Kind.CHIPS,
    "The 7-2 game's bounty from each player (0: off)",
    minimum=0,
    positional=False,
)


def _showdown(values: spec.Values, situation: spec.Situation) -> spec.Outcome:
    changes = {"seven_deuce": values.number("seven_deuce")} if "seven_deuce" in values else {}
    return changed_settings(values, situation, "house showdown", changes)


SHOWDOWN = Entry(
    "showdown",
    "The showdown's house rules: the 7-2 game (host)",
    _showdown,
    (SEVEN_DEUCE,),
    group=HOUSE,
    access=spec.Access.HOST,
    examples=("seven_deuce=50", "seven_deuce=0"),
    verbs=(Configure,),
    needs_view=True,
    details=(
        "A pot won at showdown with seven-deuce shown collects the bounty from every other "
        "player dealt in, at most what each has.",
    ),
)
