"""A bot's worth of an Omaha hand: the share of the pot its own cards can expect."""

from __future__ import annotations

import random

from chatdealer.cards import parse_cards
from chatdealer.omaha.bot_equity import omaha_share_vs_random


def share(hole: str, board: str = "", opponents: int = 1, *, hi_lo: bool = False) -> float:
    return omaha_share_vs_random(
        parse_cards(hole),
        parse_cards(board),
        opponents,
        hi_lo=hi_lo,
        rng=random.Random(7),
        samples=2_000,
        time_limit=None,
    )


def test_aces_and_kings_double_suited_are_worth_more_than_a_rainbow_of_low_gaps() -> None:
    assert share("AsAhKsKh") > 0.6 > 0.45 > share("2c7d3h8s")


def test_five_cards_against_five_are_dealt_and_valued() -> None:
    assert 0.0 < share("AsAhKsKhQd") < 1.0


def test_the_nut_flush_on_the_river_takes_nearly_every_pot() -> None:
    """A-x of hearts with three hearts on board: only a full house or better beats it."""
    assert share("AhKh2c3d", "Qh7h4h9s2s") > 0.85


def test_with_the_nut_low_a_hi_lo_hand_keeps_about_half_even_when_it_has_no_high() -> None:
    """A-2 with 3-4-8 on board holds the best low; the high half is anyone's."""
    assert share("Ac2d9sJs", "3h4c8dKsKd", hi_lo=True) > 0.45
    assert share("Ac2d9sJs", "3h4c8dKsKd", hi_lo=False) < 0.3
