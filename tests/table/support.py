"""Tables set up the way a rule states them: who sits where, who has the button, the cards."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

import pytest

from chatdealer.cards import Deck, parse_cards
from chatdealer.engine.events import ActionTaken, ForcedBetPosted
from chatdealer.table.events import AnyEvent, HandStarted
from chatdealer.table.refusals import TableError
from chatdealer.table.settings import TableSettings
from chatdealer.table.table import Table

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe")


class Decks:
    """Shuffled decks from a seeded generator, so every run deals the same cards."""

    def __init__(self, seed: int = 7, deck: Deck = Deck.STANDARD) -> None:
        self.random = random.Random(seed)
        self.deck = deck

    def __call__(self) -> list[int]:
        cards = self.deck.cards()
        self.random.shuffle(cards)
        return cards


def draw_giving_button_to(seat: int, seats: int) -> list[int]:
    """A draw deck where `seat` (of the ready seats, in seat order) turns the ace of spades."""
    low = parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc")
    cards = low[: seats - 1]
    cards.insert(seat, parse_cards("As")[0])
    return cards


def table_with(
    count: int,
    *,
    settings: TableSettings | None = None,
    stacks: Sequence[int] | None = None,
) -> tuple[Table, Decks]:
    """`count` players (Ann in seat 0, Bob in seat 1, ...), the first hand not yet dealt."""
    settings = settings or TableSettings(seat_count=max(count, 6))
    table = Table.open(settings)
    for seat in range(count):
        chips = stacks[seat] if stacks else settings.max_buy_in
        table.sit(NAMES[seat].lower(), NAMES[seat], chips, seat)
    return table, Decks()


def first_hand(table: Table, decks: Decks, button: int) -> list[AnyEvent]:
    ready = [seat for seat, player in table.players() if player.ready]
    return table.deal(decks(), draw_giving_button_to(ready.index(button), len(ready)))


def started(events: Sequence[AnyEvent]) -> HandStarted:
    return next(event for event in events if isinstance(event, HandStarted))


def forced_bets(table: Table, events: Sequence[AnyEvent]) -> dict[int, list[tuple[str, int]]]:
    """Each seat's forced bets in the hand just dealt: seat -> [(kind, amount)]."""
    posted: dict[int, list[tuple[str, int]]] = {}
    for event in events:
        if isinstance(event, ForcedBetPosted):
            seat = table.seat_of_position(event.seat)
            posted.setdefault(seat, []).append((event.kind, event.amount))
    return posted


def actor_id(table: Table) -> str:
    assert table.hand is not None
    return table.player_at_position(table.hand.actor).player_id


def check_down(table: Table) -> list[AnyEvent]:
    """Everyone calls or checks until the hand ends."""
    events: list[AnyEvent] = []
    while table.hand is not None:
        legal = table.hand.legal_actions()
        events += table.act(actor_id(table), "check" if legal.can_check else "call")
    return events


def fold_to_big_blind(table: Table) -> list[AnyEvent]:
    """Everyone folds to the big blind, who wins the blinds."""
    events: list[AnyEvent] = []
    while table.hand is not None:
        legal = table.hand.legal_actions()
        events += table.act(actor_id(table), "check" if legal.can_check else "fold")
    return events


def actions(table: Table, events: Sequence[AnyEvent]) -> list[tuple[int, str]]:
    """(seat, action) for each betting action in `events`."""
    return [
        (table.seat_of_position(event.seat), event.action)
        for event in events
        if isinstance(event, ActionTaken)
    ]


class Saved(Protocol):
    def to_json(self) -> bytes: ...


def refused(table: Saved, code: str, request: Callable[[], object]) -> TableError:
    """The request is refused with `code`, and the table (or tournament) is exactly as it was."""
    before = table.to_json()
    with pytest.raises(TableError) as caught:
        request()
    assert caught.value.code == code, str(caught.value)
    assert table.to_json() == before
    return caught.value
