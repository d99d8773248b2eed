"""Any hand the engine plays, written as a PHH hand history.

PHH has codes for no-limit and fixed-limit hold'em, no-limit short deck, pot-limit Omaha (PO)
and fixed-limit Omaha hi-lo eight or better (FO/8). It has none for pot-limit hold'em,
fixed-limit short deck, the other Omaha structures or five-card Omaha, and no fields for dead
blinds or live posts out of position, so those are kept in user-defined fields
(`_betting_structure`, `_straight_beats_trips`, `_small_bet`, `_big_bet`, `_hole_cards`, `_dead`,
`_live_posts`, `_bomb_pot`, `_seven_deuce`) that our replay reads back; every other PHH tool
still reads the file.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import msgspec

from chatdealer import phh
from chatdealer.engine.config import BettingStructure, HandConfig, Variant
from chatdealer.engine.hand import Hand


def to_phh(hand: Hand, *, public: bool = False, actions: bool = True) -> phh.HandHistory:
    """The hand as PHH. `public` hides every hole card that was not shown at the showdown;
    without `actions` the history holds everything but them (a writer that has the engine's
    action strings at hand passes those to `phh.dumps` instead of parsing them here)."""
    config = hand.config
    records = [phh.parse_action(text) for text in hand.actions] if actions else []
    if public:
        records = [_hide_unshown(action, hand) for action in records]
    return phh.HandHistory(
        **_settings(config),
        starting_stacks=[*config.starting_stacks],
        actions=records,
        players=list(config.names) if config.names else None,
        finishing_stacks=[*hand.stacks] if hand.is_complete else None,
    )


def phh_text(hand: Hand, action_texts: Sequence[str], *, number: int, table: str) -> str:
    """What ``phh.dumps`` writes for `to_phh(hand, actions=False)` with its ``hand`` and
    ``table`` set and `action_texts` for its actions, unchecked (an engine's hand keeps the
    standard): the dealer's history of every hand it deals.

    Tables deal hand after hand under settings many of them share, so the fields the settings
    decide are written once per settings and kept (`_settings_text`); a hand writes only its
    stacks, actions, number, table and players."""
    config = hand.config
    stackless = (0,) * len(config.starting_stacks)  # only how many players there are counts
    settings = _settings_text(msgspec.structs.replace(config, starting_stacks=stackless, names=()))
    return phh.dealt_text(
        settings,
        config.starting_stacks,
        action_texts,
        number=number,
        table=table,
        players=config.names or None,
        finishing_stacks=hand.stacks if hand.is_complete else None,
    )


@functools.lru_cache(maxsize=256)
def _settings_text(settings: HandConfig) -> tuple[str, str]:
    """`phh.settings_text` of the settings' hands (`settings` without stacks or names)."""
    return phh.settings_text(phh.HandHistory(**_settings(settings), starting_stacks=[], actions=[]))


def _settings(config: HandConfig) -> dict[str, Any]:
    """The fields of the hand's history its settings decide, but the players' names."""
    count = config.seat_count
    antes: list[int | float] = list(config.per_seat(config.antes))
    blinds: list[int | float] = list(config.per_seat(config.blinds_or_straddles))
    if count == 2:  # PHH reverse-assigns the forced bets heads-up
        antes, blinds = antes[::-1], blinds[::-1]
    short = config.variant is Variant.SHORT_DECK
    structure = config.structure
    variant, coded = _CODES[config.variant]
    fixed = coded is BettingStructure.FIXED_LIMIT
    user_fields: dict[str, object] = {}
    if short:  # PHH readers (PokerKit) rank a short-deck straight above trips unless told
        user_fields["_straight_beats_trips"] = config.straight_beats_trips
    if config.variant.hole_cards == 5:
        user_fields["_hole_cards"] = 5
    if coded is None:  # hold'em: the code follows the structure
        fixed = structure is BettingStructure.FIXED_LIMIT
        variant, coded = ("FT", structure) if fixed else ("NT", BettingStructure.NO_LIMIT)
    if structure is not coded:
        user_fields["_betting_structure"] = structure.value
        if structure is BettingStructure.FIXED_LIMIT:
            user_fields["_small_bet"] = config.small_bet
            user_fields["_big_bet"] = config.big_bet
    if any(config.dead):
        user_fields["_dead"] = list(config.per_seat(config.dead))
    if any(config.live_posts):
        user_fields["_live_posts"] = list(config.per_seat(config.live_posts))
    if config.bomb_pot:
        user_fields["_bomb_pot"] = True
    if config.seven_deuce:
        user_fields["_seven_deuce"] = config.seven_deuce
    small_bet, big_bet = config.small_bet, config.big_bet
    if fixed and structure is not coded:  # FO/8 dealt pot- or no-limit: its bets are the minimum
        small_bet = big_bet = config.min_bet
    return {
        "variant": variant,
        "ante_trimming_status": config.ante_trimming,
        "antes": antes,
        "blinds_or_straddles": blinds,
        "small_bet": small_bet if fixed else None,
        "big_bet": big_bet if fixed else None,
        "min_bet": None if fixed else (config.min_bet or config.small_bet),
        "user_fields": user_fields,
    }


# Each variant's PHH code and the structure the code stands for; hold'em's depends on it.
_CODES: dict[Variant, tuple[str, BettingStructure | None]] = {
    Variant.HOLDEM: ("NT", None),
    Variant.SHORT_DECK: ("NS", BettingStructure.NO_LIMIT),
    Variant.OMAHA: ("PO", BettingStructure.POT_LIMIT),
    Variant.OMAHA_FIVE: ("PO", BettingStructure.POT_LIMIT),
    Variant.OMAHA_HI_LO: ("FO/8", BettingStructure.FIXED_LIMIT),
}


def _hide_unshown(action: phh.Action, hand: Hand) -> phh.Action:
    if isinstance(action, phh.DealHole) and not hand.shown[action.player]:
        return phh.DealHole(player=action.player, cards=[None] * len(action.cards))
    return action
