"""Issue 19: an all-in asked before, in the same or other suits, is answered without the pool,
with each hand given its own chances."""

from __future__ import annotations

import random

import pytest

from chatdealer.cards import parse_cards
from chatdealer.dealer.equities import EquityPool, EquityQuestion
from chatdealer.dealer.equity_cache import EquityCache, canonical
from chatdealer.equity import EquityResult, all_in_equity
from chatdealer.evaluator import HOLDEM, SHORT_DECK


def question(*holes: str, board: str = "", ranking: object = HOLDEM) -> EquityQuestion:
    return EquityQuestion(
        tuple(tuple(parse_cards(hole)) for hole in holes),
        tuple(parse_cards(board)) if board else (),
        ranking,  # type: ignore[arg-type]
    )


def test_the_same_matchup_in_other_suits_and_order_is_one_question() -> None:
    first = canonical(question("As Ks", "Qd Qc"))
    assert canonical(question("Kh Ah", "Qs Qd"))[0] == first[0]
    assert canonical(question("Qc Qh", "Ad Kd"))[0] == first[0]
    swapped = canonical(question("Qc Qh", "Ad Kd"))[1]
    assert swapped == first[1][::-1]  # each hand finds its own place


@pytest.mark.parametrize(
    "other",
    [
        question("As Kh", "Qd Qc"),  # offsuit is another matchup
        question("As Ks", "Qs Qc"),  # a queen of the aces' suit
        question("As Ks", "Qd Qc", ranking=SHORT_DECK),
        question("As Ks", "Qd Qc", board="2c 7d Jh"),
        question("As Ks", "Qd Qc", "7h 6h"),
    ],
)
def test_a_different_matchup_is_another_question(other: EquityQuestion) -> None:
    assert canonical(other)[0] != canonical(question("As Ks", "Qd Qc"))[0]


def test_an_answer_is_handed_back_in_the_askers_order() -> None:
    cache = EquityCache()
    asked = question("As Ks", "Qd Qc", "7h 6h")
    result = all_in_equity([list(hole) for hole in asked.holes], rng=random.Random(1))
    cache.put(asked, result)
    again = cache.get(question("7c 6c", "Ah Kh", "Qs Qd"))
    assert again is not None
    assert again.hands == (result.hands[2], result.hands[0], result.hands[1])
    assert cache.get(question("7c 6d", "Ah Kh", "Qs Qd")) is None
    assert (cache.hits, cache.misses) == (1, 1)


def test_the_least_recently_used_answer_is_dropped_first() -> None:
    cache = EquityCache(capacity=2)
    spots = [question("As Ks", "Qd Qc"), question("Ah Ad", "Kc Kd"), question("2c 2d", "Jh Th")]
    result = all_in_equity(
        [parse_cards("As Ks"), parse_cards("Qd Qc")], board=parse_cards("2c 3c 4c")
    )
    cache.put(spots[0], result)
    cache.put(spots[1], result)
    assert cache.get(spots[0]) is not None  # used: the second becomes the oldest
    cache.put(spots[2], result)
    assert len(cache) == 2
    assert cache.get(spots[1]) is None and cache.get(spots[0]) is not None


async def test_the_pool_is_asked_once_for_a_matchup_seen_in_other_suits() -> None:
    pool = EquityPool(processes=1)
    asked: list[EquityQuestion] = []
    run = pool.pool.run

    async def counted(function: object, q: EquityQuestion, seed: int) -> EquityResult:
        asked.append(q)
        return await run(function, q, seed)  # type: ignore[arg-type]

    pool.pool.run = counted  # type: ignore[method-assign,assignment]
    try:
        first = await pool.answer(question("As Ad", "Kc Kd"), 7)
        second = await pool.answer(question("Kh Ks", "Ac Ah"), 8)
    finally:
        pool.close()
    assert len(asked) == 1
    assert second.hands == (first.hands[1], first.hands[0])
    assert 0.78 < first.hands[0].equity < 0.85  # aces against kings: about 82 %
