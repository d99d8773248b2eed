"""The table's part in show or muck (docs/rules.md §7): each player's default, the table's
when they chose none, and the showdown played up to the player it waits for."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from chatdealer.engine import show_choice
from chatdealer.engine.events import Event
from chatdealer.engine.hand import Hand, Phase
from chatdealer.engine.run_twice import waits_for_runs
from chatdealer.engine.show_choice import ShowDefault
from chatdealer.table.seats import Player

if TYPE_CHECKING:
    from chatdealer.table.table import Table


def default_for(player: Player, table_default: ShowDefault) -> ShowDefault:
    return player.show if player.show is not None else table_default


def asks_anyone(dealt: list[Player], table_default: ShowDefault) -> bool:
    """Whether a hand dealt to these players may wait at its showdown for someone's choice."""
    return any(default_for(player, table_default) is not ShowDefault.AUTO for player in dealt)


def defaults_by_position(table: Table) -> Callable[[int], ShowDefault]:
    table_default = table.settings.show_default

    def default_of(position: int) -> ShowDefault:
        return default_for(table.player_at_position(position), table_default)

    return default_of


def played_on(table: Table, hand: Hand) -> list[Event]:
    """Show or muck for everyone not asked, up to the first player who chooses; nothing while
    the players are asked whether to run the board twice (their answer shows the hands)."""
    if not hand.manual_showdown or hand.phase is not Phase.SHOWDOWN or waits_for_runs(hand):
        return []
    return show_choice.advance(hand, defaults_by_position(table))


def chooser_position(table: Table) -> int:
    """The position whose show or muck the hand waits for, or -1."""
    hand = table.hand
    if hand is None or not hand.manual_showdown or hand.phase is not Phase.SHOWDOWN:
        return -1
    return show_choice.chooser(hand, defaults_by_position(table))


def by_default(table: Table) -> tuple[int, bool] | None:
    """The waiting player's position and what their default does, once their clock runs out."""
    position = chooser_position(table)
    if position < 0:
        return None
    hand = table.hand
    assert hand is not None
    default = defaults_by_position(table)(position)
    return position, show_choice.shows_by_default(hand, position, default)
