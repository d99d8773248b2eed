"""Omaha against PokerKit: random hands played through both engines, finishing stacks compared.

Run by hand: ``.venv/bin/python bench/omaha_pokerkit.py [--hands N]`` (N per game, 10,000 by
default). Each game PokerKit deals (pot-limit Omaha, fixed-limit Omaha hi-lo eight or better)
and the two its parts make (pot-limit Omaha hi-lo, five-card pot-limit Omaha) is played N times
by tests/engine/test_pokerkit_differential.py's `play_one`: at every step both engines must agree
on who acts and what they may do, and at the end on every stack. The counts printed are the
hands played to the end, those of them with equal finishing stacks, those with no departure at
all, and those that met one the rule book makes on purpose (RULES.md §10; the odd chip of a pot
settled pot by pot, where PokerKit merges the pots that mucked hands leave alike). Any other
disagreement stops the run with the hand that shows it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.engine.test_pokerkit_differential import (
    LOW_SHARED,
    MORE_OMAHA_GAMES,
    ODD_CHIPS,
    OMAHA_GAMES,
    SHORT_BLIND,
    play_many,
)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands per game")
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument(
        "--games",
        default="0,1,2,3",
        help="which games, by number: 0 PLO, 1 FL O/8, 2 PL O/8, 3 PLO5",
    )
    args = parser.parse_args(argv)
    wanted = {int(number) for number in args.games.split(",")}
    for offset, game in enumerate(OMAHA_GAMES + MORE_OMAHA_GAMES):
        if offset not in wanted:
            continue
        started = time.perf_counter()
        outcomes, played = play_many(args.hands, args.seed + offset, [game])
        seconds = time.perf_counter() - started
        (name,) = played
        # A short big blind changes what everyone must call: those hands stop being compared;
        # every other hand is played to its end and its finishing stacks compared.
        # An odd chip or PokerKit's shared low half leaves the stacks unequal, as rules §10 says.
        compared = played[name] - outcomes[SHORT_BLIND]
        equal = compared - outcomes[ODD_CHIPS] - outcomes[LOW_SHARED]
        same = outcomes.pop("same", 0)
        departures = ", ".join(f"{reason}: {count}" for reason, count in outcomes.most_common())
        print(
            f"{name:26} {played[name]:>6} hands, {compared:>6} played to the end, {equal:>6} "
            f"to equal finishing stacks, {same:>6} with no departure at all "
            f"({departures or 'none'})  {seconds:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
