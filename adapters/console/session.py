"""One person's session at the local table: sit down, follow the table, type, and leave.

However the session ends, typed `quit`, end of input, Ctrl-C, SIGTERM or a terminal that hung
up, the seat is left the one way: at once between hands, or at the end of the hand being
played (the player's turns till then are checked or folded at once, so the bots finish it),
and the chips are back in the bank before the program exits. In a tournament, which cannot be
left once it runs, a registration is taken back before the start, and later the player sits
out (their hands are folded) until they come back.
"""

from __future__ import annotations

import asyncio
import time

from adapters.console.acting import LineActor
from adapters.console.client import Client, refusal
from adapters.console.commands import Typed
from adapters.console.follow import Follower
from adapters.console.options import ConsoleOptions, channel_of, player_part
from adapters.console.reader import Ended, LineReader
from adapters.console.seating import Seating
from adapters.console.text import Text
from chatdealer.dealer import Act, ActionName, Dealer, Leave, SitOut, TableView, Unregister, User
from chatdealer.dealer.views import SeatState
from chatdealer.render import refusal_text
from chatdealer.store import TableId

COMMUNITY = "local"
LEAVE_WAIT = 120.0
"""How long leaving waits for the hand being played to end (the bots play it out)."""
IN_HAND = frozenset({SeatState.PLAYING, SeatState.ALL_IN})
STOP_WAIT = 5.0
"""How long the session waits for its following and acting tasks to end once stopped."""


def table_id_of(options: ConsoleOptions) -> TableId:
    return TableId("console", COMMUNITY, channel_of(options.table))


class LocalTable:
    def __init__(
        self, dealer: Dealer, options: ConsoleOptions, text: Text, reader: LineReader
    ) -> None:
        self.options = options
        self.text = text
        self.reader = reader
        user = User(  # the terminal's own user runs the room
            id=f"player-{player_part(options.name)}", name=options.name, admin=True
        )
        self.client = Client(dealer, table_id_of(options), user)
        self.follower = Follower(self.client, text, self.busted)
        self.typed = Typed(self.client, text, self.follower)
        self.seating = Seating(self.client, text, self.typed, options)

    async def busted(self, view: TableView) -> None:
        await self.seating.busted(view)

    async def run(self) -> int:
        self.reader.start()
        self.text.on_dead = lambda: self.reader.end("terminal")
        try:
            return await self._run()
        finally:
            self.reader.stop()

    async def _run(self) -> int:
        await self.follower.skip_old_events()
        if not await self.seating.sit_down():
            return 1
        self.text.tell("type_help", "dim")
        stop = asyncio.Event()
        supervisor = self.client.dealer.supervisor
        follow = supervisor.start("terminal table", lambda: self.follower.run(stop), stop)
        actor = LineActor(self.typed.typed)
        acting = supervisor.start("terminal input", actor.run, stop)
        try:
            while True:
                item = await self.reader.next()
                if isinstance(item, Ended) or self.typed.wants_quit(item):
                    await actor.finish()
                    break
                actor.put(item)
        finally:
            stop.set()
            for task in (acting, follow):
                task.cancel()
            # Bounded: a task that did not end still lets the session leave its seat.
            await asyncio.wait((acting, follow), timeout=STOP_WAIT)
        await self.leave()
        return 0

    async def leave(self) -> None:
        """Leaves the seat (or the tournament) and says what is in the bank."""
        client = self.client
        self.follower.leaving = True
        view = await client.fresh_view()
        if view is not None and view.tournament is not None:
            await self._leave_tournament(view)
        elif view is not None and client.my_seat(view) is not None:
            await self._leave_seat(view)
        balance = await client.balance()
        self.text.tell("goodbye", "bold", chips=self.text.words.chips(balance))

    async def _leave_seat(self, view: TableView) -> None:
        client = self.client
        seat = client.my_seat(view)
        in_hand = view.hand_running and seat is not None and seat.state in IN_HAND
        self.text.tell("leaving" if in_hand else "leaving_now", "dim")
        refused = refusal(await client.send(Leave()))
        if refused is not None and refused.code not in ("not_seated", "already_leaving"):
            self.say_refused(refused.code, refused.params, refused.text)
        deadline = time.monotonic() + LEAVE_WAIT
        while time.monotonic() < deadline:
            await self.follower.show_events()
            view_now = await client.fresh_view()
            if view_now is None or client.my_seat(view_now) is None:
                # The hand may have ended since the events were shown: its end is told too.
                await self.follower.show_events()
                return
            turn = view_now.turn
            if turn is not None and turn.player_id == client.user.id:
                action: ActionName = "check" if turn.can_check else "fold"
                await client.send(Act(action=action, token=turn.token))
                continue
            await asyncio.sleep(0.2)

    async def _leave_tournament(self, view: TableView) -> None:
        client = self.client
        tournament = view.tournament
        assert tournament is not None
        if tournament.phase == "registering":
            if client.registered(view):
                await client.send(Unregister())
        elif client.my_seat(view) is not None and not self.follower.over:
            await client.send(SitOut())
        await self.follower.show_events()

    def say_refused(self, code: str, params: dict[str, object], fallback: str) -> None:
        self.text.say(refusal_text(self.text.language, code, params, fallback), "red")
