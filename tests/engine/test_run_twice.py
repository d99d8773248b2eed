"""Running the board twice: both runs from the same deck, every pot halved, odd chip first."""

from __future__ import annotations

import random

import pytest

from chatdealer import phh
from chatdealer.cards import parse_cards
from chatdealer.engine.events import Event, HandShown, PotAwarded, SecondRunDealt
from chatdealer.engine.hand import Hand
from chatdealer.engine.refusals import IllegalAction
from chatdealer.engine.run_twice import RUNS_TO_ASK, run_out, waits_for_runs
from chatdealer.history import to_phh
from chatdealer.replay import replay
from tests.dealer.test_histories import secret_and_proofs
from tests.engine.spelled import new_hand, play


def _second_run_at(hand: Hand, position: int, cards: str) -> None:
    """Put `cards` in the deck where the second run deals them (a burn before each street)."""
    sizes = {5: (3, 1, 1), 2: (1, 1), 1: (1,)}[len(parse_cards(cards))]
    wanted = iter(parse_cards(cards))
    for size in sizes:
        position += 1  # the burn
        for _ in range(size):
            card = next(wanted)
            other = hand.deck.index(card)
            hand.deck[position], hand.deck[other] = hand.deck[other], hand.deck[position]
            position += 1


def _side_pot_hand_run_twice() -> tuple[Hand, list[Event]]:
    """Aces all-in short, kings and queens all-in over them: a main pot of 153, a side of 98."""
    hand, _ = new_hand([51, 100, 100], [1, 2], ["AsAd", "KsKd", "QsQd"], board="Ah7c2d3h9s")
    _second_run_at(hand, 14, "Qh8c4d5hTc")  # six hole cards, then burn-3-burn-1-burn-1
    hand.runs = 2
    return hand, play(hand, "p3 cbr 100", "p1 cc", "p2 cc")


def test_two_runs_with_a_side_pot_split_every_pot_and_give_the_odd_chip_to_the_first() -> None:
    hand, events = _side_pot_hand_run_twice()
    assert hand.is_complete
    assert hand.board == parse_cards("Ah 7c 2d 3h 9s")
    assert hand.second_board == parse_cards("Qh 8c 4d 5h Tc")
    assert [e.board for e in events if isinstance(e, SecondRunDealt)] == [
        tuple(parse_cards("Qh 8c 4d 5h Tc"))
    ]
    awards = [(a.run, a.pot, a.amount, a.shares) for a in events if isinstance(a, PotAwarded)]
    # main pot 153 (77 + 76), side pot 98 (49 + 49); first run: aces, then kings for the side
    assert sorted(awards) == [
        (1, 0, 77, ((0, 77),)),
        (1, 1, 49, ((1, 49),)),
        (2, 0, 76, ((2, 76),)),
        (2, 1, 49, ((2, 49),)),
    ]
    assert hand.stacks == [77, 49, 125]
    assert sum(hand.stacks) == 251


def test_all_in_on_the_turn_runs_only_the_river_twice_and_each_run_pays_its_own_winner() -> None:
    hand, _ = new_hand([100, 100], [2, 1], ["AsKs", "AdQd"], board="2c7h9dJc4h")
    hand.runs = 2
    play(hand, "p2 cc", "p1 cc", "p1 cc", "p2 cc")
    # heads-up: four hole cards, then burn-3-burn-1-burn-1 up to 11; the second river is 13
    _second_run_at(hand, 12, "Qh")
    events = play(hand, "p1 cbr 98", "p2 cc")
    assert hand.board == parse_cards("2c 7h 9d Jc 4h")
    assert hand.second_board == parse_cards("2c 7h 9d Jc Qh")
    awards = [(a.run, a.amount, a.shares) for a in events if isinstance(a, PotAwarded)]
    assert awards == [(1, 100, ((0, 100),)), (2, 100, ((1, 100),))]  # ace-king, then queens


def test_a_board_run_once_has_no_second_board() -> None:
    hand, _ = new_hand([51, 100, 100], [1, 2], ["AsAd", "KsKd", "QsQd"], board="Ah7c2d3h9s")
    events = play(hand, "p3 cbr 100", "p1 cc", "p2 cc")
    assert hand.second_board == []
    assert not [e for e in events if isinstance(e, SecondRunDealt)]
    assert hand.stacks == [153, 98, 0]


def test_the_history_of_a_board_run_twice_replays_to_its_finishing_stacks() -> None:
    hand, _ = _side_pot_hand_run_twice()
    text = phh.dumps(to_phh(hand))
    assert "# second run: Qh8c4d5hTc" in text
    result = replay(phh.loads(text), "run-twice.phh")
    assert result.ok, result.error
    assert result.finishing_stacks == [77, 49, 125]


def test_the_public_proof_opens_the_second_runs_cards() -> None:
    hand, _ = _side_pot_hand_run_twice()
    rng = random.Random("second run")
    for _ in range(5):
        _, proofs = secret_and_proofs(hand, rng)
        opened = {opening.card for opening in proofs.public.openings}
        assert {"Qh", "8c", "4d", "5h", "Tc"} <= opened


def test_asked_the_hand_waits_in_its_showdown_until_the_players_answer() -> None:
    hand, _ = new_hand([51, 100, 100], [1, 2], ["AsAd", "KsKd", "QsQd"], board="Ah7c2d3h9s")
    _second_run_at(hand, 14, "Qh8c4d5hTc")
    hand.runs = RUNS_TO_ASK
    events = play(hand, "p3 cbr 100", "p1 cc", "p2 cc")
    assert waits_for_runs(hand) and not hand.is_complete
    assert not [e for e in events if isinstance(e, HandShown)]  # nothing shown while asked
    assert hand.board == []
    with pytest.raises(IllegalAction):
        hand.act(0, "check")
    run_out(hand, 2)  # all said twice: the same hand as when it is always run twice
    assert hand.is_complete and hand.stacks == [77, 49, 125]
    with pytest.raises(IllegalAction) as refused:
        run_out(hand, 1)
    assert refused.value.code == "no_run_twice_question"


def test_asked_and_one_says_once_the_board_is_run_once() -> None:
    hand, _ = new_hand([51, 100, 100], [1, 2], ["AsAd", "KsKd", "QsQd"], board="Ah7c2d3h9s")
    hand.runs = RUNS_TO_ASK
    play(hand, "p3 cbr 100", "p1 cc", "p2 cc")
    events = run_out(hand, 1)
    assert hand.second_board == [] and not [e for e in events if isinstance(e, SecondRunDealt)]
    assert hand.stacks == [153, 98, 0]
