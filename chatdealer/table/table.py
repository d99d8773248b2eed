"""The table around the hands: seats, the button, blinds owed, top-ups, leaving (RULES.md §3, §8).

The table is pure, like the hand: decks are handed in, time is not needed, and every request
either changes the table and returns its events or raises `TableError` (or the hand's
`IllegalAction`) and changes nothing. The whole table is one msgspec struct, so it serialises to
JSON and back equal.

Seats are numbered from 0 clockwise; players see seat + 1. During a hand the hand owns the chips
of everyone dealt in: `Player.stack` is their stack when the hand began, and requests that would
change it (a top-up, leaving, sitting out) wait until the hand ends. A player who leaves during a
hand is checked when they may check and folded facing a bet, each time the action reaches them,
and leaves when the hand ends: the hand engine folds only in turn, and a chat player who types
"leave" expects to be out of the hand without waiting to be asked.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from chatdealer.engine.config import BettingStructure, HandConfig
from chatdealer.engine.events import Event as HandEvent
from chatdealer.engine.events import ForcedBetPosted
from chatdealer.engine.hand import Hand, Phase, deal_hand
from chatdealer.engine.run_twice import run_out
from chatdealer.engine.show_choice import ShowDefault, show_or_muck
from chatdealer.engine.stored import Stored
from chatdealer.table import showing
from chatdealer.table.bomb_pots import bomb_pot_config
from chatdealer.table.button import HandPlan, draw_for_button, in_the_game, plan_hand
from chatdealer.table.events import (
    AnyEvent,
    BlindMissed,
    ButtonDrawn,
    HandFinished,
    HandStarted,
    LeaveQueued,
    PlayerBusted,
    PlayerLeft,
    PlayerSeated,
    SatIn,
    SatOut,
    SettingsChanged,
    SettingsQueued,
    SitOutQueued,
    StraddleDropped,
    StraddleQueued,
    ToppedUp,
    TopUpQueued,
)
from chatdealer.table.ledger import Ledger, NightLine
from chatdealer.table.refusals import TableError
from chatdealer.table.run_twice import runs_for
from chatdealer.table.seats import Player, SeatStatus
from chatdealer.table.settings import TableSettings

# Enum members as module constants: reading one off its class goes through a slow class hook.
_FIXED_LIMIT = BettingStructure.FIXED_LIMIT
_BETTING = Phase.BETTING
_COMPLETE = Phase.COMPLETE


class Table(Stored, kw_only=True):
    settings: TableSettings
    pending_settings: TableSettings | None = None
    seats: list[Player | None]
    tournament: bool = False  # seating, chips and blinds are run by a `Tournament`
    opened_at: float = 0.0
    hand_number: int = 0
    button: int | None = None  # the last hand's button, small blind and big blind seats
    small_blind: int | None = None
    big_blind: int | None = None
    hand: Hand | None = None  # the hand being played; None between hands
    hand_seats: list[int] = msgspec.field(default_factory=list)  # position -> seat
    ledger: Ledger = msgspec.field(default_factory=Ledger)

    @classmethod
    def open(cls, settings: TableSettings, now: float = 0.0, *, tournament: bool = False) -> Table:
        settings.validate(cash=not tournament)
        return cls(
            settings=settings,
            seats=[None] * settings.seat_count,
            tournament=tournament,
            opened_at=float(now),
        )

    # -- reading the table -------------------------------------------------------------------

    @property
    def hand_running(self) -> bool:
        return self.hand is not None

    def seat_of(self, player_id: str) -> int | None:
        for seat, player in enumerate(self.seats):
            if player is not None and player.player_id == player_id:
                return seat
        return None

    def player(self, player_id: str) -> Player:
        return self._seated(self._seat_of(player_id))

    def players(self) -> list[tuple[int, Player]]:
        return [(seat, player) for seat, player in enumerate(self.seats) if player is not None]

    def in_hand(self, seat: int) -> bool:
        """Dealt into the hand being played (folded or not)."""
        return self.hand is not None and seat in self.hand_seats

    def seat_of_position(self, position: int) -> int:
        """The physical seat of a position in the current (or last) hand's events."""
        return self.hand_seats[position]

    def player_at_position(self, position: int) -> Player:
        return self._seated(self.hand_seats[position])

    def stack_of(self, seat: int) -> int:
        """The chips in front of the player now: in the hand, what they have behind."""
        player = self._seated(seat)
        if self.hand is not None and seat in self.hand_seats:
            return self.hand.stacks[self.hand_seats.index(seat)]
        return player.stack

    def chips_on_table(self) -> int:
        """Every chip at the table: stacks, and everything in the hand."""
        total = sum(player.stack for seat, player in self.players() if not self.in_hand(seat))
        if self.hand is not None:
            total += self.hand.chips_in_play()
        return total

    def night(self) -> list[NightLine]:
        """Who is up and who is down since the table opened."""
        return self.ledger.night(
            {player.player_id: self.stack_of(seat) for seat, player in self.players()}
        )

    def preview_next_hand(self) -> HandPlan | None:
        """Who would play the next hand and post what, or None when it cannot be known yet."""
        if self.button is None:
            return None
        try:
            return self._plan(None)
        except TableError:
            return None

    # -- seating -----------------------------------------------------------------------------

    def sit(
        self,
        player_id: str,
        name: str,
        buy_in: int,
        seat: int | None = None,
        *,
        wait_for_big_blind: bool = False,
    ) -> list[AnyEvent]:
        """Take `seat` (or the first free one) with `buy_in` chips.

        A newcomer posts an entry big blind or waits for the big blind to reach them [001][004].
        """
        self._refuse_in_tournament("seating")
        taken = self.seat_of(player_id)
        if taken is not None:
            raise TableError("already_seated", seat=taken + 1)
        count = self._seat_limit()
        if seat is None:
            free = [s for s in range(count) if self.seats[s] is None]
            if not free:
                raise TableError("table_full")
            seat = free[0]
        elif not 0 <= seat < count:
            raise TableError("no_such_seat", seat=seat + 1, count=count)
        elif self.seats[seat] is not None:
            raise TableError("seat_taken", seat=seat + 1)
        settings = self.settings
        if buy_in < settings.min_buy_in:
            raise TableError("buy_in_too_small", minimum=settings.min_buy_in)
        if buy_in > settings.max_buy_in:
            raise TableError("buy_in_too_large", maximum=settings.max_buy_in)
        self.seat_player(player_id, name, buy_in, seat, wait_for_big_blind=wait_for_big_blind)
        return [PlayerSeated(seat, player_id, name, buy_in, wait_for_big_blind)]

    def top_up(self, player_id: str, chips: int) -> list[AnyEvent]:
        """Add chips between hands; during a hand they are added when it ends [000]."""
        self._refuse_in_tournament("buying chips")
        seat = self._seat_of(player_id)
        player = self._seated(seat)
        if chips <= 0:
            raise TableError("top_up_not_positive")
        if player.leaving:
            raise TableError("already_leaving")
        settings = self.settings
        stack = self.stack_of(seat)  # in a hand, what they have behind: a won pot is capped later
        after = stack + player.top_up_pending + chips
        if after > settings.max_buy_in:
            most = settings.max_buy_in - stack - player.top_up_pending
            if most <= 0:
                raise TableError("at_maximum", maximum=settings.max_buy_in)
            raise TableError("top_up_too_large", most=most, maximum=settings.max_buy_in)
        if player.stack == 0 and not self.in_hand(seat) and after < settings.min_buy_in:
            # Busted: coming back is a new buy-in, at least the minimum.
            raise TableError("buy_in_too_small", minimum=settings.min_buy_in)
        if self.in_hand(seat):
            player.top_up_pending += chips
            return [TopUpQueued(seat, player_id, chips)]
        return self._add_top_up(seat, chips)

    def leave(self, player_id: str) -> list[AnyEvent]:
        """Leave with your chips: at once between hands, or at the end of the hand you're in."""
        self._refuse_in_tournament("leaving")
        seat = self._seat_of(player_id)
        player = self._seated(seat)
        if player.leaving:
            raise TableError("already_leaving")
        if not self.in_hand(seat):
            return self._remove(seat)
        player.leaving = True
        player.sits_out_after_hand = False
        player.straddles_next_hand = False
        events: list[AnyEvent] = [LeaveQueued(seat, player_id)]
        events += self._play_for_the_absent()
        return events

    def sit_out(self, player_id: str) -> list[AnyEvent]:
        """Stop being dealt in; in a hand, after it. Blinds that pass you are owed [004]."""
        self._refuse_in_tournament("sitting out")
        seat = self._seat_of(player_id)
        player = self._seated(seat)
        if player.status is not SeatStatus.PLAYING or player.sits_out_after_hand:
            raise TableError("already_sitting_out")
        if player.leaving:
            raise TableError("already_leaving")
        player.straddles_next_hand = False
        if self.in_hand(seat):
            player.sits_out_after_hand = True
            return [SitOutQueued(seat, player_id)]
        player.status = SeatStatus.SITTING_OUT
        return [SatOut(seat, player_id)]

    def sit_in(self, player_id: str, *, wait_for_big_blind: bool = False) -> list[AnyEvent]:
        """Come back: post what you owe next hand, or wait for the big blind to reach you [004].

        A player already coming in may use this to change between posting and waiting.
        """
        self._refuse_in_tournament("sitting out")
        seat = self._seat_of(player_id)
        player = self._seated(seat)
        if player.leaving:
            raise TableError("already_leaving")
        if player.sits_out_after_hand:
            player.sits_out_after_hand = False
        elif player.status is SeatStatus.BUSTED or player.stack == 0:
            raise TableError("no_chips")
        elif player.status is SeatStatus.PLAYING and (
            not player.owes or player.waits_for_big_blind == wait_for_big_blind
        ):
            raise TableError("already_sitting_in")
        player.status = SeatStatus.PLAYING
        if player.owes:
            player.waits_for_big_blind = wait_for_big_blind
        return [self._sat_in(seat)]

    def straddle(self, player_id: str) -> list[AnyEvent]:
        """Post a straddle of twice the big blind next hand, from under the gun [002].

        Between hands the table knows who is under the gun and refuses anyone else; asked
        during a hand, the straddle is kept for the next hand and dropped if the player is not
        under the gun then.
        """
        if self.tournament or not self.settings.straddles:
            raise TableError("straddles_off")
        seat = self._seat_of(player_id)
        player = self._seated(seat)
        if player.leaving:
            raise TableError("already_leaving")
        if self.hand is None:
            plan = self.preview_next_hand()
            if plan is not None and len(plan.seats) < 3:
                raise TableError("straddle_too_few")
            if plan is not None and plan.under_the_gun != seat:
                utg = self._seated(plan.under_the_gun)
                raise TableError("not_under_the_gun", player=utg.name)
        player.straddles_next_hand = True
        return [StraddleQueued(seat, player_id)]

    def change_settings(self, settings: TableSettings) -> list[AnyEvent]:
        """New settings: at once between hands, or when the hand being played ends."""
        self._refuse_in_tournament("the settings")
        settings.validate()
        taken = [seat for seat, _ in self.players() if seat >= settings.seat_count]
        if taken:
            raise TableError("seats_occupied", seat=max(taken) + 1, count=settings.seat_count)
        if self.hand is not None:
            self.pending_settings = settings
            return [SettingsQueued(settings=settings)]
        self._apply_settings(settings)
        return [SettingsChanged(settings=settings)]

    # -- hands -------------------------------------------------------------------------------

    def deal(self, deck: Sequence[int], draw: Sequence[int] | None = None) -> list[AnyEvent]:
        """Start the next hand from `deck`, in dealing order.

        The very first hand needs `draw`, a second shuffled deck for the high-card draw for the
        button [002][004], so that no card seen in the draw is dealt in the hand.
        """
        if self.hand is not None:
            raise TableError("hand_running")
        events: list[AnyEvent] = []
        drawn_button = None
        if self.button is None:
            game, _ = in_the_game(self.seats)
            if len(game) < 2:
                raise TableError("not_enough_players", count=len(game))
            if draw is None:
                raise TableError("draw_deck_needed")
            button_draw = draw_for_button(game, draw)
            drawn_button = button_draw.button
            events.append(ButtonDrawn(cards=button_draw.cards, button=button_draw.button))
        plan = self._plan(drawn_button)
        dealt = [self._seated(seat) for seat in plan.seats]
        config = self._hand_config(plan, dealt)
        if self._bomb_pot_next():
            config = bomb_pot_config(config, self.settings.bomb_pot_ante)
        runs = runs_for(self.settings.run_twice)
        hand, hand_events = deal_hand(config, list(deck), runs=runs)
        hand.manual_showdown = showing.asks_anyone(dealt, self.settings.show_default)
        # Nothing has changed so far: from here on the hand is committed.
        self.hand = hand
        self.hand_seats = list(plan.seats)
        self.hand_number += 1
        self.button, self.small_blind, self.big_blind = (
            plan.button,
            plan.small_blind,
            plan.big_blind,
        )
        events += self._commit_plan(plan, dealt, clear_debts=not config.bomb_pot)
        events.append(
            HandStarted(
                hand_number=self.hand_number,
                button=plan.button,
                small_blind=plan.small_blind,
                big_blind=plan.big_blind,
                straddle=None if config.bomb_pot else plan.straddle,
                seats=plan.seats,
                players=tuple([player.player_id for player in dealt]),
                names=config.names,
                fresh_start=plan.fresh_start,
                bomb_pot=config.antes[0] if config.bomb_pot else 0,
            )
        )
        events += self._label_forced_bets(plan, hand_events)
        events += self._play_for_the_absent()
        return events

    def act(self, player_id: str, action: str, amount: int | None = None) -> list[AnyEvent]:
        """A betting action by a seated player who is in the hand: see `Hand.act`."""
        seat = self._seat_of(player_id)
        player = self._seated(seat)
        if self.hand is None:
            raise TableError("no_hand")
        if seat not in self.hand_seats:
            if player.waits_for_big_blind and player.owes:
                raise TableError("waiting_for_big_blind")
            raise TableError("not_dealt_in")
        events: list[AnyEvent] = []
        position = self.hand_seats.index(seat)
        if action in ("show", "muck"):
            events += show_or_muck(self.hand, position, show=action == "show")
        else:
            events += self.hand.act(position, action, amount)
        events += self._play_for_the_absent()
        return events

    def show_by_default(self) -> list[AnyEvent]:
        """The waiting player's clock ran out: their default shows or mucks for them."""
        decided = showing.by_default(self)
        if decided is None or self.hand is None:
            raise TableError("no_hand")
        position, show = decided
        events: list[AnyEvent] = []
        events += self.hand.show_or_muck(position, show=show)
        events += self._play_for_the_absent()
        return events

    def set_show_default(self, player_id: str, default: ShowDefault | None) -> None:
        """A player's own show-or-muck default (None: the table's); it counts from their next
        hand, kept on the seat."""
        self.player(player_id).show = default

    def run_out(self, runs: int) -> list[AnyEvent]:
        """The players asked to run it twice have answered: the board is run `runs` times."""
        if self.hand is None:
            raise TableError("no_hand")
        events: list[AnyEvent] = list(run_out(self.hand, runs))
        return events + self._play_for_the_absent()

    # -- for the tournament ------------------------------------------------------------------

    def seat_player(
        self, player_id: str, name: str, chips: int, seat: int, *, wait_for_big_blind: bool = False
    ) -> None:
        """Put a player in an empty seat with chips they bought; checks are the caller's."""
        if all(player is None for player in self.seats):
            self.ledger.new_night(self.hand_number + 1)
        self.seats[seat] = Player(
            player_id=player_id, name=name, stack=chips, waits_for_big_blind=wait_for_big_blind
        )
        self.ledger.buy_in(player_id, name, chips)

    def add_chips(self, player_id: str, chips: int) -> None:
        """Chips bought between hands (a tournament rebuy): the player is back in the game."""
        seat = self._seat_of(player_id)
        player = self._seated(seat)
        player.stack += chips
        player.status = SeatStatus.PLAYING
        self.ledger.buy_in(player_id, player.name, chips)

    def remove_player(self, player_id: str) -> list[AnyEvent]:
        """Take a player off the table with their chips, between hands."""
        return self._remove(self._seat_of(player_id))

    def set_settings(self, settings: TableSettings) -> None:
        """New stakes from a tournament's schedule, between hands."""
        settings.validate(cash=False)
        self._apply_settings(settings)

    # -- inside ------------------------------------------------------------------------------

    def _seat_of(self, player_id: str) -> int:
        seat = self.seat_of(player_id)
        if seat is None:
            raise TableError("not_seated")
        return seat

    def _seated(self, seat: int) -> Player:
        player = self.seats[seat]
        assert player is not None, f"seat {seat} is empty"
        return player

    def _seat_limit(self) -> int:
        """Seats open to newcomers: a smaller table waiting to apply does not take them."""
        count = self.settings.seat_count
        if self.pending_settings is not None:
            count = min(count, self.pending_settings.seat_count)
        return count

    def _refuse_in_tournament(self, what: str) -> None:
        if self.tournament:
            raise TableError("tournament_table", what=what)

    def _plan(self, drawn_button: int | None) -> HandPlan:
        settings = self.settings
        return plan_hand(
            self.seats,
            last_button=self.button,
            last_small_blind=self.small_blind,
            last_big_blind=self.big_blind,
            drawn_button=drawn_button,
            straddles_allowed=settings.straddles and not self.tournament,
        )

    def _hand_config(self, plan: HandPlan, dealt: list[Player]) -> HandConfig:
        """The hand's config; `dealt` are the players of `plan.seats`, in position order."""
        settings = self.settings
        small, big = settings.blinds
        position = plan.seats.index
        count = len(dealt)
        blinds = [0] * count
        blinds[position(plan.small_blind)] = small
        blinds[position(plan.big_blind)] = big
        if plan.straddle is not None:
            blinds[position(plan.straddle)] = 2 * big
        posts = [0] * count
        for seat in plan.live_posts:
            posts[position(seat)] = big
        dead = [0] * count
        for seat in plan.dead_small_blinds:
            dead[position(seat)] = small
        antes: tuple[int, ...] = ()
        if settings.ante and settings.big_blind_ante:
            bb_antes = [0] * count
            bb_antes[position(plan.big_blind)] = settings.ante
            antes = tuple(bb_antes)
        elif settings.ante:
            antes = (settings.ante,) * count
        fixed = settings.structure is _FIXED_LIMIT
        return HandConfig(
            variant=settings.variant,
            straight_beats_trips=settings.straight_beats_trips,
            structure=settings.structure,
            starting_stacks=tuple([player.stack for player in dealt]),
            antes=antes,
            ante_trimming=not settings.big_blind_ante,
            blinds_or_straddles=tuple(blinds),
            live_posts=tuple(posts),
            dead=tuple(dead),
            min_bet=big,
            small_bet=settings.small_bet if fixed else 0,
            big_bet=settings.big_bet if fixed else 0,
            names=tuple([player.name for player in dealt]),
            seven_deuce=settings.seven_deuce,
        )

    def _bomb_pot_next(self) -> bool:
        """Whether the hand about to be dealt is a bomb pot: every Nth hand of a cash table."""
        every = self.settings.bomb_pot_every
        return bool(every) and not self.tournament and (self.hand_number + 1) % every == 0

    def _commit_plan(
        self, plan: HandPlan, dealt: list[Player], *, clear_debts: bool = True
    ) -> list[AnyEvent]:
        """Record what the hand settled and what the blinds passing the absent left owing.

        A bomb pot takes no blinds, so what a player owes stays owed for the next hand."""
        events: list[AnyEvent] = []
        if not self.tournament:
            for seat in plan.missed_big_blind:
                player = self._seated(seat)
                if not player.owes_big_blind:
                    player.owes_big_blind = True
                    events.append(BlindMissed(seat, player.player_id, "big"))
            for seat in plan.missed_small_blind:
                player = self._seated(seat)
                if not player.owes_small_blind:
                    player.owes_small_blind = True
                    events.append(BlindMissed(seat, player.player_id, "small"))
        for seat in plan.straddles_dropped:
            player = self._seated(seat)
            events.append(StraddleDropped(seat, player.player_id))
        for _, player in self.players():
            player.straddles_next_hand = False
        for player in dealt if clear_debts else ():
            player.clear_debts()
        return events

    def _label_forced_bets(self, plan: HandPlan, events: list[HandEvent]) -> list[AnyEvent]:
        """Name each live forced bet by what it is at this table: blind, straddle or post."""
        labelled: list[AnyEvent] = []
        for event in events:
            if type(event) is ForcedBetPosted and event.kind not in ("ante", "dead"):
                seat = plan.seats[event.seat]
                if seat == plan.straddle:
                    kind = "straddle"
                elif seat == plan.small_blind or seat == plan.big_blind:
                    kind = "blind"
                else:
                    kind = "post"
                if kind != event.kind:
                    event = msgspec.structs.replace(event, kind=kind)
            labelled.append(event)
        return labelled

    def _play_for_the_absent(self) -> list[AnyEvent]:
        """Check or fold for players who left, then close the hand if it is over."""
        events: list[AnyEvent] = []
        hand = self.hand
        if hand is None:
            return events
        while hand.phase is _BETTING and hand.actor >= 0:
            player = self._seated(self.hand_seats[hand.actor])
            if not player.leaving:
                break
            legal = hand.legal_actions()
            events += hand.act(legal.seat, "check" if legal.can_check else "fold")
        events += showing.played_on(self, hand)
        if hand.phase is _COMPLETE:
            events += self._finish_hand()
        return events

    def _finish_hand(self) -> list[AnyEvent]:
        """Chips back to the seats, then whatever waited for the hand to end, in order."""
        hand = self.hand
        assert hand is not None
        for position, seat in enumerate(self.hand_seats):
            self._seated(seat).stack = hand.stacks[position]
        events: list[AnyEvent] = [
            HandFinished(
                hand_number=self.hand_number,
                stacks=tuple((seat, self._seated(seat).stack) for seat in self.hand_seats),
            )
        ]
        self.hand = None
        for seat, player in self.players():
            if player.top_up_pending:
                chips, player.top_up_pending = player.top_up_pending, 0
                room = max(0, self.settings.max_buy_in - player.stack)
                if player.leaving:
                    room = 0
                events += self._add_top_up(seat, min(chips, room), requested=chips)
            if player.leaving:
                events += self._remove(seat)
                continue
            if player.stack == 0 and player.status is not SeatStatus.BUSTED:
                player.status = SeatStatus.BUSTED
                player.sits_out_after_hand = False
                events.append(PlayerBusted(seat, player.player_id))
            if player.sits_out_after_hand:
                player.sits_out_after_hand = False
                player.status = SeatStatus.SITTING_OUT
                events.append(SatOut(seat, player.player_id))
        if self.pending_settings is not None:
            settings, self.pending_settings = self.pending_settings, None
            self._apply_settings(settings)
            events.append(SettingsChanged(settings=settings))
        return events

    def _add_top_up(self, seat: int, chips: int, requested: int | None = None) -> list[AnyEvent]:
        player = self._seated(seat)
        player.stack += chips
        if chips:
            self.ledger.buy_in(player.player_id, player.name, chips)
        events: list[AnyEvent] = [
            ToppedUp(
                seat=seat,
                player_id=player.player_id,
                amount=chips,
                requested=chips if requested is None else requested,
                stack=player.stack,
            )
        ]
        if player.status is SeatStatus.BUSTED and player.stack > 0 and not player.leaving:
            # Busting sat them out, not a choice of theirs: buying chips brings them back.
            player.status = SeatStatus.PLAYING
            events.append(self._sat_in(seat))
        return events

    def _sat_in(self, seat: int) -> SatIn:
        player = self._seated(seat)
        return SatIn(
            seat=seat,
            player_id=player.player_id,
            owes_big_blind=player.new or player.owes_big_blind,
            owes_small_blind=player.owes_small_blind,
            waits_for_big_blind=player.waits_for_big_blind and player.owes,
        )

    def _remove(self, seat: int) -> list[AnyEvent]:
        player = self._seated(seat)
        self.seats[seat] = None
        ledger = self.ledger
        ledger.cash_out(player.player_id, player.name, player.stack)
        ledger.left(player.player_id, {p.player_id for p in self.seats if p is not None})
        return [PlayerLeft(seat, player.player_id, player.name, player.stack)]

    def _apply_settings(self, settings: TableSettings) -> None:
        count = settings.seat_count
        self.seats = self.seats[:count] + [None] * (count - len(self.seats))
        self.settings = settings
        # A blind or button left on a seat that is gone moves to the last seat, so the next
        # hand carries on from seat 0 as it would have.
        if self.button is not None:
            self.button = min(self.button, count - 1)
        if self.small_blind is not None:
            self.small_blind = min(self.small_blind, count - 1)
        if self.big_blind is not None:
            self.big_blind = min(self.big_blind, count - 1)
