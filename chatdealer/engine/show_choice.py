"""Show or muck at the showdown (docs/rules.md §7): who must show, and what a player's default
does when they are not asked or their clock runs out."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from chatdealer.engine.events import Event
from chatdealer.engine.hand import Hand, Phase
from chatdealer.engine.refusals import IllegalAction


class ShowDefault(StrEnum):
    ALWAYS = "always"
    """Asked at the showdown; when the clock runs out the hand is shown."""
    LOSING = "losing"
    """Asked at the showdown; when the clock runs out a hand that cannot win is mucked."""
    AUTO = "auto"
    """Never asked: the dealer shows a hand that can win and mucks one that cannot, at once."""


def must_show(hand: Hand, seat: int) -> bool:
    """The river's last bettor or raiser, who was called, shows first and may not muck; so do
    all-in players when the board was still to come, and the last hand left unshown when none
    was shown, since a pot needs a shown hand to be won."""
    if len(hand.board) < 5 or seat == hand.round.aggressor:
        return True
    waiting = hand.showdown_order[hand.showdown_next :]
    return True not in hand.shown and waiting == [seat]


def can_win(hand: Hand, seat: int) -> bool:
    """Whether the hand ties or beats every hand shown so far in some pot it is in."""
    return hand.should_show(seat)


def shows_by_default(hand: Hand, seat: int, default: ShowDefault) -> bool:
    """What happens for a player who was not asked or let the clock run out."""
    if must_show(hand, seat) or default is ShowDefault.ALWAYS:
        return True
    return can_win(hand, seat)


def chooser(hand: Hand, default_of: Callable[[int], ShowDefault]) -> int:
    """The seat whose show or muck the showdown waits for, or -1 when none does."""
    seat = hand.showdown_seat
    if seat < 0 or must_show(hand, seat) or default_of(seat) is ShowDefault.AUTO:
        return -1
    return seat


def advance(hand: Hand, default_of: Callable[[int], ShowDefault]) -> list[Event]:
    """Show or muck for every player in turn who is not asked, up to the first who chooses."""
    events: list[Event] = []
    while hand.phase is Phase.SHOWDOWN and chooser(hand, default_of) < 0:
        seat = hand.showdown_seat
        events += hand.show_or_muck(seat, show=shows_by_default(hand, seat, default_of(seat)))
    return events


def show_or_muck(hand: Hand, seat: int, *, show: bool) -> list[Event]:
    """A player's own show or muck: one who must show and mucks is told so, nothing changes."""
    if (
        not show
        and hand.phase is Phase.SHOWDOWN
        and hand.showdown_seat == seat
        and must_show(hand, seat)
    ):
        raise IllegalAction("must_show")
    return hand.show_or_muck(seat, show=show)
