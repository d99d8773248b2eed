"""The table around the hands: settings, seats, the button and blinds owed, the night's ledger,
and sit-and-go tournaments. Pure like the hand engine: no I/O, no clock, decks handed in."""

from chatdealer.table.button import ButtonDraw, HandPlan, draw_for_button, plan_hand
from chatdealer.table.ledger import Ledger, NightLine
from chatdealer.table.refusals import TableError
from chatdealer.table.schedule import BlindLevel, BlindSchedule
from chatdealer.table.seats import Player, SeatStatus
from chatdealer.table.settings import TableSettings
from chatdealer.table.table import Table
from chatdealer.table.tournament import Tournament, TournamentPhase, TournamentSettings

__all__ = [
    "BlindLevel",
    "BlindSchedule",
    "ButtonDraw",
    "HandPlan",
    "Ledger",
    "NightLine",
    "Player",
    "SeatStatus",
    "Table",
    "TableError",
    "TableSettings",
    "Tournament",
    "TournamentPhase",
    "TournamentSettings",
    "draw_for_button",
    "plan_hand",
]
