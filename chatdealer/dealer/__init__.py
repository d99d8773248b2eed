"""The async service every chat adapter talks to: `Command` in, `Outgoing` events out.

    async with open_dealer() as dealer:
        for event in await dealer.handle(command):
            ...  # render: to the channel when event.to is None, else to that one user

Tables live in Redis, one atomic commit per change, so any number of workers may serve them;
each worker also runs `dealer.run_timers(stop)` to act for players whose clock ran out.
"""

from chatdealer.dealer.commands import (
    Act,
    ActionName,
    ActionToken,
    AddBot,
    Args,
    Balance,
    Command,
    Configure,
    Create,
    CreateTournament,
    Daily,
    Join,
    Kick,
    LastHand,
    Leaderboard,
    Leave,
    Ledger,
    MyCards,
    Rabbit,
    Rebuy,
    Register,
    Reset,
    Seed,
    ShowTable,
    SitIn,
    SitOut,
    Start,
    Stop,
    Straddle,
    TopUp,
    Unregister,
    User,
    Verb,
)
from chatdealer.dealer.entry import open_dealer
from chatdealer.dealer.outgoing import AnyPayload, Outgoing, Payload
from chatdealer.dealer.record import TableRecord, chips_of
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.dealer.service import Dealer
from chatdealer.dealer.views import PotView, PrivateView, SeatState, SeatView, TableView, TurnView

__all__ = [
    "Act",
    "ActionName",
    "ActionToken",
    "AddBot",
    "AnyPayload",
    "Args",
    "Balance",
    "Command",
    "Configure",
    "Create",
    "CreateTournament",
    "Daily",
    "Dealer",
    "DealerRefusal",
    "Join",
    "Kick",
    "LastHand",
    "Leaderboard",
    "Leave",
    "Ledger",
    "MyCards",
    "Outgoing",
    "Payload",
    "PotView",
    "PrivateView",
    "Rabbit",
    "Rebuy",
    "Register",
    "Reset",
    "SeatState",
    "SeatView",
    "Seed",
    "ShowTable",
    "SitIn",
    "SitOut",
    "Start",
    "Stop",
    "Straddle",
    "TableRecord",
    "TableView",
    "TopUp",
    "TurnView",
    "Unregister",
    "User",
    "Verb",
    "chips_of",
    "open_dealer",
]
