"""Sit-and-go tournaments: registration, rising blinds, eliminations and prizes (RULES.md §9).

A tournament runs one table in tournament mode: everyone starts with the same stack, the button
is drawn by high card [002][004], blinds rise by the schedule between hands [002], and a player
who loses all their chips is out [std] — unless the tournament offers rebuys and they rebuy
before the next hand is dealt. Players busting in the same hand finish in the order of the
stacks they started it with, the bigger stack higher; equal stacks share the place and its
prize. Prizes are worked out when the winner is known, so rebuys made late still count.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from itertools import groupby

import msgspec

from chatdealer.engine.config import BettingStructure, Variant
from chatdealer.engine.stored import Stored
from chatdealer.table.events import (
    AnyEvent,
    LevelChanged,
    Placing,
    PlayerBusted,
    PlayerEliminated,
    PlayerRegistered,
    PlayerUnregistered,
    Rebought,
    RebuyOffered,
    TournamentFinished,
    TournamentStarted,
)
from chatdealer.table.limits import Chips, SmallCount, Word
from chatdealer.table.payouts import prizes, split_places
from chatdealer.table.refusals import TableError
from chatdealer.table.schedule import BlindSchedule
from chatdealer.table.settings import MAX_SEATS, MIN_SEATS, TableSettings
from chatdealer.table.table import Table


class TournamentPhase(Enum):
    REGISTERING = "registering"
    RUNNING = "running"
    FINISHED = "finished"


class TournamentSettings(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    variant: Variant = Variant.HOLDEM
    straight_beats_trips: bool = False
    structure: BettingStructure = BettingStructure.NO_LIMIT
    seat_count: int = 9
    starting_stack: Chips = 1500
    buy_in: Chips = 100  # play money each entry and rebuy adds to the prize pool
    schedule: BlindSchedule = msgspec.field(default_factory=BlindSchedule.regular)
    rebuy_levels: SmallCount = 0  # rebuys are open while the level is at most this (0: none)
    max_rebuys: SmallCount = 1  # per player
    late_levels: SmallCount = 0
    """Late registration: players may still register while the level is at most this (0: no
    late registration); a late entrant takes a free seat and is dealt in at the big blind."""
    action_seconds: int = 30
    time_bank_seconds: int = 60
    language: Word = "en"
    open_deck: bool = False
    """Open the whole deck after every hand (`TableSettings.open_deck`)."""

    def table_settings(self, level_index: int) -> TableSettings:
        """The table's stakes at a level; in fixed-limit the big blind is the small bet."""
        level = self.schedule.levels[level_index]
        fixed = self.structure is BettingStructure.FIXED_LIMIT
        return TableSettings(
            variant=self.variant,
            straight_beats_trips=self.straight_beats_trips,
            structure=self.structure,
            small_blind=level.small_blind,
            big_blind=level.big_blind,
            small_bet=level.big_blind if fixed else 2,
            big_bet=2 * level.big_blind if fixed else 4,
            ante=level.ante,
            big_blind_ante=self.schedule.big_blind_ante,
            seat_count=self.seat_count,
            action_seconds=self.action_seconds,
            time_bank_seconds=self.time_bank_seconds,
            language=self.language,
            open_deck=self.open_deck,
        )

    def validate(self) -> None:
        if not MIN_SEATS <= self.seat_count <= MAX_SEATS:
            raise TableError("seat_count_range", count=self.seat_count)
        self.schedule.validate()
        for index in range(len(self.schedule.levels)):
            self.table_settings(index).validate(cash=False)
        minimum = 2 * self.schedule.levels[0].big_blind
        if self.starting_stack < minimum:
            raise TableError("starting_stack_too_small", minimum=minimum)
        if self.buy_in < 0:
            raise TableError("buy_in_not_positive")


class Entrant(msgspec.Struct, gc=False, frozen=True, array_like=True):
    player_id: str
    name: str


class Bust(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    player_id: str
    name: str
    seat: int
    starting_stack: int  # at the start of the hand they busted in


class Tournament(Stored, kw_only=True):
    settings: TournamentSettings
    phase: TournamentPhase = TournamentPhase.REGISTERING
    entrants: list[Entrant] = msgspec.field(default_factory=list)
    table: Table | None = None
    started_at: float = 0.0
    level: int = 0  # index into the schedule of the level in force
    rebuys: dict[str, int] = msgspec.field(default_factory=dict)
    awaiting_rebuy: list[Bust] = msgspec.field(default_factory=list)
    placings: list[Placing] = msgspec.field(default_factory=list)  # worst first; at the end, best
    prize_pool: int = 0

    @classmethod
    def create(cls, settings: TournamentSettings) -> Tournament:
        settings.validate()
        return cls(settings=settings)

    # -- registration ------------------------------------------------------------------------

    def register(self, player_id: str, name: str) -> list[AnyEvent]:
        if self.phase is TournamentPhase.RUNNING and self.settings.late_levels:
            return self._register_late(player_id, name)
        if self.phase is not TournamentPhase.REGISTERING:
            raise TableError("registration_closed")
        if any(entrant.player_id == player_id for entrant in self.entrants):
            raise TableError("already_registered")
        if len(self.entrants) >= self.settings.seat_count:
            raise TableError("tournament_full", count=self.settings.seat_count)
        self.entrants.append(Entrant(player_id, name))
        return [PlayerRegistered(player_id=player_id, name=name, entrants=len(self.entrants))]

    def _register_late(self, player_id: str, name: str) -> list[AnyEvent]:
        """A seat for a late entrant with the starting stack, while the late levels last; they
        wait for the big blind to reach them rather than post one out of turn, so a late entry
        costs no more than the buy-in [002]."""
        table = self._running_table()
        settings = self.settings
        if self.level + 1 > settings.late_levels:
            raise TableError("late_registration_over", levels=settings.late_levels)
        if any(entrant.player_id == player_id for entrant in self.entrants):
            raise TableError("already_registered")
        free = [seat for seat in range(settings.seat_count) if table.seats[seat] is None]
        if not free:
            raise TableError("tournament_full", count=settings.seat_count)
        table.seat_player(
            player_id, name, settings.starting_stack, free[0], wait_for_big_blind=True
        )
        self.entrants.append(Entrant(player_id, name))
        self.prize_pool += settings.buy_in
        return [PlayerRegistered(player_id=player_id, name=name, entrants=len(self.entrants))]

    def unregister(self, player_id: str) -> list[AnyEvent]:
        if self.phase is not TournamentPhase.REGISTERING:
            raise TableError("registration_closed")
        kept = [entrant for entrant in self.entrants if entrant.player_id != player_id]
        if len(kept) == len(self.entrants):
            raise TableError("not_registered")
        self.entrants = kept
        return [PlayerUnregistered(player_id=player_id, entrants=len(kept))]

    def start(self, now: float) -> list[AnyEvent]:
        """Seat the entrants in the order they registered, each with the starting stack."""
        if self.phase is not TournamentPhase.REGISTERING:
            raise TableError("registration_closed")
        if len(self.entrants) < 2:
            raise TableError("too_few_entrants", count=len(self.entrants))
        settings = self.settings
        table = Table.open(settings.table_settings(0), now, tournament=True)
        for seat, entrant in enumerate(self.entrants):
            table.seat_player(entrant.player_id, entrant.name, settings.starting_stack, seat)
        self.table = table
        self.started_at = float(now)
        self.level = 0
        self.prize_pool = settings.buy_in * len(self.entrants)
        self.phase = TournamentPhase.RUNNING
        return [
            TournamentStarted(
                players=tuple(entrant.player_id for entrant in self.entrants),
                starting_stack=settings.starting_stack,
                prize_pool=self.prize_pool,
            ),
            self._level_event(),
        ]

    # -- play --------------------------------------------------------------------------------

    def deal(
        self, deck: Sequence[int], now: float, draw: Sequence[int] | None = None
    ) -> list[AnyEvent]:
        """Put out whoever did not rebuy, raise the blinds if their time has come, and deal.

        When only one player has chips left, the tournament ends instead.
        """
        table = self._running_table()
        if table.hand is not None:
            raise TableError("hand_running")
        if table.button is None and draw is None:
            raise TableError("draw_deck_needed")
        events = self._eliminate(self.awaiting_rebuy)
        self.awaiting_rebuy = []
        events += self._finish_if_won()
        if self.phase is TournamentPhase.FINISHED:
            return events
        level = max(self.level, self.level_at(now))
        if level != self.level:
            self.level = level
            table.set_settings(self.settings.table_settings(level))
            events.append(self._level_event())
        starting = self._stacks()
        hand_events = table.deal(deck, draw)
        events += hand_events
        if table.hand is None:
            events += self._after_hand(hand_events, starting)
        return events

    def act(self, player_id: str, action: str, amount: int | None = None) -> list[AnyEvent]:
        table = self._running_table()
        starting = self._stacks()
        events = table.act(player_id, action, amount)
        if table.hand is None:
            events += self._after_hand(events, starting)
        return events

    def rebuy(self, player_id: str) -> list[AnyEvent]:
        """Buy the starting stack again after busting in one of the rebuy levels.

        The offer stands until the next hand is dealt; how long that is, is the service's call.
        """
        table = self._running_table()
        if not any(entrant.player_id == player_id for entrant in self.entrants):
            raise TableError("not_registered")
        settings = self.settings
        used = self.rebuys.get(player_id, 0)
        bust = next((b for b in self.awaiting_rebuy if b.player_id == player_id), None)
        if bust is None:
            if table.seat_of(player_id) is not None:
                raise TableError("not_busted")
            if settings.rebuy_levels and used >= settings.max_rebuys:
                raise TableError("rebuy_limit", limit=settings.max_rebuys)
            if settings.rebuy_levels and self.level + 1 > settings.rebuy_levels:
                raise TableError("rebuys_closed", levels=settings.rebuy_levels)
            raise TableError("eliminated")
        table.add_chips(player_id, settings.starting_stack)
        self.rebuys[player_id] = used + 1
        self.prize_pool += settings.buy_in
        self.awaiting_rebuy.remove(bust)
        return [
            Rebought(player_id=player_id, chips=settings.starting_stack, prize_pool=self.prize_pool)
        ]

    def level_at(self, now: float) -> int:
        """The schedule's level for a hand dealt at `now`."""
        hands = self.table.hand_number if self.table is not None else 0
        return self.settings.schedule.level_at(now - self.started_at, hands)

    # -- inside ------------------------------------------------------------------------------

    def _running_table(self) -> Table:
        if self.phase is TournamentPhase.FINISHED:
            raise TableError("tournament_over")
        if self.phase is not TournamentPhase.RUNNING or self.table is None:
            raise TableError("tournament_not_running")
        return self.table

    def _stacks(self) -> dict[str, int]:
        """Each player's stack as the hand in play began (the table keeps it until it ends)."""
        assert self.table is not None
        return {player.player_id: player.stack for _, player in self.table.players()}

    def _level_event(self) -> LevelChanged:
        level = self.settings.schedule.levels[self.level]
        return LevelChanged(
            level=self.level + 1,
            small_blind=level.small_blind,
            big_blind=level.big_blind,
            ante=level.ante,
        )

    def _after_hand(self, events: Sequence[AnyEvent], starting: dict[str, int]) -> list[AnyEvent]:
        """Offer a rebuy to the busted while rebuys are open; put the others out."""
        table = self.table
        assert table is not None
        settings = self.settings
        out: list[Bust] = []
        offers: list[AnyEvent] = []
        for event in events:
            if not isinstance(event, PlayerBusted):
                continue
            player = table.player(event.player_id)
            bust = Bust(
                player_id=player.player_id,
                name=player.name,
                seat=event.seat,
                starting_stack=starting[player.player_id],
            )
            left = settings.max_rebuys - self.rebuys.get(player.player_id, 0)
            if self.level + 1 <= settings.rebuy_levels and left > 0:
                self.awaiting_rebuy.append(bust)
                offers.append(RebuyOffered(player_id=player.player_id, rebuys_left=left))
            else:
                out.append(bust)
        return offers + self._eliminate(out) + self._finish_if_won()

    def _eliminate(self, busts: Sequence[Bust]) -> list[AnyEvent]:
        """Out, worst first: a smaller starting stack finishes lower; equal stacks tie."""
        table = self.table
        assert table is not None
        remaining = len(self.entrants) - len(self.placings)
        events: list[AnyEvent] = []
        ordered = sorted(busts, key=lambda bust: (bust.starting_stack, bust.seat))
        for _, tied in groupby(ordered, key=lambda bust: bust.starting_stack):
            group = list(tied)
            place = remaining - len(group) + 1
            for bust in group:
                table.remove_player(bust.player_id)
                self.placings.append(
                    Placing(place=place, player_id=bust.player_id, name=bust.name, prize=0)
                )
                events.append(
                    PlayerEliminated(player_id=bust.player_id, name=bust.name, place=place)
                )
            remaining -= len(group)
        return events

    def _finish_if_won(self) -> list[AnyEvent]:
        table = self.table
        assert table is not None
        alive = [player for _, player in table.players() if player.stack > 0]
        if len(alive) != 1 or self.awaiting_rebuy:
            return []
        winner = alive[0]
        self.placings.append(
            Placing(place=1, player_id=winner.player_id, name=winner.name, prize=0)
        )
        self.placings = self._paid(self.placings)
        self.phase = TournamentPhase.FINISHED
        return [
            TournamentFinished(
                winner=winner.player_id,
                prize_pool=self.prize_pool,
                placings=tuple(self.placings),
            )
        ]

    def _paid(self, placings: list[Placing]) -> list[Placing]:
        """First place first, each with its prize; tied places share theirs."""
        by_place = prizes(self.prize_pool, len(self.entrants))
        paid: list[Placing] = []
        ordered = sorted(placings, key=lambda placing: placing.place)
        for place, tied in groupby(ordered, key=lambda placing: placing.place):
            group = list(tied)
            spanned = [
                by_place[index] if index < len(by_place) else 0
                for index in range(place - 1, place - 1 + len(group))
            ]
            shares = split_places(spanned, len(group))
            paid += [
                msgspec.structs.replace(placing, prize=share)
                for placing, share in zip(group, shares, strict=True)
            ]
        return paid
