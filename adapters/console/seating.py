"""Sitting down at the local table, and getting chips again after losing them.

The host's terminal opens the table (a cash table, or a sit-and-go with `--tournament`), sits
the player down and seats (or registers) the bots; a second terminal only sits down. A player
short of chips gets their daily chips when they are due, and is otherwise told when they come
and may watch: nobody is turned away from the program for want of chips. After busting at a
cash table the player is offered a top-up from the bank.
"""

from __future__ import annotations

from adapters.common.catalog import ArgumentError, Platform, Situation, error_text
from adapters.common.words import BOT_STYLES, STRUCTURES, VARIANTS
from adapters.console.client import Client, refusal
from adapters.console.commands import Typed
from adapters.console.options import ConsoleOptions
from adapters.console.text import Text
from chatdealer.dealer import (
    AddBot,
    Create,
    CreateTournament,
    Daily,
    Join,
    Register,
    Start,
    TableView,
)
from chatdealer.dealer.outgoing import DailyClaimed, Notice, Refused
from chatdealer.dealer.seated_bots import BOT_SUFFIX, is_bot
from chatdealer.render import refusal_text
from chatdealer.render.accounts import daily_text
from chatdealer.table import TableSettings


class Seating:
    def __init__(self, client: Client, text: Text, typed: Typed, options: ConsoleOptions) -> None:
        self.client = client
        self.text = text
        self.typed = typed
        self.options = options

    def refused(self, refused: Refused) -> None:
        lang = self.text.language
        self.text.say(refusal_text(lang, refused.code, refused.params, refused.text), "red")

    async def sit_down(self) -> bool:
        """True when the session may go on (seated, registered or watching)."""
        client, options = self.client, self.options
        balance = await client.balance()
        self.text.tell("bank", "bold", name=client.user.name, chips=self.text.words.chips(balance))
        if not options.join and not await self.open_table():
            return False
        view = await client.fresh_view()
        if view is None:
            self.text.tell("no_table", "red", table=options.table)
            return False
        if view.settings is not None:
            self.text.speak(view.settings.language)
        if view.tournament is not None:
            await self.register(view)
        elif client.my_seat(view) is None:
            await self.join(view)
        if not options.join:
            await self.seat_bots(view)
            if view.tournament is None:
                await client.send(Start())  # refused while a hand runs: hands simply go on
            else:
                await self.typed.follower.show_events()  # the registrations, then what next
                self.text.tell("registered_start", "bold")
        return True

    async def open_table(self) -> bool:
        opening = await self.opening()
        if opening is None:
            return False
        out = await self.client.send(opening)
        for outgoing in out:  # a new table's opening is not in its event stream
            if isinstance(outgoing.payload, Notice) and outgoing.payload.code.endswith("_created"):
                self.text.payload(outgoing.payload, "bold")
        refused = refusal(out)
        if refused is not None and refused.code != "table_exists":
            self.refused(refused)
            return False
        return True

    async def opening(self) -> Create | CreateTournament | None:
        """The verb that opens the table; None when `--tournament`'s options are wrong (said)."""
        options = self.options
        if options.tournament is None:
            return Create(settings=self.cash_settings())
        arguments = f"tournament open {options.tournament}".strip()
        language = options.language or "en"
        try:
            parsed = self.typed.read(arguments)
            outcome = parsed.build(Situation(language=language, user_id=self.client.user.id))
        except ArgumentError as problem:
            self.text.say(error_text(problem, Platform.TERMINAL, self.text.code), "red")
            return None
        assert isinstance(outcome, CreateTournament)
        return outcome

    def cash_settings(self) -> TableSettings:
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
            language=options.language or "en",
        )

    async def join(self, view: TableView) -> None:
        buy_in = self.options.buy_in
        refused = refusal(await self.client.send(Join(buy_in=buy_in)))
        if refused is not None and refused.code == "insufficient_balance":
            claimed = await self.claim_daily()
            if claimed is not None:
                refused = refusal(await self.client.send(Join(buy_in=buy_in)))
            else:
                refused = None  # told when the daily chips come; the player watches
        if refused is not None:
            self.refused(refused)

    async def register(self, view: TableView) -> None:
        tournament = view.tournament
        if tournament is None or tournament.phase != "registering":
            return
        if self.client.registered(view):
            return
        refused = refusal(await self.client.send(Register()))
        if refused is not None:
            self.refused(refused)

    async def claim_daily(self, *, busted: bool = False) -> DailyClaimed | None:
        """The daily chips, when due; otherwise the player is told when they come."""
        out = await self.client.send(Daily())
        for outgoing in out:
            if isinstance(outgoing.payload, DailyClaimed):
                self.text.say(daily_text(outgoing.payload, self.text.language), "bold")
                return outgoing.payload
        refused = refusal(out)
        view = self.client.view
        settings = view.settings if view is not None else None
        minimum = settings.min_buy_in if settings is not None else 0
        if refused is not None and refused.code == "daily_too_soon":
            balance = self.text.words.chips(await self.client.balance())
            wait = self.text.words.wait(str(refused.params.get("wait", "")))
            key = "busted_wait" if busted else "short_wait"
            self.text.tell(key, "bold", balance=balance, minimum=minimum, wait=wait)
        elif refused is not None:
            self.refused(refused)
        return None

    async def seat_bots(self, view: TableView) -> None:
        seated = sum(1 for seat in view.seats if is_bot(seat.player_id))
        if view.tournament is not None:
            seated = sum(1 for name in view.tournament.entrants if name.endswith(BOT_SUFFIX))
        for number in range(seated, self.options.bots):
            style = BOT_STYLES[number % len(BOT_STYLES)]
            refused = refusal(await self.client.send(AddBot(style=style)))
            if refused is not None:
                self.refused(refused)
                break

    async def busted(self, view: TableView) -> None:
        """Out of chips at a cash table: a top-up from the bank, with the daily chips first
        when the bank is short."""
        settings = view.settings
        if settings is None:
            return
        balance = await self.client.balance()
        if balance < settings.min_buy_in:
            claimed = await self.claim_daily(busted=True)
            if claimed is None:
                return
            balance = claimed.balance
        words = self.text.words
        most = min(settings.max_buy_in, balance)
        self.text.tell(
            "busted_rebuy",
            "bold",
            balance=words.chips(balance),
            most=most,
            minimum=settings.min_buy_in,
        )
