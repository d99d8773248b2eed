"""The `/poker` slash commands: each parses its options into a dealer verb and hands it on."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import msgspec
from discord import app_commands
from discord.app_commands import Choice, Range
from discord.app_commands import locale_str as _
from discord.ext import commands

from adapters.common.words import STRUCTURES, VARIANTS
from adapters.discord.poker import Poker
from chatdealer.dealer import (
    AddBot,
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
    Rebuy,
    Register,
    ShowTable,
    SitIn,
    SitOut,
    Start,
    Stop,
    Straddle,
    TableView,
    TopUp,
    Unregister,
    Verb,
)
from chatdealer.dealer.outgoing import TableShown
from chatdealer.table import TableSettings
from chatdealer.table.tournament import TournamentSettings

VARIANT_CHOICES = [
    Choice(name="Texas Hold'em", value="holdem"),
    Choice(name="Short deck (6+)", value="short"),
]
STRUCTURE_CHOICES = [
    Choice(name="No-limit", value="nl"),
    Choice(name="Pot-limit", value="pl"),
    Choice(name="Fixed-limit", value="fl"),
]
LANGUAGES = [
    Choice(name="English", value="en"),
    Choice(name="Русский", value="ru"),
    Choice(name="Български", value="bg"),
]
STYLES = [
    Choice(name="Balanced", value="balanced"),
    Choice(name="Tight", value="tight"),
    Choice(name="Loose", value="loose"),
]
TOURNAMENT_ACTIONS = [
    Choice(name="Open a sit-and-go", value="open"),
    Choice(name="Register", value="register"),
    Choice(name="Unregister", value="unregister"),
    Choice(name="Rebuy", value="rebuy"),
]

SETTING_DESCRIPTIONS = {
    "variant": _("Hold'em or short deck"),
    "structure": _("No-limit, pot-limit or fixed-limit"),
    "small_blind": _("Small blind"),
    "big_blind": _("Big blind (the small bet in fixed-limit)"),
    "seats": _("Seats at the table"),
    "min_buy_in": _("Smallest buy-in, in big blinds"),
    "max_buy_in": _("Largest buy-in, in big blinds"),
    "ante": _("Ante (0 for none)"),
    "straddles": _("Allow straddles"),
    "clock": _("Seconds to act"),
    "time_bank": _("Extra seconds once the clock runs out"),
    "language": _("The table's language"),
}

HELP = """**/poker** — a poker table in this channel
`/poker create` open a table (host) · `/poker join` sit down · `/poker start` deal
Buttons on the table message: **Fold**, **Check/Call**, **Raise** (a form with quick sizes), \
**All-in**, **My cards** (only you see them).
`/poker cards` your cards · `/poker sitout` / `/poker back` · `/poker topup` · `/poker leave`
`/poker table` post the table again · `/poker history` a finished hand · `/poker ledger` tonight
`/poker balance` · `/poker daily` · `/poker leaderboard` · `/poker addbot` · `/poker tournament`
`/poker settings` change stakes and clock (the host or members with Manage Channels)"""


def settings_changes(
    *,
    variant: str | None = None,
    structure: str | None = None,
    small_blind: int | None = None,
    big_blind: int | None = None,
    seats: int | None = None,
    min_buy_in: int | None = None,
    max_buy_in: int | None = None,
    ante: int | None = None,
    straddles: bool | None = None,
    clock: int | None = None,
    time_bank: int | None = None,
    language: str | None = None,
) -> dict[str, Any]:
    """The options given, as `TableSettings` fields (the big blind is the small bet in
    fixed-limit, and the big bet twice that)."""
    changes: dict[str, Any] = {}
    if variant is not None:
        changes["variant"] = VARIANTS[variant]
    if structure is not None:
        changes["structure"] = STRUCTURES[structure]
    if small_blind is not None:
        changes["small_blind"] = small_blind
    if big_blind is not None:
        changes["big_blind"] = big_blind
        changes["small_bet"] = big_blind
        changes["big_bet"] = 2 * big_blind
    for name, value in (
        ("seat_count", seats),
        ("min_buy_in_big_blinds", min_buy_in),
        ("max_buy_in_big_blinds", max_buy_in),
        ("ante", ante),
        ("straddles", straddles),
        ("action_seconds", clock),
        ("time_bank_seconds", time_bank),
        ("language", language),
    ):
        if value is not None:
            changes[name] = value
    return changes


class PokerCog(
    commands.GroupCog, group_name="poker", group_description=_("Play poker at this channel's table")
):
    def __init__(
        self, poker: Poker, *, sync_commands: bool = True, clock_interval: float = 0.5
    ) -> None:
        super().__init__()
        self.poker = poker
        self.sync_commands = sync_commands
        self.clock_interval = clock_interval
        self._stop = asyncio.Event()
        self._clock: asyncio.Task[None] | None = None

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Once logged in: the dealer's clock starts, and the commands are published."""
        if self._clock is None:
            self._clock = asyncio.create_task(self.poker.run_clock(self._stop, self.clock_interval))
            if self.sync_commands:
                await self.poker.client.tree.sync()  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        self._stop.set()
        if self._clock is not None:
            await self._clock
        await self.poker.close()

    async def _view(self, interaction: discord.Interaction[Any]) -> TableView | None:
        try:
            table = self.poker.table_of(interaction)
        except LookupError:
            return None
        out = await self.poker.dealer.handle(
            Command(table=table, user=self.poker.user_of(interaction), args=ShowTable())
        )
        return next((e.payload.view for e in out if isinstance(e.payload, TableShown)), None)

    async def _run(
        self, interaction: discord.Interaction[Any], args: Verb, *, public: bool = False
    ) -> None:
        await self.poker.command(interaction, args, public=public)

    # -- the table ---------------------------------------------------------------------------

    @app_commands.command(name="create", description=_("Open a cash table in this channel"))
    @app_commands.describe(**SETTING_DESCRIPTIONS)
    @app_commands.choices(variant=VARIANT_CHOICES, structure=STRUCTURE_CHOICES, language=LANGUAGES)
    async def create(
        self,
        interaction: discord.Interaction[Any],
        variant: str = "holdem",
        structure: str = "nl",
        small_blind: Range[int, 1, 1_000_000] | None = None,
        big_blind: Range[int, 1, 1_000_000] | None = None,
        seats: Range[int, 2, 10] | None = None,
        min_buy_in: Range[int, 1, 1000] | None = None,
        max_buy_in: Range[int, 1, 1000] | None = None,
        ante: Range[int, 0, 1_000_000] | None = None,
        straddles: bool | None = None,
        clock: Range[int, 5, 600] | None = None,
        time_bank: Range[int, 0, 3600] | None = None,
        language: str | None = None,
    ) -> None:
        changes = settings_changes(
            variant=variant,
            structure=structure,
            small_blind=small_blind,
            big_blind=big_blind,
            seats=seats,
            min_buy_in=min_buy_in,
            max_buy_in=max_buy_in,
            ante=ante,
            straddles=straddles,
            clock=clock,
            time_bank=time_bank,
            language=language or _language_of(interaction),
        )
        settings = msgspec.structs.replace(TableSettings(), **changes)
        await self._run(interaction, Create(settings=settings))

    @app_commands.command(
        name="settings", description=_("Change the table's settings (host or channel managers)")
    )
    @app_commands.describe(**SETTING_DESCRIPTIONS)
    @app_commands.choices(variant=VARIANT_CHOICES, structure=STRUCTURE_CHOICES, language=LANGUAGES)
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        variant: str | None = None,
        structure: str | None = None,
        small_blind: Range[int, 1, 1_000_000] | None = None,
        big_blind: Range[int, 1, 1_000_000] | None = None,
        seats: Range[int, 2, 10] | None = None,
        min_buy_in: Range[int, 1, 1000] | None = None,
        max_buy_in: Range[int, 1, 1000] | None = None,
        ante: Range[int, 0, 1_000_000] | None = None,
        straddles: bool | None = None,
        clock: Range[int, 5, 600] | None = None,
        time_bank: Range[int, 0, 3600] | None = None,
        language: str | None = None,
    ) -> None:
        view = await self._view(interaction)
        current = view.settings if view is not None and view.settings else TableSettings()
        changes = settings_changes(
            variant=variant,
            structure=structure,
            small_blind=small_blind,
            big_blind=big_blind,
            seats=seats,
            min_buy_in=min_buy_in,
            max_buy_in=max_buy_in,
            ante=ante,
            straddles=straddles,
            clock=clock,
            time_bank=time_bank,
            language=language,
        )
        settings = msgspec.structs.replace(current, **changes)
        await self._run(interaction, Configure(settings=settings))

    @app_commands.command(name="join", description=_("Sit down at the table"))
    @app_commands.describe(
        buy_in=_("Chips to bring (default: the table maximum)"),
        seat=_("Seat number"),
        wait_for_big_blind=_("Wait for the big blind before playing"),
    )
    async def join(
        self,
        interaction: discord.Interaction[Any],
        buy_in: Range[int, 1] | None = None,
        seat: Range[int, 1, 10] | None = None,
        wait_for_big_blind: bool = False,
    ) -> None:
        args = Join(
            buy_in=buy_in,
            seat=seat - 1 if seat is not None else None,
            wait_for_big_blind=wait_for_big_blind,
        )
        await self._run(interaction, args)

    @join.autocomplete("seat")
    async def free_seats(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[int]]:
        view = await self._view(interaction)
        if view is None or view.settings is None:
            return []
        taken = {seat.seat for seat in view.seats}
        free = [n for n in range(view.settings.seat_count) if n not in taken]
        return [
            Choice(name=str(n + 1), value=n + 1) for n in free if str(n + 1).startswith(current)
        ][:25]

    @app_commands.command(name="leave", description=_("Cash out and leave the table"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self._run(interaction, Leave())

    @app_commands.command(
        name="kick", description=_("Send a player away with their chips (host or channel managers)")
    )
    @app_commands.describe(member=_("The player to send away"))
    async def kick(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        await self._run(interaction, Kick(player_id=str(member.id)))

    @app_commands.command(
        name="stop",
        description=_("Close the table: everyone leaves with their chips (host or managers)"),
    )
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        await self._run(interaction, Stop())

    @app_commands.command(name="sitout", description=_("Sit out from the next hand"))
    async def sitout(self, interaction: discord.Interaction[Any]) -> None:
        await self._run(interaction, SitOut())

    @app_commands.command(name="back", description=_("Come back after sitting out"))
    @app_commands.describe(wait_for_big_blind=_("Wait for the big blind before playing"))
    async def back(
        self, interaction: discord.Interaction[Any], wait_for_big_blind: bool = False
    ) -> None:
        await self._run(interaction, SitIn(wait_for_big_blind=wait_for_big_blind))

    @app_commands.command(name="topup", description=_("Add chips from the bank to your stack"))
    @app_commands.describe(amount=_("Chips to add"))
    async def topup(self, interaction: discord.Interaction[Any], amount: Range[int, 1]) -> None:
        await self._run(interaction, TopUp(amount=amount))

    @app_commands.command(name="straddle", description=_("Straddle next hand"))
    async def straddle(self, interaction: discord.Interaction[Any]) -> None:
        await self._run(interaction, Straddle())

    @app_commands.command(name="start", description=_("Deal the first hand"))
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self._run(interaction, Start())

    @app_commands.command(name="cards", description=_("Show your hole cards (only you see them)"))
    async def cards(self, interaction: discord.Interaction[Any]) -> None:
        await self._run(interaction, MyCards())

    @app_commands.command(
        name="table", description=_("Post the table again at the bottom of the channel")
    )
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        await self.poker.repost(interaction)

    @app_commands.command(name="history", description=_("A finished hand's history"))
    @app_commands.describe(number=_("Hand number (default: the last one)"))
    async def history(
        self, interaction: discord.Interaction[Any], number: Range[int, 1] | None = None
    ) -> None:
        await self._run(interaction, LastHand(number=number), public=True)

    @history.autocomplete("number")
    async def recent_hands(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[int]]:
        view = await self._view(interaction)
        if view is None or not view.hand_number:
            return []
        last = view.hand_number - (1 if view.hand_running else 0)
        numbers = range(last, max(0, last - 200), -1)
        return [Choice(name=f"#{n}", value=n) for n in numbers if str(n).startswith(current)][:25]

    # -- the bank ----------------------------------------------------------------------------

    @app_commands.command(name="balance", description=_("Your bank balance and stats"))
    async def balance(self, interaction: discord.Interaction[Any]) -> None:
        await self._run(interaction, Balance())

    @app_commands.command(name="daily", description=_("Claim your daily chips"))
    async def daily(self, interaction: discord.Interaction[Any]) -> None:
        await self._run(interaction, Daily())

    @app_commands.command(name="leaderboard", description=_("The community's biggest winners"))
    @app_commands.describe(top=_("How many players to show"))
    async def leaderboard(
        self, interaction: discord.Interaction[Any], top: Range[int, 1, 50] = 10
    ) -> None:
        await self._run(interaction, Leaderboard(top=top), public=True)

    @app_commands.command(name="ledger", description=_("Tonight's ledger and your bank movements"))
    async def ledger(self, interaction: discord.Interaction[Any]) -> None:
        await self._run(interaction, Ledger(), public=True)

    # -- tournaments and bots ----------------------------------------------------------------

    @app_commands.command(
        name="tournament",
        description=_("Sit-and-go tournaments: open, register, unregister, rebuy"),
    )
    @app_commands.describe(
        action=_("What to do"),
        buy_in=_("Tournament buy-in"),
        starting_stack=_("Chips each player starts with"),
        variant=_("Hold'em or short deck"),
        structure=_("No-limit, pot-limit or fixed-limit"),
        seats=_("Seats at the table"),
    )
    @app_commands.choices(
        action=TOURNAMENT_ACTIONS, variant=VARIANT_CHOICES, structure=STRUCTURE_CHOICES
    )
    async def tournament(
        self,
        interaction: discord.Interaction[Any],
        action: str,
        buy_in: Range[int, 0, 1_000_000] | None = None,
        starting_stack: Range[int, 10, 10_000_000] | None = None,
        variant: str = "holdem",
        structure: str = "nl",
        seats: Range[int, 2, 10] | None = None,
    ) -> None:
        args: Verb
        if action == "open":
            changes: dict[str, Any] = {
                "variant": VARIANTS[variant],
                "structure": STRUCTURES[structure],
                "language": _language_of(interaction),
            }
            if buy_in is not None:
                changes["buy_in"] = buy_in
            if starting_stack is not None:
                changes["starting_stack"] = starting_stack
            if seats is not None:
                changes["seat_count"] = seats
            settings = msgspec.structs.replace(TournamentSettings(), **changes)
            args = CreateTournament(settings=settings)
        elif action == "register":
            args = Register()
        elif action == "unregister":
            args = Unregister()
        else:
            args = Rebuy()
        await self._run(interaction, args)

    @app_commands.command(name="addbot", description=_("Seat a bot player"))
    @app_commands.describe(
        style=_("How the bot plays"), buy_in=_("Chips to bring (default: the table maximum)")
    )
    @app_commands.choices(style=STYLES)
    async def addbot(
        self,
        interaction: discord.Interaction[Any],
        style: str = "balanced",
        buy_in: Range[int, 1] | None = None,
    ) -> None:
        await self._run(interaction, AddBot(style=style, buy_in=buy_in))

    @app_commands.command(name="help", description=_("How to play with the dealer"))
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(HELP, ephemeral=True)


def _language_of(interaction: discord.Interaction[Any]) -> str:
    """A new table speaks the server's language when the dealer knows it."""
    locale = interaction.guild_locale or interaction.locale
    code = str(locale.value if locale is not None else "en").split("-")[0]
    return code if code in ("en", "ru", "bg") else "en"
