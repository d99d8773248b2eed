"""Show or muck through the dealer (docs/rules.md §7): the showdown's prompt and its clock, a
player's button or word, and their default when the clock runs out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chatdealer.dealer.commands import Act, ActionToken, ShowSetting, User
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.engine.show_choice import ShowDefault
from chatdealer.table import Table, showing
from chatdealer.table.events import AnyEvent
from chatdealer.table.refusals import TableError

if TYPE_CHECKING:
    from chatdealer.dealer.step import Step

SHOW_WORDS = ("show", "muck")


def showdown_token(table: Table | None) -> ActionToken | None:
    """The token the show and muck buttons carry, while the showdown waits for a choice."""
    if table is None or table.hand is None or showing.chooser_position(table) < 0:
        return None
    return ActionToken(table.hand_number, table.hand.sequence)


def chooser_id(table: Table) -> str:
    return table.player_at_position(showing.chooser_position(table)).player_id


def act(step: Step, table: Table, args: Act, user: User) -> None:
    """A show or muck pressed or typed: only by the player the showdown waits for, only once."""
    if showdown_token(table) != args.token:
        raise DealerRefusal("stale_token")
    _absorb(step, table, user.id, args.action)


def timed_out(step: Step, table: Table, player: str) -> None:
    """The clock ran out: the player's default shows or mucks for them."""
    decided = showing.by_default(table)
    if decided is None:
        return
    _, show = decided
    step.notice("show_timed_out", name=step.name_of(player))
    _absorb(step, table, player, "show" if show else "muck")


def set_default(step: Step, table: Table | None, args: ShowSetting, user: User) -> None:
    """A player's own default, kept on their seat (and so over restarts)."""
    if table is None:
        raise TableError("tournament_not_running")
    try:
        default = ShowDefault(args.default)
    except ValueError:
        raise DealerRefusal("bad_value", field="default") from None
    if table.seat_of(user.id) is None:
        raise TableError("not_seated")
    table.set_show_default(user.id, default)
    step.notice("show_default", to=user.id, default=default.value)


def _absorb(step: Step, table: Table, player: str, action: str) -> None:
    tournament = step.record.tournament
    events: list[AnyEvent] = (
        tournament.act(player, action) if tournament is not None else table.act(player, action)
    )
    step.absorb(events)
