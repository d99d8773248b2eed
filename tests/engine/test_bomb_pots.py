"""Bomb pots in the engine: antes from everyone, no pre-flop betting, the hand opens on the flop."""

from __future__ import annotations

import random

import pytest

from chatdealer import phh
from chatdealer.engine.config import BettingStructure, ConfigError, HandConfig, Variant
from chatdealer.engine.deck_order import spelled_deck
from chatdealer.engine.events import BoardDealt, Event, PotAwarded
from chatdealer.engine.hand import Hand, Phase, deal_hand
from chatdealer.engine.pots import Pot
from chatdealer.engine.refusals import IllegalAction
from chatdealer.history import to_phh
from chatdealer.replay import replay
from tests.engine.random_play import play_at_random
from tests.engine.spelled import play


def bomb_pot(
    stacks: list[int],
    ante: int,
    holes: list[str],
    board: str,
    *,
    variant: Variant = Variant.HOLDEM,
    structure: BettingStructure = BettingStructure.NO_LIMIT,
) -> tuple[Hand, list[Event]]:
    config = HandConfig(
        variant=variant,
        structure=structure,
        starting_stacks=tuple(stacks),
        antes=(ante,) * len(stacks),
        min_bet=10,
        small_bet=10,
        big_bet=20,
        bomb_pot=True,
    )
    hand, events = deal_hand(config, spelled_deck(holes, board, variant.deck))
    return hand, list(events)


def test_a_bomb_pot_opens_on_the_flop_with_every_ante_in_the_pot() -> None:
    hand, events = bomb_pot([500, 500, 500], 20, ["AcAd", "KcKd", "2c7d"], "AhKh3s4d5c")
    flops = [event for event in events if isinstance(event, BoardDealt)]
    assert len(flops) == 1 and len(hand.board) == 3
    assert hand.pots() == [Pot(60, (0, 1, 2))]
    assert hand.stacks == [480, 480, 480]
    assert hand.actor == 0  # first left of the button, as on any flop
    assert not [text for text in hand.actions if " cc" in text or " cbr" in text]


def test_nobody_may_bet_pre_flop_and_the_flop_betting_is_the_usual_kind() -> None:
    hand, _ = bomb_pot([500, 500, 500], 20, ["AcAd", "KcKd", "2c7d"], "AhKh3s4d5c")
    with pytest.raises(IllegalAction):
        hand.act(1, "check")  # seat 0 is first to act on the flop
    play(hand, "p1 cbr 10", "p2 cc", "p3 f")
    assert len(hand.board) == 4


def test_a_short_stack_all_in_on_the_ante_plays_for_the_main_pot_only() -> None:
    hand, events = bomb_pot([15, 500, 500], 20, ["AcAd", "KcKd", "9c8d"], "AhKh3s4d5c")
    assert hand.all_in[0]
    assert hand.pots() == [Pot(45, (0, 1, 2)), Pot(10, (1, 2))]
    events = play(hand, "p2 cc", "p3 cc", "p2 cc", "p3 cc", "p2 cc", "p3 cc")
    paid = [(e.pot, e.shares) for e in events if isinstance(e, PotAwarded)]
    assert paid == [(1, ((1, 10),)), (0, ((0, 45),))]
    assert sum(hand.stacks) == 1015


def test_everyone_all_in_on_the_ante_runs_the_board_out_at_once() -> None:
    hand, _ = bomb_pot([20, 20], 20, ["AcAd", "KcKd"], "AhKh3s4d5c")
    assert hand.phase is Phase.COMPLETE and len(hand.board) == 5
    assert hand.stacks == [40, 0]


@pytest.mark.parametrize(
    ("variant", "structure"),
    [
        (Variant.HOLDEM, BettingStructure.FIXED_LIMIT),
        (Variant.HOLDEM, BettingStructure.POT_LIMIT),
        (Variant.OMAHA, BettingStructure.POT_LIMIT),
        (Variant.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT),
        (Variant.SHORT_DECK, BettingStructure.NO_LIMIT),
    ],
)
def test_bomb_pots_open_on_the_flop_in_every_structure_and_game(
    variant: Variant, structure: BettingStructure
) -> None:
    config = HandConfig(
        variant=variant,
        structure=structure,
        starting_stacks=(300, 300, 300, 300),
        antes=(10,) * 4,
        min_bet=10,
        small_bet=10,
        big_bet=20,
        bomb_pot=True,
    )
    hand, _ = deal_hand(config, variant.deck.cards())
    assert len(hand.board) == 3 and hand.actor == 0
    legal = hand.legal_actions()
    assert legal.can_check and legal.min_raise_to == 10
    assert hand.pot_total() == 40


def test_a_bomb_pot_takes_no_blinds() -> None:
    with pytest.raises(ConfigError, match="bomb pot"):
        HandConfig(
            starting_stacks=(100, 100),
            blinds_or_straddles=(2, 1),
            antes=(5, 5),
            min_bet=2,
            bomb_pot=True,
        ).validate()


def test_bomb_pot_histories_replay_to_the_same_stacks() -> None:
    rng = random.Random(16)
    for _ in range(100):
        variant = rng.choice(list(Variant))
        count = rng.randint(2, min(6, variant.max_players))
        structure = rng.choice(variant.structures)
        config = HandConfig(
            variant=variant,
            structure=structure,
            starting_stacks=tuple(rng.randint(1, 60) * 5 for _ in range(count)),
            antes=(20,) * count,
            min_bet=10,
            small_bet=10,
            big_bet=20,
            bomb_pot=True,
        )
        deck = variant.deck.cards()
        rng.shuffle(deck)
        hand, _ = deal_hand(config, deck)
        play_at_random(hand, rng)
        record = to_phh(hand)
        assert record.user_fields["_bomb_pot"] is True
        result = replay(phh.loads(phh.dumps(record)), "written")
        assert result.ok, result.error
        assert result.finishing_stacks == hand.stacks
