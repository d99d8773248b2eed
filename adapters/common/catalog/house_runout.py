"""`house runout`: how an all-in hand's board is run out, for now whether it is run twice."""

from __future__ import annotations

from adapters.common.catalog import spec
from adapters.common.catalog.house import HOUSE
from adapters.common.catalog.house_settings import changed_settings
from adapters.common.catalog.settings import choices
from adapters.common.catalog.spec import Entry, Param
from chatdealer.dealer import Configure
from chatdealer.table.run_twice import RunTwice

RUN_TWICE = Param(
    "run_twice",
    spec.Kind.CHOICE,
    "Run the board twice when everyone is all-in",
    choices=choices(tuple(RunTwice)),
    positional=False,
)


def _runout(values: spec.Values, situation: spec.Situation) -> spec.Outcome:
    word = values.word("run_twice")
    changes = {"run_twice": RunTwice(word)} if word is not None else {}
    return changed_settings(values, situation, "house runout", changes)


RUNOUT = Entry(
    "runout",
    "An all-in hand's run-out: run it twice (host)",
    _runout,
    (RUN_TWICE,),
    group=HOUSE,
    access=spec.Access.HOST,
    examples=("run_twice=ask", "run_twice=always", "run_twice=off"),
    verbs=(Configure,),
    needs_view=True,
    details=(
        "With ask, when everyone left is all-in with cards to come, each is asked (once or "
        "twice, 10 seconds, no answer is once); when all say twice, the rest of the board is "
        "dealt twice and every pot is split between the runs, the odd chip to the first.",
    ),
)
