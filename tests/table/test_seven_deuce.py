"""The 7-2 game at a table: the setting reaches each hand, a short stack pays what it has."""

from __future__ import annotations

from chatdealer.engine.deck_order import spelled_deck
from chatdealer.engine.events import BountyCollected
from chatdealer.table.events import HandFinished
from chatdealer.table.settings import TableSettings
from chatdealer.table.table import Table
from tests.table.support import check_down, draw_giving_button_to, table_with


def deal_seven_deuce(table: Table) -> None:
    """Seat 0 (the small blind, button on seat 2) holds seven-deuce and fills up on the board."""
    deck = spelled_deck(["7c2d", "KcKd", "9h9s"], "7h7s2c4d5h", table.settings.variant.deck)
    table.deal(deck, draw_giving_button_to(2, 3))


def test_the_bounty_is_taken_from_each_player_dealt_in_and_a_short_stack_pays_what_it_has() -> None:
    settings = TableSettings(
        seat_count=6, small_blind=1, big_blind=2, min_buy_in_big_blinds=10, seven_deuce=30
    )
    table, _ = table_with(3, settings=settings, stacks=[200, 200, 20])
    deal_seven_deuce(table)
    events = check_down(table)
    (bounty,) = [event for event in events if isinstance(event, BountyCollected)]
    assert bounty.amount == 30 + 18
    stacks = {player.player_id: player.stack for _, player in table.players()}
    assert stacks == {"ann": 200 + 4 + 48, "bob": 200 - 2 - 30, "cid": 0}
    assert any(isinstance(event, HandFinished) for event in events)
    assert sum(stacks.values()) == 420


def test_off_the_table_pays_no_bounty() -> None:
    settings = TableSettings(seat_count=6, small_blind=1, big_blind=2, min_buy_in_big_blinds=10)
    table, _ = table_with(3, settings=settings, stacks=[200, 200, 20])
    deal_seven_deuce(table)
    events = check_down(table)
    assert not [event for event in events if isinstance(event, BountyCollected)]
    stacks = {player.player_id: player.stack for _, player in table.players()}
    assert stacks == {"ann": 204, "bob": 198, "cid": 18}
