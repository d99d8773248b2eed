"""The terminal's one player talking to the dealer service, as any chat adapter does: a verb
in, the dealer's events out, and the table as it is now."""

from __future__ import annotations

from dataclasses import dataclass, field

from chatdealer.dealer import Balance, Command, Dealer, Outgoing, ShowTable, TableView, User, Verb
from chatdealer.dealer.outgoing import BalanceShown, Refused, TableShown
from chatdealer.dealer.views import SeatView
from chatdealer.store import TableId


@dataclass
class Client:
    dealer: Dealer
    table_id: TableId
    user: User
    view: TableView | None = field(default=None)
    """The table as last read."""

    async def send(self, args: Verb) -> list[Outgoing]:
        return await self.dealer.handle(Command(table=self.table_id, user=self.user, args=args))

    async def fresh_view(self) -> TableView | None:
        for outgoing in await self.send(ShowTable()):
            if isinstance(outgoing.payload, TableShown):
                self.view = outgoing.payload.view
                return self.view
        self.view = None
        return None

    async def balance(self) -> int:
        for outgoing in await self.send(Balance()):
            if isinstance(outgoing.payload, BalanceShown):
                return outgoing.payload.balance
        return 0

    def my_seat(self, view: TableView | None = None) -> SeatView | None:
        shown = view if view is not None else self.view
        if shown is None:
            return None
        return next((seat for seat in shown.seats if seat.player_id == self.user.id), None)

    def registered(self, view: TableView | None = None) -> bool:
        shown = view if view is not None else self.view
        tournament = shown.tournament if shown is not None else None
        return tournament is not None and self.user.name in tournament.entrants

    def mine(self, outgoing: Outgoing) -> bool:
        return outgoing.to == self.user.id


def refusal(out: list[Outgoing]) -> Refused | None:
    for outgoing in out:
        if isinstance(outgoing.payload, Refused):
            return outgoing.payload
    return None
