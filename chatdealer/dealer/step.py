"""One pure step of a table: what the table did, told as events, chip moves and stats.

A `Step` wraps a freshly loaded record; the verbs (`verbs.py`) change the table through it and
hand it the table's events, which it turns into what the service writes in one atomic commit:
outgoing events for the channel and for single players, bank chip moves (a buy-in leaves the
bank as the seat is taken, a cash-out returns when the player actually leaves; a bot's are the
house's), per-hand stats (people's only: bots are not on the leaderboard), finished hands for
the history, the table's chip records whenever they change, and the table's next deadline.
It does no I/O, so the service may run it again from a fresh load whenever a commit loses a
race.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec

from chatdealer.cards import Card, Deck, format_card
from chatdealer.dealer.decks import DeckSupply
from chatdealer.dealer.equities import ChancesToCome, EquityQuestion
from chatdealer.dealer.instant import rebuild_instant_hand
from chatdealer.dealer.outgoing import (
    Acted,
    AnyPayload,
    ButtonDraw,
    HandOver,
    HandProof,
    HandStarted,
    HoleCards,
    Outgoing,
    PlayerRef,
    Posted,
    Returned,
    Share,
    TableShown,
    TournamentOver,
)
from chatdealer.dealer.outgoing import notice as make_notice
from chatdealer.dealer.proofs import HandProofs, hand_proofs
from chatdealer.dealer.record import (
    TableRecord,
    Wake,
    WakeFor,
    encode_record,
    held_by_account,
)
from chatdealer.dealer.run_twice_vote import ask_to_run_twice
from chatdealer.dealer.seated_bots import account_of, is_bot
from chatdealer.dealer.show_after import open_window
from chatdealer.dealer.show_muck import chooser_id, showdown_token
from chatdealer.dealer.showdown import ShowdownTeller
from chatdealer.dealer.stored_hands import stored_hand
from chatdealer.dealer.views import PrivateView, current_token, table_view
from chatdealer.engine import events as hand_events
from chatdealer.engine.hand import Hand
from chatdealer.equity import EquityResult
from chatdealer.store import (
    Change,
    ChipMove,
    HandRecord,
    MoveKind,
    StatDelta,
    TableId,
    buy_in,
    cash_out,
)
from chatdealer.table import TournamentPhase
from chatdealer.table import events as table_events
from chatdealer.table.button import in_the_game
from chatdealer.table.events import AnyEvent

_stream_encoder = msgspec.json.Encoder()
# Enum members as module constants: reading one off its class goes through a slow class hook.
_TURN = WakeFor.TURN
_NEXT_HAND = WakeFor.NEXT_HAND


class Context(msgspec.Struct, frozen=True, kw_only=True):
    """What a step may know of the world: handed in, so the step stays pure and testable.

    A struct rather than a frozen dataclass: every command makes one, and a frozen dataclass
    sets each field through `object.__setattr__`, several times the cost."""

    table_id: TableId
    now: float
    shuffle: Callable[[Deck], list[Card]]
    next_hand_delay: float
    decks: DeckSupply | None = None
    """The worker's ready decks; without them a deal shuffles with `shuffle` there and then."""
    bot_delay: float = 1.0
    """How long a bot seems to think: its turn is a deadline this far off."""
    bot_random: random.Random = msgspec.field(default_factory=random.Random)
    equities: Mapping[EquityQuestion, EquityResult] | None = None
    """Pre-flop all-in chances worked out off the event loop (`equities`); with a mapping, a
    step that needs chances it lacks raises `EquityNeeded`; None: it samples them itself."""
    chances_later: bool = False
    """With `equities`, chances it lacks are said with no figures instead (`chances_to_come`),
    filled in and told by the service once the commit is made."""
    live_feed: bool = True
    """The table's event stream is written, for a terminal following it; a chat worker tells
    the platform from the commit's own events and writes none."""


_UNTOLD = (hand_events.PotsChanged, hand_events.HandEnded)
"""Hand events the channel is not told one by one: the table message shows the pots, and the
table's HandFinished ends the hand."""


def _channel_of(out: list[Outgoing], table_id: TableId) -> Callable[[AnyPayload], None]:
    """What a step says to the table's channel, appended to `out`."""

    def say(payload: AnyPayload) -> None:
        out.append(Outgoing(table=table_id, to=None, payload=payload))

    return say


class Step:
    def __init__(self, record: TableRecord, context: Context) -> None:
        self.record = record
        self.context = context
        self.out: list[Outgoing] = []
        self.moves: list[ChipMove] = []
        self.stats: list[StatDelta] = []
        self.hands: list[HandRecord] = []
        self._names: dict[str, str] = {}
        self._roster: list[PlayerRef] = []
        self._hand: Hand | None = None
        self._hand_ended = False
        # The teller is handed the step's lists, never its bound methods: a step and its teller
        # in a cycle would wait for a collection of the old generation, and hold all they made.
        self._showdown = ShowdownTeller(
            _channel_of(self.out, context.table_id),
            self._roster.__getitem__,
            context.bot_random,
            context.equities,
            later=context.chances_later,
        )
        self._refresh()

    @property
    def chances_to_come(self) -> list[ChancesToCome]:
        """All-in chances this step said with no figures (`Context.chances_later`)."""
        return self._showdown.to_come

    # -- what the verbs use --------------------------------------------------------------------

    @property
    def now(self) -> float:
        return self.context.now

    def channel(self, payload: AnyPayload) -> None:
        self.out.append(Outgoing(table=self.context.table_id, to=None, payload=payload))

    def tell(self, player_id: str, payload: AnyPayload) -> None:
        self.out.append(Outgoing(table=self.context.table_id, to=player_id, payload=payload))

    def notice(self, code: str, *, to: str | None = None, **params: Any) -> None:
        payload = make_notice(code, **params)
        if to is None:
            self.channel(payload)
        else:
            self.tell(to, payload)

    def name_of(self, player_id: str) -> str:
        return self._names.get(player_id, player_id)

    def dealt(
        self, events: Sequence[AnyEvent], deck: Sequence[Card], stacks: Mapping[int, int]
    ) -> None:
        """A deal's events; `stacks` (by seat, before the deal) rebuild a hand over at once."""
        table = self.record.table
        assert table is not None
        self._hand = table.hand
        if self._hand is None and any(isinstance(e, table_events.HandFinished) for e in events):
            self._hand = rebuild_instant_hand(events, deck, table.settings, stacks)
        self._showdown.follow(self._hand)
        self.absorb(events)

    def absorb(self, events: Sequence[AnyEvent]) -> None:
        """Tell the table's events, and move the chips they moved."""
        settled = False
        for event in events:
            if isinstance(event, hand_events.Event):
                self._tell_hand(event)
                continue
            if isinstance(event, table_events.HandFinished):
                settled = True
            self._tell_table(event, settled)

    # -- the commit ----------------------------------------------------------------------------

    def change(self) -> Change:
        """Everything this step writes in its one atomic commit.

        The table message is not written (`show_table` adds it once the commit is on its way),
        and the event stream, a live feed, leaves out a hand's proof (kept with its history)."""
        self._schedule()
        record = self.record
        wake = record.wake
        # The chip records change only with chips moving or a hand ending: not on most actions.
        held = held_by_account(record) if self.moves or self._hand_ended else None
        return Change(
            state=encode_record(record),
            events=self._feed() if self.context.live_feed else [],
            deadline=wake.at if wake is not None else None,
            moves=self.moves,
            stats=self.stats,
            hands=self.hands,
            held=held,
        )

    def _feed(self) -> list[bytes]:
        """The channel's events as one entry of the table's event stream."""
        told = [
            msgspec.structs.replace(payload, proof=None)
            if isinstance(payload := o.payload, HandOver)
            else payload
            for o in self.out
            if o.to is None
        ]
        return [_stream_encoder.encode(told)] if told else []

    def show_table(self) -> None:
        """The table message for the channel, the step's last event: made from the state just
        committed, while Redis runs the commit."""
        self.channel(TableShown(view=table_view(self.record, str(self.context.table_id))))

    def bought_by(self, account: str | None) -> int:
        return sum(
            m.amount for m in self.moves if m.player == account and m.kind is MoveKind.BUY_IN
        )

    # -- inside --------------------------------------------------------------------------------

    def _refresh(self) -> None:
        record = self.record
        table = record.table
        if record.tournament is not None:
            for entrant in record.tournament.entrants:
                self._names[entrant.player_id] = entrant.name
        if table is None:
            return
        for _, player in table.players():
            self._names[player.player_id] = player.name
        if table.hand is not None:
            self._hand = table.hand
            self._showdown.follow(table.hand, tuple(table.hand.board))
            self._roster.clear()
            for position in range(len(table.hand_seats)):
                seated = table.player_at_position(position)
                self._roster.append(
                    PlayerRef(
                        seat=table.seat_of_position(position),
                        player_id=seated.player_id,
                        name=seated.name,
                    )
                )

    def _ref(self, position: int) -> PlayerRef:
        return self._roster[position]

    def _tell_hand(self, event: hand_events.Event) -> None:
        if isinstance(event, hand_events.ActionTaken):  # the most frequent
            ref = self._ref(event.seat)
            self.channel(
                Acted(
                    player_id=ref.player_id,
                    name=ref.name,
                    action=event.action,
                    amount=event.amount,
                    added=event.added,
                    all_in=event.all_in,
                )
            )
        elif isinstance(event, _UNTOLD):
            return
        elif isinstance(event, hand_events.HoleCardsDealt):
            view = PrivateView(
                hand_number=self._hand_number(),
                cards=tuple(map(format_card, event.cards)),
                board=(),
                best=None,
                best_cards=(),
            )
            self.tell(self._ref(event.seat).player_id, HoleCards(view=view))
        elif isinstance(event, hand_events.ForcedBetPosted):
            ref = self._ref(event.seat)
            self.channel(
                Posted(
                    player_id=ref.player_id,
                    name=ref.name,
                    what=event.kind,
                    amount=event.amount,
                    all_in=event.all_in,
                )
            )
        elif isinstance(event, hand_events.BetReturned):
            ref = self._ref(event.seat)
            self.channel(Returned(player_id=ref.player_id, name=ref.name, amount=event.amount))
        else:  # the board, shows, mucks and pots
            self._showdown.tell(event)

    def _hand_number(self) -> int:
        table = self.record.table
        return table.hand_number if table is not None else 0

    def _tell_table(self, event: AnyEvent, settled: bool) -> None:
        # A hand's start and end come with every hand: asked first, before the rarer events.
        if isinstance(event, table_events.HandFinished):
            self._hand_finished(event)
            return
        if isinstance(event, table_events.HandStarted):
            self._hand_started(event)
            return
        record = self.record
        cash = record.cash is not None
        if isinstance(event, table_events.PlayerSeated):
            self._names[event.player_id] = event.name
            record.clock_of(event.player_id)
            self.moves.append(buy_in(account_of(event.player_id), event.buy_in))
            self.notice("seated", name=event.name, seat=event.seat + 1, chips=event.buy_in)
        elif isinstance(event, table_events.LeaveQueued):
            self.notice("leave_queued", name=self.name_of(event.player_id))
        elif isinstance(event, table_events.PlayerLeft):
            self._names[event.player_id] = event.name
            if cash:
                record.clocks.pop(event.player_id, None)
                if event.cash_out:
                    self.moves.append(cash_out(account_of(event.player_id), event.cash_out))
                self.notice("left", name=event.name, chips=event.cash_out)
        elif isinstance(event, table_events.TopUpQueued):
            self.moves.append(buy_in(account_of(event.player_id), event.amount))
            self.notice("top_up_queued", name=self.name_of(event.player_id), amount=event.amount)
        elif isinstance(event, table_events.ToppedUp):
            self._topped_up(event, settled)
        elif isinstance(event, table_events.SitOutQueued):
            self.notice("sit_out_queued", name=self.name_of(event.player_id))
        elif isinstance(event, table_events.SatOut):
            self.notice("sat_out", name=self.name_of(event.player_id))
        elif isinstance(event, table_events.SatIn):
            self.notice("sat_in", name=self.name_of(event.player_id))
        elif isinstance(event, table_events.PlayerBusted):
            self.notice("busted", name=self.name_of(event.player_id))
        elif isinstance(event, table_events.BlindMissed):
            self.notice("blind_missed", name=self.name_of(event.player_id), blind=event.blind)
        elif isinstance(event, table_events.StraddleQueued):
            self.notice("straddle_queued", name=self.name_of(event.player_id))
        elif isinstance(event, table_events.StraddleDropped):
            self.notice("straddle_dropped", name=self.name_of(event.player_id))
        elif isinstance(event, table_events.SettingsChanged | table_events.SettingsQueued):
            code = (
                "settings_changed"
                if isinstance(event, table_events.SettingsChanged)
                else "settings_queued"
            )
            small, big = event.settings.blinds
            self.notice(code, small_blind=small, big_blind=big)
        elif isinstance(event, table_events.ButtonDrawn):
            self._button_drawn(event)
        else:
            self._tell_tournament(event)

    def _topped_up(self, event: table_events.ToppedUp, settled: bool) -> None:
        name = self.name_of(event.player_id)
        if not settled:
            self.moves.append(buy_in(account_of(event.player_id), event.amount))
        elif event.requested > event.amount:
            refunded = event.requested - event.amount
            self.moves.append(cash_out(account_of(event.player_id), refunded))
            self.notice("top_up_refunded", name=name, refunded=refunded)
        if event.amount:
            self.notice("topped_up", name=name, amount=event.amount, stack=event.stack)

    def _seat_ref(self, seat: int) -> PlayerRef:
        table = self.record.table
        player = table.seats[seat] if table is not None else None
        if player is None:
            return PlayerRef(seat=seat, player_id="", name=f"Seat {seat + 1}")
        return PlayerRef(seat=seat, player_id=player.player_id, name=player.name)

    def _button_drawn(self, event: table_events.ButtonDrawn) -> None:
        self.channel(
            ButtonDraw(
                cards=tuple(
                    (self._seat_ref(seat), format_card(card)) for seat, card in event.cards
                ),
                button=self._seat_ref(event.button),
            )
        )

    def _hand_started(self, event: table_events.HandStarted) -> None:
        self._roster[:] = [
            PlayerRef(seat=seat, player_id=player, name=name)
            for seat, player, name in zip(event.seats, event.players, event.names, strict=True)
        ]
        by_seat = {ref.seat: ref for ref in self._roster}
        self.record.after = None  # the last hand's cards may be shown no longer
        secret, following = self.record.deck, self.record.next_deck
        self.channel(
            HandStarted(
                hand_number=event.hand_number,
                deck_commitment=secret.root if secret is not None else "",
                players=tuple(self._roster),
                button=by_seat[event.button],
                small_blind=by_seat[event.small_blind],
                big_blind=by_seat[event.big_blind],
                straddle=by_seat[event.straddle] if event.straddle is not None else None,
                seeded_by=tuple(self.name_of(s.player) for s in secret.seeds) if secret else (),
                next_deck_commitment=following.root if following is not None else "",
                open_deck=secret is not None and secret.open_deck,
                bomb_pot=event.bomb_pot,
            )
        )

    def _hand_finished(self, event: table_events.HandFinished) -> None:
        self._hand_ended = True
        record = self.record
        hand = self._hand
        by_seat = {ref.seat: ref for ref in self._roster}
        stacks = tuple(
            Share(player_id=ref.player_id, name=ref.name, chips=chips)
            for seat, chips in event.stacks
            if (ref := by_seat.get(seat)) is not None
        )
        if hand is None or not hand.is_complete:
            self.channel(HandOver(hand_number=event.hand_number, stacks=stacks, proof=None))
            record.deck = record.after = None
            return
        number = event.hand_number
        proofs = self._proofs(hand, number)
        proof = proofs.public if proofs is not None else None
        self.channel(HandOver(hand_number=number, stacks=stacks, proof=proof))
        players = [ref.player_id for ref in self._roster]
        if proofs is not None:
            for player, own in zip(players, proofs.private, strict=True):
                self.tell(player, HandProof(hand_number=number, proof=own))
        secret = self.record.deck if proofs is not None else None
        self.hands.append(stored_hand(self.context.table_id, number, hand, players, proofs, secret))
        open_window(record, number, hand, players, secret, rabbit=self._rabbit_hunts())
        if record.is_tournament:  # a tournament counts its prizes when it ends, not its pots
            self.stats += [
                StatDelta(player, 1, 1 if won > 0 else 0)
                for player, won in zip(players, hand.won, strict=True)
            ]
        else:
            self.stats += [
                StatDelta(player, 1, 1 if won > 0 else 0, won, stack - start)
                for player, won, stack, start in zip(
                    players, hand.won, hand.stacks, hand.config.starting_stacks, strict=True
                )
                if not is_bot(player)
            ]
        record.deck = None

    def _proofs(self, hand: Hand, number: int) -> HandProofs | None:
        secret = self.record.deck
        if secret is None or secret.hand != number:
            return None
        table = str(self.context.table_id)
        return hand_proofs(
            secret, hand, table, open_deck=secret.open_deck, rabbit=self._rabbit_hunts()
        )

    def _rabbit_hunts(self) -> bool:
        settings = self.record.table.settings if self.record.table is not None else None
        return settings is not None and settings.rabbit_hunt

    def _tell_tournament(self, event: AnyEvent) -> None:
        tournament = self.record.tournament
        if tournament is None:
            return
        buy_in_chips = tournament.settings.buy_in
        if isinstance(event, table_events.PlayerRegistered):
            self._names[event.player_id] = event.name
            self.record.clock_of(event.player_id)
            if buy_in_chips:
                self.moves.append(buy_in(account_of(event.player_id), buy_in_chips))
            self.notice("registered", name=event.name, entrants=event.entrants)
        elif isinstance(event, table_events.PlayerUnregistered):
            self.record.clocks.pop(event.player_id, None)
            if buy_in_chips:
                self.moves.append(cash_out(account_of(event.player_id), buy_in_chips))
            self.notice("unregistered", name=self.name_of(event.player_id), entrants=event.entrants)
        elif isinstance(event, table_events.TournamentStarted):
            self.notice(
                "tournament_started",
                entrants=len(event.players),
                starting_stack=event.starting_stack,
                prize_pool=event.prize_pool,
            )
        elif isinstance(event, table_events.LevelChanged):
            self.notice(
                "level",
                level=event.level,
                small_blind=event.small_blind,
                big_blind=event.big_blind,
                ante=event.ante,
            )
        elif isinstance(event, table_events.RebuyOffered):
            self.notice(
                "rebuy_offered", name=self.name_of(event.player_id), rebuys_left=event.rebuys_left
            )
        elif isinstance(event, table_events.Rebought):
            if buy_in_chips:
                self.moves.append(buy_in(account_of(event.player_id), buy_in_chips))
            self.notice("rebought", name=self.name_of(event.player_id), prize_pool=event.prize_pool)
        elif isinstance(event, table_events.PlayerEliminated):
            self.notice("eliminated", name=event.name, place=event.place)
        elif isinstance(event, table_events.TournamentFinished):
            self._tournament_finished(event)

    def _tournament_finished(self, event: table_events.TournamentFinished) -> None:
        tournament = self.record.tournament
        assert tournament is not None
        paid = tournament.settings.buy_in
        for placing in event.placings:
            if placing.prize:
                self.moves.append(cash_out(account_of(placing.player_id), placing.prize))
            if is_bot(placing.player_id):
                continue  # a bot's chips are the house's, and bots have no standing
            entries = 1 + tournament.rebuys.get(placing.player_id, 0)
            self.stats.append(
                StatDelta(player=placing.player_id, net=placing.prize - paid * entries)
            )
        self.record.clocks.clear()
        self.record.started = False
        winner = next((p.name for p in event.placings if p.player_id == event.winner), None)
        self.channel(
            TournamentOver(
                winner=event.winner,
                winner_name=winner or self.name_of(event.winner),
                prize_pool=event.prize_pool,
                placings=event.placings,
            )
        )

    def _schedule(self) -> None:
        """The next deadline: the turn's clock, the pause before the next hand, or none."""
        record = self.record
        table = record.table
        previous = record.wake
        if ask_to_run_twice(self):
            return
        token = current_token(table)
        if table is not None and token is not None:
            assert table.hand is not None
            if previous is not None and previous.token == token:
                return
            player = table.player_at_position(table.hand.actor).player_id
            clock = record.clock_of(player)
            if is_bot(player):
                at = self.now + self.context.bot_delay
            else:
                at = self.now if clock.away else self.now + record.action_seconds
            record.wake = Wake(at=at, purpose=_TURN, token=token, player=player)
            return
        showdown = showdown_token(table)
        if table is not None and showdown is not None:
            if previous is None or previous.token != showdown:
                player = chooser_id(table)
                pause = self.context.bot_delay if is_bot(player) else record.action_seconds
                record.wake = Wake(
                    at=self.now + pause, purpose=_TURN, token=showdown, player=player
                )
            return
        if table is not None and table.hand is None and record.started and self.can_deal():
            pause = self.context.next_hand_delay
            if self._deciding_on_a_rebuy():
                pause = max(pause, record.action_seconds)
            # Once the last of them has rebought, the next hand comes without waiting out the
            # time they had to decide.
            at = self.now + pause
            if previous is None or previous.purpose is not _NEXT_HAND or previous.at > at:
                record.wake = Wake(at=at, purpose=WakeFor.NEXT_HAND)
            return
        if self._hand_ended and record.started and not record.paused:
            self.notice("waiting_for_players")
        record.wake = None

    def _deciding_on_a_rebuy(self) -> bool:
        """Whether a busted person may still rebuy (a seated bot never does)."""
        tournament = self.record.tournament
        return tournament is not None and any(
            not is_bot(bust.player_id) for bust in tournament.awaiting_rebuy
        )

    def can_deal(self) -> bool:
        record = self.record
        if record.paused:
            return False
        if record.tournament is not None:
            return record.tournament.phase is TournamentPhase.RUNNING
        table = record.cash
        if table is None:
            return False
        # Bots alone do not play on: the table waits for a person.
        seats = table.seats
        person = any(p is not None and p.ready and not is_bot(p.player_id) for p in seats)
        return person and len(in_the_game(seats)[0]) >= 2
