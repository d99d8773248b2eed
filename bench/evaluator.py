"""Seven-card evaluations per second: ours against the peer libraries, same hands, one run.

Run by hand: ``.venv/bin/python bench/evaluator.py [--hands N] [--repeats R]``. Every library gets
the same seeded random hands, converted to its own card objects before the clock starts; each
timing is repeated, round after round, and the median rate is reported, with ours/peer as the
median of each round's ratio (measured side by side, so the machine's load moves both). A peer
library that is not installed is reported as such. The order each peer gives a sample of hands is
checked against ours first, so a wrong card conversion cannot pass for speed. Omaha follows in the
same run: four hole cards and a five-card board, ours (``chatdealer.omaha.evaluator.omaha_high``,
and the low) against phevaluator's ``evaluate_omaha_cards`` and PokerKit's ``OmahaHoldemHand``,
checked the same way. Last, the cold import time of ``chatdealer.evaluator`` is measured in fresh
interpreters.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import metadata
from itertools import pairwise
from types import ModuleType
from typing import Any

from chatdealer.cards import Deck, format_card
from chatdealer.evaluator import (
    HOLDEM,
    SHORT_DECK,
    SHORT_DECK_STRAIGHT_BEATS_TRIPS,
    hand_value,
    rank7,
    rank7_for,
    rank7_short,
)
from chatdealer.omaha.evaluator import omaha_high, omaha_low

Hand = tuple[int, int, int, int, int, int, int]
SEED = 2024
CHECKED_HANDS = 2_000  # hands whose order is compared with ours before timing
POKERKIT_HANDS = 2_000  # PokerKit does a few thousand hands a second


@dataclass
class Contender:
    name: str
    deck: Deck
    hands: int
    loop: Callable[[], object]  # evaluates `hands` hands once
    strength: Callable[[Hand], int] | None = None  # higher is stronger, for the order check


def random_hands(deck: Deck, count: int) -> list[Hand]:
    rng = random.Random(SEED)
    cards = deck.cards()
    hands = []
    for _ in range(count):
        a, b, c, d, e, f, g = rng.sample(cards, 7)
        hands.append((a, b, c, d, e, f, g))
    return hands


def optional(module: str) -> ModuleType | None:
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "?"


def ours(hands: list[Hand], short_hands: list[Hand]) -> list[Contender]:
    def holdem_loop() -> None:
        evaluate = rank7
        for a, b, c, d, e, f, g in hands:
            evaluate(a, b, c, d, e, f, g)

    def short_loop() -> None:
        evaluate = rank7_short
        for a, b, c, d, e, f, g in short_hands:
            evaluate(a, b, c, d, e, f, g)

    def checked_loop() -> None:
        evaluate = hand_value
        for hand in hands:
            evaluate(hand)

    return [
        Contender("ours rank7 (hold'em)", Deck.STANDARD, len(hands), holdem_loop),
        Contender("ours rank7_short (short deck)", Deck.SHORT, len(short_hands), short_loop),
        Contender("ours hand_value (checked input)", Deck.STANDARD, len(hands), checked_loop),
    ]


def eval7_contender(hands: list[Hand]) -> Contender | str:
    eval7 = optional("eval7")
    if eval7 is None:
        return "eval7"
    to_card = [eval7.Card(format_card(card)) for card in range(52)]
    converted = [[to_card[card] for card in hand] for hand in hands]

    def loop() -> None:
        evaluate = eval7.evaluate
        for hand in converted:
            evaluate(hand)

    def strength(hand: Hand) -> int:
        return int(eval7.evaluate([to_card[card] for card in hand]))

    return Contender(f"eval7 {version('eval7')}", Deck.STANDARD, len(hands), loop, strength)


def phevaluator_contender(hands: list[Hand]) -> Contender | str:
    phevaluator = optional("phevaluator")
    if phevaluator is None:
        return "phevaluator"
    # phevaluator numbers cards as we do (rank * 4 + suit, clubs first), so ints pass as they are.
    evaluate_cards: Callable[..., int] = phevaluator.evaluate_cards

    def loop() -> None:
        evaluate = evaluate_cards
        for a, b, c, d, e, f, g in hands:
            evaluate(a, b, c, d, e, f, g)

    def strength(hand: Hand) -> int:
        return -evaluate_cards(*hand)  # smaller is stronger

    name = f"phevaluator {version('phevaluator')}"
    return Contender(name, Deck.STANDARD, len(hands), loop, strength)


def treys_contender(hands: list[Hand]) -> Contender | str:
    treys = optional("treys")
    if treys is None:
        return "treys"
    to_card = [treys.Card.new(format_card(card)) for card in range(52)]
    converted = [([to_card[c] for c in hand[2:]], [to_card[c] for c in hand[:2]]) for hand in hands]
    evaluator: Any = treys.Evaluator()

    def loop() -> None:
        evaluate = evaluator.evaluate
        for board, hole in converted:
            evaluate(board, hole)

    def strength(hand: Hand) -> int:
        board, hole = [to_card[c] for c in hand[2:]], [to_card[c] for c in hand[:2]]
        return -int(evaluator.evaluate(board, hole))  # smaller is stronger

    return Contender(f"treys {version('treys')}", Deck.STANDARD, len(hands), loop, strength)


def pokerkit_contenders(hands: list[Hand], short_hands: list[Hand]) -> list[Contender | str]:
    pokerkit = optional("pokerkit")
    if pokerkit is None:
        return ["pokerkit"]
    to_card = [next(iter(pokerkit.Card.parse(format_card(card)))) for card in range(52)]
    contenders: list[Contender | str] = []
    for hand_type, deck, sample in (
        (pokerkit.StandardHighHand, Deck.STANDARD, hands[:POKERKIT_HANDS]),
        (pokerkit.ShortDeckHoldemHand, Deck.SHORT, short_hands[:POKERKIT_HANDS]),
    ):
        converted = [tuple(to_card[card] for card in hand) for hand in sample]

        def loop(hand_type: Any = hand_type, converted: list[Any] = converted) -> None:
            from_game = hand_type.from_game
            for hand in converted:
                from_game(hand)

        def strength(hand: Hand, hand_type: Any = hand_type) -> int:
            return int(hand_type.from_game([to_card[card] for card in hand]).entry.index)

        name = f"pokerkit {version('pokerkit')} {hand_type.__name__}"
        contenders.append(Contender(name, deck, len(sample), loop, strength))
    return contenders


def order_agrees(contender: Contender) -> bool:
    """Sorted by the peer's strength, ours must agree on every neighbouring pair."""
    assert contender.strength is not None
    # PokerKit, the only short-deck peer, ranks a straight above three of a kind.
    ranking = HOLDEM if contender.deck is Deck.STANDARD else SHORT_DECK_STRAIGHT_BEATS_TRIPS
    fast = rank7_for(ranking)
    sample = random_hands(contender.deck, CHECKED_HANDS)
    theirs = [contender.strength(hand) for hand in sample]
    mine = [fast(*hand) for hand in sample]
    order = sorted(range(len(sample)), key=theirs.__getitem__)
    return all(
        (mine[i] == mine[j]) if theirs[i] == theirs[j] else (mine[i] < mine[j])
        for i, j in pairwise(order)
    )


def round_rates(contenders: Sequence[Contender], repeats: int) -> list[list[float]]:
    """Round after round, each contender once, so a noisy neighbour slows all of them alike:
    each contender's rate in each round."""
    rates: list[list[float]] = [[] for _ in contenders]
    for _ in range(repeats):
        for contender, contender_rates in zip(contenders, rates, strict=True):
            started = time.perf_counter()
            contender.loop()
            contender_rates.append(contender.hands / (time.perf_counter() - started))
    return rates


def median_ratio(ours: Sequence[float], theirs: Sequence[float]) -> float:
    """The median over rounds of ours/theirs, each measured side by side in one round: on a
    shared machine the load moves between rounds more than within one."""
    return statistics.median(mine / peer for mine, peer in zip(ours, theirs, strict=True))


def cold_import_times(runs: int) -> tuple[float, float, float]:
    """Median seconds: the import inside a fresh interpreter, its whole run, a bare interpreter."""
    probe = (
        "import time; started = time.perf_counter(); import chatdealer.evaluator; "
        "print(time.perf_counter() - started)"
    )
    inside, whole, bare = [], [], []
    for _ in range(runs):
        started = time.perf_counter()
        output = subprocess.run(
            [sys.executable, "-c", probe], check=True, capture_output=True, text=True
        ).stdout
        whole.append(time.perf_counter() - started)
        inside.append(float(output))
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append(time.perf_counter() - started)
    return statistics.median(inside), statistics.median(whole), statistics.median(bare)


OmahaHand = tuple[tuple[int, int, int, int], tuple[int, int, int, int, int]]


def random_omaha_hands(count: int) -> list[OmahaHand]:
    rng = random.Random(SEED)
    cards = Deck.STANDARD.cards()
    hands: list[OmahaHand] = []
    for _ in range(count):
        a, b, c, d, e, f, g, h, i = rng.sample(cards, 9)
        hands.append(((a, b, c, d), (e, f, g, h, i)))
    return hands


def omaha_contenders(hands: list[OmahaHand]) -> list[Contender | str]:
    """Ours (high, and the hi-lo low), phevaluator's and PokerKit's four-card Omaha high."""

    def high_loop() -> None:
        evaluate = omaha_high
        for hole, board in hands:
            evaluate(hole, board)

    def low_loop() -> None:
        evaluate = omaha_low
        for hole, board in hands:
            evaluate(hole, board)

    contenders: list[Contender | str] = [
        Contender("ours omaha_high (Omaha)", Deck.STANDARD, len(hands), high_loop),
        Contender("ours omaha_low (hi-lo's low)", Deck.STANDARD, len(hands), low_loop),
    ]
    phevaluator = optional("phevaluator.evaluator_omaha")
    if phevaluator is None:
        contenders.append("phevaluator evaluate_omaha_cards")
    else:
        evaluate_omaha: Callable[..., int] = phevaluator.evaluate_omaha_cards
        flat = [(*board, *hole) for hole, board in hands]  # the board first, then the hole

        def phevaluator_loop() -> None:
            evaluate = evaluate_omaha
            for b1, b2, b3, b4, b5, h1, h2, h3, h4 in flat:
                evaluate(b1, b2, b3, b4, b5, h1, h2, h3, h4)

        def phevaluator_strength(hand: OmahaHand) -> int:
            return -evaluate_omaha(*hand[1], *hand[0])  # smaller is stronger

        name = f"phevaluator {version('phevaluator')} evaluate_omaha_cards"
        contenders.append(
            Contender(name, Deck.STANDARD, len(hands), phevaluator_loop, phevaluator_strength)  # type: ignore[arg-type]
        )
    pokerkit = optional("pokerkit")
    if pokerkit is None:
        contenders.append("pokerkit OmahaHoldemHand")
    else:
        to_card = [next(iter(pokerkit.Card.parse(format_card(card)))) for card in range(52)]
        sample = [
            ([to_card[c] for c in hole], [to_card[c] for c in board])
            for hole, board in hands[: POKERKIT_HANDS // 4]
        ]

        def pokerkit_loop() -> None:
            from_game = pokerkit.OmahaHoldemHand.from_game
            for hole, board in sample:
                from_game(hole, board)

        def pokerkit_strength(hand: OmahaHand) -> int:
            made = pokerkit.OmahaHoldemHand.from_game(
                [to_card[c] for c in hand[0]], [to_card[c] for c in hand[1]]
            )
            return int(made.entry.index)

        name = f"pokerkit {version('pokerkit')} OmahaHoldemHand"
        contenders.append(
            Contender(name, Deck.STANDARD, len(sample), pokerkit_loop, pokerkit_strength)  # type: ignore[arg-type]
        )
    return contenders


def omaha_order_agrees(contender: Contender) -> bool:
    """Sorted by the peer's strength, our Omaha high must agree on every neighbouring pair."""
    strength: Callable[[OmahaHand], int] = contender.strength  # type: ignore[assignment]
    sample = random_omaha_hands(CHECKED_HANDS // 4)
    theirs = [strength(hand) for hand in sample]
    mine = [omaha_high(*hand) for hand in sample]
    order = sorted(range(len(sample)), key=theirs.__getitem__)
    return all(
        (mine[i] == mine[j]) if theirs[i] == theirs[j] else (mine[i] < mine[j])
        for i, j in pairwise(order)
    )


def omaha_section(count: int, repeats: int) -> None:
    contenders = omaha_contenders(random_omaha_hands(count))
    installed = [contender for contender in contenders if isinstance(contender, Contender)]
    agrees = {
        contender.name: "agrees" if omaha_order_agrees(contender) else "DIFFERS"
        for contender in installed
        if contender.strength is not None
    }
    rounds = dict(
        zip(
            [contender.name for contender in installed],
            round_rates(installed, repeats),
            strict=True,
        )
    )
    ours_rounds = rounds["ours omaha_high (Omaha)"]
    print(
        f"\n{count:,} seeded random four-card Omaha hands with five-card boards, median of "
        f"{repeats} runs; PokerKit on the first {POKERKIT_HANDS // 4:,}; ours/peer is the median "
        "of the ratios of each run."
    )
    print(f"{'':44} {'evals/s':>11}  {'ours/peer':>9}  order")
    for contender in contenders:
        if isinstance(contender, str):
            print(f"{contender:44} not installed")
            continue
        rate = statistics.median(rounds[contender.name])
        ratio = (
            ""
            if contender.name.startswith("ours")
            else f"{median_ratio(ours_rounds, rounds[contender.name]):.2f}"
        )
        print(f"{contender.name:44} {rate:11,.0f}  {ratio:>9}  {agrees.get(contender.name, '')}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--import-runs", type=int, default=7)
    parser.add_argument("--omaha-hands", type=int, default=100_000)
    args = parser.parse_args(argv)

    hands = random_hands(Deck.STANDARD, args.hands)
    short_hands = random_hands(Deck.SHORT, args.hands)
    contenders: list[Contender | str] = [
        *ours(hands, short_hands),
        eval7_contender(hands),
        phevaluator_contender(hands),
        treys_contender(hands),
        *pokerkit_contenders(hands, short_hands),
    ]
    print(
        f"{args.hands:,} seeded random seven-card hands per deck (seed {SEED}), median of "
        f"{args.repeats} runs; PokerKit on the first {POKERKIT_HANDS:,}; ours/peer is the median "
        f"of the ratios of each run. Python {sys.version.split()[0]}."
    )
    installed = [contender for contender in contenders if isinstance(contender, Contender)]
    agrees = {
        contender.name: "agrees" if order_agrees(contender) else "DIFFERS"
        for contender in installed
        if contender.strength is not None
    }
    rounds = dict(
        zip(
            [contender.name for contender in installed],
            round_rates(installed, args.repeats),
            strict=True,
        )
    )
    ours_rounds = {
        contender.deck: rounds[contender.name]
        for contender in installed
        if contender.name.startswith("ours rank7")
    }
    print(f"{'':44} {'evals/s':>11}  {'ours/peer':>9}  order")
    for contender in contenders:
        if isinstance(contender, str):
            print(f"{contender:44} not installed")
            continue
        rate = statistics.median(rounds[contender.name])
        ratio = (
            ""
            if contender.name.startswith("ours")
            else f"{median_ratio(ours_rounds[contender.deck], rounds[contender.name]):.2f}"
        )
        print(f"{contender.name:44} {rate:11,.0f}  {ratio:>9}  {agrees.get(contender.name, '')}")

    omaha_section(args.omaha_hands, args.repeats)

    assert rank7_for(SHORT_DECK) is rank7_short
    inside, whole, bare = cold_import_times(args.import_runs)
    print(
        f"cold `import chatdealer.evaluator` (median of {args.import_runs} fresh interpreters): "
        f"{inside * 1000:.0f} ms inside the interpreter; whole process {whole * 1000:.0f} ms "
        f"against {bare * 1000:.0f} ms for a bare `python -c pass`"
    )


if __name__ == "__main__":
    main()
