"""The variant codes of the PHH standard and what each one's hands hold: bet fields and deck."""

from __future__ import annotations

from collections.abc import Mapping

VARIANTS: Mapping[str, str] = {
    "FT": "Fixed-limit Texas hold 'em",
    "NT": "No-limit Texas hold 'em",
    "NS": "No-limit short-deck hold 'em",
    "PO": "Pot-limit Omaha hold 'em",
    "FO/8": "Fixed-limit Omaha hold 'em high/low-split eight or better",
    "F7S": "Fixed-limit seven card stud",
    "F7S/8": "Fixed-limit seven card stud high/low-split eight or better",
    "FR": "Fixed-limit razz",
    "N2L1D": "No-limit deuce-to-seven lowball single draw",
    "F2L3D": "Fixed-limit deuce-to-seven lowball triple draw",
    "FB": "Fixed-limit badugi",
}
"""Every variant code of the standard: a file of any of them reads, whether or not we deal it."""

PLAYABLE_VARIANTS: frozenset[str] = frozenset({"NT", "FT", "NS", "PO", "FO/8"})
"""The variants the engine deals. The standard has no pot-limit hold'em code (``PO`` is Omaha)."""

BET_FIELDS: Mapping[str, tuple[str, ...]] = {
    **dict.fromkeys(("FT", "FO/8", "F2L3D", "FB"), ("blinds_or_straddles", "small_bet", "big_bet")),
    **dict.fromkeys(("NT", "NS", "PO", "N2L1D"), ("blinds_or_straddles", "min_bet")),
    **dict.fromkeys(("F7S", "F7S/8", "FR"), ("bring_in", "small_bet", "big_bet")),
}
ALL_BET_FIELDS = ("blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet")
ONE_DECK_BOARD_GAMES = frozenset({"FT", "NT", "NS", "PO", "FO/8"})
"""Games that never run out of cards, so a card dealt twice is an error (draw and stud may
reshuffle the discards)."""
SHORT_DECK_VARIANTS = frozenset({"NS"})
SHORT_DECK_LOWEST_RANK = 4  # six
