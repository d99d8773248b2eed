"""A table dealing bomb pots every so many hands (docs/rules.md §14)."""

from __future__ import annotations

import pytest

from chatdealer.engine.events import BoardDealt, PotAwarded
from chatdealer.table.refusals import TableError
from chatdealer.table.settings import TableSettings
from tests.table.support import check_down, first_hand, forced_bets, started, table_with


def test_every_third_hand_is_a_bomb_pot_with_antes_only_and_no_pre_flop_betting() -> None:
    settings = TableSettings(seat_count=6, bomb_pot_every=3, bomb_pot_ante=10)
    table, decks = table_with(4, settings=settings)
    total = sum(player.stack for _, player in table.players())
    kinds: list[tuple[int, set[str]]] = []
    events = first_hand(table, decks, 0)
    for number in range(1, 7):
        if number > 1:
            events = table.deal(decks())
        hand = table.hand
        assert hand is not None
        posts = forced_bets(table, events)
        kinds.append(
            (started(events).bomb_pot, {kind for bets in posts.values() for kind, _ in bets})
        )
        if started(events).bomb_pot:
            assert posts == {seat: [("ante", 10)] for seat in range(4)}
            assert len(hand.board) == 3 and hand.pot_total() == 40
            assert [e for e in events if isinstance(e, BoardDealt)]
        else:
            assert hand.board == []
        events += check_down(table)
        assert [e for e in events if isinstance(e, PotAwarded)]
    assert [bomb for bomb, _ in kinds] == [0, 0, 10, 0, 0, 10]
    assert kinds[0][1] == {"blind"} and kinds[2][1] == {"ante"}
    assert sum(player.stack for _, player in table.players()) == total


def test_the_button_moves_through_a_bomb_pot_as_through_any_hand() -> None:
    table, decks = table_with(
        3, settings=TableSettings(seat_count=6, bomb_pot_every=2, bomb_pot_ante=4)
    )
    buttons = []
    events = first_hand(table, decks, 0)
    for number in range(4):
        if number:
            events = table.deal(decks())
        buttons.append(started(events).button)
        check_down(table)
    assert buttons == [0, 1, 2, 0]


def test_a_short_stack_antes_what_it_has_and_plays_for_the_main_pot() -> None:
    settings = TableSettings(
        seat_count=6, bomb_pot_every=1, bomb_pot_ante=50, min_buy_in_big_blinds=1
    )
    table, decks = table_with(3, settings=settings, stacks=[20, 200, 200])
    events = first_hand(table, decks, 0)
    hand = table.hand
    assert hand is not None
    assert sum(hand.contributed) == 120 and hand.pots()[0].amount == 60
    events += check_down(table)
    assert sum(player.stack for _, player in table.players()) == 420


@pytest.mark.parametrize(
    ("every", "ante", "code"),
    [
        (101, 5, "bomb_pot_every_range"),
        (5, 0, "bomb_pot_ante_range"),
        (5, 10**6, "bomb_pot_ante_range"),
    ],
)
def test_bomb_pot_settings_out_of_range_are_refused(every: int, ante: int, code: str) -> None:
    with pytest.raises(TableError) as refused:
        TableSettings(bomb_pot_every=every, bomb_pot_ante=ante).validate()
    assert refused.value.code == code
