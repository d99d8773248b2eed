"""Running the rest of the board twice (docs/rules.md §15): every pot is split in two halves,
the odd chip to the first run, and each half is paid on its own board.

The second run is dealt from the same shuffled deck, on from where the first run stopped, with
a burn before each street as usual, so the deck's proof opens the second board's positions too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chatdealer.cards import CARD_NAMES
from chatdealer.engine.events import Event, PotAwarded, SecondRunDealt
from chatdealer.engine.payout import pay_pots
from chatdealer.engine.pots import Pot
from chatdealer.engine.refusals import IllegalAction

if TYPE_CHECKING:
    from chatdealer.engine.hand import Hand

# The second run is written in the history as a PHH commentary, which every PHH reader keeps and
# skips; our replay reads it back (chatdealer/replay.py) and deals the hand twice again.
SECOND_RUN = "# second run: "
_STREET_SIZES = ((0, 3), (3, 1), (4, 1))  # (board cards before it, cards) for flop, turn, river
RUNS_TO_ASK = 0
"""A hand's `runs` while its players are to be asked: its all-in showdown waits for `run_out`."""


def waits_for_runs(hand: Hand) -> bool:
    """Whether everyone left is all-in with cards to come and the players are being asked."""
    return (
        hand.runs == RUNS_TO_ASK
        and hand.phase.name == "SHOWDOWN"
        and hand.showdown_next == 0
        and len(hand.board) < 5
    )


def run_out(hand: Hand, runs: int) -> list[Event]:
    """The players have answered: the all-in hands are shown and the board run `runs` times."""
    if not waits_for_runs(hand):
        raise IllegalAction("no_run_twice_question")
    if runs not in (1, 2):
        raise ValueError(f"a board runs once or twice, not {runs} times")
    hand.runs = runs
    return hand.show_automatically()


def deal_second_run(hand: Hand, common: int) -> list[int]:
    """Deal the second run's cards after the first run; `common` board cards are shared."""
    cards: list[int] = []
    deck = hand.deck
    for before, size in _STREET_SIZES:
        if before >= common:
            hand.burned.append(deck[hand.dealt])
            cards += deck[hand.dealt + 1 : hand.dealt + 1 + size]
            hand.dealt += 1 + size
    return cards


def second_run_positions(hand: Hand) -> list[int]:
    """The positions in the deck of the second run's cards (not its burns), for the proof."""
    first = set(hand.board)
    return [hand.deck.index(card) for card in hand.second_board if card not in first]


def place_second_run(deck: list[int], first_run_end: int, cards: list[int]) -> None:
    """Arrange `deck` so a second run starting after `first_run_end` deals `cards`."""
    position = first_run_end
    common = 5 - len(cards)
    wanted = iter(cards)
    for before, size in _STREET_SIZES:
        if before >= common:
            position += 1  # the burn
            for _ in range(size):
                card = next(wanted)
                other = deck.index(card)
                deck[position], deck[other] = deck[other], deck[position]
                position += 1


def halves(pots: list[Pot]) -> tuple[list[Pot], list[Pot]]:
    """Each pot split between the runs: the first run takes the odd chip."""
    first = [Pot(pot.amount - pot.amount // 2, pot.eligible) for pot in pots]
    second = [Pot(pot.amount // 2, pot.eligible) for pot in pots]
    return first, second


def pay_two_runs(hand: Hand, common: int, pots: list[Pot], events: list[Event]) -> None:
    """Pay half of every pot on the first board (already dealt) and half on the second."""
    shown = hand.shown
    first_pots, second_pots = halves(pots)
    first_board = list(hand.board)
    events += _pay_run(hand, first_pots, shown, 1)
    cards = deal_second_run(hand, common)
    second_board = first_board[:common] + cards
    hand.second_board = second_board
    hand.actions.append(SECOND_RUN + "".join([CARD_NAMES[card] for card in cards]))
    events.append(SecondRunDealt(tuple(cards), tuple(second_board)))
    hand.board = second_board
    try:
        events += _pay_run(hand, second_pots, shown, 2)
    finally:
        hand.board = first_board


def _pay_run(hand: Hand, pots: list[Pot], shown: list[bool], run: int) -> list[PotAwarded]:
    values = hand._values(shown)
    lows = hand._lows(shown)
    awards = pay_pots(pots, values, lows, hand.stacks, hand.won)
    return [PotAwarded(a.pot, a.amount, a.shares, a.hand_value, a.low, run) for a in awards]
