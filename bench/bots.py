"""Bot decision time per betting structure, on the spots bots reach playing each other.

Run by hand: `.venv/bin/python bench/bots.py [HANDS]`. For each structure, HANDS seeded random
tables (2-9 players of mixed styles, either deck, stacks from 10 to 300 big blinds) are played
to the end by default bots (1,000 equity samples, 30 ms time limit); every decision is timed.
Prints the median, 99th percentile and slowest decision, pre-flop and after the flop.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from chatdealer.bots import STYLES, Bot
from chatdealer.cards import shuffled
from chatdealer.engine.config import BettingStructure, HandConfig, Variant
from chatdealer.engine.events import Street
from chatdealer.engine.hand import deal_hand

SEED = 2024
BUDGET_MS = 50.0


def table(rng: random.Random, structure: BettingStructure) -> HandConfig:
    count = rng.randint(2, 9)
    big = 100
    blinds = [50, 100] + [0] * (count - 2)
    if count == 2:
        blinds.reverse()
    return HandConfig(
        variant=rng.choice([v for v in Variant if not v.omaha]),  # bots play hold'em
        straight_beats_trips=rng.random() < 0.5,
        structure=structure,
        starting_stacks=tuple(rng.randint(10 * big, 300 * big) for _ in range(count)),
        blinds_or_straddles=tuple(blinds),
        min_bet=big,
        small_bet=big,
        big_bet=2 * big,
    )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def play(structure: BettingStructure, hands: int) -> dict[str, list[float]]:
    rng = random.Random(f"{SEED} {structure.value}")
    bots = [Bot(style) for style in STYLES.values()]
    times: dict[str, list[float]] = {"pre-flop": [], "post-flop": []}
    for _ in range(hands):
        config = table(rng, structure)
        hand, _ = deal_hand(config, shuffled(config.variant.deck))
        seated = [rng.choice(bots) for _ in range(config.seat_count)]
        while not hand.is_complete:
            seat = hand.actor
            street = "pre-flop" if hand.street is Street.PREFLOP else "post-flop"
            started = time.perf_counter()
            move = seated[seat].decide(hand, seat, rng)
            times[street].append((time.perf_counter() - started) * 1000)
            hand.act(seat, move.action, move.amount)
    return times


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    print(f"bot decision time, {hands} hands per structure, default bots (ms)")
    print(f"  {'structure':<13}{'street':<11}{'decisions':>10}{'median':>9}{'p99':>8}{'max':>8}")
    over = 0
    for structure in BettingStructure:
        times = play(structure, hands)
        times["all"] = times["pre-flop"] + times["post-flop"]
        for street, values in times.items():
            over += street == "all" and sum(value > BUDGET_MS for value in values)
            print(
                f"  {structure.value:<13}{street:<11}{len(values):>10,}"
                f"{statistics.median(values):>9.2f}{percentile(values, 0.99):>8.2f}"
                f"{max(values):>8.2f}"
            )
    print(f"  decisions over {BUDGET_MS:.0f} ms: {over}")


if __name__ == "__main__":
    main()
