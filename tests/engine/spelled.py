"""Hands spelled out the way PHH writes them, so a test reads like a hand history."""

from __future__ import annotations

from chatdealer.engine.config import BettingStructure, HandConfig, Variant
from chatdealer.engine.deck_order import spelled_deck
from chatdealer.engine.events import Event
from chatdealer.engine.hand import Hand, deal_hand


def new_hand(
    stacks: list[int],
    blinds: list[int],
    holes: list[str] | None = None,
    board: str = "",
    *,
    structure: BettingStructure = BettingStructure.NO_LIMIT,
    min_bet: int | None = None,
    antes: list[int] | None = None,
    ante_trimming: bool = True,
    names: list[str] | None = None,
    variant: Variant = Variant.HOLDEM,
    manual_showdown: bool = False,
) -> tuple[Hand, list[Event]]:
    big = max(blinds)
    config = HandConfig(
        variant=variant,
        structure=structure,
        starting_stacks=tuple(stacks),
        blinds_or_straddles=tuple(blinds),
        antes=tuple(antes or ()),
        ante_trimming=ante_trimming,
        min_bet=min_bet if min_bet is not None else big,
        small_bet=big,
        big_bet=2 * big,
        names=tuple(names or ()),
    )
    default_holes = ["2c3d", "4h5s", "7c8d", "9hTs", "2d4c", "3h6s", "7d9c", "JcJd", "KhKd", "5c6c"]
    deck = spelled_deck(holes or default_holes[: len(stacks)], board, variant.deck)
    return deal_hand(config, deck, manual_showdown=manual_showdown)


def play(hand: Hand, *actions: str) -> list[Event]:
    """Apply actions written as PHH: `p1 f`, `p2 cc`, `p3 cbr 300`, `p1 sm`, `p1 sm AsKs`."""
    events: list[Event] = []
    for text in actions:
        player, verb, *rest = text.split()
        seat = int(player[1:]) - 1
        if verb == "f":
            events += hand.act(seat, "fold")
        elif verb == "cc":
            events += hand.check_or_call(seat)
        elif verb == "cbr":
            events += hand.raise_to(seat, int(rest[0]))
        elif verb == "sm":
            events += hand.show_or_muck(seat, show=bool(rest))
        else:
            raise ValueError(text)
    return events
