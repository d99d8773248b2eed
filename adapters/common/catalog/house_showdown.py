"""`house showdown`: the showdown's house rules, for now the 7-2 game's bounty."""

from __future__ import annotations

import msgspec

from adapters.common.catalog import spec
from adapters.common.catalog.house import HOUSE
from adapters.common.catalog.spec import Entry, HelpWanted, Param
from chatdealer.dealer import Configure
from chatdealer.table import TableSettings

SEVEN_DEUCE = Param(
    "seven_deuce",
    spec.Kind.CHIPS,
    "The 7-2 game's bounty from each player (0: off)",
    minimum=0,
    positional=False,
)


def _showdown(values: spec.Values, situation: spec.Situation) -> spec.Outcome:
    if not values.given():
        return HelpWanted("house showdown")
    view = situation.view
    current = view.settings if view is not None and view.settings is not None else None
    changes = {"seven_deuce": values.number("seven_deuce")} if "seven_deuce" in values else {}
    return Configure(settings=msgspec.structs.replace(current or TableSettings(), **changes))


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
