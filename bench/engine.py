"""Hands per second of random legal 6-max no-limit play: our engine beside PokerKit, one run.

Run by hand: `.venv/bin/python bench/engine.py [HANDS]`. Both engines play the same policy
(each legal kind of move equally likely, a raise to a uniformly random legal amount) on 6-max
50/100 with 10,000 stacks. Ours is timed with deck orders made beforehand (the engine is handed
its deck) and again with a cryptographic shuffle per hand, as the dealer does; PokerKit deals
from its own deck, shuffled each hand, so the ratio set against it is the one with a shuffle on
both sides (like with like); the ratio without our shuffle is printed beside it, labelled.
Medians of several rounds; the corpus replay time is printed too.
"""

from __future__ import annotations

import gc
import importlib.util
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import warnings
from pathlib import Path

from chatdealer.cards import Deck, shuffled
from chatdealer.engine.config import HandConfig
from chatdealer.engine.hand import deal_hand

CONFIG = HandConfig(starting_stacks=(10_000,) * 6, blinds_or_straddles=(50, 100), min_bet=100)
ROUNDS = 7


def policy(
    rng: random.Random, can_fold: bool, low: int | None, high: int | None
) -> tuple[str, int]:
    """A uniformly random legal move: fold (when facing a bet), check or call, or a raise to a
    uniformly random legal amount."""
    kinds = ["call"]
    if can_fold:
        kinds.append("fold")
    if low is not None and high is not None:
        kinds.append("raise")
    kind = rng.choice(kinds)
    if kind == "raise":
        assert low is not None and high is not None
        return kind, rng.randint(low, high)
    return kind, 0


def ours(hands: int, decks: list[list[int]] | None) -> float:
    rng = random.Random(7)
    started = time.perf_counter()
    for index in range(hands):
        deck = decks[index] if decks is not None else shuffled(Deck.STANDARD)
        hand, _ = deal_hand(CONFIG, deck)
        while not hand.is_complete:
            legal = hand.legal_actions()
            action, amount = policy(rng, legal.can_fold, legal.min_raise_to, legal.max_raise_to)
            if action == "raise":
                hand.raise_to(legal.seat, amount)
            elif action == "fold":
                hand.fold(legal.seat)
            else:
                hand.check_or_call(legal.seat)
    return hands / (time.perf_counter() - started)


def pokerkit(hands: int) -> float:
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = tuple(Automation)
    rng = random.Random(7)
    started = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(hands):
            state = NoLimitTexasHoldem.create_state(
                automations, True, 0, (50, 100), 100, (10_000,) * 6, 6
            )
            while state.status:
                can_raise = state.can_complete_bet_or_raise_to()
                low = state.min_completion_betting_or_raising_to_amount if can_raise else None
                high = state.max_completion_betting_or_raising_to_amount if can_raise else None
                action, amount = policy(rng, state.can_fold(), low, high)
                if action == "raise":
                    state.complete_bet_or_raise_to(amount)
                elif action == "fold":
                    state.fold()
                else:
                    state.check_or_call()
    return hands / (time.perf_counter() - started)


def corpus_seconds() -> float | None:
    corpus = Path(__file__).resolve().parents[2] / "shared" / "phh" / "holdem-hands.tar.gz"
    if not corpus.exists():
        return None
    with tempfile.TemporaryDirectory() as folder:
        with tarfile.open(corpus) as archive:
            archive.extractall(folder, filter="data")
        started = time.perf_counter()
        command = [sys.executable, "-m", "chatdealer.cli", "replay", folder]
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        return time.perf_counter() - started


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    order_rng = random.Random(11)
    decks = []
    for _ in range(hands):
        deck = Deck.STANDARD.cards()
        order_rng.shuffle(deck)
        decks.append(deck)
    # The 20,000 prepared decks would otherwise be walked by every garbage collection, a cost
    # no dealer pays (it holds one deck per table); park them outside the collector.
    gc.freeze()
    peer_hands = max(200, hands // 50)
    if importlib.util.find_spec("pokerkit") is None:
        peer_hands = 0
    # Interleaved rounds: on a shared machine the speed drifts, and each round's ratio compares
    # the two engines under the same conditions.
    engine_only: list[float] = []
    with_shuffle: list[float] = []
    peer: list[float] = []
    ratios: list[float] = []
    unshuffled_ratios: list[float] = []
    for _ in range(ROUNDS):
        engine_only.append(ours(hands, decks))
        with_shuffle.append(ours(hands // 4, None))
        if peer_hands:
            peer.append(pokerkit(peer_hands))
            ratios.append(with_shuffle[-1] / peer[-1])
            unshuffled_ratios.append(engine_only[-1] / peer[-1])
    median = statistics.median
    print(f"6-max no-limit, random legal play, {ROUNDS} interleaved rounds, medians")
    print(f"  chatdealer (deck handed in)       {median(engine_only):>10,.0f} hands/s")
    print(f"  chatdealer (+ crypto shuffle)     {median(with_shuffle):>10,.0f} hands/s")
    if peer:
        print(f"  PokerKit ({peer_hands} hands/round)        {median(peer):>10,.0f} hands/s")
        print(
            f"  ratio, both shuffling             {median(ratios):>10.1f}x"
            f" (per-round ratios {min(ratios):.1f}x to {max(ratios):.1f}x)"
        )
        unshuffled = median(unshuffled_ratios)
        print(f"  ratio, our deck handed in         {unshuffled:>10.1f}x (not like with like)")
    else:
        print("  PokerKit                          not installed")
    seconds = corpus_seconds()
    if seconds is not None:
        print(f"  corpus replay (10,018 hands, CLI) {seconds:>10.1f} s")


if __name__ == "__main__":
    main()
