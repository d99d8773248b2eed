"""The engine against PokerKit, the peer-reviewed Python poker engine, on random hands.

At every step both engines must agree on who acts and what they may do (fold, the amount to
call, whether raising is open, the minimum and maximum raise), and at the end on every stack.
Where RULES.md §10 departs from PokerKit on purpose, the first disagreement must be one of those
departures, recognised from the hand itself; any other disagreement fails the test.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import random
import warnings
from collections import Counter
from dataclasses import dataclass

import pytest
from pokerkit import (
    Automation,
    FixedLimitTexasHoldem,
    NoLimitShortDeckHoldem,
    NoLimitTexasHoldem,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    PotLimitOmahaHoldem,
    State,
)
from pokerkit.games import (
    FixedLimitPokerMixin,
    Holdem,
    OmahaHoldemMixin,
    PotLimitPokerMixin,
    TexasHoldemMixin,
    UnfixedLimitHoldem,
)

from chatdealer.cards import Deck, format_cards, shuffled
from chatdealer.engine.config import BettingStructure, HandConfig, Variant
from chatdealer.engine.events import PotAwarded
from chatdealer.engine.hand import Hand, Phase, deal_hand

HANDS = int(os.environ.get("DIFF_HANDS", 10_000))
CAP = "fixed-limit cap counts the big blind"
SHORT_ALL_IN = "short all-in does not reopen the betting"
STRADDLE = "minimum raise measured from the straddle"
SHORT_BLIND = "a short big blind is still called in full"
ODD_CHIPS = "odd chips settled pot by pot"
LOW_SHARED = "PokerKit shares a no-low pot's low half among its players when another pot has a low"
HOLDEM_GAMES = [(Variant.HOLDEM, structure) for structure in BettingStructure] + [
    (Variant.SHORT_DECK, BettingStructure.NO_LIMIT)
]
# PokerKit's pot-limit Omaha and fixed-limit Omaha hi-lo, and from its parts the others.
OMAHA_GAMES = [
    (Variant.OMAHA, BettingStructure.POT_LIMIT),
    (Variant.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT),
]
MORE_OMAHA_GAMES = [
    (Variant.OMAHA_HI_LO, BettingStructure.POT_LIMIT),
    (Variant.OMAHA_FIVE, BettingStructure.POT_LIMIT),
]
STEPPABLE = {CAP, SHORT_ALL_IN, STRADDLE}
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """PokerKit ships pot-limit Omaha but not pot-limit hold'em; its parts make one."""


class FixedLimitOmahaHiLo(FixedLimitPokerMixin, OmahaHoldemMixin, Holdem):
    """PokerKit 0.7.7's `FixedLimitOmahaHoldemHighLowSplitEightOrBetter` is built on its
    pot-limit mixin, so it bets pot-limit; its parts make the fixed-limit game."""

    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


class PotLimitOmahaHiLo(PotLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem):
    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


class PotLimitFiveCardOmaha(PotLimitOmahaHoldem):
    """PokerKit deals four-card Omaha only; five hole cards are one setting away."""

    hole_dealing_count = 5


@dataclass
class Setup:
    config: HandConfig
    pokerkit_blinds: tuple[int, ...]
    pokerkit_antes: tuple[int, ...]
    straddle: bool


def random_setup(
    rng: random.Random, games: list[tuple[Variant, BettingStructure]] = HOLDEM_GAMES
) -> Setup:
    # PokerKit deals short deck no-limit only: four kinds of game, equally often.
    variant, structure = rng.choice(games)
    count = rng.randint(2, 6 if variant is Variant.SHORT_DECK else min(9, variant.max_players))
    big = rng.choice([2, 10, 100])
    blinds = [big // 2, big] + [0] * (count - 2)
    straddle = structure is BettingStructure.NO_LIMIT and count > 3 and rng.random() < 0.1
    if straddle:
        blinds[2] = 2 * big
    antes = [0] * count
    trimming = True
    roll = rng.random()
    if roll < 0.15:
        antes = [max(1, big // 10)] * count
    elif roll < 0.25:
        antes[1] = big
        trimming = False
    stacks = [
        rng.choice([max(1, rng.randint(1, 30) * big // 2), rng.randint(20, 200) * big])
        for _ in range(count)
    ]
    ours_blinds = blinds[::-1] if count == 2 else blinds
    ours_antes = antes[::-1] if count == 2 else antes
    config = HandConfig(
        variant=variant,
        straight_beats_trips=variant is Variant.SHORT_DECK,  # PokerKit's short-deck order
        structure=structure,
        starting_stacks=tuple(stacks),
        antes=tuple(ours_antes),
        ante_trimming=trimming,
        blinds_or_straddles=tuple(ours_blinds),
        min_bet=big,
        small_bet=big,
        big_bet=2 * big,
    )
    return Setup(config, tuple(blinds), tuple(antes), straddle)


def pokerkit_state(setup: Setup) -> State:
    config = setup.config
    stacks, count = config.starting_stacks, config.seat_count
    antes, blinds, trimming = setup.pokerkit_antes, setup.pokerkit_blinds, config.ante_trimming
    if config.variant is Variant.OMAHA_HI_LO and config.structure is BettingStructure.FIXED_LIMIT:
        return FixedLimitOmahaHiLo(
            AUTOMATIONS, trimming, antes, blinds, config.small_bet, config.big_bet
        )(stacks, count)
    if config.variant.omaha:
        game = {
            Variant.OMAHA: PotLimitOmahaHoldem,
            Variant.OMAHA_HI_LO: PotLimitOmahaHiLo,
            Variant.OMAHA_FIVE: PotLimitFiveCardOmaha,
        }[config.variant]
        return game(AUTOMATIONS, trimming, antes, blinds, config.min_bet)(stacks, count)
    if config.structure is BettingStructure.FIXED_LIMIT:
        return FixedLimitTexasHoldem.create_state(
            AUTOMATIONS, trimming, antes, blinds, config.small_bet, config.big_bet, stacks, count
        )
    if config.structure is BettingStructure.POT_LIMIT:
        return PotLimitTexasHoldem(AUTOMATIONS, trimming, antes, blinds, config.min_bet)(
            stacks, count
        )
    game = NoLimitShortDeckHoldem if config.variant is Variant.SHORT_DECK else NoLimitTexasHoldem
    return game.create_state(AUTOMATIONS, trimming, antes, blinds, config.min_bet, stacks, count)


def choose(rng: random.Random, hand: Hand, *, only_call: bool) -> tuple[str, int | None]:
    legal = hand.legal_actions()
    roll = rng.random()
    if legal.can_fold and roll < 0.15:
        return "fold", None
    if legal.can_raise and roll > 0.6 and not only_call:
        assert legal.min_raise_to is not None and legal.max_raise_to is not None
        pick = rng.random()
        if pick < 0.4:
            return "raise", legal.min_raise_to
        if pick < 0.6:
            return "raise", legal.max_raise_to
        return "raise", rng.randint(legal.min_raise_to, legal.max_raise_to)
    return ("check" if legal.can_check else "call"), None


def compare_legal(hand: Hand, state: State) -> str | None:
    """The first way the two engines disagree about the player to act, or None."""
    if hand.actor != state.actor_index:
        return f"actor {hand.actor} vs {state.actor_index}"
    legal = hand.legal_actions()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs_fold = state.can_fold()
        theirs_raise = state.can_complete_bet_or_raise_to()
    if legal.can_fold != theirs_fold:
        return f"can_fold {legal.can_fold} vs {theirs_fold}"
    if legal.to_call != state.checking_or_calling_amount:
        return f"to_call {legal.to_call} vs {state.checking_or_calling_amount}"
    if legal.can_raise != theirs_raise:
        return f"can_raise {legal.can_raise} ({legal.closed_reason}) vs {theirs_raise}"
    if legal.can_raise:
        ours = (legal.min_raise_to, legal.max_raise_to)
        theirs = (
            state.min_completion_betting_or_raising_to_amount,
            state.max_completion_betting_or_raising_to_amount,
        )
        if ours != theirs:
            return f"raise bounds {ours} vs {theirs}"
    return None


def departure_for(problem: str, hand: Hand, setup: Setup, flags: set[str]) -> str | None:
    """Which RULES.md §10 departure explains a disagreement now, if any."""
    if hand.street.value <= 1 and "short blind" in flags:
        return SHORT_BLIND
    about_raising = problem.startswith(("can_raise", "raise bounds"))
    if not about_raising:
        return None
    legal = hand.legal_actions()
    if setup.config.structure is BettingStructure.FIXED_LIMIT and legal.closed_reason == "capped":
        return CAP
    if "short all-in" in flags:
        return SHORT_ALL_IN
    if hand.street.value == 0 and setup.straddle:
        return STRADDLE
    return None


def play_one(rng: random.Random, setup: Setup) -> set[str]:
    """Play one random hand in both engines; returns the departures met (none: the same)."""
    config = setup.config
    deck = shuffled(config.variant.deck, _seeded_order(rng, config.variant.deck))
    hand, events = deal_hand(config, deck)
    state = pokerkit_state(setup)
    count = config.seat_count
    nominal = config.per_seat(config.blinds_or_straddles)
    flags: set[str] = set()
    met: set[str] = set()
    if any(hand.all_in[s] and hand.bets[s] < nominal[s] for s in range(count)):
        flags.add("short blind")
    dealt = config.variant.hole_cards * count
    board = [deck[dealt + 1 : dealt + 4], [deck[dealt + 5]], [deck[dealt + 7]]]
    street = hand.street
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while state.status:
            if state.can_deal_hole():
                seat = state.hole_dealee_index
                assert seat is not None
                state.deal_hole(format_cards(hand.holes[seat], sep=""))
            elif state.can_deal_board() and len(state.board_cards) < len(hand.board):
                state.deal_board(format_cards(board[_street_of(state)], sep=""))
            elif state.actor_index is not None or hand.actor >= 0:
                if hand.street != street:
                    street, flags = hand.street, flags & {"short blind"}
                if hand.actor < 0 and _only_check(state):
                    state.check_or_call()  # we do not ask for a check that is the only move
                    continue
                problem = compare_legal(hand, state)
                only_call = False
                if problem is not None:
                    departure = departure_for(problem, hand, setup, flags)
                    if departure is None:
                        pytest.fail(f"{problem} in {config!r}\n{hand.actions}")
                    met.add(departure)
                    if departure not in STEPPABLE:
                        return met
                    # The engines differ only on raising here: play on with a move both allow.
                    only_call = departure != STRADDLE
                action, amount = choose(rng, hand, only_call=only_call)
                if action == "raise":
                    assert amount is not None
                    theirs = state.min_completion_betting_or_raising_to_amount
                    amount = max(amount, theirs or 0)
                    if amount == hand.legal_actions().all_in_to and _short(hand, amount):
                        flags.add("short all-in")
                    state.complete_bet_or_raise_to(amount)
                elif action == "fold":
                    state.fold()
                else:
                    state.check_or_call()
                events += hand.act(hand.actor, action, amount)
            elif state.can_deal_board():
                state.deal_board(format_cards(board[_street_of(state)], sep=""))
            else:
                break
    assert hand.phase is Phase.COMPLETE, hand.actions
    if list(state.stacks) != hand.stacks:
        awards = [e for e in events if isinstance(e, PotAwarded)]
        if any(len({chips for _, chips in award.shares}) > 1 for award in awards):
            return met | {ODD_CHIPS}
        low_halves = {award.pot: award.amount for award in awards if award.low}
        if any(award.amount != low_halves.get(award.pot, award.amount) for award in awards):
            return met | {ODD_CHIPS}  # an odd pot's halves, which PokerKit may settle merged
        with_low = {award.pot for award in awards if award.low}
        if with_low and any(award.pot not in with_low for award in awards if len(award.shares)):
            return met | {LOW_SHARED}
        pytest.fail(f"stacks {hand.stacks} vs {list(state.stacks)} in {config!r}\n{hand.actions}")
    return met


def _only_check(state: State) -> bool:
    return (
        state.actor_index is not None
        and state.checking_or_calling_amount == 0
        and not state.can_complete_bet_or_raise_to()
    )


def _street_of(state: State) -> int:
    return {0: 0, 3: 1, 4: 2}[len(state.board_cards)]


def _short(hand: Hand, amount: int) -> bool:
    """A raise smaller than a full one; fixed-limit's half-bet rule (RULES.md §5) is ours only."""
    return amount - hand.round.level < hand.round.raise_size


def _seeded_order(rng: random.Random, deck: Deck) -> list[int]:
    cards = deck.cards()
    rng.shuffle(cards)
    return cards


def play_part(seed: int, hands: int) -> tuple[Counter[str], Counter[str]]:
    """`hands` random hold'em and short-deck hands in both engines, from `seed`."""
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    structures: Counter[str] = Counter()
    for _ in range(hands):
        setup = random_setup(rng)
        structures[f"{setup.config.variant.value}/{setup.config.structure.value}"] += 1
        outcomes.update(play_one(rng, setup) or {"same"})
    return outcomes, structures


def test_engine_agrees_with_pokerkit_on_10000_random_hands() -> None:
    """Played in as many processes as there are cores (PokerKit takes most of the time)."""
    parts = max(1, min(4, os.cpu_count() or 1))
    sizes = [HANDS // parts + (1 if index < HANDS % parts else 0) for index in range(parts)]
    seeds = [20261130 + index for index in range(parts)]
    outcomes: Counter[str] = Counter()
    structures: Counter[str] = Counter()
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(parts, mp_context=spawn) as pool:
        for met, played in pool.map(play_part, seeds, sizes):
            outcomes += met
            structures += played
    assert sum(structures.values()) == HANDS
    # Every hand was compared to its end but those cut short by a short big blind, which
    # changes what everyone must call.
    assert outcomes[SHORT_BLIND] < 0.05 * HANDS, outcomes
    assert all(count > HANDS // 5 for count in structures.values()), structures
    print(dict(outcomes), dict(structures))


def play_many(
    hands: int, seed: int, games: list[tuple[Variant, BettingStructure]]
) -> tuple[Counter[str], Counter[str]]:
    """Play `hands` random hands of `games` in both engines: what was met, and of which game."""
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for _ in range(hands):
        setup = random_setup(rng, games)
        played[f"{setup.config.variant.value}/{setup.config.structure.value}"] += 1
        outcomes.update(play_one(rng, setup) or {"same"})
    return outcomes, played


def test_omaha_agrees_with_pokerkit_on_random_hands() -> None:
    """Pot-limit Omaha and fixed-limit Omaha hi-lo (bench/omaha_pokerkit.py plays 10,000 each)."""
    hands = int(__import__("os").environ.get("DIFF_OMAHA_HANDS", 400))
    outcomes, played = play_many(hands, 20261202, OMAHA_GAMES + MORE_OMAHA_GAMES)
    assert outcomes["same"] > 0.8 * hands, outcomes
    assert outcomes[SHORT_BLIND] < 0.05 * hands, outcomes
    assert len(played) == 4 and min(played.values()) > hands // 6, played
    print(dict(outcomes), dict(played))
