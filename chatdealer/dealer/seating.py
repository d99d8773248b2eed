"""Who sits at a cash table, and the time bank's refill (issue 17).

A table is open (anyone sits), on approval (a join becomes a request the host or a co-host
answers) or invite-only (the host keeps a list). Whoever runs the table always sits. An approved
request seats the player at once with the buy-in they asked for, so their chips move as any
join's do. The time bank refill adds seconds to every seated player's bank every few hands.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from chatdealer.dealer.checks import shown_name
from chatdealer.dealer.commands import Answer, HouseSeating, Invite, User
from chatdealer.dealer.hosting import runs_table
from chatdealer.dealer.record import JoinRequest
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.dealer.step import Step

POLICY_WORDS = {"open": "open to anyone", "approval": "on approval", "invite": "invite-only"}
"""How each join policy is named in a notice (translated in the context "param")."""
MAX_INVITED = 200
MAX_REQUESTS = 50

Seat = Callable[[JoinRequest], None]
"""Seats an approved request's player (the join verb, with their buy-in)."""


def may_sit(step: Step, user: User, buy_in: int | None) -> bool:
    """False when the join became a request for the host; refused at an invite-only table."""
    record = step.record
    rules = record.seating
    if rules.policy == "open" or runs_table(record, user):
        return True
    if rules.policy == "invite":
        if user.id in rules.invited:
            return True
        raise DealerRefusal("invite_only")
    if any(request.player == user.id for request in rules.requests):
        raise DealerRefusal("already_requested")
    if len(rules.requests) >= MAX_REQUESTS:
        raise DealerRefusal("too_many_requests")
    request = JoinRequest(player=user.id, name=user.name, buy_in=buy_in)
    rules.requests = [*rules.requests, request]
    step.notice("join_requested", name=user.name, asker=user.id)
    return False


def set_seating(step: Step, user: User, args: HouseSeating) -> None:
    record = step.record
    rules = record.seating
    if args.changes():
        if not runs_table(record, user):
            raise DealerRefusal("not_host")
        record.seating = msgspec.structs.replace(
            rules,
            policy=args.policy or rules.policy,
            auto_leave_minutes=_given(args.auto_leave_minutes, rules.auto_leave_minutes),
            refill_seconds=_given(args.refill_seconds, rules.refill_seconds),
            refill_hands=_given(args.refill_hands, rules.refill_hands),
            refill_cap=_given(args.refill_cap, rules.refill_cap),
        )
        rules = record.seating
    step.notice(
        "seating_rules",
        policy=POLICY_WORDS.get(rules.policy, rules.policy),
        minutes=rules.auto_leave_minutes,
        seconds=rules.refill_seconds,
        hands=rules.refill_hands,
        cap=rules.refill_cap or record.time_bank_seconds,
    )


def invite(step: Step, user: User, args: Invite) -> None:
    record = step.record
    if not runs_table(record, user):
        raise DealerRefusal("not_host")
    rules = record.seating
    player = args.player_id
    if args.on:
        if player in rules.invited:
            raise DealerRefusal("already_invited")
        if len(rules.invited) >= MAX_INVITED:
            raise DealerRefusal("too_many_invited", most=MAX_INVITED)
        rules.invited = [*rules.invited, player]
        step.notice("invited", name=_invitee(step, args))
        return
    if player not in rules.invited:
        raise DealerRefusal("not_invited")
    rules.invited = [p for p in rules.invited if p != player]
    step.notice("uninvited", name=_invitee(step, args))


def _invitee(step: Step, args: Invite) -> str:
    """The name the table knows them by, else the one the platform gave with the command."""
    known = step.name_of(args.player_id)
    if known == args.player_id and args.name:
        return shown_name(args.name)
    return known


def answer(step: Step, user: User, args: Answer, seat: Seat) -> None:
    """The host's answer to a join request; approving seats the player (or is refused, as
    their own join would be, and the request stays)."""
    record = step.record
    if not runs_table(record, user):
        raise DealerRefusal("not_host")
    rules = record.seating
    request = next((r for r in rules.requests if r.player == args.player_id), None)
    if request is None:
        raise DealerRefusal("no_request")
    if args.yes:
        seat(request)
    rules.requests = [r for r in rules.requests if r.player != args.player_id]
    code = "join_approved" if args.yes else "join_declined"
    step.notice(code, name=request.name, host=user.name)


def refill_time_banks(step: Step, hand_number: int) -> None:
    """Every `refill_hands` hands, each player's time bank gains `refill_seconds`, to the cap."""
    record = step.record
    rules = record.seating
    if rules.refill_seconds <= 0 or hand_number % rules.refill_hands != 0:
        return
    cap = float(rules.refill_cap or record.time_bank_seconds)
    for clock in record.clocks.values():
        clock.time_bank = max(clock.time_bank, min(cap, clock.time_bank + rules.refill_seconds))


def _given(value: int | None, current: int) -> int:
    return current if value is None else value
