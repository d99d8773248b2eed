"""Omaha chosen at create: the words and aliases, each game's own default betting and seats."""

from __future__ import annotations

import pytest

from adapters.common.catalog import Situation, parse_command
from chatdealer.dealer import Create
from chatdealer.engine.config import BettingStructure, Variant
from chatdealer.table import TableSettings


def created(text: str) -> TableSettings:
    made = parse_command(text, language="en").build(Situation())
    assert isinstance(made, Create)
    made.settings.validate()
    return made.settings


@pytest.mark.parametrize(
    ("text", "variant", "structure", "seats"),
    [
        ("create omaha 5/10", Variant.OMAHA, BettingStructure.POT_LIMIT, 9),
        ("create plo 5/10", Variant.OMAHA, BettingStructure.POT_LIMIT, 9),
        ("create omaha nl 5/10", Variant.OMAHA, BettingStructure.NO_LIMIT, 9),
        ("create omaha5 5/10", Variant.OMAHA_FIVE, BettingStructure.POT_LIMIT, 8),
        ("create omaha5 seats=6", Variant.OMAHA_FIVE, BettingStructure.POT_LIMIT, 6),
        ("create o8 bb=10", Variant.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT, 9),
        ("create omaha8 pl 5/10", Variant.OMAHA_HI_LO, BettingStructure.POT_LIMIT, 9),
        ("create 5/10", Variant.HOLDEM, BettingStructure.NO_LIMIT, 9),
    ],
)
def test_omaha_is_chosen_at_create(
    text: str, variant: Variant, structure: BettingStructure, seats: int
) -> None:
    settings = created(text)
    assert (settings.variant, settings.structure, settings.seat_count) == (
        variant,
        structure,
        seats,
    )


def test_fixed_limit_hi_lo_bets_are_set_from_the_big_blind() -> None:
    settings = created("create omaha8 bb=10")
    assert (settings.small_bet, settings.big_bet) == (10, 20)
