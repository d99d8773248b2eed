"""The rare hand that is over the moment it is dealt (everyone but one all-in on the blinds).

`Table.deal` forgets such a hand before returning, but its history and proofs need the `Hand`.
Every chip it saw is in the deal's events, so it is dealt again from the same deck with the
forced bets as posted; a betting round nobody could act in ends the same way, which the final
stacks confirm.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from chatdealer.cards import Card
from chatdealer.engine.config import BettingStructure, HandConfig
from chatdealer.engine.events import ForcedBetPosted
from chatdealer.engine.hand import Hand, deal_hand
from chatdealer.table import TableSettings
from chatdealer.table.events import AnyEvent, HandFinished, HandStarted

_FIELDS = {"ante": 0, "dead": 1, "blind": 2, "straddle": 2, "post": 3}


def rebuild_instant_hand(
    events: Sequence[AnyEvent],
    deck: Sequence[Card],
    settings: TableSettings,
    stacks_before: Mapping[int, int],
) -> Hand | None:
    """The hand `events` dealt and finished, or None if it cannot be reproduced exactly."""
    started = next((e for e in events if isinstance(e, HandStarted)), None)
    finished = next((e for e in events if isinstance(e, HandFinished)), None)
    if started is None or finished is None:
        return None
    count = len(started.seats)
    posted = [[0] * count for _ in range(4)]
    for event in events:
        if isinstance(event, ForcedBetPosted):
            posted[_FIELDS[event.kind]][event.seat] += event.amount
    antes, dead, blinds, posts = (tuple(values) for values in posted)
    fixed = settings.structure is BettingStructure.FIXED_LIMIT
    config = HandConfig(
        variant=settings.variant,
        straight_beats_trips=settings.straight_beats_trips,
        structure=settings.structure,
        starting_stacks=tuple(stacks_before[seat] for seat in started.seats),
        antes=antes if any(antes) else (),
        ante_trimming=not settings.big_blind_ante,
        blinds_or_straddles=blinds,
        live_posts=posts if any(posts) else (),
        dead=dead if any(dead) else (),
        min_bet=settings.posted_big_blind,
        small_bet=settings.small_bet if fixed else 0,
        big_bet=settings.big_bet if fixed else 0,
        names=started.names,
    )
    try:
        hand, _ = deal_hand(config, list(deck))
    except ValueError:
        return None
    if not hand.is_complete:
        return None
    final = dict(finished.stacks)
    if [final.get(seat) for seat in started.seats] != hand.stacks:
        return None
    return hand
