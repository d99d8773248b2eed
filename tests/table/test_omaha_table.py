"""Omaha tables: the settings a table of each Omaha is refused or accepted with, and a table
dealing Omaha hands with every chip accounted for (RULES.md §13)."""

from __future__ import annotations

import pytest

from chatdealer.engine.config import BettingStructure, Variant
from chatdealer.engine.events import HoleCardsDealt, PotAwarded
from chatdealer.table.refusals import TableError
from chatdealer.table.settings import TableSettings
from tests.table.support import check_down, first_hand, table_with

PL, FL, NL = BettingStructure.POT_LIMIT, BettingStructure.FIXED_LIMIT, BettingStructure.NO_LIMIT


def test_five_card_omaha_seats_at_most_eight() -> None:
    TableSettings(variant=Variant.OMAHA_FIVE, structure=PL, seat_count=8).validate()
    with pytest.raises(TableError) as refused:
        TableSettings(variant=Variant.OMAHA_FIVE, structure=PL, seat_count=9).validate()
    assert refused.value.code == "seat_count_game"
    assert str(refused.value) == "One deck deals this game to at most 8 players, not 9"
    TableSettings(variant=Variant.OMAHA, structure=PL, seat_count=10).validate()


@pytest.mark.parametrize("structure", [PL, FL, NL])
def test_omaha_plays_every_structure_and_hi_lo_all_but_no_limit(
    structure: BettingStructure,
) -> None:
    TableSettings(variant=Variant.OMAHA, structure=structure).validate()
    hi_lo = TableSettings(variant=Variant.OMAHA_HI_LO, structure=structure)
    if structure is NL:
        with pytest.raises(TableError, match="fixed-limit or pot-limit"):
            hi_lo.validate()
    else:
        hi_lo.validate()


def test_the_default_betting_of_each_game() -> None:
    assert Variant.OMAHA.default_structure is PL
    assert Variant.OMAHA_FIVE.default_structure is PL
    assert Variant.OMAHA_HI_LO.default_structure is FL
    assert Variant.HOLDEM.default_structure is NL


@pytest.mark.parametrize(
    ("variant", "structure", "players"),
    [
        (Variant.OMAHA, PL, 6),
        (Variant.OMAHA_FIVE, PL, 8),
        (Variant.OMAHA_HI_LO, FL, 6),
        (Variant.OMAHA_HI_LO, PL, 4),
    ],
)
def test_a_table_deals_omaha_hands_and_pays_every_chip(
    variant: Variant, structure: BettingStructure, players: int
) -> None:
    settings = TableSettings(variant=variant, structure=structure, seat_count=players)
    table, decks = table_with(players, settings=settings)
    total = sum(player.stack for _, player in table.players())
    events = first_hand(table, decks, 0) + check_down(table)
    for _ in range(5):
        events += table.deal(decks()) + check_down(table)
    dealt = [e for e in events if isinstance(e, HoleCardsDealt)]
    assert dealt and {len(e.cards) for e in dealt} == {variant.hole_cards}
    assert sum(player.stack for _, player in table.players()) == total
    awards = [e for e in events if isinstance(e, PotAwarded)]
    assert awards and all(e.shares for e in awards)
