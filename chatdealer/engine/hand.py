"""One hand of hold'em, short deck or Omaha, from the forced bets to the last chip paid
(RULES.md §1-7, §13).

The hand is pure: the deck order is handed in, nothing is read or written, and every action
either changes the hand and returns its events or raises `IllegalAction` and changes nothing.
The whole state is a msgspec struct, so it serialises to JSON and back unchanged.
"""

from __future__ import annotations

from enum import IntEnum

import msgspec
from msgspec.structs import replace

from chatdealer.cards import CARD_NAMES as _CARD_NAMES
from chatdealer.cards import check_in_deck, check_unique, format_cards
from chatdealer.engine.betting import (
    FIXED_LIMIT_CAP,
    OTHER_SEATS,
    LegalActions,
    RoundState,
    check_raise,
    closed_to_raise,
)
from chatdealer.engine.config import BettingStructure, ConfigError, HandConfig, Variant
from chatdealer.engine.events import (
    ActionTaken,
    BetReturned,
    BoardDealt,
    Event,
    HandEnded,
    HandMucked,
    HandShown,
    HoleCardsDealt,
    PotAwarded,
    PotsChanged,
    Street,
)
from chatdealer.engine.live_seats import live_seats
from chatdealer.engine.opening import opening_for
from chatdealer.engine.payout import pay_pots
from chatdealer.engine.pots import Pot, build_pots, split, winners_of
from chatdealer.engine.refusals import IllegalAction
from chatdealer.engine.run_twice import RUNS_TO_ASK, pay_two_runs
from chatdealer.engine.seven_deuce import collect_bounties
from chatdealer.engine.showdown_values import can_win_low, omaha_highs, omaha_lows
from chatdealer.engine.stored import Stored
from chatdealer.evaluator import rank7_for, ranking_for

# The seats in turn from each starting seat, for each table size (a hot loop reads them).
_ORDERS = {
    count: tuple(
        tuple((start + step) % count for step in range(count)) for start in range(count + 1)
    )
    for count in range(2, 11)
}


class Phase(IntEnum):
    BETTING = 0
    SHOWDOWN = 1
    COMPLETE = 2


# Enum members as module constants: reading one off its class goes through a slow class hook,
# and hashing one runs Python code, so the look-up tables below are indexed by `_value_`.
_BETTING = Phase.BETTING
_SHOWDOWN = Phase.SHOWDOWN
_COMPLETE = Phase.COMPLETE
_FIXED_LIMIT = BettingStructure.FIXED_LIMIT
_POT_LIMIT = BettingStructure.POT_LIMIT
_RIVER = Street.RIVER
_TURN_VALUE = Street.TURN.value
# From each street before the river: the next street and how many cards it deals.
_NEXT_STREET = ((Street.FLOP, 3), (Street.TURN, 1), (Street.RIVER, 1))
# PHH action strings by seat, made once: the log grows by one after every action.
_FOLD = tuple(f"p{seat + 1} f" for seat in range(10))
_CHECK_OR_CALL = tuple(f"p{seat + 1} cc" for seat in range(10))
_BET_OR_RAISE = tuple(f"p{seat + 1} cbr " for seat in range(10))
_DEALT_TO = tuple(f"d dh p{seat + 1} " for seat in range(10))
_SHOWS = tuple(f"p{seat + 1} sm " for seat in range(10))
# The seven-card ranking of each variant and short-deck option, looked up once per showdown.
_RANK7 = {
    (variant.value, option): rank7_for(ranking_for(variant.deck, option))
    for variant in Variant
    if not variant.omaha
    for option in (False, True)
}


class Hand(Stored, kw_only=True):
    """The state of one hand. Seats are positions: seat 0 sits left of the button."""

    config: HandConfig
    deck: list[int]
    dealt: int = 0
    holes: list[list[int]]
    board: list[int] = msgspec.field(default_factory=list)
    burned: list[int] = msgspec.field(default_factory=list)
    stacks: list[int]
    bets: list[int]
    contributed: list[int]
    dead_money: int = 0
    folded: list[bool]
    all_in: list[bool]
    street: Street = Street.PREFLOP
    phase: Phase = Phase.BETTING
    actor: int = -1
    round: RoundState = msgspec.field(default_factory=RoundState)
    showdown_order: list[int] = msgspec.field(default_factory=list)
    showdown_next: int = 0
    shown: list[bool] = msgspec.field(default_factory=list)
    mucked: list[bool] = msgspec.field(default_factory=list)
    won: list[int] = msgspec.field(default_factory=list)
    manual_showdown: bool = False
    runs: int = 1  # 2 when the rest of the board is run twice; 0 while the players are asked
    second_board: list[int] = msgspec.field(default_factory=list)
    actions: list[str] = msgspec.field(default_factory=list)
    sequence: int = 0

    def __repr__(self) -> str:
        """Never the deck or hole cards: a hand may end up in a log line or an error."""
        return (
            f"Hand(seats={self.seat_count}, street={self.street.name}, phase={self.phase.name}, "
            f"actor={self.actor}, sequence={self.sequence}, board={format_cards(self.board)!r})"
        )

    # -- reading the hand ------------------------------------------------------------------

    @property
    def seat_count(self) -> int:
        return len(self.stacks)

    @property
    def is_complete(self) -> bool:
        return self.phase is _COMPLETE

    def in_hand(self) -> list[bool]:
        return [not folded for folded in self.folded]

    def pot_total(self) -> int:
        """Every chip put in this hand, bets of the current round included."""
        return sum(self.contributed) + self.dead_money

    def pots(self) -> list[Pot]:
        """The pots as they stand, bets of the current round not yet gathered."""
        folded, all_in = self.folded, self.all_in
        count = len(folded)
        for seat in range(count if True in all_in else 0):
            if all_in[seat] and not folded[seat]:
                break
        else:  # nobody all-in: one pot, open to everyone still in
            total = sum(self.contributed) - sum(self.bets) + self.dead_money
            return [Pot(total, live_seats(folded))] if total else []
        bets = self.bets
        if bets.count(0) == count:  # bets gathered: what each put in is in the pots
            gathered = self.contributed
        else:
            gathered = [c - b for c, b in zip(self.contributed, bets, strict=True)]
        return build_pots(gathered, self.in_hand(), self.dead_money)

    def legal_actions(self) -> LegalActions:
        """What the player to act may do now (RULES.md §4-5): the one place that decides.

        The answer is remembered for this hand and action sequence (every action moves it on):
        a prompt asks, then the raise asks again. Worked out inline, as it runs before every
        action."""
        global _last_legal
        seat = self.actor
        if self.phase is not _BETTING or seat < 0:
            raise IllegalAction("hand_over" if self.is_complete else "showdown_now")
        stacks, bets, round_ = self.stacks, self.bets, self.round
        stack, bet, level = stacks[seat], bets[seat], round_.level
        to_call = level - bet
        if stack <= to_call:
            return closed_to_raise(seat, stack, "covered", level, stack, bet)
        folded, all_in = self.folded, self.all_in
        for other in OTHER_SEATS[len(stacks)][seat]:
            if not (folded[other] or all_in[other]) and stacks[other] + bets[other] > level:
                break
        else:
            return closed_to_raise(seat, to_call, "nobody_to_raise", level, stack, bet)
        all_in_to = bet + stack
        structure = self.config.structure
        if structure is _FIXED_LIMIT:
            if round_.raises >= FIXED_LIMIT_CAP:
                return closed_to_raise(seat, to_call, "capped", level, stack, bet)
            if round_.acted[seat] and round_.full_level <= round_.acted_level[seat]:
                return closed_to_raise(seat, to_call, "not_reopened", level, stack, bet)
            low = round_.full_level + round_.raise_size
            if low > all_in_to:
                low = all_in_to
            high = low
        else:
            if round_.acted[seat] and level - round_.acted_level[seat] < round_.raise_size:
                return closed_to_raise(seat, to_call, "not_reopened", level, stack, bet)
            low = level + round_.raise_size
            if low > all_in_to:
                low = all_in_to
            high = all_in_to
            if structure is _POT_LIMIT:  # the pot counts every chip on the table
                high = max(low, min(level + self.pot_total() + (level - bet), all_in_to))
        facing = to_call > 0
        legal = LegalActions(
            seat, to_call, facing, not facing, facing, low, high, None, level, stack, bet
        )
        _last_legal = (self, self.sequence, legal)
        return legal

    def _legal_now(self) -> LegalActions:
        """`legal_actions`, reusing the last answer when it was for this hand as it stands."""
        remembered = _last_legal
        if remembered is not None and remembered[0] is self and remembered[1] == self.sequence:
            return remembered[2]
        return self.legal_actions()

    # -- betting actions -------------------------------------------------------------------

    def act(self, seat: int, action: str, amount: int | None = None) -> list[Event]:
        """One player action by name: fold, check, call, bet, raise (to `amount`), allin,
        show or muck."""
        if action in ("show", "muck"):
            return self.show_or_muck(seat, show=action == "show")
        self._check_turn(seat)
        to_call = min(self.round.level - self.bets[seat], self.stacks[seat])
        if action == "fold":
            if to_call <= 0:
                raise IllegalAction("no_need_to_fold")
            return self.fold(seat)
        if action == "check":
            if to_call:
                raise IllegalAction("cannot_check", to_call=to_call)
            return self.check_or_call(seat)
        if action == "call":
            if not to_call:
                raise IllegalAction("nothing_to_call")
            return self.check_or_call(seat)
        if action in ("bet", "raise", "allin"):
            legal = self._legal_now()
            if action == "allin":
                if legal.stack <= legal.to_call:
                    return self.check_or_call(seat)
                amount = legal.max_raise_to
                if amount is None:
                    raise IllegalAction(legal.closed_reason or "capped")
            if amount is None:
                raise IllegalAction("minimum_raise", minimum=legal.min_raise_to or 0)
            return self.raise_to(seat, amount)
        raise IllegalAction("unknown_action", action=action)

    def fold(self, seat: int) -> list[Event]:
        if seat != self.actor or self.phase is not _BETTING:
            self._check_turn(seat)
        bet = self.bets[seat]
        if self.round.level <= bet:
            raise IllegalAction("no_need_to_fold")
        self.folded[seat] = True
        self.actions.append(_FOLD[seat])
        events: list[Event] = [ActionTaken(seat, "fold", bet, 0, False)]
        self._after_action(seat, events)
        return events

    def check_or_call(self, seat: int) -> list[Event]:
        """Check, or call as much as the stack covers."""
        if seat != self.actor or self.phase is not _BETTING:
            self._check_turn(seat)
        stacks, bets = self.stacks, self.bets
        stack, to_call = stacks[seat], self.round.level - bets[seat]
        added = to_call if to_call < stack else stack
        if added:
            stacks[seat] = stack - added
            bet = bets[seat] = bets[seat] + added
            self.contributed[seat] += added
            if added == stack:
                self.all_in[seat] = True
            event = ActionTaken(seat, "call", bet, added, added == stack)
        else:
            event = ActionTaken(seat, "check", bets[seat], 0, False)
        self.actions.append(_CHECK_OR_CALL[seat])
        events: list[Event] = [event]
        self._after_action(seat, events)
        return events

    def raise_to(self, seat: int, amount: int) -> list[Event]:
        """Bet or raise to `amount`, a total for this round."""
        if seat != self.actor or self.phase is not _BETTING:
            self._check_turn(seat)
        structure = self.config.structure
        check_raise(self._legal_now(), amount, structure)
        round_, stacks, bets = self.round, self.stacks, self.bets
        previous = round_.level
        added = amount - bets[seat]
        left = stacks[seat] = stacks[seat] - added
        bets[seat] = amount
        self.contributed[seat] += added
        if not left:
            self.all_in[seat] = True
        if structure is _FIXED_LIMIT:
            if 2 * (amount - round_.full_level) >= round_.raise_size:
                round_.full_level = amount
                round_.raises += 1
        elif amount - previous >= round_.raise_size:
            round_.raise_size = amount - previous
        round_.level = amount
        round_.aggressor = seat
        self.actions.append(_BET_OR_RAISE[seat] + str(amount))
        action = "bet" if previous == 0 else "raise"
        events: list[Event] = [ActionTaken(seat, action, amount, added, not left)]
        self._after_action(seat, events)
        return events

    def _check_turn(self, seat: int) -> None:
        if seat == self.actor and self.phase is _BETTING:
            return
        if self.is_complete:
            raise IllegalAction("hand_over")
        if self.phase is _SHOWDOWN:
            raise IllegalAction("showdown_now")
        if not 0 <= seat < self.seat_count or self.folded[seat]:
            raise IllegalAction("not_in_hand")
        raise IllegalAction("not_your_turn", player=self.config.name_of(self.actor))

    def _put_in(self, seat: int, chips: int) -> None:
        self.stacks[seat] -= chips
        self.bets[seat] += chips
        self.contributed[seat] += chips
        if self.stacks[seat] == 0:
            self.all_in[seat] = True

    def _after_action(self, seat: int, events: list[Event]) -> None:
        """Pass the turn on, or close the round when nobody is left to act."""
        self.sequence += 1
        round_ = self.round
        round_.acted[seat] = True
        round_.acted_level[seat] = self.bets[seat]
        folded = self.folded
        if folded[seat] and folded.count(False) == 1:
            self._end_round(events)
            return
        actor = self.actor = self._next_actor(seat + 1, seat)
        if actor < 0 and self._end_round(events):
            self._begin_round(0, events)

    def _two_can_bet(self) -> bool:
        """Whether two or more players still have chips to bet with."""
        all_in, able = self.all_in, 0
        for seat, folded in enumerate(self.folded):
            if not folded and not all_in[seat]:
                able += 1
                if able == 2:
                    return True
        return False

    def _next_actor(self, start: int, mover: int = -1) -> int:
        """The next seat from `start` on that must act in this round, or -1 when it is over.

        A player who has matched the bet acts only if someone else can still act: alone with
        chips against all-in players, there is nothing to decide. `mover`, the seat that just
        acted, can still act when it has chips left, which spares the search for another.
        """
        folded, all_in, bets = self.folded, self.all_in, self.bets
        round_ = self.round
        level = round_.level
        for seat in _ORDERS[len(folded)][start]:
            if folded[seat] or all_in[seat]:
                continue
            if bets[seat] < level:
                return seat
            if not round_.acted[seat]:
                if mover >= 0 and not folded[mover] and not all_in[mover]:
                    return seat
                for other, out in enumerate(folded):
                    if other != seat and not out and not all_in[other]:
                        return seat
                return -1
        return -1

    # -- streets -----------------------------------------------------------------------------

    def _begin_round(self, start: int, events: list[Event]) -> None:
        """Start betting on the current street, or move on when nobody needs to act."""
        while True:
            self.actor = self._next_actor(start)
            if self.actor >= 0:
                return
            if not self._end_round(events):
                return
            start = 0

    def _end_round(self, events: list[Event]) -> bool:
        """Close the round: return an uncalled bet, gather the bets, then deal on or finish.

        Returns True when a new betting round was opened on the next street.
        """
        self.actor = -1
        bets = self.bets
        if bets.count(self.round.level) < 2:  # else the top bet was called (none is higher)
            self._return_uncalled(events)
        self.bets = [0] * len(bets)
        pots = self.pots()  # they stand until the payout: no more bets after a showdown starts
        events.append(PotsChanged(tuple(pots)))
        if self.folded.count(False) == 1:
            self._settle(events, pots)
            return False
        # With nobody all-in, the two or more players left can all still bet.
        if self.street is _RIVER or (True in self.all_in and not self._two_can_bet()):
            self._begin_showdown(events, pots)
            return False
        self._deal_street(events)
        self._reset_round()
        return True

    def _reset_round(self) -> None:
        config, count = self.config, len(self.stacks)
        if config.structure is not _FIXED_LIMIT:
            size = config.min_bet
        else:
            size = config.big_bet if self.street._value_ >= _TURN_VALUE else config.small_bet
        self.round = RoundState(raise_size=size, acted=[False] * count, acted_level=[0] * count)

    def _return_uncalled(self, events: list[Event]) -> None:
        bets = self.bets
        ordered = sorted(bets)
        top, second = ordered[-1], ordered[-2]
        if top == second:
            return
        seat = bets.index(top)
        excess = top - second
        self.stacks[seat] += excess
        bets[seat] -= excess
        self.contributed[seat] -= excess
        self.all_in[seat] = self.stacks[seat] == 0
        events.append(BetReturned(seat, excess))

    def _deal_street(self, events: list[Event]) -> None:
        """Burn a card and deal the next street."""
        street, size = _NEXT_STREET[self.street._value_]
        self.street = street
        deck, start = self.deck, self.dealt + 1
        self.burned.append(deck[start - 1])
        cards = deck[start : start + size]
        self.dealt = start + len(cards)
        board = self.board
        board.extend(cards)
        names, text = _CARD_NAMES, "d db "
        for card in cards:
            text += names[card]
        self.actions.append(text)
        events.append(BoardDealt(street, tuple(cards), tuple(board)))

    # -- showdown ----------------------------------------------------------------------------

    def _begin_showdown(self, events: list[Event], pots: list[Pot]) -> None:
        """Hands are shown in order: the last bettor of the final round first, else the first
        player left of the button (RULES.md §7)."""
        self.phase = _SHOWDOWN
        folded = self.folded
        aggressor = self.round.aggressor
        order = _ORDERS[len(folded)][aggressor if aggressor > 0 else 0]
        self.showdown_order = [seat for seat in order if not folded[seat]]
        self.showdown_next = 0
        if self.runs == RUNS_TO_ASK and len(self.board) < 5:
            return  # the players are asked first whether to run it twice (run_twice.run_out)
        if not self.manual_showdown:
            self.show_automatically(events, pots)

    @property
    def showdown_seat(self) -> int:
        """The seat that shows or mucks next, or -1."""
        if self.phase is not _SHOWDOWN or self.showdown_next >= len(self.showdown_order):
            return -1
        return self.showdown_order[self.showdown_next]

    def should_show(self, seat: int) -> bool:
        """Show when the hand can still win or tie a pot it is in; otherwise muck."""
        if len(self.board) < 5:
            return True
        return self._can_win(seat, self._values(), self.pots(), self._lows())

    def _values(self, seats: list[bool] | None = None) -> dict[int, int]:
        """The (high) value of each hand still in (or of `seats`), on the full board."""
        config = self.config
        rank = _RANK7.get((config.variant._value_, config.straight_beats_trips))
        holes = self.holes
        if rank is None:
            return omaha_highs(holes, self.board, self.in_hand() if seats is None else seats)
        b1, b2, b3, b4, b5 = self.board
        values: dict[int, int] = {}
        if seats is None:
            for seat, folded in enumerate(self.folded):
                if not folded:
                    first, second = holes[seat]
                    values[seat] = rank(first, second, b1, b2, b3, b4, b5)
        else:
            for seat, wanted in enumerate(seats):
                if wanted:
                    first, second = holes[seat]
                    values[seat] = rank(first, second, b1, b2, b3, b4, b5)
        return values

    def _lows(self, seats: list[bool] | None = None) -> dict[int, int] | None:
        """In hi-lo, the qualifying low of each hand still in (or of `seats`); else None."""
        if not self.config.variant.hi_lo:
            return None
        return omaha_lows(self.holes, self.board, self.in_hand() if seats is None else seats)

    def _can_win(
        self, seat: int, values: dict[int, int], pots: list[Pot], lows: dict[int, int] | None
    ) -> bool:
        """Whether `seat` ties or beats every hand shown so far in some pot it is in, for the
        high or, in hi-lo, for the low."""
        mine, shown = values[seat], self.shown
        if lows is not None and can_win_low(seat, lows, shown, pots):
            return True
        for pot in pots:
            eligible = pot.eligible
            if seat in eligible:
                for other in eligible:
                    if shown[other] and values[other] > mine:
                        break
                else:
                    return True
        return False

    def show_or_muck(self, seat: int, *, show: bool) -> list[Event]:
        if self.phase is not _SHOWDOWN:
            raise IllegalAction("hand_over" if self.is_complete else "not_showdown")
        expected = self.showdown_seat
        if seat != expected:
            if not 0 <= seat < self.seat_count or self.folded[seat]:
                raise IllegalAction("not_in_hand")
            raise IllegalAction("not_your_turn", player=self.config.name_of(expected))
        events: list[Event] = []
        self._show_or_muck(seat, show, events, self.pots())
        return events

    def show_automatically(
        self, events: list[Event] | None = None, pots: list[Pot] | None = None
    ) -> list[Event]:
        """Play out the rest of the showdown by the rule book: winners show, losers muck."""
        out: list[Event] = [] if events is None else events
        if self.phase is not _SHOWDOWN:
            return out
        pots = self.pots() if pots is None else pots
        # Each show or muck moves the showdown on by one seat; the last one settles the hand.
        waiting = self.showdown_order[self.showdown_next :]
        if len(self.board) < 5:
            for seat in waiting:
                self._show_or_muck(seat, True, out, pots)
            return out
        values, lows = self._values(), self._lows()
        for seat in waiting:
            show = self._can_win(seat, values, pots, lows)
            self._show_or_muck(seat, show, out, pots, values, lows)
        return out

    def _show_or_muck(
        self,
        seat: int,
        show: bool,
        events: list[Event],
        pots: list[Pot],
        values: dict[int, int] | None = None,
        lows: dict[int, int] | None = None,
    ) -> None:
        self.sequence += 1
        if show:
            self.shown[seat] = True
            cards = self.holes[seat]
            self.actions.append(_SHOWS[seat] + "".join([_CARD_NAMES[card] for card in cards]))
            events.append(HandShown(seat, tuple(cards)))
        else:
            self.mucked[seat] = True
            self.actions.append(f"p{seat + 1} sm")
            events.append(HandMucked(seat))
        after = self.showdown_next = self.showdown_next + 1
        if after >= len(self.showdown_order):
            common = len(self.board)
            while len(self.board) < 5:
                self._deal_street(events)
            if self.runs == 2 and common < 5:
                pay_two_runs(self, common, pots, events)
                self._end(events)
            else:
                self._settle(events, pots, values, lows)

    def _settle(
        self,
        events: list[Event],
        pots: list[Pot],
        values: dict[int, int] | None = None,
        lows: dict[int, int] | None = None,
    ) -> None:
        """Pay every pot, side pots first (RULES.md §6), and end the hand.

        `values` and `lows` may hold hands that were mucked; only shown hands can win.
        """
        shown = self.shown
        if values is None:
            values = self._values(shown) if True in shown else {}
        else:
            values = {seat: value for seat, value in values.items() if shown[seat]}
        if True in shown and self.config.variant.hi_lo:
            lows = self._lows(shown) if lows is None else lows
            lows = {seat: low for seat, low in (lows or {}).items() if shown[seat]}
        else:
            lows = None
        stacks, won = self.stacks, self.won
        if lows is None:
            for index in range(len(pots) - 1, -1, -1):
                pot = pots[index]
                winners, value = winners_of(pot, values)
                shares = split(pot.amount, winners)
                for seat, chips in shares:
                    stacks[seat] += chips
                    won[seat] += chips
                events.append(PotAwarded(index, pot.amount, tuple(shares), value))
        else:
            events += pay_pots(pots, values, lows, stacks, won)
        self._end(events)

    def _end(self, events: list[Event]) -> None:
        """Collect the 7-2 bounties (after every pot of every run) and close the hand."""
        if self.config.seven_deuce:
            events += collect_bounties(
                self.config.seven_deuce, events, self.holes, self.shown, self.stacks
            )
        self.phase = _COMPLETE
        self.actor = -1
        events.append(HandEnded(tuple(self.stacks)))

    def chips_in_play(self) -> int:
        """Stacks plus everything in the pots: constant from the first post to the last payout."""
        if self.is_complete:
            return sum(self.stacks)
        return sum(self.stacks) + self.pot_total()


_last_legal: tuple[Hand, int, LegalActions] | None = None


def deal_hand(
    config: HandConfig, deck: list[int], *, manual_showdown: bool = False, runs: int = 1
) -> tuple[Hand, list[Event]]:
    """A new hand from `deck` (dealing order), with the events of its opening."""
    opening = opening_for(config)
    count = len(opening.stacks)
    dealt = config.variant.hole_cards * count
    if len(deck) < dealt + 8:
        raise ConfigError(f"{count} players need a deck of at least {dealt + 8} cards")
    if len(set(deck)) != len(deck):
        check_unique(deck)
    if opening.lowest_card and min(deck) < opening.lowest_card:
        check_in_deck(deck, config.variant.deck)
    events: list[Event] = list(opening.posted)
    holes: list[list[int]] = []
    actions: list[str] = []
    names, dealt_to = _CARD_NAMES, _DEALT_TO
    if dealt == 2 * count:
        for seat in range(count):
            first, second = deck[seat], deck[count + seat]
            holes.append([first, second])
            actions.append(f"{dealt_to[seat]}{names[first]}{names[second]}")
            events.append(HoleCardsDealt(seat, (first, second)))
    else:  # one card at a time round the table, as for two
        for seat in range(count):
            cards = deck[seat:dealt:count]
            holes.append(cards)
            actions.append(dealt_to[seat] + "".join([names[card] for card in cards]))
            events.append(HoleCardsDealt(seat, tuple(cards)))
    hand = Hand(
        config=config,
        deck=list(deck),
        holes=holes,
        dealt=dealt,
        stacks=list(opening.stacks),
        bets=list(opening.bets),
        contributed=list(opening.contributed),
        dead_money=opening.dead_money,
        folded=[False] * count,
        all_in=list(opening.all_in),
        actor=opening.actor,
        shown=[False] * count,
        mucked=[False] * count,
        won=[0] * count,
        manual_showdown=manual_showdown,
        runs=runs,
        round=replace(opening.round, acted=[False] * count, acted_level=[0] * count),
        actions=actions,
    )
    if opening.actor < 0:  # the forced bets left at most one player with chips to act
        hand._begin_round(opening.first_to_act, events)
    elif config.bomb_pot:  # no pre-flop betting: the antes are gathered and the flop comes
        hand.actor = -1
        if hand._end_round(events):
            hand._begin_round(0, events)
    return hand, events
