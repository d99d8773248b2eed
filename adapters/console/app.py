"""The terminal program: one person at the local table, bots around them, the clock running.

Everything goes through the dealer service as any chat adapter does: commands in, events out.
What the table does is read back from its event stream in Redis, so a second terminal (`--join`)
sees the same hands; hole cards are asked for privately (`cards`) as each hand and street begins.
The timer loop runs in this process too, so bots move and an idle player's clock runs out.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import msgspec

from adapters.common.words import STRUCTURES, VARIANTS
from adapters.console.moves import (
    BALANCE,
    CARDS,
    HELP,
    HELP_WORDS,
    QUIT,
    TABLE,
    BadInput,
    is_betting,
    read_move,
)
from adapters.console.text import Painter, Text
from chatdealer.dealer import (
    Act,
    AddBot,
    Balance,
    Command,
    Create,
    Daily,
    Dealer,
    Join,
    Leave,
    MyCards,
    Outgoing,
    ShowTable,
    Start,
    TableView,
    User,
    Verb,
    open_dealer,
)
from chatdealer.dealer.outgoing import (
    AnyPayload,
    BalanceShown,
    DailyClaimed,
    HandOver,
    HoleCards,
    Notice,
    PotWon,
    Refused,
    TableShown,
)
from chatdealer.dealer.seated_bots import is_bot
from chatdealer.store import TableId
from chatdealer.table import TableSettings

BOT_STYLES = ("balanced", "tight", "loose")
COMMUNITY = "local"
LEAVE_WAIT = 120.0
"""How long quitting waits for the hand being played to end (the bots play it out)."""

_payloads = msgspec.json.Decoder(list[AnyPayload])


@dataclass(frozen=True, slots=True)
class ConsoleOptions:
    name: str
    join: bool = False
    variant: str = "holdem"
    structure: str = "nl"
    bots: int = 3
    clock: int = 30
    time_bank: int = 30
    bot_delay: float = 1.0
    next_hand_delay: float = 3.0
    seed: int | None = None
    table: str = "table"
    data_dir: Path | None = None
    redis_url: str | None = None


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--name", help="your name at the table (default: your login)")
    parser.add_argument(
        "--join", action="store_true", help="sit at the table another terminal opened"
    )
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="holdem")
    parser.add_argument(
        "--structure", choices=sorted(STRUCTURES), default="nl", help="no-, pot- or fixed-limit"
    )
    parser.add_argument("--bots", type=int, default=3, help="bot players to seat (default 3)")
    parser.add_argument("--clock", type=int, default=30, help="seconds to act (5 to 600)")
    parser.add_argument("--time-bank", type=int, default=30, help="extra seconds, once used up")
    parser.add_argument("--bot-delay", type=float, default=1.0, help="seconds a bot thinks")
    parser.add_argument("--next-hand-delay", type=float, default=3.0, help="seconds between hands")
    parser.add_argument("--seed", type=int, help="seed the bots' choices (decks stay random)")
    parser.add_argument("--table", default="table", help="which local table (default: table)")
    parser.add_argument(
        "--data-dir", type=Path, help="where the embedded Redis keeps its data (default: XDG)"
    )


def options_from(args: argparse.Namespace) -> ConsoleOptions:
    name = args.name or ("guest" if args.join else _login())
    return ConsoleOptions(
        name=name,
        join=args.join,
        variant=args.variant,
        structure=args.structure,
        bots=max(0, min(args.bots, 8)),
        clock=args.clock,
        time_bank=args.time_bank,
        bot_delay=args.bot_delay,
        next_hand_delay=args.next_hand_delay,
        seed=args.seed,
        table=args.table,
        data_dir=args.data_dir,
        redis_url=os.environ.get("REDIS_URL") or None,
    )


def _login() -> str:
    try:
        return getpass.getuser() or "player"
    except (KeyError, OSError):
        return "player"


def play(options: ConsoleOptions, out: TextIO | None = None) -> int:
    """Runs the local table until the player quits; the exit status."""
    stream = out or sys.stdout
    painter = Painter.for_stream(stream)
    try:
        return asyncio.run(_play(options, stream, painter))
    except KeyboardInterrupt:
        return 130


async def _play(options: ConsoleOptions, out: TextIO, painter: Painter) -> int:
    async with open_dealer(
        options.redis_url,
        data_dir=options.data_dir,
        next_hand_delay=options.next_hand_delay,
        bot_delay=options.bot_delay,
        bot_seed=options.seed,
    ) as dealer:
        stop = asyncio.Event()
        timers = asyncio.create_task(dealer.run_timers(stop, interval=0.1, platforms={"console"}))
        table = LocalTable(dealer, options, Text(out, painter))
        try:
            status = await table.run()
        finally:
            stop.set()
            await timers
    return status


class LocalTable:
    def __init__(self, dealer: Dealer, options: ConsoleOptions, text: Text) -> None:
        self.dealer = dealer
        self.options = options
        self.text = text
        self.table_id = TableId("console", COMMUNITY, _part(options.table))
        self.user = User(  # the terminal's own user runs the room
            id=f"player-{_part(options.name.lower())}", name=options.name, admin=True
        )
        self.view: TableView | None = None
        self.after: str | None = None
        self.prompted: object = None
        self.cards_for: tuple[int, int] | None = None
        self.lines: asyncio.Queue[str | None] = asyncio.Queue()

    # -- the session ------------------------------------------------------------------------

    async def run(self) -> int:
        if not await self.sit_down():
            return 1
        self.text.say("Type help for the commands.", "dim")
        follow = asyncio.create_task(self.follow())
        loop = asyncio.get_running_loop()
        fd = sys.stdin.fileno()
        loop.add_reader(fd, self._read_line)
        try:
            while True:
                line = await self.lines.get()
                if line is None or line.strip().lower() in QUIT:
                    break
                await self.typed(line.strip())
        finally:
            loop.remove_reader(fd)
        await self.quit()
        follow.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await follow
        return 0

    def _read_line(self) -> None:
        line = sys.stdin.readline()
        self.lines.put_nowait(line if line else None)

    async def sit_down(self) -> bool:
        await self._skip_old_events()
        balance = await self.balance()
        self.text.say(f"{self.user.name}, you have {balance:,} chips in the bank.", "bold")
        if not self.options.join:
            out = await self.send(Create(settings=self.settings()))
            refused = _refusal(out)
            if refused is not None and refused.code != "table_exists":
                self.text.say(refused.text, "red")
                return False
        view = await self.fresh_view()
        if view is None:
            self.text.say("There's no table to join: start one with chatdealer play", "red")
            return False
        if not any(seat.player_id == self.user.id for seat in view.seats):
            refused = _refusal(await self.send(Join()))
            if refused is not None and refused.code == "insufficient_balance":
                self.text.say(refused.text, "red")
                refused = await self.claim_daily() or _refusal(await self.send(Join()))
            if refused is not None:
                self.text.say(refused.text, "red")
                return False
        if not self.options.join:
            await self.seat_bots()
            await self.send(Start())  # refused while a hand runs: hands then simply continue
        return True

    async def claim_daily(self) -> Refused | None:
        """A player back with too few chips to sit down gets their daily chips, if due."""
        out = await self.send(Daily())
        for outgoing in out:
            if isinstance(outgoing.payload, DailyClaimed):
                claimed = outgoing.payload
                amount, balance = f"{claimed.amount:,}", f"{claimed.balance:,}"
                self.text.say(f"Here are your daily {amount} chips: {balance} in the bank.", "bold")
        return _refusal(out)

    def settings(self) -> TableSettings:
        options = self.options
        return TableSettings(
            variant=VARIANTS[options.variant],
            structure=STRUCTURES[options.structure],
            small_blind=5,
            big_blind=10,
            small_bet=10,
            big_bet=20,
            seat_count=max(2, options.bots + 2),
            action_seconds=options.clock,
            time_bank_seconds=options.time_bank,
        )

    async def seat_bots(self) -> None:
        view = await self.fresh_view()
        seated = sum(1 for seat in view.seats if is_bot(seat.player_id)) if view else 0
        for number in range(seated, self.options.bots):
            style = BOT_STYLES[number % len(BOT_STYLES)]
            refused = _refusal(await self.send(AddBot(style=style)))
            if refused is not None:
                self.text.say(refused.text, "red")
                break

    async def quit(self) -> None:
        """Folds a hand in progress, leaves, and waits for the chips to reach the bank."""
        view = await self.fresh_view()
        turn = view.turn if view is not None else None
        if turn is not None and turn.player_id == self.user.id and not turn.can_check:
            await self.send(Act(action="fold", token=turn.token))
        refused = _refusal(await self.send(Leave()))
        if refused is not None and refused.code != "not_seated":
            self.text.say(refused.text, "red")
        deadline = time.monotonic() + LEAVE_WAIT
        while time.monotonic() < deadline:
            await self.show_events()
            view = await self.fresh_view()
            if view is None or all(seat.player_id != self.user.id for seat in view.seats):
                break
            await asyncio.sleep(0.2)
        balance = await self.balance()
        self.text.say(f"You have {balance:,} chips in the bank. Goodbye!", "bold")

    # -- typed commands ---------------------------------------------------------------------

    async def typed(self, line: str) -> None:
        if not line:
            return
        word = line.lower().split()[0]
        if word in HELP_WORDS:
            self.text.say(HELP)
        elif word in TABLE:
            await self.show_table()
        elif word in CARDS:
            await self.show_cards(force=True)
        elif word in BALANCE:
            self.text.say(f"Bank: {await self.balance():,} chips")
        elif is_betting(word):
            await self.bet(line)
        else:
            self.text.say(f"I don't know {word!r}: type help for the commands", "red")

    async def bet(self, line: str) -> None:
        view = await self.fresh_view()
        turn = view.turn if view is not None else None
        if view is None or turn is None or turn.player_id != self.user.id:
            self.text.say("It's not your turn", "red")
            return
        try:
            move = read_move(line, view, turn)
        except BadInput as problem:
            self.text.say(str(problem), "red")
            return
        out = await self.send(Act(action=move.action, amount=move.amount, token=turn.token))
        refused = _refusal(out)
        if refused is not None:
            self.text.say(refused.text, "red")
            self.prompted = None
        await self.show_events()

    # -- what the table does ----------------------------------------------------------------

    async def follow(self) -> None:
        while True:
            try:
                await self.show_events()
            except (OSError, ValueError) as problem:
                self.text.say(f"(lost the table for a moment: {problem})", "dim")
            await asyncio.sleep(0.1)

    async def show_events(self) -> None:
        events = await self.dealer.store.tables.events(self.table_id, after=self.after)
        if not events:
            return
        for event in events:
            self.after = event.id
            for payload in _payloads.decode(event.payload):
                self.show(payload)
        view = await self.fresh_view()
        if view is None:
            return
        await self.show_cards()
        turn = view.turn
        if turn is not None and turn.player_id == self.user.id and self.prompted != turn.token:
            self.prompted = turn.token
            self.text.table(view)
            self.text.your_turn(view, turn)

    def show(self, payload: AnyPayload) -> None:
        if isinstance(payload, TableShown | HoleCards):
            return
        if isinstance(payload, HandOver):
            self.text.hand_over(payload, self.user.id)
            return
        colour = "green" if isinstance(payload, PotWon) else None
        if isinstance(payload, Notice) and self.user.name in payload.text:
            colour = "bold"
        self.text.payload(payload, colour)

    async def show_cards(self, *, force: bool = False) -> None:
        view = self.view
        if view is None or not view.hand_running:
            if force:
                self.text.say("You have no cards: you're not in a hand", "red")
            return
        moment = (view.hand_number, len(view.board))
        if moment == self.cards_for and not force:
            return
        mine = [s for s in view.seats if s.player_id == self.user.id]
        if not mine or mine[0].state.value in ("folded", "waiting", "sitting_out", "busted"):
            return
        self.cards_for = moment
        for outgoing in await self.send(MyCards()):
            if isinstance(outgoing.payload, HoleCards):
                self.text.private(outgoing.payload.view)

    async def show_table(self) -> None:
        view = await self.fresh_view()
        if view is not None:
            self.text.table(view)

    # -- talking to the dealer --------------------------------------------------------------

    async def send(self, args: Verb) -> list[Outgoing]:
        return await self.dealer.handle(Command(table=self.table_id, user=self.user, args=args))

    async def fresh_view(self) -> TableView | None:
        out = await self.dealer.handle(
            Command(table=self.table_id, user=self.user, args=ShowTable())
        )
        for outgoing in out:
            if isinstance(outgoing.payload, TableShown):
                self.view = outgoing.payload.view
                return self.view
        return None

    async def balance(self) -> int:
        out = await self.dealer.handle(Command(table=self.table_id, user=self.user, args=Balance()))
        for outgoing in out:
            if isinstance(outgoing.payload, BalanceShown):
                return outgoing.payload.balance
        return 0

    async def _skip_old_events(self) -> None:
        while True:
            events = await self.dealer.store.tables.events(self.table_id, after=self.after)
            if not events:
                return
            self.after = events[-1].id


def _refusal(out: list[Outgoing]) -> Refused | None:
    for outgoing in out:
        if isinstance(outgoing.payload, Refused):
            return outgoing.payload
    return None


def _part(text: str) -> str:
    cleaned = "".join("-" if ch in ":{}\r\n\t " else ch for ch in text.strip())
    return cleaned or "player"
