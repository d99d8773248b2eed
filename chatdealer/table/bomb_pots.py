"""Bomb pots (docs/rules.md §14): every so many hands each player dealt in antes an agreed amount,
nobody bets before the flop and the hand is played from the flop on."""

from __future__ import annotations

import msgspec

from chatdealer.engine.config import HandConfig


def bomb_pot_config(config: HandConfig, ante: int) -> HandConfig:
    """The hand `config` would have been, played as a bomb pot: the same players, stacks and
    betting, the blinds, straddle, posts and dead blinds replaced by one ante from everyone."""
    return msgspec.structs.replace(
        config,
        antes=(ante,) * config.seat_count,
        ante_trimming=True,  # each player's ante is what they have in the pots: side pots follow
        blinds_or_straddles=(),
        live_posts=(),
        dead=(),
        bomb_pot=True,
    )
