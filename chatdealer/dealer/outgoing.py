"""What the dealer hands back: events, each for the whole channel or for one user.

Payloads are small typed structs built for renderers: names and player ids rather than
positions, cards as text ("As"), amounts in chips. Their `kind` is the struct's tag. Hole cards
only ever travel in a payload addressed to their owner (`HoleCards`, `HandProof`, and the
owner's copy of a `History`); the channel sees a hand's cards once it is shown.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from chatdealer.dealer.refusals import notice_text
from chatdealer.dealer.views import PrivateView, TableView
from chatdealer.evaluator import Category, hand_name
from chatdealer.fairness import Proof
from chatdealer.store import TableId
from chatdealer.table.events import Placing
from chatdealer.table.ledger import NightLine


class Payload(msgspec.Struct, gc=False, frozen=True, kw_only=True, tag_field="kind"):
    @property
    def kind(self) -> str:
        return str(self.__struct_config__.tag)


class TableShown(Payload, frozen=True, tag="table"):
    """The table as it is now: render it into the channel's one table message."""

    view: TableView


class Refused(Payload, frozen=True, tag="refused"):
    """Why a request was refused; nothing changed."""

    code: str
    params: dict[str, Any]
    text: str


class Notice(Payload, frozen=True, tag="notice"):
    """Something that happened at the table, as a code, its parameters and English text."""

    code: str
    params: dict[str, Any]
    text: str


def notice(code: str, **params: Any) -> Notice:
    return Notice(code=code, params=params, text=notice_text(code, params))


class PlayerRef(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    seat: int
    player_id: str
    name: str


class ButtonDraw(Payload, frozen=True, tag="button_draw"):
    """The high-card draw for the first button; these cards are dealt face up."""

    cards: tuple[tuple[PlayerRef, str], ...]
    button: PlayerRef


class HandStarted(Payload, frozen=True, tag="hand_started"):
    hand_number: int
    deck_commitment: str
    """SHA-256 root of the deck order's commitments, made before any seed for the hand was
    taken and opened when the hand ends."""
    players: tuple[PlayerRef, ...]
    """Dealt in, left of the button first, the button last."""
    button: PlayerRef
    small_blind: PlayerRef
    big_blind: PlayerRef
    straddle: PlayerRef | None
    seeded_by: tuple[str, ...] = ()
    """The names of the players whose seeds cut this hand's deck, in the order they added them."""
    next_deck_commitment: str = ""
    """The next hand's deck, committed now: seeds added from here on go into its cut."""
    open_deck: bool = False
    """The whole deck is opened when the hand ends (a table setting)."""
    bomb_pot: int = 0
    """A bomb pot: what each player anted, no betting before the flop; 0, a hand with blinds."""


class Posted(Payload, frozen=True, tag="posted"):
    player_id: str
    name: str
    what: str
    """"ante", "dead", "blind", "straddle" or "post"."""
    amount: int
    all_in: bool


class Acted(Payload, frozen=True, tag="action"):
    player_id: str
    name: str
    action: str
    """"fold", "check", "call", "bet" or "raise"."""
    amount: int
    """The player's bet on this street after the action ("raise to")."""
    added: int
    all_in: bool


class Returned(Payload, frozen=True, tag="returned"):
    """An uncalled bet going back."""

    player_id: str
    name: str
    amount: int


class BoardDealt(Payload, frozen=True, tag="board"):
    street: str
    cards: tuple[str, ...]
    board: tuple[str, ...]
    run: int = 0
    """2 for a street of the second run of a board run twice; else 0."""


class MadeHand(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    """A hand as the dealer names it: its kind, the ranks that name it, the five cards that
    make it and, where it decided a pot against another hand shown, the kicker.

    Built by `chatdealer.dealer.naming`, the one place that names hands; a renderer says it in
    the table's language from `category` and `ranks`, never from the English `name`."""

    category: str
    """The kind of hand: a `Category` name in lower case ("pair", "two_pair", "flush", ...)."""
    ranks: tuple[int, ...]
    """The ranks that name it (0 = two .. 12 = ace): (5,) a pair of sevens, (12, 11) aces full
    of kings."""
    cards: tuple[str, ...]
    """The five cards that make it, in reading order: the groups first, then high to low."""
    kicker: int | None = None
    """The rank that beat the best other hand shown for the pot, when the hands were otherwise
    equal; None when the hand won on what it is (or did not win)."""

    @property
    def kind(self) -> Category:
        return Category[self.category.upper()]

    @property
    def name(self) -> str:
        """The English name ("Pair of sevens"), for logs and the English-only readers."""
        return hand_name(self.kind, self.ranks)


class MadeLow(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    """An eight-or-better low (Omaha hi-lo, RULES.md §13): its five ranks as players write them,
    highest first ("7", "5", "4", "2", "A"), and the five cards that make it."""

    ranks: tuple[str, ...]
    cards: tuple[str, ...]

    @property
    def name(self) -> str:
        """The English name ("Low, 7-5-4-2-A"), for logs and the English-only readers."""
        return "Low, " + "-".join(self.ranks)


class Shown(Payload, frozen=True, tag="shown"):
    """A hand shown. Its `hand` is named on the board dealt so far: none before the flop, and
    in an all-in run-out the final names follow the river (`HandNamed`). In hi-lo `low` is its
    eight-or-better low on that board, if it has one."""

    player_id: str
    name: str
    cards: tuple[str, ...]
    hand: MadeHand | None = None
    low: MadeLow | None = None

    @property
    def hand_name(self) -> str | None:
        return self.hand.name if self.hand is not None else None


class HandNamed(Payload, frozen=True, tag="named"):
    """A hand shown before the board was complete (an all-in run-out), named once the river is
    out: what the player ends up with."""

    player_id: str
    name: str
    cards: tuple[str, ...]
    hand: MadeHand
    run: int = 0
    """1 or 2: the hand on the first or second board of a board run twice; else 0."""


class EquityShare(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    player_id: str
    name: str
    cards: tuple[str, ...]
    equity: float
    """Expected share of the pot, 0..1 (a two-way tie counts half)."""


class AllInEquity(Payload, frozen=True, tag="equity"):
    """Everyone left is all-in before the river: each shown hand's chance, before the run-out
    and again after its flop and its turn.

    Exact on the flop and the turn, sampled to ±0.5 % (95 %) before the flop.
    """

    board: tuple[str, ...]
    players: tuple[EquityShare, ...]
    exact: bool
    run: int = 0
    """1 or 2: the chances on the first or second run's board of a board run twice; else 0."""
    again: bool = False
    """Told again after a street of the run-out (the first telling is before it)."""


class Mucked(Payload, frozen=True, tag="mucked"):
    player_id: str
    name: str


class Share(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    player_id: str
    name: str
    chips: int


class PotWon(Payload, frozen=True, tag="pot"):
    pot: int
    """0 for the main pot, 1.. for side pots."""
    amount: int
    winners: tuple[Share, ...]
    hand: MadeHand | None = None
    """The winning hand (the first winner's five cards when the pot is split), with the kicker
    when one decided; None when everyone else folded."""
    pots: int = 1
    """How many pots the hand had: with side pots, pot 0 is "the main pot"."""
    half: str = ""
    """In hi-lo, "high" or "low": the half of a pot split between the high and the low, whose
    `amount` is that half; "" for a whole pot."""
    low: MadeLow | None = None
    """The winning low, for the low half."""
    run: int = 0
    """1 or 2: the half of the pot paid on the first or second board of a board run twice."""

    @property
    def hand_name(self) -> str | None:
        return self.hand.name if self.hand is not None else None


class HandOver(Payload, frozen=True, tag="hand_over"):
    hand_number: int
    stacks: tuple[Share, ...]
    """Everyone dealt in and their chips after the hand."""
    proof: Proof | None
    """Opens the commitment shown at the deal for the board and the hands shown."""


class HoleCards(Payload, frozen=True, tag="cards"):
    """To one player: their cards and best hand."""

    view: PrivateView


class HandProof(Payload, frozen=True, tag="proof"):
    """To one player: the openings of their own hole cards, with the public ones."""

    hand_number: int
    proof: Proof


class RabbitHunted(Payload, frozen=True, tag="rabbit"):
    """The cards a hand ended before the river would have dealt: shown, never played."""

    hand_number: int
    board: tuple[str, ...]
    """The board the hand was played with."""
    cards: tuple[str, ...]
    """The cards that would have come, in the order the deck held them."""


class ShownAfter(Payload, frozen=True, tag="shown_after"):
    """A player shows cards after the hand is over (the uncontested winner, or one who folded):
    one card or all of them, never named as a hand, and nothing in the hand changes."""

    hand_number: int
    player_id: str
    name: str
    cards: tuple[str, ...]


class History(Payload, frozen=True, tag="history"):
    """A finished hand as PHH: the public copy to the channel, a player's own copy to them."""

    hand_number: int
    phh: str
    proof: Proof | None
    private: bool


class BalanceShown(Payload, frozen=True, tag="balance"):
    """To one player: their bank balance and stats."""

    balance: int
    hands_played: int
    hands_won: int
    biggest_pot: int
    net: int


class DailyClaimed(Payload, frozen=True, tag="daily"):
    amount: int
    balance: int
    next_at: float


class LeaderboardRow(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    rank: int
    player_id: str
    name: str
    """The player's display name as last seen by the dealer (their id when it never saw one)."""
    net: int


class LeaderboardShown(Payload, frozen=True, tag="leaderboard"):
    rows: tuple[LeaderboardRow, ...]
    night: Literal["", "tonight", "last"] = ""
    """A night's results instead of the bank's board: the running night's, or the last one's."""


class NightShown(Payload, frozen=True, tag="night"):
    """The night's table: bought in, cashed out, at the table and net, biggest winner first."""

    lines: tuple[NightLine, ...]
    first_hand: int = 0
    """The night's first hand (0: not known, every hand kept), for the night's web page."""


class BankMove(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    kind: str
    """"grant" (the starting chips), "daily", "buy_in" or "cash_out"."""
    amount: int
    table: str
    """The table id (``platform:community:channel``) of a buy-in or cash-out, else empty."""
    time: float
    balance: int
    here: bool = False
    """The move was at the table the ledger was asked at."""

    @property
    def channel(self) -> str:
        """The table's channel (what a platform can name), or empty for grants."""
        return self.table.rpartition(":")[2]


class BankLedger(Payload, frozen=True, tag="bank_ledger"):
    """To one player: their latest bank movements, newest first."""

    moves: tuple[BankMove, ...]


class TournamentOver(Payload, frozen=True, tag="tournament_over"):
    winner: str
    """The winner's player id."""
    winner_name: str
    prize_pool: int
    placings: tuple[Placing, ...]
    """First place first, each with the player's display name."""


class BountyWon(Payload, frozen=True, tag="seven_deuce"):
    """The 7-2 game's bounty: who won a pot with seven-deuce shown, all they took, and from whom
    (each `Share` is what that player paid)."""

    player_id: str
    name: str
    amount: int
    payers: tuple[Share, ...]


AnyPayload = (
    TableShown
    | Refused
    | Notice
    | ButtonDraw
    | HandStarted
    | Posted
    | Acted
    | Returned
    | BoardDealt
    | AllInEquity
    | Shown
    | HandNamed
    | Mucked
    | PotWon
    | BountyWon
    | HandOver
    | HoleCards
    | HandProof
    | History
    | RabbitHunted
    | ShownAfter
    | BalanceShown
    | DailyClaimed
    | LeaderboardShown
    | NightShown
    | BankLedger
    | TournamentOver
)


class Outgoing(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    table: TableId
    to: str | None
    """None: the whole channel; otherwise the one user (platform id) it is for."""
    payload: AnyPayload

    @property
    def kind(self) -> str:
        return self.payload.kind

    @property
    def public(self) -> bool:
        return self.to is None
