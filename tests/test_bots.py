"""Bot players: always legal, never peeking, and folding bad hands more than good ones.

Seats are positions as in the engine's tests: p1 sits left of the button, p2 is the big blind
and the last seat is the button; heads-up p1 is the big blind and p2 the button.
"""

from __future__ import annotations

import random
import time
from dataclasses import fields

import pytest

from chatdealer.bots import (
    BALANCED,
    LOOSE,
    STYLES,
    TIGHT,
    Bot,
    BotMove,
    Style,
    decide,
    preflop_equity,
    preflop_percentile,
    view_of,
)
from chatdealer.cards import parse_cards, shuffled
from chatdealer.engine.betting import LegalActions
from chatdealer.engine.config import BettingStructure, HandConfig, Variant
from chatdealer.engine.hand import Hand, Phase, deal_hand
from chatdealer.equity import equity_vs_random
from chatdealer.evaluator import HOLDEM, SHORT_DECK, SHORT_DECK_STRAIGHT_BEATS_TRIPS, Ranking
from tests.engine.spelled import new_hand, play

NL = BettingStructure.NO_LIMIT
PL = BettingStructure.POT_LIMIT
FL = BettingStructure.FIXED_LIMIT
FAST = {name: Bot(style, samples=48, time_limit=None) for name, style in STYLES.items()}


def random_table(rng: random.Random, structure: BettingStructure) -> HandConfig:
    """2-9 players, either deck and ranking, blinds, sometimes a straddle or antes, and stacks
    from a single chip to 300 big blinds."""
    count = rng.randint(2, 9)
    big = rng.choice([2, 10, 100])
    stacks = [
        rng.randint(1, 20 * big) if rng.random() < 0.3 else rng.randint(20 * big, 300 * big)
        for _ in range(count)
    ]
    blinds = [big // 2, big] + [0] * (count - 2)
    if count > 3 and rng.random() < 0.2:
        blinds[2] = 2 * big
    if count == 2:
        blinds.reverse()
    return HandConfig(
        variant=rng.choice([v for v in Variant if not v.omaha]),  # bots play hold'em
        straight_beats_trips=rng.random() < 0.5,
        structure=structure,
        starting_stacks=tuple(stacks),
        antes=rng.choice([(), (max(1, big // 10),) * count]),
        ante_trimming=rng.random() < 0.5,
        blinds_or_straddles=tuple(blinds),
        min_bet=big,
        small_bet=big,
        big_bet=2 * big,
    )


def assert_within(move: BotMove, legal: LegalActions) -> None:
    """The move is one `legal` offers, at an amount inside its bounds."""
    if move.action == "fold":
        assert legal.can_fold
    elif move.action == "check":
        assert legal.can_check
    elif move.action == "call":
        assert legal.can_call
    else:
        assert move.action == "raise" and legal.can_raise and move.amount is not None
        assert legal.min_raise_to is not None and legal.max_raise_to is not None
        assert legal.min_raise_to <= move.amount <= legal.max_raise_to
        if legal.min_raise_to == legal.max_raise_to:
            assert move.amount == legal.min_raise_to


@pytest.mark.parametrize("structure", [NL, PL, FL])
def test_bots_only_make_moves_the_engine_accepts_and_every_hand_ends(
    structure: BettingStructure,
) -> None:
    rng = random.Random(f"bots {structure.value}")
    bots = list(FAST.values())
    seen = set()
    for _ in range(700):
        config = random_table(rng, structure)
        manual = rng.random() < 0.2
        hand, _ = deal_hand(config, shuffled(config.variant.deck), manual_showdown=manual)
        styles = [rng.choice(bots) for _ in range(config.seat_count)]
        total = sum(config.starting_stacks)
        for _step in range(400):
            if hand.is_complete:
                break
            if hand.phase is Phase.SHOWDOWN:
                seat = hand.showdown_seat
                move = styles[seat].decide(hand, seat, rng)
                assert move.action in ("show", "muck")
            else:
                seat = hand.actor
                legal = hand.legal_actions()
                move = styles[seat].decide(hand, seat, rng)
                assert_within(move, legal)
            seen.add((hand.street, move.action))
            hand.act(seat, move.action, move.amount)
        assert hand.is_complete, "a hand must end"
        assert sum(hand.stacks) == total
    assert {action for _, action in seen} >= {"fold", "check", "call", "raise"}


def test_bots_show_winners_and_muck_losers_at_a_manual_showdown() -> None:
    hand, _ = new_hand(
        [1000, 1000, 1000], [5, 10], ["AhAd", "KhKd", "2c3d"], "Ac 7s 9h Jd 4c",
        manual_showdown=True,
    )  # fmt: skip
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    for _ in range(3):
        play(hand, "p1 cc", "p2 cc", "p3 cc")
    assert hand.phase is Phase.SHOWDOWN
    moves = {}
    while hand.phase is Phase.SHOWDOWN:
        seat = hand.showdown_seat
        moves[seat] = decide(hand, seat, random.Random(1))
        hand.act(seat, moves[seat].action)
    assert moves == {0: BotMove("show"), 1: BotMove("muck"), 2: BotMove("muck")}


# --- The corners of the betting rules ---------------------------------------------------------


def test_after_a_short_all_in_that_does_not_reopen_the_bot_only_calls_or_folds() -> None:
    # p3 raises to 300 and p4 calls; p1 goes all-in for 350, only 50 more, less than a full
    # raise; p2 folds. p3 has acted on the 300 and the betting is not reopened for them.
    hand, _ = new_hand([350, 5000, 5000, 5000], [5, 10], ["2c3d", "7h2s", "AhAd", "KcKd"])
    play(hand, "p3 cbr 300", "p4 cc", "p1 cbr 350", "p2 f")
    assert hand.legal_actions().closed_reason == "not_reopened"
    for seed in range(30):
        move = decide(hand, 2, random.Random(seed), LOOSE)
        assert move.action in ("call", "fold")


def test_a_covered_bot_can_only_call_or_fold() -> None:
    hand, _ = new_hand([5000, 120, 5000], [5, 10], ["2c3d", "AhAd", "KsKd"])
    play(hand, "p3 cbr 500", "p1 f")
    assert hand.legal_actions().closed_reason == "covered"
    for seed in range(30):
        assert decide(hand, 1, random.Random(seed), LOOSE).action in ("call", "fold")


def test_fixed_limit_raises_are_the_fixed_amount() -> None:
    hand, _ = new_hand([1000, 1000, 1000], [5, 10], ["2c3d", "7h2s", "AhAd"], structure=FL)
    moves = {decide(hand, 2, random.Random(seed), LOOSE) for seed in range(40)}
    assert BotMove("raise", 20) in moves
    assert all(move.amount in (None, 20) for move in moves)


def test_pot_limit_raises_stay_within_the_pot() -> None:
    hand, _ = new_hand([100_000] * 3, [50, 100], ["2c3d", "7h2s", "AhAd"], structure=PL)
    play(hand, "p3 cbr 350", "p1 cbr 1100", "p2 f")
    legal = hand.legal_actions()
    assert legal.max_raise_to is not None
    for seed in range(40):
        move = decide(hand, 2, random.Random(seed), LOOSE)
        if move.action == "raise":
            assert move.amount is not None and move.amount <= legal.max_raise_to


# --- Strength and price ----------------------------------------------------------------------


def fold_rate(hand: Hand, seat: int, bot: Bot, trials: int = 200) -> float:
    folds = sum(
        bot.decide(hand, seat, random.Random(seed)).action == "fold" for seed in range(trials)
    )
    return folds / trials


@pytest.mark.parametrize("style", [TIGHT, BALANCED, LOOSE])
def test_bots_fold_trash_to_a_preflop_shove_more_than_premium_hands(style: Style) -> None:
    bot = Bot(style, samples=200, time_limit=None)
    rates = {}
    for hole in ("7c2d", "AhAd", "KsKh"):
        hand, _ = new_hand([10_000, 10_000], [100, 50], [hole, "5s4s"])
        play(hand, "p2 cbr 10000")
        rates[hole] = fold_rate(hand, 0, bot)
    assert rates["7c2d"] > 0.9
    assert rates["AhAd"] == rates["KsKh"] == 0.0


@pytest.mark.parametrize("style", [TIGHT, BALANCED, LOOSE])
def test_bots_fold_air_to_a_pot_sized_bet_on_the_flop_more_than_a_set(style: Style) -> None:
    bot = Bot(style, samples=200, time_limit=None)
    rates = {}
    for hole in ("4c3d", "9c9d"):
        hand, _ = new_hand(
            [10_000] * 3, [50, 100], ["Qc8s", hole, "AsTd"], "9h Kd 2s 7c 5h",
        )  # fmt: skip
        play(hand, "p3 cc", "p1 cc", "p2 cc", "p1 cbr 300")
        rates[hole] = fold_rate(hand, 1, bot)
    assert rates["4c3d"] > 0.8
    assert rates["9c9d"] == 0.0


def test_strong_hands_bet_more_often_than_weak_ones_when_checked_to() -> None:
    bot = Bot(BALANCED, samples=200, time_limit=None)
    bets = {}
    for hole in ("4c3d", "KcKh"):
        hand, _ = new_hand([10_000] * 2, [100, 50], [hole, "Qs8s"], "9h Kd 2s 7c 5h")
        play(hand, "p2 cc", "p1 cc")
        moves = [bot.decide(hand, 0, random.Random(seed)).action for seed in range(200)]
        bets[hole] = moves.count("raise") / len(moves)
    assert bets["KcKh"] > 0.5 > 0.2 > bets["4c3d"]


# --- Only its own cards ----------------------------------------------------------------------


def garbled(hand: Hand, seat: int) -> Hand:
    """A copy of `hand` in which every other player's hole cards are impossible values, in the
    holes and in the action history alike."""
    copy = Hand.from_json(hand.to_json())
    for other in range(copy.seat_count):
        if other != seat:
            copy.holes[other] = [-7, 99]
    mine = f"d dh p{seat + 1} "
    copy.actions = [
        "d dh ?? ????" if entry.startswith("d dh") and not entry.startswith(mine) else entry
        for entry in copy.actions
    ]
    return copy


def test_a_bot_decides_the_same_without_seeing_other_players_cards() -> None:
    rng = random.Random("peek")
    bot = Bot(BALANCED, samples=64, time_limit=None)
    compared = 0
    for _ in range(60):
        config = random_table(rng, rng.choice([NL, PL, FL]))
        hand, _ = deal_hand(config, shuffled(config.variant.deck))
        while not hand.is_complete:
            seat = hand.actor
            seed = rng.random()
            move = bot.decide(hand, seat, random.Random(seed))
            assert bot.decide(garbled(hand, seat), seat, random.Random(seed)) == move
            compared += 1
            hand.act(seat, move.action, move.amount)
    assert compared > 200


def test_the_view_holds_no_other_players_cards() -> None:
    hand, _ = new_hand([1000] * 4, [5, 10], ["AhAd", "KhKd", "QhQd", "JhJd"])
    view = view_of(hand, 2)
    assert view.hole == tuple(parse_cards("QhQd"))
    others = set(parse_cards("AhAd KhKd JhJd"))
    for field in fields(view):
        value = getattr(view, field.name)
        if isinstance(value, tuple):
            assert not others & set(value), field.name


def test_a_bot_is_asked_only_on_its_turn() -> None:
    hand, _ = new_hand([1000] * 3, [5, 10])
    with pytest.raises(ValueError):
        decide(hand, 0, random.Random(1))


# --- Pre-flop tables and time ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranking", "hole"),
    [
        (HOLDEM, "AsAd"),
        (HOLDEM, "7c2d"),
        (HOLDEM, "JhTh"),
        (SHORT_DECK, "6c6d"),
        (SHORT_DECK, "AsKs"),
        (SHORT_DECK_STRAIGHT_BEATS_TRIPS, "9h8h"),
    ],
)
def test_preflop_table_matches_a_fresh_sample(ranking: Ranking, hole: str) -> None:
    cards = parse_cards(hole)
    fresh = equity_vs_random(cards, (), 1, ranking, rng=random.Random(hole), samples=20_000)
    assert preflop_equity(cards, ranking) == pytest.approx(fresh, abs=0.0125)  # 3.5 s.e.


def test_preflop_percentiles_put_aces_on_top_and_seven_deuce_near_the_bottom() -> None:
    assert preflop_percentile(parse_cards("AsAh")) == 1.0
    assert preflop_percentile(parse_cards("7c2d")) < 0.05
    assert preflop_percentile(parse_cards("AsKs")) > preflop_percentile(parse_cards("AsKd"))
    # In short deck sixes are a weak pair: suited aces beat them against a random hand.
    assert preflop_percentile(parse_cards("6c6d"), SHORT_DECK) < preflop_percentile(
        parse_cards("As7s"), SHORT_DECK
    )


def test_a_decision_stops_sampling_at_its_time_limit() -> None:
    hand, _ = new_hand(
        [10_000] * 9, [50, 100], ["9h8h", "2c2d"], "As Kd 4c 7c 5h",
    )  # fmt: skip
    play(hand, *[f"p{seat} cc" for seat in (3, 4, 5, 6, 7, 8, 9, 1)], "p2 cc")
    bot = Bot(BALANCED, samples=10**9, time_limit=0.02)
    started = time.perf_counter()
    bot.decide(hand, 0, random.Random(1))
    assert time.perf_counter() - started < 0.5
