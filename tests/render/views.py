"""Table views and payloads built by hand, as the dealer would send them."""

from __future__ import annotations

from chatdealer.dealer.commands import ActionToken
from chatdealer.dealer.views import PotView, SeatState, SeatView, TableView, TurnView
from chatdealer.table.settings import TableSettings

NOW = 1_000_000.0
TOKEN = ActionToken(42, 7)
# Hole cards of the players at the table: never in a public rendering.
HOLES = {"anna": ("As", "Ks"), "boris": ("Qd", "Qc"), "clara": ("7h", "2c")}


def seat(number: int, name: str, stack: int, **fields: object) -> SeatView:
    return SeatView(
        seat=number,
        player_id=name.lower(),
        name=name,
        stack=stack,
        **fields,  # type: ignore[arg-type]
    )


def side_pot_view(language: str = "en") -> TableView:
    """Six seats, one of each state, a main pot and two side pots, Anna to act."""
    seats = (
        seat(0, "Anna", 3_000, bet=300, state=SeatState.PLAYING, button=True, to_act=True),
        seat(1, "Boris", 0, bet=1_150, state=SeatState.ALL_IN, small_blind=True),
        seat(2, "Clara", 2_000, bet=0, state=SeatState.FOLDED, big_blind=True),
        seat(3, "Dmitri", 800, bet=0, state=SeatState.SITTING_OUT),
        seat(4, "Elena", 1_000, bet=0, state=SeatState.WAITING, leaving=True),
        seat(5, "Fyodor", 0, bet=0, state=SeatState.BUSTED),
    )
    turn = TurnView(
        player_id="anna",
        name="Anna",
        seat=0,
        to_call=850,
        can_fold=True,
        can_check=False,
        can_call=True,
        min_raise_to=2_000,
        max_raise_to=3_300,
        current_bet=1_150,
        all_in_to=3_300,
        token=TOKEN,
        deadline=NOW + 24.2,
        time_bank=False,
    )
    return TableView(
        table="discord:1:2",
        host="anna",
        settings=TableSettings(small_blind=50, big_blind=100, ante=10, language=language),
        hand_number=42,
        hand_running=True,
        board=("Ts", "7s", "2d"),
        pots=(
            PotView(amount=1_200, players=("anna", "boris", "clara")),
            PotView(amount=400, players=("anna", "boris")),
            PotView(amount=21, players=("anna",)),
        ),
        seats=seats,
        turn=turn,
        token=TOKEN,
        deadline=NOW + 24.2,
        next_hand_at=None,
        started=True,
    )
