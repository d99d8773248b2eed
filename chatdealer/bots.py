"""Bot players: hand strength against the price of a call, with some randomness (issue 6).

A bot sees what a player at the table sees: its own two cards and the public state, gathered by
`view_of` into a `BotView`. `Bot.choose` works on the view alone, so it cannot read another
player's cards, even by mistake. Every amount it bets is clamped into the range the engine's
`legal_actions()` gives, and every action kind is one that range allows, so the engine always
accepts the move: in fixed-limit the fixed raise, in pot-limit at most the pot, never a raise
after a short all-in that did not reopen the betting, and only a call when covered.

Strength is the hand's pot share against random hands: pre-flop read from the tables below
(heads-up, as a percentile of all starting hands), later sampled against the live opponents by
`equity.equity_vs_random` within a sample and time budget, which keeps a decision well under
50 ms. Bets and raises need strength; calls need equity above the pot odds plus a margin that
grows with the betting (a bettor's hands are better than random); a few weak hands bet anyway.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Literal

from chatdealer.cards import Card, rank_of, suit_of
from chatdealer.engine.betting import LegalActions
from chatdealer.engine.config import BettingStructure
from chatdealer.engine.events import Street
from chatdealer.engine.hand import Hand, Phase
from chatdealer.equity import equity_vs_random
from chatdealer.evaluator import HOLDEM, SHORT_DECK, SHORT_DECK_STRAIGHT_BEATS_TRIPS, Ranking
from chatdealer.evaluator import hand_value as _hand_value
from chatdealer.omaha.bot_equity import omaha_share_vs_random, should_show_omaha

__all__ = [
    "BALANCED",
    "LOOSE",
    "STYLES",
    "TIGHT",
    "Bot",
    "BotMove",
    "BotView",
    "Style",
    "decide",
    "preflop_equity",
    "preflop_grid",
    "preflop_percentile",
    "view_of",
]

Action = Literal["fold", "check", "call", "raise", "show", "muck"]


@dataclass(frozen=True, slots=True)
class BotMove:
    """A move for `Hand.act(seat, move.action, move.amount)`; `amount` is a raise-to total."""

    action: Action
    amount: int | None = None


@dataclass(frozen=True, slots=True)
class Style:
    """How a bot plays: ranges, how often it bets its strong hands, how often it bluffs."""

    name: str
    looseness: float  # scales the starting hands played
    aggression: float  # scales how often strong hands bet and raise rather than call
    bluff: float  # how often a weak hand bets where a bet might take the pot

    @property
    def raise_chance(self) -> float:
        return min(1.0, 0.8 * self.aggression)


TIGHT = Style("tight", looseness=0.7, aggression=0.8, bluff=0.03)
BALANCED = Style("balanced", looseness=1.0, aggression=1.0, bluff=0.07)
LOOSE = Style("loose", looseness=1.4, aggression=1.2, bluff=0.13)
STYLES = {style.name: style for style in (TIGHT, BALANCED, LOOSE)}


@dataclass(frozen=True, slots=True)
class BotView:
    """What the bot to act may know: its own cards and what the whole table sees."""

    seat: int
    hole: tuple[Card, ...]
    """Two cards, or Omaha's four or five."""
    board: tuple[Card, ...]
    street: Street
    ranking: Ranking
    structure: BettingStructure
    unit: int  # the big blind, or the smallest bet: what amounts are rounded to
    legal: LegalActions
    pot: int  # every chip put in so far, this round's bets included
    opponents: int  # players still in besides this one, all-in players included
    contenders: int  # opponents who have matched the bet or are all-in: the hands to beat
    raises: int  # bets and raises made this street; blinds and straddles are not raises
    hi_lo: bool = False  # the pot split with an eight-or-better low


def view_of(hand: Hand, seat: int) -> BotView:
    """The public state of `hand` and the hole cards of `seat`, which must be the one to act."""
    if hand.phase is not Phase.BETTING or hand.actor != seat:
        raise ValueError(f"seat {seat} is not the one to act")
    legal = hand.legal_actions()
    config = hand.config
    unit = max(config.blinds_or_straddles, default=0) or config.min_bet or config.small_bet
    others = [s for s in range(hand.seat_count) if s != seat and not hand.folded[s]]
    level = legal.current_bet
    contenders = sum(1 for s in others if hand.bets[s] == level or hand.all_in[s])
    raises = 0
    for entry in reversed(hand.actions):
        if entry.startswith("d "):  # the board dealt, or pre-flop the hole cards: stop unread
            break
        raises += entry.split()[1] == "cbr"
    return BotView(
        seat=seat,
        hole=tuple(hand.holes[seat]),
        board=tuple(hand.board),
        street=hand.street,
        ranking=config.ranking,
        structure=config.structure,
        unit=max(unit, 1),
        legal=legal,
        pot=hand.pot_total(),
        opponents=len(others),
        contenders=max(contenders, 1),
        raises=raises,
        hi_lo=config.variant.hi_lo,
    )


_OMAHA_PREFLOP_SPREAD = 0.06


@dataclass(frozen=True)
class Bot:
    """A bot player. `samples` and `time_limit` bound the equity sampling of one decision."""

    style: Style = BALANCED
    samples: int = 1_000
    time_limit: float | None = 0.03

    def decide(self, hand: Hand, seat: int, rng: random.Random) -> BotMove:
        """The move of `seat`: a betting action on its turn, show or muck at a showdown."""
        if hand.phase is Phase.SHOWDOWN and hand.showdown_seat == seat:
            return BotMove("show" if _should_show(hand, seat) else "muck")
        return self.choose(view_of(hand, seat), rng)

    def choose(self, view: BotView, rng: random.Random) -> BotMove:
        if view.street is Street.PREFLOP:
            return self._preflop(view, rng)
        return self._postflop(view, rng)

    def _preflop(self, view: BotView, rng: random.Random) -> BotMove:
        legal, style = view.legal, self.style
        strength = self._preflop_strength(view, rng)
        players = view.opponents + 1
        opening = min(0.9, style.looseness * _OPEN_RANGE[min(players, 10)])
        if view.raises == 0:
            raising, calling = opening, min(0.95, 1.3 * opening)
        else:
            raising = 0.07 * style.looseness / view.raises
            calling = min(0.9, 0.7 * opening / view.raises)
        if strength >= 1 - raising and rng.random() < style.raise_chance:
            premium = strength >= 1 - raising / 3
            return _raise(view, rng.uniform(0.8, 1.1), shove=premium and view.raises >= 2)
        if legal.can_check:
            if view.raises == 0 and players <= 3 and rng.random() < style.bluff:
                return _raise(view, rng.uniform(0.7, 1.0))
            return BotMove("check")
        # A small call is a matter of range (the pot odds against one random hand would call
        # nearly anything); a large one must be paid for by equity against the bettors.
        if legal.to_call <= max(3 * view.unit, (legal.stack + legal.bet) // 12):
            if strength >= 1 - calling:
                return BotMove("call")
        elif self._equity(view, view.contenders, rng) >= _price(view) + 0.05 * (1 + view.raises):
            return BotMove("call")
        if view.raises == 1 and legal.can_raise and rng.random() < style.bluff / 3:
            return _raise(view, rng.uniform(0.9, 1.1))
        return BotMove("fold")

    def _postflop(self, view: BotView, rng: random.Random) -> BotMove:
        legal, style = view.legal, self.style
        equity = self._equity(view, view.opponents, rng)
        # Against n hands an even share is 1/(n+1); this maps it to 1/2, as heads-up.
        strength = equity ** (math.log(2) / math.log(view.opponents + 1))
        value, strong = 0.70 + 0.06 * view.raises, 0.85 + 0.04 * view.raises
        draws_left = view.street is not Street.RIVER
        if legal.can_check:
            if strength >= value and rng.random() < style.raise_chance:
                return _raise(view, rng.uniform(0.5, 1.0 if strength >= strong else 0.8))
            if draws_left and 0.4 <= strength < value and rng.random() < 1.5 * style.bluff:
                return _raise(view, rng.uniform(0.5, 0.7))
            if not draws_left and strength < 0.3 and rng.random() < style.bluff:
                return _raise(view, rng.uniform(0.6, 0.9))
            return BotMove("check")
        if strength >= strong and rng.random() < 0.85 * style.raise_chance:
            return _raise(view, rng.uniform(0.7, 1.0))
        if equity >= _price(view) + 0.05 + 0.04 * view.raises:
            return BotMove("call")
        if draws_left and strength >= 0.4 and rng.random() < style.bluff / 2:
            return _raise(view, rng.uniform(0.7, 1.0))
        return BotMove("fold")

    def _preflop_strength(self, view: BotView, rng: random.Random) -> float:
        """Where the hand stands among starting hands, 0..1. At Omaha no grid of hand classes
        is shipped: its share against one random hand, which centres on a half with a spread
        of about six points, is read as a percentile of that spread."""
        if len(view.hole) == 2:
            return preflop_percentile(view.hole, view.ranking)
        share = self._equity(view, 1, rng)
        return 0.5 * (1 + math.erf((share - 0.5) / (_OMAHA_PREFLOP_SPREAD * math.sqrt(2))))

    def _equity(self, view: BotView, opponents: int, rng: random.Random) -> float:
        if len(view.hole) > 2:
            return omaha_share_vs_random(
                view.hole,
                view.board,
                opponents,
                hi_lo=view.hi_lo,
                rng=rng,
                samples=self.samples,
                time_limit=self.time_limit,
            )
        return equity_vs_random(
            view.hole,
            view.board,
            opponents,
            view.ranking,
            rng=rng,
            samples=self.samples,
            time_limit=self.time_limit,
        )


def decide(hand: Hand, seat: int, rng: random.Random, style: Style = BALANCED) -> BotMove:
    """The move a bot of `style` makes for `seat`; see `Bot.decide`."""
    return Bot(style).decide(hand, seat, rng)


# The share of starting hands opened with, by the number of players still in the hand.
_OPEN_RANGE = (1.0, 1.0, 0.55, 0.42, 0.34, 0.28, 0.24, 0.21, 0.19, 0.17, 0.16)


def _price(view: BotView) -> float:
    """The share of the final pot a call pays for: the equity it needs to break even."""
    to_call = view.legal.to_call
    return to_call / (view.pot + to_call)


def _raise(view: BotView, fraction: float, *, shove: bool = False) -> BotMove:
    """A raise to the current bet plus `fraction` of the pot after calling, clamped legal.

    With little left behind afterwards (under a third of the pot), all the chips go in: a bet
    that leaves a stub commits the player anyway. Falls back to check or call when raising is
    closed.
    """
    legal = view.legal
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        return BotMove("check" if legal.can_check else "call")
    if view.structure is BettingStructure.FIXED_LIMIT:
        return BotMove("raise", low)
    target = legal.current_bet + fraction * (view.pot + legal.to_call)
    behind = legal.all_in_to - target
    if shove or behind < (view.pot + target - legal.bet) / 3:
        target = high
    unit = max(1, view.unit // 10)
    amount = round(target / unit) * unit
    return BotMove("raise", min(high, max(low, amount)))


def _should_show(hand: Hand, seat: int) -> bool:
    """Show when the hand can still win or tie a pot against the hands shown so far.

    Reads only this seat's cards and the cards already shown to everyone.
    """
    board = hand.board
    if len(board) < 5:
        return True
    if hand.config.variant.omaha:
        return should_show_omaha(hand, seat)
    ranking = hand.config.ranking
    mine = _hand_value([*hand.holes[seat], *board], ranking)
    for pot in hand.pots():
        if seat not in pot.eligible:
            continue
        shown = [
            _hand_value([*hand.holes[other], *board], ranking)
            for other in pot.eligible
            if other != seat and hand.shown[other]
        ]
        if mine >= max(shown, default=-1):
            return True
    return False


# --- Pre-flop strength --------------------------------------------------------------------------

# A starting hand's pot share against one random hand, in per cent: 100,000 sampled deals per
# hand (standard error <= 0.16 %) by `preflop_grid(ranking, 100_000, random.Random(6))`. Rows and
# columns run from the ace down; suited hands above the diagonal, offsuit below, pairs on it.
_GRIDS = {
    HOLDEM: """
85.2 67.3 66.3 65.2 64.8 62.8 62.1 60.9 60.1 60.0 59.3 58.2 57.4
65.1 82.4 63.5 62.3 61.8 60.0 58.4 57.8 56.6 56.0 54.9 53.9 53.1
64.4 61.5 80.0 60.4 59.4 57.7 55.8 54.1 53.6 53.0 51.9 51.0 50.0
63.5 60.5 58.0 77.3 57.8 55.4 54.0 52.3 50.8 49.9 49.1 48.4 47.2
62.7 59.8 57.3 55.3 75.1 54.1 52.1 50.7 48.8 47.1 46.3 45.9 44.7
61.1 57.9 55.5 53.4 51.2 72.2 50.6 48.9 47.5 45.7 43.9 43.1 42.4
59.9 55.9 53.4 51.5 49.7 48.3 69.1 47.7 46.5 44.7 42.8 40.9 40.2
58.8 55.1 52.0 49.8 47.8 46.3 45.0 66.2 45.3 43.7 42.2 40.1 38.3
57.7 54.2 50.9 48.2 46.1 44.8 43.5 42.4 63.3 43.1 41.3 39.6 37.5
57.9 53.5 50.1 47.3 44.1 42.7 41.0 40.6 40.0 60.3 41.5 39.6 37.8
56.7 52.4 49.0 46.1 43.4 40.5 39.3 38.7 38.2 38.2 57.1 38.6 36.7
55.6 51.6 48.5 45.3 42.6 39.8 37.5 36.6 36.1 36.1 35.2 53.7 36.0
55.0 50.7 47.2 44.1 41.6 39.1 36.9 34.4 34.1 34.1 33.2 32.1 50.5
""",
    SHORT_DECK: """
75.5 61.3 60.1 59.2 58.1 56.0 54.7 52.5 50.3
59.5 71.3 58.5 57.7 57.1 53.2 50.0 48.5 46.8
58.4 57.0 69.1 57.2 56.5 52.6 49.4 46.0 44.7
57.8 55.9 55.2 67.0 56.0 51.9 48.6 45.3 42.2
56.3 55.3 54.4 54.5 64.4 51.8 48.9 45.5 42.1
54.5 51.3 50.5 50.0 50.1 59.5 48.2 45.4 41.9
52.7 47.8 47.3 46.6 46.6 46.3 53.4 43.0 39.5
50.6 46.5 43.7 43.4 43.2 43.2 40.6 47.7 37.4
48.4 44.4 42.2 39.6 39.6 39.6 37.1 35.0 41.5
""",
    SHORT_DECK_STRAIGHT_BEATS_TRIPS: """
73.0 61.2 60.1 59.2 58.1 56.0 54.8 52.4 50.3
59.6 68.8 58.8 58.0 57.5 53.2 49.7 48.4 46.6
58.5 57.4 66.4 57.8 57.1 52.8 49.4 45.8 44.6
57.9 56.3 55.9 63.9 56.9 52.5 48.9 45.4 41.9
56.4 55.7 55.1 55.5 61.2 52.7 49.5 45.8 42.2
54.6 51.3 50.9 50.7 51.1 56.3 49.2 46.1 42.3
52.8 47.6 47.4 46.9 47.2 47.4 50.4 43.7 39.8
50.6 46.3 43.5 43.5 43.6 43.9 41.3 44.9 37.8
48.4 44.2 42.0 39.4 39.7 40.0 37.4 35.3 38.9
""",
}


def _class_of(hole: tuple[Card, Card] | list[Card]) -> tuple[int, int, bool]:
    first, second = hole
    high, low = sorted((rank_of(first), rank_of(second)), reverse=True)
    return high, low, high != low and suit_of(first) == suit_of(second)


def _grid_hole(ranks: list[int], row: int, column: int) -> tuple[Card, Card]:
    """A hand of the grid's cell: suited above the diagonal, offsuit below."""
    high, low = ranks[min(row, column)], ranks[max(row, column)]
    if row < column:
        return high * 4 + 3, low * 4 + 3
    return high * 4 + 3, low * 4 + 2


def preflop_grid(ranking: Ranking, samples: int, rng: random.Random) -> list[list[float]]:
    """Every starting hand's pot share against one random hand, laid out as `_GRIDS`."""
    ranks = list(range(12, ranking.deck.lowest_rank - 1, -1))
    return [
        [
            equity_vs_random(
                _grid_hole(ranks, row, column), (), 1, ranking, rng=rng, samples=samples
            )
            for column in range(len(ranks))
        ]
        for row in range(len(ranks))
    ]


def _read_grid(ranking: Ranking, text: str) -> dict[tuple[int, int, bool], float]:
    ranks = list(range(12, ranking.deck.lowest_rank - 1, -1))
    table: dict[tuple[int, int, bool], float] = {}
    for row, line in enumerate(text.split("\n")[1:-1]):
        for column, cell in enumerate(line.split()):
            table[_class_of(_grid_hole(ranks, row, column))] = float(cell) / 100
    assert len(table) == len(ranks) ** 2
    return table


def _percentiles(table: dict[tuple[int, int, bool], float]) -> dict[tuple[int, int, bool], float]:
    """Each starting hand's place among all two-card combinations, weakest near 0, aces 1."""
    combos = {key: 6 if key[0] == key[1] else 4 if key[2] else 12 for key in table}
    total = sum(combos.values())
    places: dict[tuple[int, int, bool], float] = {}
    running = 0
    for key in sorted(table, key=table.__getitem__):
        running += combos[key]
        places[key] = running / total
    return places


_EQUITIES = {ranking: _read_grid(ranking, text) for ranking, text in _GRIDS.items()}
_PERCENTILES = {ranking: _percentiles(table) for ranking, table in _EQUITIES.items()}


def preflop_equity(hole: tuple[Card, Card] | list[Card], ranking: Ranking = HOLDEM) -> float:
    """A starting hand's pot share against one random hand, from the tables."""
    return _EQUITIES[ranking][_class_of(hole)]


def preflop_percentile(hole: tuple[Card, Card] | list[Card], ranking: Ranking = HOLDEM) -> float:
    """The share of starting hands no better than this one: 1.0 for aces, near 0 for the worst."""
    return _PERCENTILES[ranking][_class_of(hole)]
