"""All-in equity times: pre-flop (sampled to a 95 % half-width of 0.5 %; heads-up, exact from a
table), flop and turn (exact).

Run by hand: `.venv/bin/python bench/equity.py [SPOTS]`. Each row times SPOTS random all-in spots
(seeded, so every run deals the same ones) and prints the median and slowest time, the boards
dealt and the largest half-width. Heads-up pre-flop, ours is exact (the shipped table of every
matchup, `chatdealer/equity_headsup.py`) and eval7's Monte Carlo (C), which has no exact
pre-flop answer, is timed beside it on the same spots with the 38,415 boards a 0.5 %
half-width needs, where it is installed (the [bench] extra). Since issue 19 the boards are
valued in numpy arrays (`chatdealer/equity_vector.py`); to compare with the one-by-one sampler,
run an older checkout's copy of this script beside it.

Then, before the flop, how long the event loop is held: the sampling run on the loop (as the
dealer did) beside the same question answered by `EquityPool` in its own process (as the
dealer does now), the loop's longest stall measured by a 1 ms ticker. Target: at most 2 ms.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import time

from chatdealer.cards import Card, Deck, format_card
from chatdealer.dealer.equities import EquityPool, EquityQuestion, answer
from chatdealer.equity import MAX_SAMPLES, EquityResult, all_in_equity
from chatdealer.evaluator import HOLDEM, SHORT_DECK, Ranking

SEED = 2024
ROWS: list[tuple[str, int, int, Ranking]] = [  # name, players, board cards, ranking
    ("pre-flop, heads-up", 2, 0, HOLDEM),
    ("pre-flop, 3-way", 3, 0, HOLDEM),
    ("pre-flop, 6-way", 6, 0, HOLDEM),
    ("pre-flop, 9-way", 9, 0, HOLDEM),
    ("pre-flop, heads-up, short deck", 2, 0, SHORT_DECK),
    ("pre-flop, 3-way, short deck", 3, 0, SHORT_DECK),
    ("flop, heads-up", 2, 3, HOLDEM),
    ("flop, 3-way", 3, 3, HOLDEM),
    ("flop, 9-way", 9, 3, HOLDEM),
    ("turn, heads-up", 2, 4, HOLDEM),
    ("turn, 3-way", 3, 4, HOLDEM),
]

Spot = tuple[list[list[Card]], list[Card]]


def spots(count: int, players: int, board: int, ranking: Ranking, rng: random.Random) -> list[Spot]:
    dealt = []
    for _ in range(count):
        deck = ranking.deck.cards()
        rng.shuffle(deck)
        holes = [deck[2 * seat : 2 * seat + 2] for seat in range(players)]
        dealt.append((holes, deck[2 * players : 2 * players + board]))
    return dealt


def timed(spot: Spot, ranking: Ranking, seed: int) -> tuple[float, EquityResult]:
    holes, board = spot
    started = time.perf_counter()
    result = all_in_equity(holes, board, (), ranking, rng=random.Random(seed))
    return (time.perf_counter() - started) * 1000, result


def eval7_ms(spot: Spot, boards: int) -> float | None:
    """eval7's heads-up Monte Carlo on the same spot and number of boards, or None."""
    try:
        import eval7
    except ImportError:
        return None
    (first, second), board = spot
    hero = [eval7.Card(format_card(card)) for card in first]
    villain = eval7.HandRange("".join(format_card(card) for card in second))
    cards = [eval7.Card(format_card(card)) for card in board]
    started = time.perf_counter()
    eval7.py_hand_vs_range_monte_carlo(hero, villain, cards, boards)
    return (time.perf_counter() - started) * 1000


async def held(work: object) -> float:
    """The longest the event loop went without running a 1 ms ticker while `work` ran (ms)."""
    gaps: list[float] = []
    done = False

    async def tick() -> None:
        while not done:
            before = time.perf_counter()
            await asyncio.sleep(0.001)
            gaps.append((time.perf_counter() - before - 0.001) * 1000)

    ticker = asyncio.create_task(tick())
    await asyncio.sleep(0.005)
    gaps.clear()
    await work  # type: ignore[misc]
    done = True
    await ticker
    return max(gaps, default=0.0)


async def on_the_loop(question: EquityQuestion) -> None:
    answer(question, 1)


async def loop_held(count: int, rng: random.Random) -> None:
    pool = EquityPool()
    try:
        await pool.answer(EquityQuestion(((0, 1), (2, 3)), (), HOLDEM), 0)  # start its process
        print("\nevent loop held by one pre-flop all-in, ms: the longest stall, median of spots")
        print(f"  {'spot':<24}{'on the loop':>12}{'in the pool':>12}{'idle loop':>10}")
        for players in (2, 3, 6, 9):
            inline, pooled, idle = [], [], []
            for holes, board in spots(count, players, 0, HOLDEM, rng):
                question = EquityQuestion(tuple(map(tuple, holes)), tuple(board), HOLDEM)
                inline.append(await held(on_the_loop(question)))
                pooled.append(await held(pool.answer(question, 1)))
                idle.append(await held(asyncio.sleep(0.1)))  # the machine's own noise
            name = f"pre-flop, {players} players"
            figures = [statistics.median(column) for column in (inline, pooled, idle)]
            print(f"  {name:<24}{figures[0]:>12.1f}{figures[1]:>12.1f}{figures[2]:>10.1f}")
    finally:
        pool.close()


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    rng = random.Random(SEED)
    all_in_equity([[0, 1], [2, 3]], [4, 5, 6])  # load the tables outside the clock
    print(f"all-in equity, {count} random spots a row, median and slowest of the spots")
    print(f"  {'spot':<32}{'median ms':>10}{'max ms':>9}{'boards':>10}  {'how':<8}{'±(95%)':>8}")
    for name, players, board, ranking in ROWS:
        times, boards, widths, exact = [], [], [], True
        peer: list[float] = []
        for number, spot in enumerate(spots(count, players, board, ranking, rng)):
            ms, result = timed(spot, ranking, number)
            times.append(ms)
            boards.append(result.boards)
            widths.append(result.half_width)
            exact = exact and result.exact
            if players == 2 and board == 0 and ranking.deck is Deck.STANDARD:
                # Ours is exact, from the heads-up table: eval7 has no exact pre-flop answer, so
                # it samples the boards a 0.5 % half-width needs, as ours did before.
                other = eval7_ms(spot, MAX_SAMPLES if result.exact else result.boards)
                if other is not None:
                    peer.append(other)
        how = "exact" if exact else "sampled"
        width = f"{100 * max(widths):.2f}%" if not exact else "-"
        print(
            f"  {name:<32}{statistics.median(times):>10.1f}{max(times):>9.1f}"
            f"{statistics.median(boards):>10,.0f}  {how:<8}{width:>8}"
        )
        if peer:
            label = f"  eval7 (C), {MAX_SAMPLES:,} boards"
            ratio = statistics.median(peer) / statistics.median(times)
            print(
                f"  {label:<32}{statistics.median(peer):>10.1f}{max(peer):>9.1f}"
                f"{MAX_SAMPLES:>10,}  sampled    0.50%   (ours {ratio:.1f}x as fast)"
            )
    asyncio.run(loop_held(count, rng))


if __name__ == "__main__":
    main()
