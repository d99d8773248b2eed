"""The host pauses a cash table between hands and resumes it (issue 17).

Pausing never stops a hand: the one being played ends as usual, then `Step.can_deal` says no
until the host resumes, so the clock sets no next-hand deadline. Resuming lets the step's own
scheduling set it again (`Step._schedule`).
"""

from __future__ import annotations

from chatdealer.dealer.commands import User
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.dealer.step import Step


def pause(step: Step, user: User, *, paused: bool) -> None:
    record = step.record
    if record.paused == paused:
        raise DealerRefusal("already_paused" if paused else "not_paused")
    record.paused = paused
    step.notice("paused" if paused else "resumed", name=user.name)
