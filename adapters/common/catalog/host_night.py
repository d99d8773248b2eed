"""`host night`: chips for the night. Admins start one (`host night start chips=500`) or end it
(`host night end`); with no word, anyone sees the night's results. The `host` group is handed
in, so this module imports no other entry."""

from __future__ import annotations

from typing import get_args

from adapters.common.catalog.settings import choices
from adapters.common.catalog.spec import (
    Access,
    Entry,
    Group,
    Kind,
    Outcome,
    Param,
    Situation,
    Values,
)
from chatdealer.dealer import Night
from chatdealer.dealer.commands import NightAction

ACTIONS: dict[str, NightAction] = {action: action for action in get_args(NightAction)}
NIGHT_PARAMS = (
    Param(
        "action",
        Kind.CHOICE,
        "start or end (nothing: the results)",
        choices=choices(tuple(ACTIONS)),
    ),
    Param(
        "chips",
        Kind.CHIPS,
        "Chips each player gets for the night (default: the starting grant)",
        minimum=1,
        positional=False,
    ),
)


def _night(values: Values, situation: Situation) -> Outcome:
    return Night(action=ACTIONS.get(values.word("action") or ""), chips=values.number("chips"))


def night_entry(host: Group) -> Entry:
    return Entry(
        "night",
        "Chips for the night: start or end one (admins), or see its results",
        _night,
        NIGHT_PARAMS,
        group=host,
        access=Access.ADMIN,
        examples=("", "start chips=500", "end"),
        verbs=(Night,),
        details=(
            "A night starts and ends while nobody has chips at a table. Meanwhile everyone "
            "plays the night's chips, the leaderboard is the night's results, and the bank "
            "comes back as it was when the night ends.",
        ),
        public=True,
    )
