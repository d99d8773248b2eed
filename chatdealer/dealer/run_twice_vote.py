"""Asking the players of an all-in hand whether to run the board twice (docs/rules.md §15).

At a table whose `run_twice` is `ask`, a hand whose players are all-in (or all but one) with
cards to come waits in its showdown (`engine.run_twice.RUNS_TO_ASK`). The people left are asked
at once, with `RUN_TWICE_SECONDS` to answer; a bot agrees. Everyone agreeing runs it twice; one
"once", or the deadline passing, runs it once. The question is kept in the table's record and
its deadline in the store's timers, so it outlives a worker's restart like any clock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chatdealer.dealer.commands import ActionToken, RunTwiceAnswer, User
from chatdealer.dealer.record import RunsVote, Wake, WakeFor
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.dealer.seated_bots import is_bot
from chatdealer.engine.refusals import IllegalAction
from chatdealer.engine.run_twice import waits_for_runs
from chatdealer.table import Table

if TYPE_CHECKING:
    from chatdealer.dealer.step import Step

RUN_TWICE_SECONDS = 10.0


def left_in(table: Table) -> list[str]:
    """The players still in the hand being played, in position order."""
    hand = table.hand
    assert hand is not None
    return [
        table.player_at_position(position).player_id
        for position, folded in enumerate(hand.folded)
        if not folded
    ]


def ask_to_run_twice(step: Step) -> bool:
    """Asks the question when the hand has come to it, and keeps its deadline; True while it
    waits for answers. With nobody but bots to ask, the board is run twice at once."""
    record = step.record
    table = record.table
    if table is None or table.hand is None or not waits_for_runs(table.hand):
        record.runs_vote = None
        return False
    vote = record.runs_vote
    if vote is None or vote.token.hand != table.hand_number:
        people = [player for player in left_in(table) if not is_bot(player)]
        if not people:
            _run_out(step, table, 2)
            return False
        token = ActionToken(table.hand_number, table.hand.sequence)
        vote = RunsVote(token=token, asked=people, until=step.now + RUN_TWICE_SECONDS)
        record.runs_vote = vote
        names = ", ".join(step.name_of(player) for player in people)
        step.notice("run_twice_asked", names=names, seconds=int(RUN_TWICE_SECONDS))
    record.wake = Wake(at=vote.until, purpose=WakeFor.RUN_TWICE, token=vote.token)
    return True


def answer_run_twice(step: Step, args: RunTwiceAnswer, user: User) -> None:
    """A player's answer: refused, changing nothing, from anyone not asked, twice, or late."""
    record = step.record
    table = record.table
    vote = record.runs_vote
    if table is None or table.hand is None or vote is None or not waits_for_runs(table.hand):
        raise IllegalAction("no_run_twice_question")
    if args.token != vote.token:
        raise DealerRefusal("stale_token")
    if user.id not in vote.asked:
        raise DealerRefusal("not_asked_run_twice")
    if user.id in vote.agreed:
        raise DealerRefusal("answered_run_twice")
    name = step.name_of(user.id)
    if not args.twice:
        step.notice("run_twice_declined", name=name)
        _run_out(step, table, 1)
        return
    vote.agreed.append(user.id)
    waiting = [player for player in vote.asked if player not in vote.agreed]
    if waiting:
        names = ", ".join(step.name_of(player) for player in waiting)
        step.notice("run_twice_yes", name=name, waiting=names)
        return
    step.notice("run_twice_agreed")
    _run_out(step, table, 2)


def run_twice_timed_out(step: Step) -> bool:
    """The deadline passed with answers missing: the board runs once. False when the question
    it was set for is no longer asked (answered meanwhile, or a doubled timer)."""
    record = step.record
    table = record.table
    vote, wake = record.runs_vote, record.wake
    if table is None or table.hand is None or vote is None or wake is None:
        return False
    if wake.token != vote.token or not waits_for_runs(table.hand):
        return False
    silent = [player for player in vote.asked if player not in vote.agreed]
    names = ", ".join(step.name_of(player) for player in silent)
    step.notice("run_twice_no_answer", names=names)
    _run_out(step, table, 1)
    return True


def _run_out(step: Step, table: Table, runs: int) -> None:
    step.record.runs_vote = None
    step.record.wake = None
    step.absorb(table.run_out(runs))
