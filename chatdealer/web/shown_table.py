"""The stacks, bets and folds a replayer draws at each step, followed event by event.

The engine's state cannot be read for this: a hand's forced bets are all posted before the
first event is told, and a street's closing call has moved the bets into the pot by the time
it is told, so the engine's stacks and bets would show the big blind posted at the small
blind's step, and a call with nothing in front of its caller.
"""

from __future__ import annotations

from collections.abc import Sequence

from chatdealer.engine import events as hand_events

_DEAD = frozenset({"ante", "dead"})
"""Forced bets that go straight into the pot rather than in front of the player."""


class ShownTable:
    def __init__(self, stacks: Sequence[int]) -> None:
        self.stacks = list(stacks)
        self.bets = [0] * len(stacks)
        self.folded = [False] * len(stacks)

    def take(self, event: hand_events.Event) -> None:
        """The table after `event`; events that move no chip change nothing."""
        match event:
            case hand_events.ForcedBetPosted():
                self.stacks[event.seat] -= event.amount
                if event.kind not in _DEAD:
                    self.bets[event.seat] += event.amount
            case hand_events.ActionTaken():
                self.stacks[event.seat] -= event.added
                self.bets[event.seat] += event.added
                if event.action == "fold":
                    self.folded[event.seat] = True
            case hand_events.BetReturned():
                self.stacks[event.seat] += event.amount
                self.bets[event.seat] -= event.amount
            case hand_events.BoardDealt() | hand_events.SecondRunDealt():
                self._collect()
            case hand_events.PotAwarded():
                self._collect()
                for seat, chips in event.shares:
                    self.stacks[seat] += chips
            case hand_events.BountyCollected():
                self.stacks[event.seat] += event.amount
                for seat, chips in event.payments:
                    self.stacks[seat] -= chips

    def _collect(self) -> None:
        self.bets = [0] * len(self.bets)
