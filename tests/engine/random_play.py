"""A hand played to its end by random legal moves: the engine's own hands, any shape."""

from __future__ import annotations

import random

from chatdealer.engine.hand import Hand


def play_at_random(hand: Hand, rng: random.Random, *, fold_below: float = 0.5) -> Hand:
    """Raises about 30% of the time it may, folds up to `fold_below` of the roll, else checks
    or calls; returns the finished hand."""
    while not hand.is_complete:
        legal = hand.legal_actions()
        roll = rng.random()
        if legal.can_raise and roll < 0.3:
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            hand.raise_to(legal.seat, rng.randint(legal.min_raise_to, legal.max_raise_to))
        elif legal.can_fold and roll < fold_below:
            hand.fold(legal.seat)
        else:
            hand.check_or_call(legal.seat)
    return hand
