"""The 7-2 game in the engine: a pot won with seven-deuce shown collects the bounty from every
other player dealt in, capped at what each has; chips are conserved and the history replays."""

from __future__ import annotations

import random

import pytest

from chatdealer import phh
from chatdealer.cards import format_cards, parse_cards
from chatdealer.engine.config import ConfigError, HandConfig
from chatdealer.engine.deck_order import spelled_deck
from chatdealer.engine.events import BountyCollected, Event
from chatdealer.engine.hand import Hand, deal_hand
from chatdealer.history import to_phh
from chatdealer.replay import replay
from tests.engine.random_play import play_at_random
from tests.engine.spelled import play

CHECK_DOWN = (
    *("p3 cc", "p1 cc", "p2 cc"),  # pre-flop: the button calls, the small blind completes
    *("p1 cc", "p2 cc", "p3 cc") * 3,  # flop, turn and river checked
)


def seven_deuce_hand(
    stacks: list[int], holes: list[str], board: str, bounty: int = 50
) -> tuple[Hand, list[Event]]:
    config = HandConfig(
        starting_stacks=tuple(stacks),
        blinds_or_straddles=(5, 10),
        min_bet=10,
        seven_deuce=bounty,
    )
    hand, events = deal_hand(config, spelled_deck(holes, board, config.variant.deck))
    return hand, list(events)


def bounties(events: list[Event]) -> list[BountyCollected]:
    return [event for event in events if isinstance(event, BountyCollected)]


def test_seven_deuce_shown_and_winning_collects_from_each_player_dealt_in() -> None:
    hand, _ = seven_deuce_hand([1000, 1000, 1000], ["7c2d", "KcKd", "9h9s"], "7h7s2c4d5h")
    events = play(hand, *CHECK_DOWN)
    assert hand.is_complete
    assert bounties(events) == [BountyCollected(0, 100, ((1, 50), (2, 50)))]
    assert hand.stacks == [990 + 30 + 100, 940, 940]
    assert sum(hand.stacks) == 3000


def test_a_short_stack_pays_only_what_it_has_left() -> None:
    hand, _ = seven_deuce_hand([1000, 1000, 30], ["7c2d", "KcKd", "9h9s"], "7h7s2c4d5h")
    events = play(hand, *CHECK_DOWN)
    assert bounties(events) == [BountyCollected(0, 70, ((1, 50), (2, 20)))]
    assert hand.stacks == [1000 + 20 + 70, 940, 0]
    assert sum(hand.stacks) == 2030


def test_a_player_who_folded_pre_flop_still_pays() -> None:
    hand, _ = seven_deuce_hand([1000, 1000, 1000], ["7c2d", "KcKd", "9h9s"], "7h7s2c4d5h")
    events = play(hand, "p3 f", "p1 cc", "p2 cc", *("p1 cc", "p2 cc") * 3)
    assert bounties(events) == [BountyCollected(0, 100, ((1, 50), (2, 50)))]
    assert hand.stacks == [1110, 940, 950]


def test_seven_deuce_that_loses_or_wins_uncontested_collects_nothing() -> None:
    hand, _ = seven_deuce_hand([1000, 1000, 1000], ["7c2d", "KcKd", "9h9s"], "AhQs3c4d9d")
    events = play(hand, *CHECK_DOWN)
    assert bounties(events) == []
    assert hand.stacks == [990, 990, 1020]
    hand, _ = seven_deuce_hand([1000, 1000, 1000], ["7c2d", "KcKd", "9h9s"], "AhQs3c4d9d")
    events = play(hand, "p3 f", "p1 cbr 40", "p2 f")  # won without showing
    assert bounties(events) == []
    assert hand.stacks == [1010, 990, 1000]


def test_off_by_default_and_never_negative() -> None:
    hand, _ = seven_deuce_hand([1000, 1000, 1000], ["7c2d", "KcKd", "9h9s"], "7h7s2c4d5h", 0)
    assert bounties(play(hand, *CHECK_DOWN)) == []
    with pytest.raises(ConfigError, match="seven_deuce"):
        seven_deuce_hand([1000, 1000], ["7c2d", "KcKd"], "7h7s2c4d5h", -1)


def test_the_history_records_the_bounty_and_replays_to_the_finishing_stacks() -> None:
    hand, _ = seven_deuce_hand([1000, 1000, 30], ["7c2d", "KcKd", "9h9s"], "7h7s2c4d5h")
    play(hand, *CHECK_DOWN)
    record = to_phh(hand)
    assert record.user_fields["_seven_deuce"] == 50
    result = replay(phh.loads(phh.dumps(record)), "written")
    assert result.ok, result.error
    assert result.finishing_stacks == hand.stacks == [1090, 940, 0]


def test_random_hands_with_seven_deuce_dealt_conserve_chips_and_replay() -> None:
    """Hands of any shape, seven-deuce dealt to one player in each: no chip made or lost, no
    stack below zero, and every history replays to its finishing stacks."""
    rng = random.Random(72)
    collected = 0
    for _ in range(300):
        count = rng.randint(2, 6)
        stacks = tuple(rng.choice((15, 40, 200, 1000)) for _ in range(count))
        config = HandConfig(
            starting_stacks=stacks, blinds_or_straddles=(5, 10), min_bet=10, seven_deuce=25
        )
        rest = parse_cards("7c 2d")
        others = [card for card in config.variant.deck.cards() if card not in rest]
        rng.shuffle(others)
        holes = [format_cards(rest, sep="")] + [
            format_cards(others[2 * seat : 2 * seat + 2], sep="") for seat in range(count - 1)
        ]
        board = format_cards(others[2 * count : 2 * count + 5], sep="")
        hand, _ = deal_hand(config, spelled_deck(holes, board, config.variant.deck))
        play_at_random(hand, rng, fold_below=0.1)
        assert sum(hand.stacks) == sum(stacks) and min(hand.stacks) >= 0
        bounty = hand.stacks[0] - stacks[0] + hand.contributed[0] - hand.won[0]
        assert bounty >= 0 and (bounty == 0 or hand.shown[0])
        collected += bounty > 0
        result = replay(phh.loads(phh.dumps(to_phh(hand))), "written")
        assert result.ok, result.error
        assert result.finishing_stacks == hand.stacks
    assert collected > 0
