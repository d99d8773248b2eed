"""What a bot's Omaha hand is worth against random hands: the share of the pot it can expect.

A bot sees only its own cards and the board, so each sample deals the opponents random hands
of as many cards as its own and completes the board; at hi-lo a pot with a qualifying low is
shared half high, half low, as the engine pays it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from chatdealer.cards import Card, Deck
from chatdealer.engine.hand import Hand
from chatdealer.omaha.evaluator import omaha_high, omaha_low

_STANDARD = tuple(Deck.STANDARD.cards())


def omaha_share_vs_random(
    hole: Sequence[Card],
    board: Sequence[Card],
    opponents: int,
    *,
    hi_lo: bool,
    rng: random.Random,
    samples: int,
    time_limit: float | None,
) -> float:
    """The expected share of the pot, 0..1, against `opponents` random hands."""
    known = {*hole, *board}
    rest = [card for card in _STANDARD if card not in known]
    size, missing = len(hole), 5 - len(board)
    need = size * opponents + missing
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    total, done = 0.0, 0
    while done < samples:
        drawn = rng.sample(rest, need)
        full = (*board, *drawn[:missing])
        others = [drawn[missing + i * size : missing + (i + 1) * size] for i in range(opponents)]
        total += _share(hole, others, full, hi_lo)
        done += 1
        if deadline is not None and done % 32 == 0 and time.perf_counter() > deadline:
            break
    return total / done


def _share(
    hole: Sequence[Card], others: list[list[Card]], board: tuple[Card, ...], hi_lo: bool
) -> float:
    mine = omaha_high(hole, board)
    best = max([omaha_high(other, board) for other in others])
    high = 0.0 if mine < best else 1.0 / (1 + sum(omaha_high(o, board) == mine for o in others))
    if not hi_lo:
        return high
    my_low = omaha_low(hole, board)
    lows = [omaha_low(other, board) for other in others]
    if not my_low and not any(lows):
        return high
    low = 0.0
    if my_low and my_low >= max(lows):
        low = 1.0 / (1 + lows.count(my_low))
    return (high + low) / 2


def should_show_omaha(hand: Hand, seat: int) -> bool:
    """Show when the hand can still win or tie a half of a pot against the hands shown so far;
    reads only this seat's cards and the cards already shown to everyone."""
    board, holes, hi_lo = hand.board, hand.holes, hand.config.variant.hi_lo
    high, low = omaha_high(holes[seat], board), omaha_low(holes[seat], board) if hi_lo else 0
    for pot in hand.pots():
        if seat not in pot.eligible:
            continue
        shown = [other for other in pot.eligible if other != seat and hand.shown[other]]
        if high >= max([omaha_high(holes[other], board) for other in shown], default=-1):
            return True
        if low and low >= max([omaha_low(holes[other], board) for other in shown], default=0):
            return True
    return False
