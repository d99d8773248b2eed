"""Typed betting commands read against the table message: `r 3x`, `pot`, bad amounts."""

from __future__ import annotations

import pytest

from adapters.console.moves import BadInput, Move, read_move
from chatdealer.dealer import ActionToken, PotView, SeatState, SeatView, TableView, TurnView
from chatdealer.table import TableSettings


def spot(bets: tuple[int, ...], pot: int, to_call: int) -> tuple[TableView, TurnView]:
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
        max_raise_to=1_000,
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


def test_pot_calls_then_raises_the_pot_and_stays_legal() -> None:
    view, turn = spot((0, 40), pot=30, to_call=40)
    assert read_move("pot", view, turn) == Move("raise", 40 + 30 + 40 + 40)
    view, turn = spot((0, 400), pot=600, to_call=400)
    assert read_move("pot", view, turn) == Move("raise", 1_000)


@pytest.mark.parametrize("line", ["raise abc", "raise", "r 1 2", "r -3x"])
def test_amounts_that_are_not_amounts_are_refused(line: str) -> None:
    view, turn = spot((0, 40), pot=30, to_call=40)
    with pytest.raises(BadInput):
        read_move(line, view, turn)


def test_plain_words() -> None:
    view, turn = spot((0, 40), pot=30, to_call=40)
    assert read_move("f", view, turn) == Move("fold")
    assert read_move("CALL", view, turn) == Move("call")
    assert read_move("allin", view, turn) == Move("allin")
    assert read_move("raise 300", view, turn) == Move("raise", 300)
