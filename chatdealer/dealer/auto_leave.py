"""A player sitting out longer than the table allows leaves the seat with their chips (issue 17).

Checked on the dealer's next-hand deadline, which is a stored timer: when it fires, any worker,
after any restart, reads from the record since when each player has been sitting out, so no
count is lost with a process. The time counts from the first deadline that found them out.
"""

from __future__ import annotations

from chatdealer.dealer.hosting import hand_over
from chatdealer.dealer.seated_bots import is_bot
from chatdealer.dealer.step import Step
from chatdealer.table import SeatStatus, Table

MINUTE = 60.0


def send_away_long_sitters(step: Step, table: Table) -> None:
    rules = step.record.seating
    out_since = {
        player.player_id: rules.sitting_out_since.get(player.player_id, step.now)
        for _, player in table.players()
        if player.status is SeatStatus.SITTING_OUT and not is_bot(player.player_id)
    }
    rules.sitting_out_since = out_since
    limit = rules.auto_leave_minutes * MINUTE
    if limit <= 0:
        return
    for player, since in list(out_since.items()):
        if step.now - since >= limit:
            step.notice(
                "sat_out_too_long", name=step.name_of(player), minutes=rules.auto_leave_minutes
            )
            step.absorb(table.leave(player))
            hand_over(step, player)
            del out_since[player]
