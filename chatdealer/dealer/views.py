"""What a table looks like from the rail, and what one player sees of their own hand.

`TableView` is the public projection an adapter renders into one message and edits in place:
everything anyone watching may know, including the action token its buttons must carry, and no
hole card. `PrivateView` is one player's cards and best hand, sent to that player alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

import msgspec

from chatdealer.cards import format_card, format_cards
from chatdealer.dealer.commands import ActionToken
from chatdealer.dealer.record import PlayerSeed, TableRecord, WakeFor
from chatdealer.dealer.show_muck import showdown_token
from chatdealer.engine.hand import Hand, Phase
from chatdealer.evaluator import evaluate
from chatdealer.omaha.evaluator import LOW_RANK_NAMES, best_high, best_low
from chatdealer.table import SeatStatus, Table, TableSettings, TournamentPhase
from chatdealer.table.showing import chooser_position


class SeatState(StrEnum):
    PLAYING = "playing"
    FOLDED = "folded"
    ALL_IN = "all_in"
    SITTING_OUT = "sitting_out"
    WAITING = "waiting"
    """Seated but not in the hand being played (just sat down, or waiting for the big blind)."""
    BUSTED = "busted"


class SeatView(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    seat: int
    """From 0; players see seat + 1."""
    player_id: str
    name: str
    stack: int
    """Chips behind, not counting `bet`."""
    bet: int
    state: SeatState
    button: bool = False
    small_blind: bool = False
    big_blind: bool = False
    to_act: bool = False
    leaving: bool = False


class PotView(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    amount: int
    players: tuple[str, ...]
    """Player ids who can win it."""


class TurnView(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    """What the player to act may do; amounts are "raise to" totals for this street."""

    player_id: str
    name: str
    seat: int
    to_call: int
    """What calling puts in: the rest of the bet, or every chip left when that is less."""
    can_fold: bool
    can_check: bool
    can_call: bool
    min_raise_to: int | None
    max_raise_to: int | None
    """The biggest bet or raise allowed: all the player's chips (`all_in_to`), or less where
    the pot limit or the fixed-limit bet caps it."""
    current_bet: int
    """The bet to match on this street (the big blind before the flop; 0: nobody has bet)."""
    all_in_to: int
    """The player's bet this street if they put in every chip they have."""
    token: ActionToken
    deadline: float | None
    time_bank: bool
    """The action clock ran out and the deadline is the player's time bank."""

    @property
    def raising(self) -> bool:
        """There is a bet to raise ("raise to"), rather than none yet ("bet")."""
        return self.current_bet > 0

    @property
    def all_in_allowed(self) -> bool:
        """Going all-in is a legal bet or raise: nothing caps the biggest one below it."""
        return self.max_raise_to is not None and self.max_raise_to >= self.all_in_to


class ShowdownView(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    """The player the showdown waits for, to show or muck (docs/rules.md §7)."""

    player_id: str
    name: str
    token: ActionToken
    deadline: float | None


class TournamentView(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    phase: str
    entrants: tuple[str, ...]
    """Names, in the order they registered."""
    buy_in: int
    starting_stack: int
    prize_pool: int
    level: int
    """From 1."""


class RunTwiceQuestion(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    """Everyone left is all-in and they are asked whether to run the board twice: the Once and
    Twice buttons carry `token`; `agreed` are the ids of those who said twice."""

    token: ActionToken
    asked: tuple[str, ...]
    names: tuple[str, ...]
    """The names of those asked, as `asked`."""
    agreed: tuple[str, ...]
    deadline: float


class ShowAfterView(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    """The last hand is over and the next not dealt: these players may still show their
    cards (`show_after`); the Show buttons carry `hand_number`."""

    hand_number: int
    players: tuple[str, ...]
    """Who may show and has not yet."""
    cards: int
    """Hole cards each: the buttons offer each card, or all of them."""


class TableView(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    table: str
    host: str
    settings: TableSettings | None
    """The cash table's settings, or the tournament's current level; None before it starts."""
    hand_number: int
    hand_running: bool
    board: tuple[str, ...]
    pots: tuple[PotView, ...]
    """Main pot first, then side pots; bets of the current street are in the seats."""
    seats: tuple[SeatView, ...]
    turn: TurnView | None
    token: ActionToken | None
    deadline: float | None
    """When the player to act is acted for, or when the next hand is dealt."""
    next_hand_at: float | None
    started: bool
    tournament: TournamentView | None = None
    deck_commitment: str = ""
    """The root of the hand being played's deck, committed before its seeds were taken."""
    next_deck_commitment: str = ""
    """The root of the next hand's deck, committed now: a seed added now goes into its cut."""
    next_deck_seeds: tuple[str, ...] = ()
    """Who has added a seed to the next hand's cut (names)."""
    showdown: ShowdownView | None = None
    run_twice: RunTwiceQuestion | None = None
    show_after: ShowAfterView | None = None


# Enum members as module constants: reading one off its class goes through a slow class hook,
# and every command builds the table view.
_BETTING = Phase.BETTING
_NEXT_HAND = WakeFor.NEXT_HAND
_TIME_BANK = WakeFor.TIME_BANK
_SITTING_OUT = SeatStatus.SITTING_OUT
_BUSTED = SeatStatus.BUSTED
_REGISTERING = TournamentPhase.REGISTERING
_FOLDED = SeatState.FOLDED
_ALL_IN = SeatState.ALL_IN
_PLAYING = SeatState.PLAYING
_WAITING = SeatState.WAITING
_STATE_SITTING_OUT = SeatState.SITTING_OUT
_STATE_BUSTED = SeatState.BUSTED


class PrivateView(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    hand_number: int
    cards: tuple[str, ...]
    board: tuple[str, ...]
    best: str | None
    """The best hand so far ("Pair of aces"), once there are five cards to make it."""
    best_cards: tuple[str, ...]
    low: tuple[str, ...] = ()
    """Omaha hi-lo: the ranks of the eight-or-better low so far, highest first ("7", "5", "4",
    "2", "A"); empty without one."""


def current_token(table: Table | None) -> ActionToken | None:
    """The token a prompt carries now, or None when nobody is to act."""
    if table is None or table.hand is None:
        return None
    hand = table.hand
    if hand.phase is not _BETTING or hand.actor < 0:
        return None
    return ActionToken(table.hand_number, hand.sequence)


def table_view(record: TableRecord, table_id: str) -> TableView:
    table = record.table
    wake = record.wake
    deadline = wake.at if wake is not None else None
    next_hand_at = deadline if wake is not None and wake.purpose is _NEXT_HAND else None
    tournament = _tournament_view(record)
    following = record.next_deck
    next_root = following.root if following is not None else ""
    seeders = _seeders(record, following.seeds) if following is not None else ()
    if table is None:
        return TableView(
            table=table_id,
            host=record.host,
            settings=None,
            hand_number=0,
            hand_running=False,
            board=(),
            pots=(),
            seats=(),
            turn=None,
            token=None,
            deadline=deadline,
            next_hand_at=next_hand_at,
            started=record.started,
            tournament=tournament,
            next_deck_commitment=next_root,
            next_deck_seeds=seeders,
        )
    hand = table.hand
    dealt = record.deck if hand is not None else None
    token = current_token(table)
    return TableView(
        table=table_id,
        host=record.host,
        settings=table.settings,
        hand_number=table.hand_number,
        hand_running=hand is not None,
        board=tuple(map(format_card, hand.board)) if hand else (),
        pots=_pots(table, hand) if hand else (),
        seats=_seats(table),
        turn=_turn(record, table, token),
        token=token,
        deadline=deadline,
        next_hand_at=next_hand_at,
        started=record.started,
        tournament=tournament,
        deck_commitment=dealt.root if dealt is not None else "",
        next_deck_commitment=next_root,
        next_deck_seeds=seeders,
        showdown=_showdown(table, deadline),
        run_twice=_run_twice_question(record, table),
        show_after=_show_after(record) if hand is None else None,
    )


def _showdown(table: Table, deadline: float | None) -> ShowdownView | None:
    token = showdown_token(table)
    if token is None:
        return None
    player = table.player_at_position(chooser_position(table))
    return ShowdownView(
        player_id=player.player_id, name=player.name, token=token, deadline=deadline
    )


def _show_after(record: TableRecord) -> ShowAfterView | None:
    after = record.after
    if after is None:
        return None
    waiting = tuple(player for player in after.may if player not in after.shown)
    if not waiting:
        return None
    cards = after.hand.config.variant.hole_cards
    return ShowAfterView(hand_number=after.number, players=waiting, cards=cards)


def _run_twice_question(record: TableRecord, table: Table) -> RunTwiceQuestion | None:
    vote = record.runs_vote
    if vote is None or table.hand is None:
        return None
    names = {player.player_id: player.name for _, player in table.players()}
    return RunTwiceQuestion(
        token=vote.token,
        asked=tuple(vote.asked),
        names=tuple(names.get(player, player) for player in vote.asked),
        agreed=tuple(vote.agreed),
        deadline=vote.until,
    )


def _seeders(record: TableRecord, seeds: Sequence[PlayerSeed]) -> tuple[str, ...]:
    """The names of those who added a seed to the next hand's cut."""
    if not seeds:
        return ()
    names: dict[str, str] = {}
    if record.tournament is not None:
        names.update((e.player_id, e.name) for e in record.tournament.entrants)
    table = record.table
    if table is not None:
        names.update((player.player_id, player.name) for _, player in table.players())
    return tuple(names.get(seed.player, seed.player) for seed in seeds)


def _seats(table: Table) -> tuple[SeatView, ...]:
    hand = table.hand
    dealt = table.hand_seats if hand is not None else []
    views = []
    for seat, player in enumerate(table.seats):
        if player is None:
            continue
        if seat in dealt:
            assert hand is not None
            position = dealt.index(seat)
            stack, bet = hand.stacks[position], hand.bets[position]
            if hand.folded[position]:
                state = _FOLDED
            elif hand.all_in[position]:
                state = _ALL_IN
            else:
                state = _PLAYING
            to_act = hand.actor == position
        else:
            stack, bet, to_act = player.stack, 0, False
            status = player.status
            if status is _SITTING_OUT:
                state = _STATE_SITTING_OUT
            elif status is _BUSTED:
                state = _STATE_BUSTED
            elif hand is not None or (player.owes and player.waits_for_big_blind):
                state = _WAITING
            else:
                state = _PLAYING
        views.append(
            SeatView(
                seat=seat,
                player_id=player.player_id,
                name=player.name,
                stack=stack,
                bet=bet,
                state=state,
                button=seat == table.button,
                small_blind=seat == table.small_blind,
                big_blind=seat == table.big_blind,
                to_act=to_act,
                leaving=player.leaving,
            )
        )
    return tuple(views)


def _pots(table: Table, hand: Hand) -> tuple[PotView, ...]:
    players = [table.seats[seat] for seat in table.hand_seats]
    return tuple(
        PotView(
            amount=pot.amount,
            players=tuple(p.player_id for i, p in enumerate(players) if p and i in pot.eligible),
        )
        for pot in hand.pots()
    )


def _turn(record: TableRecord, table: Table, token: ActionToken | None) -> TurnView | None:
    hand = table.hand
    if hand is None or token is None:
        return None
    legal = hand.legal_actions()
    seat = table.seat_of_position(legal.seat)
    player = table.player_at_position(legal.seat)
    wake = record.wake
    current = wake is not None and wake.token == token
    return TurnView(
        player_id=player.player_id,
        name=player.name,
        seat=seat,
        to_call=legal.to_call,
        can_fold=legal.can_fold,
        can_check=legal.can_check,
        can_call=legal.can_call,
        min_raise_to=legal.min_raise_to,
        max_raise_to=legal.max_raise_to,
        current_bet=legal.current_bet,
        all_in_to=legal.all_in_to,
        token=token,
        deadline=wake.at if wake is not None and current else None,
        time_bank=current and wake is not None and wake.purpose is _TIME_BANK,
    )


def _tournament_view(record: TableRecord) -> TournamentView | None:
    tournament = record.tournament
    if tournament is None:
        return None
    settings = tournament.settings
    return TournamentView(
        phase=tournament.phase.value,
        entrants=tuple(entrant.name for entrant in tournament.entrants),
        buy_in=settings.buy_in,
        starting_stack=settings.starting_stack,
        prize_pool=(
            tournament.prize_pool
            if tournament.phase is not _REGISTERING
            else settings.buy_in * len(tournament.entrants)
        ),
        level=tournament.level + 1,
    )


def private_view(table: Table, player_id: str) -> PrivateView | None:
    """The player's cards in the hand being played, or None when they have none."""
    hand = table.hand
    seat = table.seat_of(player_id)
    if hand is None or seat is None or not table.in_hand(seat):
        return None
    return private_view_of(hand, table.hand_number, table.hand_seats.index(seat))


def private_view_of(hand: Hand, hand_number: int, position: int) -> PrivateView:
    cards = hand.holes[position]
    best = best_cards = None
    low: tuple[str, ...] = ()
    if len(hand.board) >= 3:
        if hand.config.variant.omaha:  # exactly two hole cards and three of the board
            rank = best_high(cards, hand.board)
            made_low = best_low(cards, hand.board) if hand.config.variant.hi_lo else None
            if made_low is not None:
                low = tuple(LOW_RANK_NAMES[r] for r in made_low.ranks)
        else:
            rank = evaluate([*cards, *hand.board], hand.config.ranking)
        best, best_cards = rank.name, tuple(format_card(card) for card in rank.cards)
    return PrivateView(
        hand_number=hand_number,
        cards=tuple(format_cards(cards).split()),
        board=tuple(format_card(card) for card in hand.board),
        best=best,
        best_cards=best_cards or (),
        low=low,
    )
