"""A finished hand's history played again through the engine, as the steps a reader follows:
who sat where with what, then each street's board, pot and actions, the showdown and the pots.

The one reading of a `.phh` that both the hand's story in chat (`review`) and the web replayer
use, so the two always agree. Only what the history holds is told: hole cards it hides (the
public copy hides every hand not shown) are never named; the engine deals them some spare card
to play the hand, which no step mentions. A board run twice is told as the table told it: the
first run's streets and half pots, then the second run's streets on its own board and the other
halves. The pot falls as each pot (or half) is paid, down to nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from chatdealer import phh
from chatdealer.cards import Card, format_card
from chatdealer.dealer.naming import best_hand
from chatdealer.dealer.outgoing import (
    Acted,
    AnyPayload,
    BoardDealt,
    Mucked,
    PlayerRef,
    Posted,
    PotWon,
    Returned,
    Shown,
)
from chatdealer.dealer.showdown import ShowdownTeller
from chatdealer.engine import events as hand_events
from chatdealer.engine.hand import Hand, Phase, deal_hand
from chatdealer.replay import ReplayError, config_for, deck_and_runs
from chatdealer.web.shown_table import ShownTable

STREETS = ("preflop", "flop", "turn", "river", "showdown")


@dataclass(slots=True)
class Seat:
    position: str
    """ "SB", "BB", "UTG", "HJ", "CO", "BTN" (heads-up: "BB" and "BTN")."""
    name: str
    stack: int
    """Chips at the start of the hand."""
    cards: tuple[str, ...] = ()
    """The hole cards the history shows (a shown hand, or the reader's own); else empty."""
    finish: int = 0
    """Chips at the end of the hand."""


@dataclass(slots=True)
class Step:
    """One thing that happened, with the table as it is after it (what a replayer draws)."""

    street: str
    payload: AnyPayload
    board: tuple[str, ...]
    pot: int
    """The chips in the middle: bets of earlier streets, less each pot paid so far."""
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    folded: tuple[bool, ...]
    second_board: tuple[str, ...] = ()
    """A board run twice: the second run's board as told so far (from its first street on)."""


@dataclass(slots=True)
class Street:
    name: str
    """One of `STREETS`."""
    board: tuple[str, ...]
    pot: int
    """The chips in the middle as the street begins (bets of earlier streets)."""
    steps: list[Step] = field(default_factory=list)


@dataclass(slots=True)
class PlayedHand:
    number: int | None
    seats: list[Seat]
    streets: list[Street]

    @property
    def steps(self) -> list[Step]:
        return [step for street in self.streets for step in street.steps]


def positions(count: int) -> list[str]:
    """The positions' names in PHH order (the small blind first, the button last); heads-up
    the big blind and the button (which posts the small blind)."""
    if count == 2:
        return ["BB", "BTN"]
    late = ["UTG", "CO"] if count == 5 else ["UTG", "HJ", "CO"][: count - 3]
    if count >= 7:  # the lojack, then more under the gun as the table fills
        late = ["UTG", *[f"UTG+{n}" for n in range(1, count - 6)], "LJ", "HJ", "CO"]
    return ["SB", "BB", *late, "BTN"]


def play(history: phh.HandHistory) -> PlayedHand:
    """The hand of `history`, step by step; a history the engine cannot play again raises
    `ReplayError` (a `ValueError`, as do bad cards in it)."""
    config = config_for(history)
    deck, runs = deck_and_runs(history, config)
    hand, opening = deal_hand(config, deck, manual_showdown=True, runs=runs)
    count = config.seat_count
    names = [config.name_of(seat) for seat in range(count)]
    known = _known_holes(history, count)
    seats = [
        Seat(position=where, name=name, stack=stack, cards=known[seat])
        for seat, (where, name, stack) in enumerate(
            zip(positions(count), names, config.starting_stacks, strict=True)
        )
    ]
    teller = _Teller(hand, names, seats)
    teller.take(opening)
    for number, action in enumerate(history.actions, start=1):
        try:
            teller.take(_apply(hand, action))
        except ValueError as refusal:
            text = phh.format_action(action)
            raise ReplayError(f'action {number} "{text}" is refused: {refusal}') from refusal
    if hand.phase is Phase.SHOWDOWN:
        teller.take(hand.show_automatically())
    if not hand.is_complete:
        raise ReplayError("the record ends before the hand is over")
    for seat, chips in zip(seats, hand.stacks, strict=True):
        seat.finish = chips
    hand_number = history.hand if isinstance(history.hand, int) else None
    return PlayedHand(number=hand_number, seats=seats, streets=teller.streets)


def _known_holes(history: phh.HandHistory, count: int) -> list[tuple[str, ...]]:
    known: list[tuple[str, ...]] = [()] * count
    for action in history.actions:
        if isinstance(action, phh.DealHole) and all(card is not None for card in action.cards):
            known[action.player] = tuple(
                format_card(card) for card in action.cards if card is not None
            )
    return known


def _apply(hand: Hand, action: phh.Action) -> list[hand_events.Event]:
    if isinstance(action, phh.Fold):
        return hand.act(action.player, "fold")
    if isinstance(action, phh.CheckOrCall):
        return hand.check_or_call(action.player)
    if isinstance(action, phh.CompleteBetOrRaiseTo):
        return hand.raise_to(action.player, int(action.amount))
    if isinstance(action, phh.ShowOrMuck) and hand.phase is Phase.SHOWDOWN:
        return hand.show_or_muck(action.player, show=not action.mucks)
    return []  # the deals are the engine's own (the deck was arranged to give them)


class _Teller:
    """Turns the engine's events into the dealer's payloads, street by street."""

    def __init__(self, hand: Hand, names: list[str], seats: list[Seat]) -> None:
        self.hand = hand
        self.names = names
        self.seats = seats
        self.pot = 0
        self.streets = [Street("preflop", (), 0)]
        self.board: tuple[Card, ...] = ()
        self.second_board: tuple[Card, ...] = ()
        """The second run's board as told so far, of a board run twice."""
        self.said: list[AnyPayload] = []
        self.table = ShownTable([seat.stack for seat in seats])
        # Only pots go through the teller, which then works out no chances from its source.
        self.teller = ShowdownTeller(self.said.append, self._ref, rng=random.Random(0))
        self.teller.follow(hand)

    def _ref(self, seat: int) -> PlayerRef:
        return PlayerRef(seat=seat, player_id=self.names[seat], name=self.names[seat])

    def take(self, events: list[hand_events.Event]) -> None:
        for event in events:
            self._take(event)

    def _take(self, event: hand_events.Event) -> None:
        self.table.take(event)
        seat = getattr(event, "seat", None)
        name = self.names[seat] if isinstance(seat, int) else ""
        match event:
            case hand_events.ForcedBetPosted():
                self.pot += event.amount
                self._say(
                    Posted(
                        player_id=name,
                        name=name,
                        what=event.kind,
                        amount=event.amount,
                        all_in=event.all_in,
                    )
                )
            case hand_events.ActionTaken():
                self.pot += event.added
                self._say(
                    Acted(
                        player_id=name,
                        name=name,
                        action=event.action,
                        amount=event.amount,
                        added=event.added,
                        all_in=event.all_in,
                    )
                )
            case hand_events.BetReturned():
                self.pot -= event.amount
                self._say(Returned(player_id=name, name=name, amount=event.amount))
            case hand_events.BoardDealt():
                self.board = event.board
                cards = tuple(map(format_card, event.board))
                street = Street(event.street.name.lower(), cards, self.pot)
                if self.streets[-1].name == "showdown":  # an all-in run-out after the shows
                    self.streets.insert(len(self.streets) - 1, street)
                    self._after_the_board(self.streets[-1])
                else:
                    self.streets.append(street)
                # An all-in run-out told after the shows: the first of two runs, when run twice.
                run = 1 if self.hand.runs == 2 and self.streets[-1] is not street else 0
                dealt = BoardDealt(
                    street=event.street.name.lower(),
                    cards=tuple(map(format_card, event.cards)),
                    board=cards,
                    run=run,
                )
                self._say(dealt, street)
            case hand_events.SecondRunDealt():
                self._second_run(event)
            case hand_events.HandShown():
                self._showdown()
                self._say(self._shown(event.seat))
            case hand_events.HandMucked():
                self._showdown()
                self._say(Mucked(player_id=name, name=name))
            case hand_events.PotAwarded():
                self._showdown()
                self.pot -= event.amount
                board = self.second_board if event.run == 2 else self.board
                self.teller.follow(self.hand, board)  # each pot's hand named on its run's board
                self.teller.pot_awarded(event)
                for said in self.said:
                    if isinstance(said, PotWon):
                        self._say(said)
                self.said.clear()

    def _after_the_board(self, showdown: Street) -> None:
        """The shows told after the run-out are drawn on its board, the bets taken in."""
        showdown.board = tuple(map(format_card, self.board))
        for step in showdown.steps:
            step.board, step.bets = showdown.board, tuple(self.table.bets)

    def _second_run(self, event: hand_events.SecondRunDealt) -> None:
        """The second run street by street, as the table tells it, each on its own board."""
        board = event.board
        common = len(board) - len(event.cards)
        for street, size in (("flop", 3), ("turn", 4), ("river", 5)):
            if size > common:
                self.second_board = board[:size]
                start = max(common, size - 1 if size > 3 else 0)
                told = tuple(map(format_card, self.second_board))
                cards = tuple(map(format_card, board[start:size]))
                self._say(BoardDealt(street=street, cards=cards, board=told, run=2))

    def _showdown(self) -> None:
        """Hands shown, mucked and paid are told after the whole board, whenever they were."""
        if self.streets[-1].name != "showdown":
            board = tuple(map(format_card, self.board))
            self.streets.append(Street("showdown", board, self.pot))

    def _shown(self, seat: int) -> Shown:
        cards = tuple(map(format_card, self.hand.holes[seat]))
        self.seats[seat].cards = cards
        named = None
        if len(self.board) >= 3:
            named = best_hand(self.hand.holes[seat], self.board, self.hand.config.ranking)[1]
        name = self.names[seat]
        return Shown(player_id=name, name=name, cards=cards, hand=named)

    def _say(self, payload: AnyPayload, street: Street | None = None) -> None:
        table = self.table
        street = street or self.streets[-1]
        street.steps.append(
            Step(
                street=street.name,
                payload=payload,
                board=tuple(map(format_card, self.board)),
                pot=self.pot,
                stacks=tuple(table.stacks),
                bets=tuple(table.bets),
                folded=tuple(table.folded),
                second_board=tuple(map(format_card, self.second_board)),
            )
        )
