"""Naming hands for the table: what a hand is, the five cards that make it, and the kicker
that decided a pot. The one place the dealer names hands, so every line agrees.

`best_hand` is what a player makes of their hole cards and the board; `name_hand` names a hand
from its value (the one the engine paid a pot on) and the cards it is made of; `decide` adds
the kicker when it is what beat the best other hand shown for a pot. A game whose hands are
made under other rules (Omaha's two hole cards and three from the board, a low hand) names them
here too: `best_hand` picks the five its rules allow, `name_hand` is given those five, and a low
hand is a `MadeHand` of a kind of its own beside these.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

from chatdealer.cards import Card, format_card, parse_card, rank_of
from chatdealer.dealer.outgoing import MadeHand, MadeLow
from chatdealer.evaluator import Category, HandRank, Ranking, evaluate
from chatdealer.omaha.evaluator import LOW_RANK_NAMES, best_high, best_low

# The kinds of hand whose every card names it: no kicker ever decides between two of them
# that share a name (a flush, named by its top card, can be decided by a lower one).
_NAMED_BY_ALL_FIVE = frozenset({Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.FULL_HOUSE})


class NamingError(ValueError):
    """Cards that do not make the hand value they were given with."""


def name_hand(value: int, cards: Sequence[Card], ranking: Ranking) -> MadeHand:
    """The hand of `value` made from `cards`: its kind, naming ranks and five cards.

    `cards` are what the hand may be made of: in hold'em the two hole cards and the board (5 to
    7 cards), where another game's rules pick the five (Omaha) those five. Trusted cards only
    (the engine's); a value they do not make is a `NamingError`, never a wrong name."""
    best = evaluate(cards, ranking)
    if best.value != value:
        raise NamingError(f"the cards make value {best.value}, not {value}")
    return _made(best)


def best_hand(
    hole: Sequence[Card], board: Sequence[Card], ranking: Ranking
) -> tuple[int, MadeHand]:
    """The best hand a player makes of their hole cards and the board (at least three cards),
    and its value (higher wins; equal values split). In hold'em any five of them play; a game
    that says which may play (Omaha: exactly two hole cards and three from the board) picks
    its five here."""
    omaha = len(hole) > 2  # exactly two hole cards and three of the board
    best = best_high(hole, board) if omaha else evaluate([*hole, *board], ranking)
    return best.value, _made(best)


def best_low_hand(hole: Sequence[Card], board: Sequence[Card]) -> MadeLow | None:
    """Omaha hi-lo's eight-or-better low of the hole cards and the board, or None."""
    low = best_low(hole, board)
    if low is None:
        return None
    return MadeLow(
        ranks=tuple(LOW_RANK_NAMES[rank] for rank in low.ranks),
        cards=tuple(map(format_card, low.cards)),
    )


def _made(best: HandRank) -> MadeHand:
    return MadeHand(
        category=best.category.name.lower(),
        ranks=best.ranks,
        cards=tuple(map(format_card, best.cards)),
    )


def reading(hand: MadeHand) -> tuple[int, ...]:
    """The five ranks in the order a hand is compared: the groups, then the kickers."""
    return tuple(rank_of(parse_card(card)) for card in hand.cards)


def kicker(winner: MadeHand, beaten: MadeHand) -> int | None:
    """The rank that makes `winner` beat `beaten` when both have the same name ("a pair of
    sevens"), or None when the names differ, the hands tie or no kicker can decide."""
    if winner.category != beaten.category or winner.ranks != beaten.ranks:
        return None
    if winner.kind in _NAMED_BY_ALL_FIVE:
        return None
    for mine, theirs in zip(reading(winner), reading(beaten), strict=True):
        if mine != theirs:
            return mine if mine > theirs else None
    return None


def decide(winner: MadeHand, beaten: Iterable[tuple[int, MadeHand]]) -> MadeHand:
    """The winning hand with its kicker, when a kicker beat the best of the other hands shown
    for the pot; `beaten` holds those hands with their values, and the winner as it was when
    nothing else was shown or a kicker did not decide."""
    best = max(beaten, key=lambda pair: pair[0], default=None)
    if best is None:
        return winner
    decided = kicker(winner, best[1])
    return winner if decided is None else msgspec.structs.replace(winner, kicker=decided)
