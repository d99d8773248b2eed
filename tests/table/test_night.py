"""A night at a ten-seat table: players join, play, sit out, come back, top up, bust and leave,
over 1,000 hands of random legal play with seeded decks.

A referee keeps its own account of what each player owes, from the rule book's words (RULES.md
§3, §8), and checks every hand against it: the button moves to the next player in the game, the
blinds follow it, nobody dodges a big blind they owe, dead blinds go to the pot, nobody acts out
of turn, and the chips balance against the buy-ins and cash-outs.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from chatdealer import phh
from chatdealer.engine.config import BettingStructure
from chatdealer.engine.events import ActionTaken, BoardDealt, BountyCollected, ForcedBetPosted
from chatdealer.engine.hand import Hand
from chatdealer.engine.refusals import IllegalAction
from chatdealer.engine.run_twice import waits_for_runs
from chatdealer.history import to_phh
from chatdealer.replay import replay
from chatdealer.table.events import (
    AnyEvent,
    HandStarted,
    PlayerLeft,
    PlayerSeated,
    ToppedUp,
)
from chatdealer.table.ledger import EarlierPlayers
from chatdealer.table.refusals import TableError
from chatdealer.table.run_twice import RunTwice
from chatdealer.table.seats import Player, SeatStatus, strictly_between
from chatdealer.table.settings import TableSettings
from chatdealer.table.table import Table
from tests.table.support import Decks, actor_id

SEATS = 10
HANDS = 1000
PEOPLE = [f"player{number}" for number in range(24)]


class Referee:
    """What each player owes, and the checks every hand must pass."""

    def __init__(self) -> None:
        self.owes_big: dict[str, bool] = {}  # a newcomer's entry blind counts as a big blind
        self.owes_small: dict[str, bool] = {}
        self.newcomer: set[str] = set()
        self.last: HandStarted | None = None

    def joined(self, player_id: str) -> None:
        self.newcomer.add(player_id)
        self.owes_big[player_id] = True
        self.owes_small[player_id] = False

    def left(self, player_id: str) -> None:
        self.newcomer.discard(player_id)
        self.owes_big.pop(player_id, None)
        self.owes_small.pop(player_id, None)

    def owes(self, player_id: str) -> bool:
        return self.owes_big[player_id] or self.owes_small[player_id]

    def check_deal(self, before: Table, table: Table, events: list[AnyEvent]) -> None:
        start = next(event for event in events if isinstance(event, HandStarted))
        seated = {seat: player for seat, player in before.players()}
        ready = {seat for seat, player in seated.items() if player.ready}
        in_game = {seat for seat in ready if not self.owes(seated[seat].player_id)}
        dealt = set(start.seats)
        posted: dict[int, list[str]] = {}
        forced: dict[str, int] = {}
        all_in: set[int] = set()  # a player short of what they owe posts what they have [004]
        for event in events:
            if isinstance(event, ForcedBetPosted):
                posted.setdefault(start.seats[event.seat], []).append(event.kind)
                forced[event.kind] = forced.get(event.kind, 0) + event.amount
                if event.all_in:
                    all_in.add(start.seats[event.seat])
        fresh = len(in_game) < 2
        assert start.fresh_start == fresh
        if fresh:
            assert dealt == ready
        else:
            self._check_button_and_blinds(start, in_game, dealt)
            for seat in dealt - in_game:  # coming in: nobody dodges what they owe
                player_id = seated[seat].player_id
                kinds = posted.get(seat, [])
                if start.bomb_pot:  # no blinds: what they owe stays owed (rules.md §14)
                    assert kinds == ["ante"], (seat, posted)
                    continue
                if seat == start.big_blind:
                    assert "blind" in kinds or seat in all_in
                    continue
                if self.owes_big[player_id]:
                    assert "post" in kinds or seat in all_in, (seat, posted)
                if self.owes_small[player_id]:
                    assert "dead" in kinds or seat in all_in, (seat, posted)
            for seat in ready - dealt:  # only those waiting for the big blind sit a hand out
                assert seat not in in_game and seated[seat].waits_for_big_blind
        if start.bomb_pot:  # everyone dealt posts the ante and nothing else
            assert all(kinds == ["ante"] for kinds in posted.values()), posted
            assert set(posted) == dealt
        if table.hand is not None:  # else it was played out in the deal: all-in on the blinds
            dead = forced.get("dead", 0)  # dead blinds go to the main pot, as a big-blind ante does
            if table.settings.big_blind_ante:
                dead += forced.get("ante", 0)
            assert table.hand.dead_money == dead
            assert table.hand.pot_total() == sum(forced.values())
        self._update_debts(start, seated)
        self.last = start

    def _check_button_and_blinds(
        self, start: HandStarted, in_game: set[int], dealt: set[int]
    ) -> None:
        assert start.button in in_game
        last = self.last
        if last is not None:  # the button went to the next player in the game [000][004]
            assert not any(
                strictly_between(seat, last.button, start.button, SEATS) for seat in in_game
            )
            if last.button in in_game and len(in_game) > 1:
                assert start.button != last.button
        if len(in_game) == 2:
            assert start.small_blind == start.button  # heads-up [std]
        else:
            assert start.small_blind in in_game
            assert not any(
                strictly_between(seat, start.button, start.small_blind, SEATS) for seat in in_game
            )
        assert start.big_blind in dealt and start.big_blind != start.button
        assert not any(
            strictly_between(seat, start.small_blind, start.big_blind, SEATS) for seat in dealt
        )

    def _update_debts(self, start: HandStarted, seated: dict[int, Player]) -> None:
        last = self.last
        for seat, player in seated.items():
            player_id = player.player_id
            if seat in start.seats and start.bomb_pot:
                continue  # dealt in a bomb pot, posting only its ante: the debts stay
            if seat in start.seats:
                self.owes_big[player_id] = self.owes_small[player_id] = False
                self.newcomer.discard(player_id)
            elif (
                last is not None
                and player.status is not SeatStatus.PLAYING
                and player_id not in self.newcomer
            ):
                if strictly_between(seat, last.big_blind, start.big_blind, SEATS):
                    self.owes_big[player_id] = True
                if strictly_between(seat, last.small_blind, start.small_blind, SEATS):
                    self.owes_small[player_id] = True
        if start.fresh_start:
            for player in seated.values():
                if player.ready:
                    self.owes_big[player.player_id] = self.owes_small[player.player_id] = False
                    self.newcomer.discard(player.player_id)


class Night:
    def __init__(self, seed: int, settings: TableSettings) -> None:
        self.random = random.Random(seed)
        self.decks = Decks(seed)
        self.table = Table.open(settings, now=0)
        self.referee = Referee()
        self.bought = 0
        self.cashed = 0
        self.bought_tonight = 0  # since someone sat down at the empty table: its night began
        self.empty = True
        self.hands = 0
        self.refusals = 0
        self.replayed = 0
        self.run_twice = 0
        self.asked = 0
        self.bomb_pots = 0
        self.bounties = 0
        self.events: list[AnyEvent] = []  # everything that happened this hand

    # -- bookkeeping -------------------------------------------------------------------------

    def record(self, events: list[AnyEvent]) -> list[AnyEvent]:
        self.events += events
        for event in events:
            self.bomb_pots += isinstance(event, HandStarted) and event.bomb_pot > 0
            self.bounties += isinstance(event, BountyCollected)
            if isinstance(event, PlayerSeated):
                if self.empty:
                    self.bought_tonight = 0
                    self.empty = False
                self.bought += event.buy_in
                self.bought_tonight += event.buy_in
                self.referee.joined(event.player_id)
            elif isinstance(event, ToppedUp):
                self.bought += event.amount
                self.bought_tonight += event.amount
            elif isinstance(event, PlayerLeft):
                self.cashed += event.cash_out
                self.referee.left(event.player_id)
        table = self.table
        assert self.bought - self.cashed == table.chips_on_table() == table.ledger.balance
        self.empty = not table.players()
        return events

    def attempt(self, request: Callable[[], list[AnyEvent]]) -> None:
        """A request that may be refused: if it is, nothing changes."""
        before = self.table.to_json()
        try:
            self.record(request())
        except TableError:
            self.refusals += 1
            assert self.table.to_json() == before

    # -- what players do -----------------------------------------------------------------------

    def seated(self, *statuses: SeatStatus) -> list[Player]:
        return [p for _, p in self.table.players() if not statuses or p.status in statuses]

    def someone_joins(self) -> None:
        table = self.table
        here = {player.player_id for _, player in table.players()}
        strangers = [person for person in PEOPLE if person not in here]
        settings = table.settings
        person = self.random.choice(strangers)
        buy_in = self.random.randint(settings.min_buy_in, settings.max_buy_in)
        free = [seat for seat in range(SEATS) if table.seats[seat] is None]
        seat = self.random.choice([*free, None]) if free else None
        wait = self.random.random() < 0.3
        self.attempt(
            lambda: table.sit(person, person.title(), buy_in, seat, wait_for_big_blind=wait)
        )

    def someone_tops_up(self, player: Player) -> None:
        settings = self.table.settings
        amount = self.random.randint(1, settings.max_buy_in)
        if player.stack == 0:
            amount = max(amount, settings.min_buy_in)
        self.attempt(lambda: self.table.top_up(player.player_id, amount))

    def between_hands(self) -> None:
        rng, table = self.random, self.table
        for _ in range(3):
            if rng.random() < 0.35:
                self.someone_joins()
        for player in self.seated():
            roll = rng.random()
            if player.status is SeatStatus.BUSTED:
                if roll < 0.4:
                    self.someone_tops_up(player)
                elif roll < 0.6:
                    self.attempt(lambda p=player: table.leave(p.player_id))  # type: ignore[misc]
            elif player.status is SeatStatus.SITTING_OUT:
                if roll < 0.3:
                    wait = rng.random() < 0.5
                    self.attempt(
                        lambda p=player, w=wait: table.sit_in(p.player_id, wait_for_big_blind=w)  # type: ignore[misc]
                    )
            elif roll < 0.03:
                self.attempt(lambda p=player: table.leave(p.player_id))  # type: ignore[misc]
            elif roll < 0.07:
                self.attempt(lambda p=player: table.sit_out(p.player_id))  # type: ignore[misc]
            elif roll < 0.12:
                self.someone_tops_up(player)
            elif roll < 0.15:
                self.attempt(lambda p=player: table.straddle(p.player_id))  # type: ignore[misc]
        plan = table.preview_next_hand()
        if plan is not None and rng.random() < 0.2:
            utg = table.seats[plan.under_the_gun]
            assert utg is not None
            self.attempt(lambda: table.straddle(utg.player_id))

    def during_the_hand(self) -> None:
        rng, table = self.random, self.table
        hand = table.hand
        assert hand is not None
        roll = rng.random()
        dealt = [table.player_at_position(p) for p in range(hand.seat_count)]
        if roll < 0.01:
            self.attempt(lambda: table.leave(rng.choice(dealt).player_id))
        elif roll < 0.02:
            self.attempt(lambda: table.sit_out(rng.choice(dealt).player_id))
        elif roll < 0.04:
            self.someone_tops_up(rng.choice(dealt))
        elif roll < 0.05:
            self.someone_joins()
        elif roll < 0.06:
            self.attempt(lambda: table.straddle(rng.choice(dealt).player_id))
        elif roll < 0.15:
            self.out_of_turn(dealt)

    def out_of_turn(self, dealt: list[Player]) -> None:
        """Anyone but the player to act is refused, whatever they try."""
        table = self.table
        assert table.hand is not None
        others = [p for p in dealt if p.player_id != actor_id(table)]
        before = table.to_json()
        with pytest.raises(IllegalAction):
            table.act(self.random.choice(others).player_id, "call")
        assert table.to_json() == before

    def act(self) -> list[AnyEvent]:
        table, rng = self.table, self.random
        assert table.hand is not None
        legal = table.hand.legal_actions()
        player_id = actor_id(table)
        roll = rng.random()
        if legal.can_fold and roll < 0.2:
            return table.act(player_id, "fold")
        if legal.can_raise and roll > 0.98:
            return table.act(player_id, "allin")
        if legal.can_raise and roll > 0.86:
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            amount = min(legal.max_raise_to, legal.min_raise_to * rng.choice((1, 1, 2, 3)))
            return table.act(player_id, "raise", amount)
        return table.act(player_id, "check" if legal.can_check else "call")

    # -- the night -----------------------------------------------------------------------------

    def play_hand(self) -> None:
        table = self.table
        self.between_hands()
        before = Table.from_json(table.to_json())
        self.events = []
        draw = self.decks() if table.button is None else None
        try:
            events = self.record(table.deal(self.decks(), draw))
        except TableError as refusal:
            assert refusal.code == "not_enough_players"
            assert table.to_json() == before.to_json()
            for _ in range(2):
                self.someone_joins()
            return
        self.hands += 1
        self.referee.check_deal(before, table, events)
        assert Table.from_json(table.to_json()) == table
        hand = table.hand
        while table.hand is not None:
            if not waits_for_runs(table.hand):
                self.during_the_hand()
            if table.hand is None:
                break  # the last player to act left
            if waits_for_runs(table.hand):  # everyone asked: all twice, or someone once
                self.record(table.run_out(self.random.choice((1, 2))))
                self.asked += 1
            else:
                self.record(self.act())
        check_turns(self.events)
        if hand is not None and table.settings.run_twice is not RunTwice.OFF:
            self.check_replay(hand)

    def check_replay(self, hand: Hand) -> None:
        """The hand's history, written and read back, replays to the stacks it ended with."""
        if not hand.is_complete:
            return
        result = replay(phh.loads(phh.dumps(to_phh(hand))), f"hand {self.hands}")
        assert result.ok, result.error
        self.replayed += 1
        self.run_twice += bool(hand.second_board)


def check_turns(events: list[AnyEvent]) -> None:
    """Within a street nobody acts twice in a row: the action always moves on."""
    last_seat = -1
    for event in events:
        if isinstance(event, BoardDealt):
            last_seat = -1
        elif isinstance(event, ActionTaken):
            assert event.seat != last_seat
            last_seat = event.seat


NIGHTS = {
    "no-limit with straddles": TableSettings(seat_count=SEATS, straddles=True),
    "pot-limit with antes": TableSettings(
        seat_count=SEATS, structure=BettingStructure.POT_LIMIT, straddles=True, ante=1
    ),
    "fixed-limit with a big-blind ante": TableSettings(
        seat_count=SEATS,
        structure=BettingStructure.FIXED_LIMIT,
        small_bet=4,
        big_bet=8,
        ante=4,
        big_blind_ante=True,
    ),
    "no-limit, the board always run twice": TableSettings(
        seat_count=SEATS, run_twice=RunTwice.ALWAYS
    ),
    "run it twice when asked, bomb pots and the 7-2 bounty": TableSettings(
        seat_count=SEATS,
        run_twice=RunTwice.ASK,
        bomb_pot_every=7,
        bomb_pot_ante=4,
        seven_deuce=10,
    ),
}


@pytest.mark.parametrize(("seed", "game"), list(enumerate(NIGHTS, start=2024)))
def test_a_night_of_a_thousand_hands_keeps_every_rule_and_every_chip(seed: int, game: str) -> None:
    night = Night(seed, NIGHTS[game])
    while night.hands < HANDS:
        night.play_hand()
    table = night.table
    lines = table.night()
    # The night's lines, and the totals of the rows folded away to keep the state small.
    earlier = table.ledger.earlier or EarlierPlayers()
    assert sum(line.net for line in lines) + earlier.cashed_out - earlier.bought_in == 0
    assert sum(line.bought_in for line in lines) + earlier.bought_in == night.bought_tonight
    assert len(lines) > SEATS  # more people came than there are seats
    assert night.refusals > 0
    if NIGHTS[game].run_twice is not RunTwice.OFF:
        assert night.replayed > HANDS * 9 // 10  # all but hands left unfinished replayed
        assert night.run_twice > 20  # and many of them ran their board twice
    if NIGHTS[game].run_twice is RunTwice.ASK:
        assert night.asked > night.run_twice  # asked each time; some said once
        assert night.bomb_pots >= HANDS // 7 - 10 and night.bounties > 0
