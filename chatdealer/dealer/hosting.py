"""Who runs a table: its host, the co-hosts the host names, and who takes over when the host
leaves (issue 17).

Co-hosts may do what the host does at the table (settings, kick, stop, pause), but only the
host (or a channel manager) names or drops them. When the host leaves a cash table the role
passes at once to the first co-host, else to the player seated longest (the order players sat
down in is kept in `TableRecord.arrivals`), people only; with nobody to take it, it stays.
"""

from __future__ import annotations

from chatdealer.dealer.commands import CoHost, User
from chatdealer.dealer.record import TableRecord
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.dealer.seated_bots import is_bot
from chatdealer.dealer.step import Step

MAX_COHOSTS = 10


def runs_table(record: TableRecord, user: User) -> bool:
    return user.manager or user.id == record.host or user.id in record.cohosts


def arrived(record: TableRecord, player: str) -> None:
    """Remembers the order players sat down in (those no longer seated are dropped)."""
    table = record.cash
    seated = [p for p in record.arrivals if table is not None and table.seat_of(p) is not None]
    if player not in seated:
        seated.append(player)
    record.arrivals = seated


def set_cohost(step: Step, user: User, args: CoHost) -> None:
    record = step.record
    if not (user.manager or user.id == record.host):
        raise DealerRefusal("host_only")
    player = args.player_id
    if args.on:
        if player == record.host or player in record.cohosts:
            raise DealerRefusal("already_cohost")
        if is_bot(player):
            raise DealerRefusal("bot_cohost")
        if len(record.cohosts) >= MAX_COHOSTS:
            raise DealerRefusal("too_many_cohosts", most=MAX_COHOSTS)
        record.cohosts = [*record.cohosts, player]
        step.notice("cohost_added", name=step.name_of(player))
        return
    if player not in record.cohosts:
        raise DealerRefusal("not_cohost")
    record.cohosts = [p for p in record.cohosts if p != player]
    step.notice("cohost_removed", name=step.name_of(player))


def hand_over(step: Step, leaving: str) -> None:
    """The host is leaving: the role passes to a co-host or the longest-seated player."""
    record = step.record
    if leaving != record.host:
        record.cohosts = [p for p in record.cohosts if p != leaving]
        return
    table = record.cash
    seated = [
        p
        for p in record.arrivals
        if p != leaving and not is_bot(p) and table is not None and table.seat_of(p) is not None
    ]
    successor = next(iter([*record.cohosts, *seated]), None)
    if successor is None:
        return
    record.host = successor
    record.cohosts = [p for p in record.cohosts if p != successor]
    step.notice("host_passed", name=step.name_of(successor))
