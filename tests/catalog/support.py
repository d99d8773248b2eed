"""Table views to parse and size against, built as the dealer builds them."""

from __future__ import annotations

from chatdealer.dealer import ActionToken, PotView, SeatState, SeatView, TableView, TurnView
from chatdealer.dealer.views import TournamentView
from chatdealer.table import TableSettings


def seat(number: int, player_id: str, name: str, stack: int = 1000, bet: int = 0) -> SeatView:
    return SeatView(
        seat=number, player_id=player_id, name=name, stack=stack, bet=bet, state=SeatState.PLAYING
    )


def view(
    *seats: SeatView,
    settings: TableSettings | None = None,
    pots: tuple[int, ...] = (),
    turn: TurnView | None = None,
    tournament: TournamentView | None = None,
    hand_number: int = 3,
) -> TableView:
    return TableView(
        table="t",
        host="1",
        settings=settings if settings is not None or tournament else TableSettings(),
        hand_number=hand_number,
        hand_running=turn is not None,
        board=(),
        pots=tuple(PotView(amount=amount, players=()) for amount in pots),
        seats=seats,
        turn=turn,
        token=turn.token if turn else None,
        deadline=None,
        next_hand_at=None,
        started=True,
        tournament=tournament,
    )


def turn(
    player_id: str = "1", *, to_call: int = 0, low: int | None = 4, high: int | None = 1000
) -> TurnView:
    return TurnView(
        player_id=player_id,
        name="Ann",
        seat=0,
        to_call=to_call,
        can_fold=to_call > 0,
        can_check=to_call == 0,
        can_call=to_call > 0,
        min_raise_to=low,
        max_raise_to=high,
        current_bet=to_call,
        all_in_to=high or 0,
        token=ActionToken(3, 7),
        deadline=None,
        time_bank=False,
    )


def tournament_view() -> TournamentView:
    return TournamentView(
        phase="running",
        entrants=("Ann", "Bob"),
        buy_in=100,
        starting_stack=1500,
        prize_pool=200,
        level=1,
    )
