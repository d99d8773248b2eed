"""Typed betting commands read against the table message with the catalog's amounts: `r 3x`,
`pot`, `half`, `1k`, sizes beyond the stack, bad amounts, words in the table's language."""

from __future__ import annotations

import pytest

from adapters.common.catalog import ArgumentError
from adapters.console.moves import Move, NoAmount, betting_move, read_move
from chatdealer.dealer import ActionToken, PotView, SeatState, SeatView, TableView, TurnView
from chatdealer.table import TableSettings


def spot(
    bets: tuple[int, ...], pot: int, to_call: int, max_raise_to: int = 1_000
) -> tuple[TableView, TurnView]:
    seats = tuple(
        SeatView(
            seat=i, player_id=f"p{i}", name=f"P{i}", stack=1_000, bet=bet, state=SeatState.PLAYING
        )
        for i, bet in enumerate(bets)
    )
    turn = TurnView(
        player_id="p0",
        name="P0",
        seat=0,
        to_call=to_call,
        can_fold=True,
        can_check=not to_call,
        can_call=bool(to_call),
        min_raise_to=2 * max(bets) or 10,
        max_raise_to=max_raise_to,
        current_bet=max(bets),
        all_in_to=1_000,
        token=ActionToken(1, 3),
        deadline=None,
        time_bank=False,
    )
    view = TableView(
        table="t",
        host="p0",
        settings=TableSettings(small_blind=5, big_blind=10),
        hand_number=1,
        hand_running=True,
        board=(),
        pots=(PotView(amount=pot, players=()),) if pot else (),
        seats=seats,
        turn=turn,
        token=turn.token,
        deadline=None,
        next_hand_at=None,
        started=True,
    )
    return view, turn


def test_three_x_is_three_times_the_bet_or_the_big_blind() -> None:
    view, turn = spot((0, 40), pot=30, to_call=40)
    assert read_move("r 3x", view, turn) == Move("raise", 120)
    view, turn = spot((0, 0), pot=30, to_call=0)
    assert read_move("r 3x", view, turn) == Move("raise", 30)


def test_pot_and_half_call_then_raise_a_share_of_the_pot() -> None:
    view, turn = spot((0, 40), pot=30, to_call=40)
    assert read_move("pot", view, turn) == Move("raise", 40 + 30 + 40 + 40)
    assert read_move("half", view, turn) == Move("raise", 40 + (30 + 40 + 40) // 2)
    assert read_move("r pot", view, turn) == read_move("pot", view, turn)


def test_amounts_as_people_type_them() -> None:
    view, turn = spot((0, 40), pot=30, to_call=40)
    assert read_move("raise 1k", view, turn) == Move("raise", 1_000)
    assert read_move("r 1 000", view, turn) == Move("raise", 1_000)
    assert read_move("bet 300", view, turn) == Move("raise", 300)
    assert read_move("r 0.5k", view, turn) == Move("raise", 500)


def test_a_size_beyond_the_stack_says_it_is_all_in() -> None:
    view, turn = spot((0, 400), pot=600, to_call=400)
    assert read_move("r 3x", view, turn) == Move("allin", capped=1_200)
    assert read_move("raise 5000", view, turn) == Move("allin", capped=5_000)


def test_a_size_beyond_the_pot_limit_is_the_limit_and_says_so() -> None:
    view, turn = spot((0, 40), pot=30, to_call=40, max_raise_to=150)
    assert read_move("r 10x", view, turn) == Move("raise", 150, capped=400)
    assert read_move("allin", view, turn) == Move("allin")  # the dealer says what the limit is


@pytest.mark.parametrize("line", ["raise abc", "r -3x", "r 1.5", "r -5"])
def test_amounts_that_are_not_amounts_are_refused(line: str) -> None:
    view, turn = spot((0, 40), pot=30, to_call=40)
    with pytest.raises(ArgumentError):
        read_move(line, view, turn)


def test_a_raise_without_an_amount_asks_for_one() -> None:
    view, turn = spot((0, 40), pot=30, to_call=40)
    with pytest.raises(NoAmount):
        read_move("raise", view, turn)


def test_plain_words_and_the_tables_language() -> None:
    view, turn = spot((0, 40), pot=30, to_call=40)
    assert read_move("f", view, turn) == Move("fold")
    assert read_move("CALL", view, turn) == Move("call")
    assert read_move("allin", view, turn) == Move("allin")
    assert betting_move("фолд") == "fold"
    assert betting_move("колл") == "call"
    assert betting_move("join") is None
