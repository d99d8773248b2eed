"""Chances already worked out, found again for the same question in other suits (issue 19).

Suits are interchangeable: A♠K♠ against Q♦Q♣ has the chances of A♥K♥ against Q♠Q♦, and the
order the hands are listed in changes nothing but the order of the answer. So a question is
kept under its suit-canonical form, the least of its 24 suit relabellings with each hand's
cards and the hands sorted, and an answer found there is handed back in the asker's order. Most
repeats are heads-up before the flop (169 kinds of hand, a few tens of thousands of matchups),
where a hit is an answer at once with no trip to the pool.
"""

from __future__ import annotations

from collections import OrderedDict
from itertools import permutations
from typing import TYPE_CHECKING

from chatdealer.cards import Card, rank_of, suit_of
from chatdealer.equity import EquityResult

if TYPE_CHECKING:
    from chatdealer.dealer.equities import EquityQuestion

CAPACITY = 4_096
"""Answers kept, the least recently used dropped first: a few hundred kilobytes."""

_RELABELLINGS = list(permutations(range(4)))

Form = tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]
"""The hands, each highest card first, in order, and the board: in one labelling of the suits."""
Key = tuple[Form, object, str]


def canonical(question: EquityQuestion) -> tuple[Key, list[int]]:
    """The question's suit-canonical form, and for each of its hands the place that hand takes
    in that form."""
    best: Form | None = None
    best_order: list[int] = []
    for suits in _RELABELLINGS:
        holes = [_moved(hole, suits) for hole in question.holes]
        order = sorted(range(len(holes)), key=holes.__getitem__)
        form = (tuple(holes[hand] for hand in order), _moved(question.board, suits))
        if best is None or form < best:
            best, best_order = form, order
    assert best is not None
    places = [0] * len(best_order)
    for place, hand in enumerate(best_order):
        places[hand] = place
    return (best, question.ranking, question.omaha), places


def _moved(cards: tuple[Card, ...], suits: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards with their suits relabelled, highest first."""
    return tuple(
        sorted((rank_of(card) << 2 | suits[suit_of(card)] for card in cards), reverse=True)
    )


class EquityCache:
    """Answers by suit-canonical question, at most `capacity` of them."""

    def __init__(self, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._answers: OrderedDict[Key, EquityResult] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._answers)

    def get(self, question: EquityQuestion) -> EquityResult | None:
        """The answer to this question or one like it in other suits, in its hands' order."""
        key, places = canonical(question)
        found = self._answers.get(key)
        if found is None:
            self.misses += 1
            return None
        self.hits += 1
        self._answers.move_to_end(key)
        hands = tuple(found.hands[place] for place in places)
        return EquityResult(hands, found.boards, found.exact, found.half_width)

    def put(self, question: EquityQuestion, result: EquityResult) -> None:
        key, places = canonical(question)
        hands = [result.hands[0]] * len(places)
        for hand, place in enumerate(places):
            hands[place] = result.hands[hand]
        self._answers[key] = EquityResult(
            tuple(hands), result.boards, result.exact, result.half_width
        )
        self._answers.move_to_end(key)
        while len(self._answers) > self.capacity:
            self._answers.popitem(last=False)
