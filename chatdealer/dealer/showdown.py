"""How the end of a hand is told: the board, hands shown, the final names of an all-in run-out,
and the pots won.

A hand is named only on the board the channel has been shown when it is told. When everyone
left is all-in before the river the engine shows the hands, then deals the rest, then pays;
the telling follows it: the chances (`AllInEquity`) and the cards shown (named on the board as
it is, so not at all before the flop), the board street by street with the chances again after
the flop and the turn, and with the river each early hand's final name (`HandNamed`), then the
pots. A board run twice is told run by run: the first run's streets, names and half pots, then
the second run's, each marked with its run. A pot's winning line carries the five cards and,
when a kicker beat the best other hand shown for that pot, the kicker.
"""

from __future__ import annotations

import logging
import math
import random
from collections.abc import Callable, Mapping

from chatdealer.cards import Card, format_card
from chatdealer.dealer.equities import (
    ChancesToCome,
    EquityNeeded,
    EquityQuestion,
    OmahaGame,
    worked_out,
)
from chatdealer.dealer.naming import NamingError, best_hand, best_low_hand, decide, name_hand
from chatdealer.dealer.outgoing import (
    AllInEquity,
    AnyPayload,
    BoardDealt,
    BountyWon,
    EquityShare,
    HandNamed,
    MadeHand,
    MadeLow,
    Mucked,
    PlayerRef,
    PotWon,
    Share,
    Shown,
)
from chatdealer.engine import events as hand_events
from chatdealer.engine.hand import Hand
from chatdealer.engine.pots import Pot
from chatdealer.equity import EquityResult
from chatdealer.equity_headsup import covers

log = logging.getLogger(__name__)

FULL_BOARD = 5
FLOP = 3


INLINE_EVALUATIONS = 2_000
"""Omaha hands valued on every board to come, at most, for chances worked out in the step
(about a millisecond: the turn); more go off the event loop (`equities`)."""


def _quick(question: EquityQuestion) -> bool:
    """Whether the chances are exact and cheap enough to work out on the event loop: hold'em's
    from the flop on (at most 1,081 boards, valued in arrays in about a millisecond at any
    number of hands, `equity_vector`), Omaha's within `INLINE_EVALUATIONS`; and two hold'em
    hands before the flop, read from the heads-up table (`equity_headsup`) in microseconds."""
    if len(question.board) < FLOP:
        return covers(question.holes, question.board, question.ranking)
    if not question.omaha:
        return True
    dealt = sum(len(hole) for hole in question.holes)
    left = len(question.ranking.deck.cards()) - len(question.board) - dealt
    boards = math.comb(left, FULL_BOARD - len(question.board))
    # An Omaha hand is valued over each pair of its hole cards, twice at hi-lo.
    cost = math.comb(len(question.holes[0]), 2) * (2 if question.omaha == "hi_lo" else 1)
    return boards * len(question.holes) * cost <= INLINE_EVALUATIONS


class ShowdownTeller:
    """Tells one step's board, shows, mucks and pots of the hand it follows."""

    def __init__(
        self,
        say: Callable[[AnyPayload], None],
        ref: Callable[[int], PlayerRef],
        rng: random.Random,
        answers: Mapping[EquityQuestion, EquityResult] | None = None,
        *,
        later: bool = False,
    ) -> None:
        self._say = say
        self._answers = answers
        """Chances worked out off the event loop; None: sample before the flop in place."""
        self._later = later
        """Chances not in `answers` are said with no figures (`to_come`) rather than asked for."""
        self.to_come: list[ChancesToCome] = []
        """Chances said with no figures, for the service to fill in after the commit."""
        self._ref = ref
        self._rng = rng
        self.hand: Hand | None = None
        self.board: tuple[Card, ...] = ()
        """The board as the channel has been told it so far."""
        self._equity_told = False
        self._run_out_from = 0
        """The board's length when the run-out began."""
        self._early: list[int] = []
        """Positions shown before the board was complete, named again once it is."""
        self._named: list[int] = []
        """Those positions once named: named again on a second run's board."""
        self._final: dict[int, tuple[int, MadeHand]] = {}
        self._pots: list[Pot] | None = None

    def follow(self, hand: Hand | None, board: tuple[Card, ...] = ()) -> None:
        """The hand to tell from now on; `board` is what the channel has already seen of it."""
        self.hand = hand
        self.board = board
        self._equity_told = False
        self._early = []
        self._named = []
        self._final = {}
        self._pots = None

    # -- the events ------------------------------------------------------------------------

    def tell(self, event: hand_events.Event) -> None:
        """Tells a board, show, muck, pot or 7-2 bounty event; any other is not this teller's."""
        if isinstance(event, hand_events.BoardDealt):
            self.board_dealt(event)
        elif isinstance(event, hand_events.HandShown):
            self.shown(event)
        elif isinstance(event, hand_events.HandMucked):
            self.mucked(event)
        elif isinstance(event, hand_events.PotAwarded):
            self.pot_awarded(event)
        elif isinstance(event, hand_events.BountyCollected):
            self.bounty_collected(event)
        elif isinstance(event, hand_events.SecondRunDealt):
            self.second_run(event)

    def board_dealt(self, event: hand_events.BoardDealt) -> None:
        run = 1 if self._equity_told and self._runs_twice() else 0
        self._street(event.street.name.lower(), event.cards, event.board, run)

    def second_run(self, event: hand_events.SecondRunDealt) -> None:
        """The second run's streets, told as the first run's were, on its own board."""
        board = event.board
        common = len(board) - len(event.cards)
        self._final = {}
        self._early = list(self._named)
        for street, size in (("flop", FLOP), ("turn", FLOP + 1), ("river", FULL_BOARD)):
            if size > common:
                start = max(common, size - 1 if size > FLOP else 0)
                self._street(street, board[start:size], board[:size], 2)

    def _street(
        self, street: str, cards: tuple[Card, ...], board: tuple[Card, ...], run: int
    ) -> None:
        self.board = board
        self._say(
            BoardDealt(
                street=street,
                cards=tuple(map(format_card, cards)),
                board=tuple(map(format_card, board)),
                run=run,
            )
        )
        if len(board) < FULL_BOARD:
            if self._equity_told:  # an all-in run-out: the chances after every street
                self._tell_equity(run)
        elif self._early:
            for position in self._early:
                self._name_finally(position, run)
            self._named, self._early = self._early, []

    def _runs_twice(self) -> bool:
        return self.hand is not None and self.hand.runs == 2

    def shown(self, event: hand_events.HandShown) -> None:
        early = len(self.board) < FULL_BOARD
        if early and not self._equity_told:
            self._tell_equity()
        ref = self._ref(event.seat)
        self._say(
            Shown(
                player_id=ref.player_id,
                name=ref.name,
                cards=tuple(map(format_card, event.cards)),
                hand=self._on_board_now(event.seat),
                low=self._low_of(event.seat),
            )
        )
        if early:
            self._early.append(event.seat)

    def mucked(self, event: hand_events.HandMucked) -> None:
        ref = self._ref(event.seat)
        self._say(Mucked(player_id=ref.player_id, name=ref.name))

    def pot_awarded(self, event: hand_events.PotAwarded) -> None:
        winners = tuple(
            Share(player_id=(ref := self._ref(seat)).player_id, name=ref.name, chips=chips)
            for seat, chips in event.shares
        )
        pots = self._hand_pots()
        pot = pots[event.pot] if event.pot < len(pots) else None
        hand, low, half = None, None, ""
        if event.low:
            half = "low"
            low = self._low_of(event.shares[0][0]) if event.shares else None
        else:
            if event.hand_value and event.shares:
                hand = self._winning_hand(event, pot)
            if pot is not None and self._split_high_low(pot):
                half = "high"
        self._say(
            PotWon(
                pot=event.pot,
                amount=event.amount,
                winners=winners,
                hand=hand,
                pots=max(len(pots), event.pot + 1),
                half=half,
                low=low,
                run=event.run,
            )
        )

    def bounty_collected(self, event: hand_events.BountyCollected) -> None:
        payers = tuple(
            Share(player_id=(ref := self._ref(seat)).player_id, name=ref.name, chips=chips)
            for seat, chips in event.payments
        )
        winner = self._ref(event.seat)
        self._say(
            BountyWon(
                player_id=winner.player_id, name=winner.name, amount=event.amount, payers=payers
            )
        )

    def _low_of(self, position: int) -> MadeLow | None:
        """In hi-lo, a hand's low on the board told so far (from the flop on), or None."""
        hand = self.hand
        if hand is None or not hand.config.variant.hi_lo or len(self.board) < FLOP:
            return None
        return best_low_hand(hand.holes[position], self.board)

    def _split_high_low(self, pot: Pot) -> bool:
        """Whether a hi-lo pot is split: two or more of its players and a low shown in it."""
        hand = self.hand
        if hand is None or not hand.config.variant.hi_lo or len(pot.eligible) < 2:
            return False
        return any(hand.shown[seat] and self._low_of(seat) is not None for seat in pot.eligible)

    # -- naming ----------------------------------------------------------------------------

    def _cards_of(self, position: int) -> list[Card]:
        hand = self.hand
        assert hand is not None
        return [*hand.holes[position], *self.board]

    def _on_board_now(self, position: int) -> MadeHand | None:
        """A shown hand's best on the board told so far; None before the flop."""
        hand = self.hand
        if hand is None or len(self.board) < FLOP:
            return None
        if len(self.board) >= FULL_BOARD:
            return self._on_full_board(position)[1]
        return best_hand(hand.holes[position], self.board, hand.config.ranking)[1]

    def _on_full_board(self, position: int) -> tuple[int, MadeHand]:
        """A shown hand's value and name on the full board, worked out once per hand."""
        known = self._final.get(position)
        if known is None:
            hand = self.hand
            assert hand is not None
            ranking = hand.config.ranking
            known = self._final[position] = best_hand(hand.holes[position], self.board, ranking)
        return known

    def _name_finally(self, position: int, run: int = 0) -> None:
        ref = self._ref(position)
        hand = self.hand
        assert hand is not None
        self._say(
            HandNamed(
                player_id=ref.player_id,
                name=ref.name,
                cards=tuple(map(format_card, hand.holes[position])),
                hand=self._on_full_board(position)[1],
                run=run,
            )
        )

    def _winning_hand(self, event: hand_events.PotAwarded, pot: Pot | None) -> MadeHand | None:
        """The first winner's hand, from the value the engine paid the pot on, with the kicker
        when one beat the best other hand shown for this pot."""
        hand = self.hand
        if hand is None or len(self.board) < FULL_BOARD:
            return None
        first = event.shares[0][0]
        value, won = self._on_full_board(first)
        if value != event.hand_value and hand.config.variant.omaha:
            log.warning("pot %d paid on a hand its winner's cards do not make", event.pot)
            return None  # Omaha names only the hand two hole and three board cards make
        if value != event.hand_value:  # not the hand the engine paid: name what it paid on
            try:
                won = name_hand(event.hand_value, self._cards_of(first), hand.config.ranking)
            except NamingError:
                log.warning("pot %d paid on a hand its winner's cards do not make", event.pot)
                return None  # the pot is told without a name rather than with a wrong one
        if len(event.shares) > 1 or pot is None:
            return won
        winners = {seat for seat, _ in event.shares}
        beaten = [
            self._on_full_board(seat)
            for seat in pot.eligible
            if seat not in winners and hand.shown[seat]
        ]
        return decide(won, beaten)

    def _hand_pots(self) -> list[Pot]:
        if self._pots is None:
            self._pots = self.hand.pots() if self.hand is not None else []
        return self._pots

    def _equity(self, question: EquityQuestion) -> EquityResult | None:
        """Worked out here when quick (or outside the service); else the service's pool
        answers, and until it has, the step is asked again (`EquityNeeded`), or, when the
        chances may come later, None: they are said with no figures."""
        if self._answers is None or _quick(question):
            return worked_out(question, self._rng)
        answered = self._answers.get(question)
        if answered is None and not self._later:
            raise EquityNeeded(question)
        return answered

    def _tell_equity(self, run: int = 0) -> None:
        """Hands shown before the river are all-in: their chances before the run-out, then
        after each street of it (of each run, `run`, when the board is run twice)."""
        if not self._equity_told:
            self._run_out_from = len(self.board)
        self._equity_told = True
        hand = self.hand
        if hand is None:
            return
        live = [seat for seat, folded in enumerate(hand.folded) if not folded]
        if len(live) < 2:
            return
        variant = hand.config.variant
        omaha: OmahaGame = ("hi_lo" if variant.hi_lo else "high") if variant.omaha else ""
        question = EquityQuestion(
            tuple(tuple(hand.holes[seat]) for seat in live),
            self.board,
            hand.config.ranking,
            omaha,
        )
        result = self._equity(question)
        figures = result.hands if result is not None else (None,) * len(live)
        shares = tuple(
            EquityShare(
                player_id=(ref := self._ref(seat)).player_id,
                name=ref.name,
                cards=tuple(map(format_card, hand.holes[seat])),
                equity=chances.equity if chances is not None else 0.0,
            )
            for seat, chances in zip(live, figures, strict=True)
        )
        board = tuple(map(format_card, self.board))
        again = len(self.board) > self._run_out_from
        exact = result.exact if result is not None else False
        told = AllInEquity(board=board, players=shares, exact=exact, run=run, again=again)
        self._say(told)
        if result is None:
            self.to_come.append(ChancesToCome(told, question))
