"""The verbs that change a table, and the clock acting for an absent player: pure steps.

Each function changes the step's record (through the table or tournament) or raises a refusal
(`IllegalAction`, `TableError`, `DealerRefusal`) having changed nothing that will be written:
the service throws a refused step away and writes nothing.
"""

from __future__ import annotations

import msgspec

from chatdealer.dealer import show_after, show_muck
from chatdealer.dealer.allin import refuse_capped_all_in
from chatdealer.dealer.auto_leave import send_away_long_sitters
from chatdealer.dealer.commands import (
    Act,
    AddBot,
    Answer,
    CoHost,
    Configure,
    Create,
    CreateTournament,
    HouseSeating,
    Invite,
    Join,
    Kick,
    Leave,
    Pause,
    Rebuy,
    Register,
    Resume,
    RunTwiceAnswer,
    Seed,
    ShowCards,
    ShowSetting,
    SitIn,
    SitOut,
    Start,
    Stop,
    Straddle,
    TopUp,
    Unregister,
    User,
)
from chatdealer.dealer.hosting import arrived, hand_over, runs_table, set_cohost
from chatdealer.dealer.pausing import pause
from chatdealer.dealer.record import JoinRequest, TableRecord, Wake, WakeFor, is_empty, new_record
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.dealer.run_twice_vote import answer_run_twice, run_twice_timed_out
from chatdealer.dealer.seated_bots import bot_move, bots_seated, is_bot
from chatdealer.dealer.seating import answer, invite, may_sit, refill_time_banks, set_seating
from chatdealer.dealer.seeding import (
    add_seed,
    commit_first_deck,
    commit_next_deck,
    deck_to_deal,
    settings_changed,
)
from chatdealer.dealer.step import Step
from chatdealer.dealer.views import current_token
from chatdealer.engine.hand import Phase
from chatdealer.table import SeatStatus, Table, TableError, Tournament, TournamentPhase
from chatdealer.table.events import AnyEvent, HandStarted, SitOutQueued

TableVerb = (
    Create
    | CreateTournament
    | Configure
    | Join
    | Leave
    | Kick
    | Stop
    | SitOut
    | SitIn
    | TopUp
    | Straddle
    | Start
    | Pause
    | Resume
    | CoHost
    | HouseSeating
    | Invite
    | Answer
    | Act
    | RunTwiceAnswer
    | Seed
    | ShowSetting
    | ShowCards
    | Register
    | Unregister
    | Rebuy
)
TIMEOUTS_TO_SIT_OUT = 2
MIN_TIME_BANK = 1.0


def opening(args: Create | CreateTournament, user: User, now: float) -> TableRecord:
    """A new channel's record, its settings checked."""
    if isinstance(args, Create):
        return new_record(user.id, now, cash=Table.open(args.settings, now))
    return new_record(user.id, now, tournament=Tournament.create(args.settings))


def announce_opening(step: Step, user: User) -> None:
    """Tells the channel of the new table, and of the deck its first hand will be dealt from."""
    record = step.record
    if record.cash is not None:
        settings = record.cash.settings
        small, big = settings.blinds
        step.notice(
            "table_created",
            name=user.name,
            small_blind=small,
            big_blind=big,
            min_buy_in=settings.min_buy_in,
            max_buy_in=settings.max_buy_in,
        )
    elif record.tournament is not None:
        tsettings = record.tournament.settings
        step.notice(
            "tournament_created",
            name=user.name,
            buy_in=tsettings.buy_in,
            starting_stack=tsettings.starting_stack,
        )
    commit_first_deck(step)


def apply(step: Step, args: TableVerb, user: User, balance: int | None = None) -> None:
    """One verb; `balance` is the player's bank balance as last read (a hint for the buy-in)."""
    if isinstance(args, Act):  # by far the most frequent
        _act(step, args, user)
    elif isinstance(args, Start):  # a deal
        _start(step, user)
    elif isinstance(args, RunTwiceAnswer):
        answer_run_twice(step, args, user)
    elif isinstance(args, Create | CreateTournament):
        _replace(step, args, user)
    elif isinstance(args, Configure):
        _require_host(step.record, user)
        step.absorb(_cash(step.record, "the settings").change_settings(args.settings))
        settings_changed(step, args.settings.variant.deck)
    elif isinstance(args, Join):
        _cash(step.record, "seating")
        if may_sit(step, user, args.buy_in):
            _join(step, args, user, balance)
    elif isinstance(args, HouseSeating | Invite):
        _cash(step.record, "seating")
        if isinstance(args, Invite):
            invite(step, user, args)
        else:
            set_seating(step, user, args)
    elif isinstance(args, Answer):
        _cash(step.record, "seating")
        answer(step, user, args, lambda request: _seat_request(step, request))
    elif isinstance(args, Leave):
        _leave(step, user)
    elif isinstance(args, Kick):
        _require_host(step.record, user)
        table = _cash(step.record, "sending players away")
        step.absorb(table.leave(args.player_id))
    elif isinstance(args, Stop):
        _require_host(step.record, user)
        _stop(step)
    elif isinstance(args, CoHost):
        _cash(step.record, "co-hosts")
        set_cohost(step, user, args)
    elif isinstance(args, Pause | Resume):
        _require_host(step.record, user)
        _cash(step.record, "pausing")
        pause(step, user, paused=isinstance(args, Pause))
    elif isinstance(args, SitOut):
        _sit_out(step, user)
    elif isinstance(args, SitIn):
        _sit_in(step, args, user)
    elif isinstance(args, TopUp):
        step.absorb(_cash(step.record, "buying chips").top_up(user.id, args.amount))
    elif isinstance(args, Straddle):
        step.absorb(_cash(step.record, "straddling").straddle(user.id))
    elif isinstance(args, Seed):
        add_seed(step, args, user)
    elif isinstance(args, ShowSetting):
        show_muck.set_default(step, step.record.table, args, user)
    elif isinstance(args, ShowCards):
        show_after.show(step, args, user)
    elif isinstance(args, Register):
        step.absorb(_tournament(step.record).register(user.id, user.name))
    elif isinstance(args, Unregister):
        step.absorb(_tournament(step.record).unregister(user.id))
    else:
        step.absorb(_tournament(step.record).rebuy(user.id))


def fire(step: Step) -> bool:
    """Acts on the table's deadline if it is still due; False when there is nothing to do.

    The deadline is checked against the freshly loaded record, with the turn it was set for,
    so a timer claimed late, or by two workers, never acts twice.
    """
    record = step.record
    wake = record.wake
    if wake is None or wake.at > step.now:
        return False
    table = record.table
    if wake.purpose is WakeFor.NEXT_HAND:
        if table is not None and table.hand is not None:
            return False
        if record.cash is not None:
            _send_busted_bots_home(step, record.cash)
            send_away_long_sitters(step, record.cash)
        record.wake = None  # spent: the step schedules what follows this deal afresh
        if not step.can_deal():
            return True
        try:
            deal(step)
        except TableError:
            record.wake = None  # nobody left to deal to; the next join or sit-in restarts
        return True
    if wake.purpose is WakeFor.RUN_TWICE:
        return run_twice_timed_out(step)
    if table is None or wake.token is None:
        return False
    player = wake.player
    assert player is not None
    if show_muck.showdown_token(table) == wake.token:
        show_muck.timed_out(step, table, player)
        return True
    if current_token(table) != wake.token:
        return False
    if is_bot(player):
        _bot_turn(step, table, player)
        return True
    clock = record.clock_of(player)
    if wake.purpose is WakeFor.TURN and not clock.away and clock.time_bank >= MIN_TIME_BANK:
        extended = wake.at + clock.time_bank
        if extended > step.now:
            record.wake = msgspec.structs.replace(
                wake, at=extended, purpose=WakeFor.TIME_BANK, since=wake.at
            )
            step.notice("time_bank", name=step.name_of(player), seconds=round(clock.time_bank))
            return True
        clock.time_bank = 0.0  # the timer came later than the whole bank would have lasted
    elif wake.purpose is WakeFor.TIME_BANK:
        clock.time_bank = 0.0
    _time_out(step, table, player)
    return True


def deal(step: Step) -> None:
    """Deals the next hand (or lets the tournament finish), committing to the deck first."""
    record = step.record
    tournament = record.tournament
    table = record.table
    if table is None:
        raise TableError("tournament_not_running")
    deck_kind = table.settings.variant.deck
    number = table.hand_number + 1
    deck, secret = deck_to_deal(step, deck_kind, number)
    draw = step.context.shuffle(deck_kind) if table.button is None else None
    stacks = {seat: player.stack for seat, player in table.players()}
    events: list[AnyEvent]
    if tournament is not None:
        events = tournament.deal(deck, step.now, draw)
    else:
        events = table.deal(deck, draw)
    dealt = any(isinstance(event, HandStarted) for event in events)
    record.deck = None
    if dealt:
        record.deck = msgspec.structs.replace(secret, open_deck=table.settings.open_deck)
        commit_next_deck(step, deck_kind, number + 1)
        refill_time_banks(step, number)
    step.dealt(events, deck, stacks)


# -- verbs ------------------------------------------------------------------------------------


def _replace(step: Step, args: Create | CreateTournament, user: User) -> None:
    """A channel whose table is empty (nobody seated, no chips) may open a new one."""
    if not is_empty(step.record):
        raise DealerRefusal("table_exists")
    step.record = opening(args, user, step.now)
    announce_opening(step, user)


def _join(step: Step, args: Join, user: User, balance: int | None) -> None:
    table = _cash(step.record, "seating")
    settings = table.settings
    amount = args.buy_in
    if amount is None:
        amount = settings.max_buy_in
        if balance is not None and balance < amount:
            amount = max(balance, settings.min_buy_in)
    step.absorb(
        table.sit(user.id, user.name, amount, args.seat, wait_for_big_blind=args.wait_for_big_blind)
    )
    arrived(step.record, user.id)


def _seat_request(step: Step, request: JoinRequest) -> None:
    """An approved request: the player sits with the buy-in they asked for."""
    asker = User(id=request.player, name=request.name)
    _join(step, Join(buy_in=request.buy_in), asker, None)


def add_bot(step: Step, args: AddBot, user: User, bot: User, balance: int | None) -> None:
    """Seats `bot` (an id from `seated_bots.bot_id`) for `user`, who must be in the game; at
    a sit-and-go the bot registers (its buy-in from the house, as a seat's would be)."""
    record = step.record
    tournament = record.tournament
    if tournament is not None:
        entered = any(entrant.player_id == user.id for entrant in tournament.entrants)
        if not (user.manager or user.id == record.host or entered):
            raise DealerRefusal("not_in_game")
        step.absorb(tournament.register(bot.id, bot.name))
        return
    table = _cash(record, "seating bots")
    if not (user.manager or user.id == record.host or table.seat_of(user.id) is not None):
        raise DealerRefusal("not_in_game")
    _join(step, Join(buy_in=args.buy_in), bot, balance)


def _bot_turn(step: Step, table: Table, player: str) -> None:
    action, amount = bot_move(table, player, step.context.bot_random)
    if step.record.tournament is not None:
        events = step.record.tournament.act(player, action, amount)
    else:
        events = table.act(player, action, amount)
    step.absorb(events)


def _send_busted_bots_home(step: Step, table: Table) -> None:
    """A bot with no chips left stands up before the next deal rather than sit there."""
    for player_id in bots_seated(table):
        seat = table.seat_of(player_id)
        if seat is not None and table.stack_of(seat) == 0:
            step.absorb(table.leave(player_id))


def _leave(step: Step, user: User) -> None:
    record = step.record
    tournament = record.tournament
    if tournament is not None:
        if tournament.phase is TournamentPhase.REGISTERING:
            step.absorb(tournament.unregister(user.id))
            return
        raise TableError("tournament_table", what="leaving")
    assert record.cash is not None
    step.absorb(record.cash.leave(user.id))
    hand_over(step, user.id)


def _stop(step: Step) -> None:
    """Everyone leaves; whoever is in the hand being played leaves when it ends."""
    table = _cash(step.record, "closing the table")
    for _, player in table.players():
        if not player.leaving:
            step.absorb(table.leave(player.player_id))
    step.notice("table_stopped")


def _sit_out(step: Step, user: User) -> None:
    record = step.record
    if record.tournament is None:
        assert record.cash is not None
        events = record.cash.sit_out(user.id)
        step.absorb(events)
        if any(isinstance(event, SitOutQueued) for event in events):
            record.clock_of(user.id).away = True  # away: the rest of this hand is played for them
            _hurry(step, user.id)
        return
    table = record.table
    if table is None or table.seat_of(user.id) is None:
        raise TableError("not_seated")
    clock = record.clock_of(user.id)
    if clock.away:
        raise TableError("already_sitting_out")
    clock.away = True
    step.notice("sat_out", name=user.name)
    _hurry(step, user.id)


def _sit_in(step: Step, args: SitIn, user: User) -> None:
    record = step.record
    clock = record.clocks.get(user.id)
    if record.tournament is None:
        assert record.cash is not None
        step.absorb(record.cash.sit_in(user.id, wait_for_big_blind=args.wait_for_big_blind))
    else:
        table = record.table
        if table is None or table.seat_of(user.id) is None:
            raise TableError("not_seated")
        if clock is None or not clock.away:
            raise DealerRefusal("not_away")
        step.notice("sat_in", name=user.name)
    if clock is not None:
        clock.away = False
        clock.timeouts = 0


def _start(step: Step, user: User) -> None:
    record = step.record
    table = record.table
    seated = table is not None and table.seat_of(user.id) is not None
    registered = record.tournament is not None and any(
        entrant.player_id == user.id for entrant in record.tournament.entrants
    )
    if not (seated or registered or user.manager or user.id == record.host):
        raise DealerRefusal("not_in_game")
    tournament = record.tournament
    if tournament is not None and tournament.phase is TournamentPhase.REGISTERING:
        step.absorb(tournament.start(step.now))
    elif tournament is not None and tournament.phase is TournamentPhase.FINISHED:
        raise TableError("tournament_over")
    elif table is not None and table.hand is not None:
        raise TableError("hand_running")
    if record.paused:  # only the host resumes a paused game
        raise DealerRefusal("table_paused")
    record.started = True
    record.wake = None
    deal(step)


def _act(step: Step, args: Act, user: User) -> None:
    record = step.record
    table = record.table
    if table is None:
        raise TableError("tournament_not_running")
    if table.seat_of(user.id) is None:
        raise TableError("not_seated")
    if table.hand is None:
        raise TableError("no_hand")
    if args.action in show_muck.SHOW_WORDS:
        show_muck.act(step, table, args, user)
        return
    if current_token(table) != args.token:
        raise DealerRefusal("stale_token")
    if args.action == "allin":
        refuse_capped_all_in(table, user.id)
    clock = record.clock_of(user.id)
    wake = record.wake
    if wake is not None and wake.purpose is WakeFor.TIME_BANK and wake.player == user.id:
        clock.time_bank = max(0.0, clock.time_bank - (step.now - wake.since))
    if record.tournament is not None:
        events = record.tournament.act(user.id, args.action, args.amount)
    else:
        events = table.act(user.id, args.action, args.amount)
    clock.timeouts = 0
    clock.away = False
    step.absorb(events)


def _time_out(step: Step, table: Table, player: str) -> None:
    """Checks if that is free, else folds; two timeouts in a row and the player sits out."""
    record = step.record
    hand = table.hand
    assert hand is not None and hand.phase is Phase.BETTING
    legal = hand.legal_actions()
    action = "check" if legal.can_check else "fold"
    clock = record.clock_of(player)
    step.notice("timed_out", name=step.name_of(player))
    if record.tournament is not None:
        events = record.tournament.act(player, action)
    else:
        events = table.act(player, action)
    clock.timeouts += 1
    step.absorb(events)
    if clock.timeouts < TIMEOUTS_TO_SIT_OUT:
        return
    if record.tournament is not None:
        if not clock.away and table.seat_of(player) is not None:
            clock.away = True
            step.notice("away", name=step.name_of(player))
        return
    seat = table.seat_of(player)
    seated = table.seats[seat] if seat is not None else None
    if (
        seated is not None
        and seated.status is SeatStatus.PLAYING
        and not seated.sits_out_after_hand
        and not seated.leaving
    ):
        clock.away = True  # the rest of this hand is played for them at once
        step.notice("sat_out_timeouts", name=step.name_of(player))
        step.absorb(table.sit_out(player))


def _hurry(step: Step, player: str) -> None:
    """An away player's pending turn is played at once rather than waiting out the clock."""
    wake = step.record.wake
    if wake is not None and wake.player == player and wake.at > step.now:
        step.record.wake = Wake(at=step.now, purpose=WakeFor.TURN, token=wake.token, player=player)


# -- checks -----------------------------------------------------------------------------------


def _require_host(record: TableRecord, user: User) -> None:
    if not runs_table(record, user):
        raise DealerRefusal("not_host")


def _cash(record: TableRecord, what: str) -> Table:
    if record.cash is None:
        raise DealerRefusal("cash_only", what=what)
    return record.cash


def _tournament(record: TableRecord) -> Tournament:
    if record.tournament is None:
        raise DealerRefusal("tournament_only")
    return record.tournament
