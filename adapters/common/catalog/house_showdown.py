"""`house showdown`: the showdown's house rules: the 7-2 game's bounty, the show default."""

from __future__ import annotations

from adapters.common.catalog import spec
from adapters.common.catalog.house import HOUSE
from adapters.common.catalog.house_settings import changed_settings
from adapters.common.catalog.settings import choices
from adapters.common.catalog.spec import Entry, Param
from chatdealer.dealer import Configure
from chatdealer.engine.show_choice import ShowDefault

SEVEN_DEUCE = Param(
    "seven_deuce",
    spec.Kind.CHIPS,
    "The 7-2 game's bounty from each player (0: off)",
    minimum=0,
    positional=False,
)


SHOW_DEFAULT = Param(
    "show",
    spec.Kind.CHOICE,
    "The table's show default: always, losing or auto",
    choices=choices(tuple(default.value for default in ShowDefault)),
    positional=False,
)


def _showdown(values: spec.Values, situation: spec.Situation) -> spec.Outcome:
    changes: dict[str, object] = {}
    if "seven_deuce" in values:
        changes["seven_deuce"] = values.number("seven_deuce")
    if "show" in values:
        changes["show_default"] = ShowDefault(values.word("show") or "auto")
    return changed_settings(values, situation, "house showdown", changes)


SHOWDOWN = Entry(
    "showdown",
    "The showdown's house rules: the 7-2 game, show or muck (host)",
    _showdown,
    (SEVEN_DEUCE, SHOW_DEFAULT),
    group=HOUSE,
    access=spec.Access.HOST,
    examples=("seven_deuce=50", "seven_deuce=0", "show=losing"),
    verbs=(Configure,),
    needs_view=True,
    details=(
        "A pot won at showdown with seven-deuce shown collects the bounty from every other "
        "player dealt in, at most what each has.",
        "show: what the showdown does for a player who set no show default of their own.",
    ),
)
