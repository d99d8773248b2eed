"""What the table does, read back from its event stream in Redis and printed as it happens.

A second terminal (`--join`) follows the same stream, so both see the same hands. After each
batch of events the table is read once: the player's hole cards are asked for (privately) as
each hand and street begins, their turn is prompted with the time left, and the clock counts
down under it. A change of the player's own seat is told with what to do next: out of chips
(`Offers.busted`), sat out, gone from the table.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import msgspec

from adapters.console.client import Client
from adapters.console.text import Text
from chatdealer.dealer import MyCards, TableView
from chatdealer.dealer.outgoing import (
    AnyPayload,
    HandOver,
    HoleCards,
    Notice,
    PotWon,
    TableShown,
    TournamentOver,
)
from chatdealer.dealer.views import SeatState
from chatdealer.render.accounts import tournament_over_text

COUNTDOWN = (20, 10, 5)
"""Seconds left at which the clock is told again, below the prompt."""
POLL = 0.1
NOT_IN_HAND = frozenset({SeatState.FOLDED, SeatState.WAITING, SeatState.SITTING_OUT})

_payloads = msgspec.json.Decoder(list[AnyPayload])


@dataclass
class Follower:
    client: Client
    text: Text
    busted: Callable[[TableView], Awaitable[None]]
    """Called once each time the player's seat runs out of chips at a cash table."""
    after: str | None = None
    prompted: object = None
    told_left: set[int] = field(default_factory=set)
    cards_for: tuple[int, int] | None = None
    state: SeatState | None = None
    seated: bool = False
    over: bool = False
    """The tournament at this table has finished."""
    leaving: bool = False
    """The session is ending: a seat given up is not told as one to sit down at again."""
    showing: asyncio.Lock = field(default_factory=asyncio.Lock)
    """The table is followed by its own task and read again after a typed line: one at a time,
    so no event is printed twice and no change of seat is told twice."""

    async def skip_old_events(self) -> None:
        """What happened before this terminal came is not printed again."""
        while True:
            events = await self.client.dealer.store.tables.events(
                self.client.table_id, after=self.after
            )
            if not events:
                return
            self.after = events[-1].id

    async def run(self, stop: asyncio.Event) -> None:
        """Follows until `stop` is set (or cancelled); a Redis hiccup is said and tried again.

        The session sets `stop` before it cancels this task, and the loop looks at it too: a
        cancellation lost on the way (seen under load: the session then waited for this task
        forever and never said goodbye) still ends it within one poll."""
        while not stop.is_set():
            try:
                await self.show_events()
                self.count_down()
            except (OSError, ValueError) as problem:
                self.text.tell("lost_table", "dim", problem=type(problem).__name__)
            await asyncio.sleep(POLL)

    async def show_events(self) -> None:
        async with self.showing:
            await self._show_events()

    async def _show_events(self) -> None:
        client = self.client
        events = await client.dealer.store.tables.events(client.table_id, after=self.after)
        if not events:
            return
        for event in events:
            self.after = event.id
            for payload in _payloads.decode(event.payload):
                self.show(payload)
        view = await client.fresh_view()
        if view is None:
            return
        await self.seat_changed(view)
        await self.show_cards(view)
        turn = view.turn
        if turn is not None and turn.player_id == client.user.id and self.prompted != turn.token:
            self.prompted = turn.token
            left = (turn.deadline - time.time()) if turn.deadline is not None else 0
            self.told_left = {mark for mark in COUNTDOWN if mark >= left}
            self.text.table(view)
            self.text.your_turn(view, turn, time.time())

    def show(self, payload: AnyPayload) -> None:
        me = self.client.user
        if isinstance(payload, TableShown | HoleCards):
            return
        if isinstance(payload, HandOver):
            self.text.hand_over(payload, me.id)
            return
        if isinstance(payload, TournamentOver):
            self.over = True
            self.text.say(tournament_over_text(payload, self.text.language), "green")
            self.text.tell("tournament_done", "bold")
            return
        colour = "green" if isinstance(payload, PotWon) else None
        mine = isinstance(payload, Notice) and payload.params.get("name") == me.name
        if mine:
            colour = "bold"
        self.text.payload(payload, colour)
        if mine and isinstance(payload, Notice) and payload.code == "away":
            self.text.tell("tournament_away", "bold")
        if mine and isinstance(payload, Notice) and payload.code == "rebuy_offered":
            self.text.tell("rebuy_hint", "bold")

    async def seat_changed(self, view: TableView) -> None:
        """Tells the player what their seat now asks of them, once per change."""
        seat = self.client.my_seat(view)
        state = seat.state if seat is not None else None
        if state == self.state and (seat is not None) == self.seated:
            return
        was_seated = self.seated
        self.state, self.seated = state, seat is not None
        if seat is None:
            if was_seated and view.tournament is None and not self.leaving:
                self.text.tell("watching", "bold")
            return
        if state is SeatState.BUSTED and view.tournament is None:
            await self.busted(view)
        elif state is SeatState.SITTING_OUT:
            self.text.tell("sitting_out", "bold")

    async def show_cards(self, view: TableView, *, force: bool = False) -> None:
        if not view.hand_running:
            if force:
                self.text.tell("no_cards", "red")
            return
        moment = (view.hand_number, len(view.board))
        if moment == self.cards_for and not force:
            return
        seat = self.client.my_seat(view)
        if seat is None or seat.state in NOT_IN_HAND or seat.state is SeatState.BUSTED:
            if force:
                self.text.tell("no_cards", "red")
            return
        self.cards_for = moment
        for outgoing in await self.client.send(MyCards()):
            if isinstance(outgoing.payload, HoleCards):
                self.text.private(outgoing.payload.view)

    def count_down(self) -> None:
        """Says the time left at 20, 10 and 5 seconds, while it is the player's turn."""
        view = self.client.view
        turn = view.turn if view is not None else None
        if turn is None or turn.deadline is None or turn.player_id != self.client.user.id:
            return
        if self.prompted != turn.token:
            return
        left = turn.deadline - time.time()
        for mark in COUNTDOWN:
            if left <= mark and mark not in self.told_left:
                self.told_left.update(m for m in COUNTDOWN if m >= mark)
                if left > 0:
                    self.text.tell("clock", "yellow", seconds=self.text.left(turn, time.time()))
                break

    def prompt_again(self) -> None:
        """The next read of the table prompts the turn again (a move was refused)."""
        self.prompted = None
