"""The table's run-it-twice setting (docs/rules.md §15): whether an all-in hand's board is run once,
twice when every player left agrees, or always twice."""

from __future__ import annotations

from enum import StrEnum

from chatdealer.engine.run_twice import RUNS_TO_ASK


class RunTwice(StrEnum):
    OFF = "off"
    ASK = "ask"  # every player left is asked; all agree: twice, else (or no answer) once
    ALWAYS = "always"


def runs_for(setting: RunTwice) -> int:
    """How many times a hand dealt under `setting` runs its board when everyone is all-in
    (`RUNS_TO_ASK`: the players are asked when it comes to that)."""
    if setting is RunTwice.ASK:
        return RUNS_TO_ASK
    return 2 if setting is RunTwice.ALWAYS else 1
