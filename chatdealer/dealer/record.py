"""What the service stores for one channel: the table (or tournament) and what it needs besides.

The record is JSON with its own schema version (never pickle), written whole by every action.
Besides the pure `Table` or `Tournament` it holds what only the service cares about: the host,
the secret of the hand's deck commitment, each player's clock, and the next deadline with what
it is for, so that any worker, after any restart, can pick the table up where it was.

Reading a record is a boundary: `decode_record` raises `NewerRecord` for a schema this code
was not written for (refused, never overwritten) and `DamagedTable` for anything else it
cannot use, JSON that is not a record, a record of the wrong shape, seats and positions that
point nowhere; the errors say what is wrong, never what the record holds.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any

import msgspec

from chatdealer.cards import Deck
from chatdealer.dealer.commands import ActionToken
from chatdealer.dealer.compressed import CompressedError, pack, unpack
from chatdealer.dealer.seated_bots import account_of, is_bot
from chatdealer.engine import show_after
from chatdealer.engine.hand import Hand
from chatdealer.engine.stored import Stored
from chatdealer.store import DamagedTable, NewerRecord
from chatdealer.table import Table, TableSettings, Tournament, TournamentPhase


class WakeFor(StrEnum):
    TURN = "turn"
    """The action clock of the player to act."""
    TIME_BANK = "time_bank"
    """The action clock ran out; the player's time bank is running."""
    NEXT_HAND = "next_hand"
    """The pause between hands is over: deal."""
    RUN_TWICE = "run_twice"
    """The players asked to run it twice did not all answer in time: the board runs once."""


class Wake(msgspec.Struct, gc=False, frozen=True, kw_only=True, omit_defaults=True):
    """The table's next deadline (the store's sorted set holds the same time)."""

    at: float
    purpose: WakeFor
    token: ActionToken | None = None
    """The turn it was set for; a deadline from another turn never acts."""
    player: str | None = None
    since: float = 0.0
    """When the time bank began running, to charge what the player used."""


class PlayerClock(msgspec.Struct, gc=False, kw_only=True, omit_defaults=True):
    time_bank: float
    timeouts: int = 0
    """In a row; acting resets it."""
    away: bool = False
    """Tournament players who timed out twice: their turns are played at once."""


class JoinRequest(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    """A player waiting for the host's answer: the buy-in they asked to sit with."""

    player: str
    name: str
    buy_in: int | None = None


class SeatingRules(msgspec.Struct, gc=False, kw_only=True, omit_defaults=True):
    """Who may sit and the clocks around them (`seating`); the defaults are an open table."""

    policy: str = "open"
    """open, approval or invite."""
    invited: list[str] = msgspec.field(default_factory=list)
    requests: list[JoinRequest] = msgspec.field(default_factory=list)
    auto_leave_minutes: int = 0
    """Sitting out longer than this leaves the seat; 0: never."""
    refill_seconds: int = 0
    """Seconds added to every player's time bank every `refill_hands` hands, up to `refill_cap`."""
    refill_hands: int = 10
    refill_cap: int = 0
    """0: the table's own time bank."""
    sitting_out_since: dict[str, float] = msgspec.field(default_factory=dict)
    """When each player sitting out was first found so by the next-hand deadline."""


class PlayerSeed(msgspec.Struct, gc=False, frozen=True, array_like=True):
    """A player's seed for a deck's cut, kept as its digest (`cut.seed_digest`): the words
    themselves are never stored."""

    player: str
    digest: str


class DeckSecret(msgspec.Struct, gc=False, frozen=True, kw_only=True, omit_defaults=True):
    """A committed deck: the salts (and, unless `order` is given, the order) derive from `seed`,
    which never leaves Redis; `root` is the commitment the channel is shown."""

    hand: int
    seed: str
    root: str
    kind: Deck = Deck.STANDARD
    order: str = ""
    """The committed order as card names run together, when it was not drawn from `seed` (an
    injected shuffle: tests); empty, the order is `cut.deck_from_seed`'s."""
    seeds: tuple[PlayerSeed, ...] = ()
    """The players' seeds for its cut, in the order they were added."""
    cut: bool = False
    """Dealt through the players' cut; False for a hand dealt in the committed order, as every
    hand was before the cut (their proofs still verify)."""
    open_deck: bool = False
    """The whole deck is opened when the hand ends: the table said so when it was dealt."""

    def __repr__(self) -> str:
        """Never the seed or the order: a record may end up in a log line or an error."""
        return f"DeckSecret(hand={self.hand}, root={self.root[:12]}…, seeds={len(self.seeds)})"


class RunsVote(msgspec.Struct, gc=False, kw_only=True, omit_defaults=True):
    """The people left in an all-in hand, asked whether to run the board twice
    (`run_twice_vote`): the hand waits until they all agree, one says no or time runs out."""

    token: ActionToken
    """The hand and the moment they were asked: a button from another question is stale."""
    asked: list[str]
    agreed: list[str] = msgspec.field(default_factory=list)
    until: float


class AfterHand(msgspec.Struct, gc=False, kw_only=True, omit_defaults=True):
    """The hand just finished, kept until the next is dealt so that its uncontested winner and
    the players who folded may still show their cards (`show_after`, docs/rules.md §7). It
    holds their hole cards and the deck's seed, as the record did during the hand: it never
    leaves Redis."""

    number: int
    hand: Hand
    players: list[str]
    """Player ids by position."""
    secret: DeckSecret | None = None
    rabbit: bool = False
    """The table hunts rabbits: the hand's proof opened its unseen board too."""
    shown: dict[str, list[int]] = msgspec.field(default_factory=dict)
    """Who has shown which of their cards (indexes), in the order they showed."""

    @property
    def may(self) -> list[str]:
        """The people who may show (bots never do)."""
        seats = show_after.may_show(self.hand)
        return [self.players[seat] for seat in seats if not is_bot(self.players[seat])]

    def __repr__(self) -> str:
        """Never the cards or the seed: a record may end up in a log line or an error."""
        return f"AfterHand(number={self.number}, may={len(self.may)}, shown={len(self.shown)})"


class TableRecord(Stored, kw_only=True):
    host: str
    created_at: float
    cash: Table | None = None
    tournament: Tournament | None = None
    started: bool = False
    """Hands are dealt one after the other until too few players can play."""
    deck: DeckSecret | None = None
    """The hand being played's deck."""
    next_deck: DeckSecret | None = None
    """The next hand's deck, committed to (and shown) before any seed for it is taken."""
    clocks: dict[str, PlayerClock] = msgspec.field(default_factory=dict)
    wake: Wake | None = None
    paused: bool = False
    """The host paused the game: no new hand is dealt until they resume it."""
    cohosts: list[str] = msgspec.field(default_factory=list)
    """Players the host named to run the table with them (`hosting`)."""
    arrivals: list[str] = msgspec.field(default_factory=list)
    seating: SeatingRules = msgspec.field(default_factory=SeatingRules)
    """The players seated, in the order they sat down: the longest-seated takes over a host
    who leaves with no co-host."""
    runs_vote: RunsVote | None = None
    after: AfterHand | None = None
    """The last hand, while its players may still show their cards."""

    @property
    def table(self) -> Table | None:
        """The table being played: the cash table, or the tournament's once it has started."""
        if self.cash is not None:
            return self.cash
        if self.tournament is not None:
            return self.tournament.table
        return None

    @property
    def is_tournament(self) -> bool:
        return self.tournament is not None

    @property
    def settings(self) -> TableSettings | None:
        table = self.table
        return table.settings if table is not None else None

    def clock_of(self, player_id: str) -> PlayerClock:
        clock = self.clocks.get(player_id)
        if clock is None:
            clock = PlayerClock(time_bank=float(self.time_bank_seconds))
            self.clocks[player_id] = clock
        return clock

    @property
    def action_seconds(self) -> int:
        if self.tournament is not None:
            return self.tournament.settings.action_seconds
        assert self.cash is not None
        return self.cash.settings.action_seconds

    @property
    def time_bank_seconds(self) -> int:
        if self.tournament is not None:
            return self.tournament.settings.time_bank_seconds
        assert self.cash is not None
        return self.cash.settings.time_bank_seconds


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(TableRecord)


def encode_record(record: TableRecord) -> bytes:
    return pack(_encoder.encode(record))


STATE = "state"
"""What a damaged record's errors name: the dealer adds the table it belongs to."""


def decode_record(raw: bytes) -> TableRecord:
    """Reads a stored record, refusing any schema this code was not written for, nested ones
    included (decoding a struct inside another does not run their own `from_json` check)."""
    try:
        raw = unpack(raw)
        record = _decoder.decode(raw)
    except CompressedError as problem:
        raise DamagedTable(STATE, str(problem)) from None
    except msgspec.DecodeError as problem:  # its ValidationError too
        newer = _newer_schema(raw)
        if newer is not None:
            raise NewerRecord(*newer) from None
        raise DamagedTable(STATE, _what_is_wrong(problem)) from None
    table = record.table
    nested: list[Stored | None] = [
        record,
        record.cash,
        record.tournament,
        table,
        table.hand if table is not None else None,
    ]
    for state in nested:
        if state is not None and state.schema != state.SCHEMA:
            kind = type(state).__name__
            if state.schema > state.SCHEMA:
                raise NewerRecord(kind, state.schema, state.SCHEMA)
            raise DamagedTable(STATE, f"{kind} schema {state.schema} is not {state.SCHEMA}")
    if table is not None:
        _check_table(table)
    return record


def _what_is_wrong(problem: msgspec.DecodeError) -> str:
    """msgspec's error names a place (`$.cash.seats`) and a type; the odd value it quotes (an
    unknown enum value) is cut out, as a value could be anything, a card even."""
    said = _QUOTED.sub("…", str(problem))
    return f"{type(problem).__name__}: {said}"[:200]


_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


_SCHEMA_PATHS = (
    ("TableRecord",),
    ("Table", "cash"),
    ("Hand", "cash", "hand"),
    ("Tournament", "tournament"),
    ("Table", "tournament", "table"),
    ("Hand", "tournament", "table", "hand"),
)


def _newer_schema(raw: bytes) -> tuple[str, int, int] | None:
    """The kind and schema of a part of a record that does not decode, if a newer one."""
    try:
        document: Any = msgspec.json.decode(raw)
    except msgspec.DecodeError:
        return None
    for kind, *path in _SCHEMA_PATHS:
        part = document
        for name in path:
            part = part.get(name) if isinstance(part, dict) else None
        schema = part.get("schema") if isinstance(part, dict) else None
        if isinstance(schema, int) and not isinstance(schema, bool) and schema > Stored.SCHEMA:
            return kind, schema, Stored.SCHEMA
    return None


def _check_table(table: Table) -> None:
    """The positions and seats a table's steps index by point somewhere: a few comparisons,
    against an `IndexError` half way through a step."""
    seats = table.seats
    count = len(seats)
    if count != table.settings.seat_count:
        raise DamagedTable(STATE, "a seat count unlike the settings'")
    for seat in (table.button, table.small_blind, table.big_blind):
        if seat is not None and not 0 <= seat < count:
            raise DamagedTable(STATE, "a blind or the button on no seat")
    hand = table.hand
    if hand is None:
        return  # the last hand's positions may name seats a smaller table no longer has
    positions = table.hand_seats
    for seat in positions:
        if not 0 <= seat < count:
            raise DamagedTable(STATE, "a position on no seat")
    dealt = len(hand.stacks)
    if len(positions) != dealt or any(seats[seat] is None for seat in positions):
        raise DamagedTable(STATE, "a hand's positions unlike its seats")
    if not -1 <= hand.actor < dealt:
        raise DamagedTable(STATE, "a hand's actor on no position")
    if any(
        len(part) != dealt
        for part in (hand.bets, hand.contributed, hand.folded, hand.all_in, hand.holes)
    ):
        raise DamagedTable(STATE, "a hand's seats of unlike counts")


class _Host(msgspec.Struct, gc=False):
    host: str


def host_of(raw: bytes) -> str | None:
    """The host a record names, read on its own: a record damaged elsewhere may still say."""
    try:
        return msgspec.json.decode(unpack(raw), type=_Host).host
    except (msgspec.DecodeError, CompressedError):
        return None


def new_record(
    host: str, now: float, *, cash: Table | None = None, tournament: Tournament | None = None
) -> TableRecord:
    return TableRecord(host=host, created_at=now, cash=cash, tournament=tournament)


def bank_chips_held(record: TableRecord) -> int:
    """The bank chips the table holds: what the audit compares with the bank's own count.

    A cash table holds its stacks, the chips in the hand and top-ups bought during the hand
    (they are paid when asked for and added when it ends). A tournament holds the buy-ins: the
    registrations, then the prize pool, until the prizes are paid.
    """
    if record.cash is not None:
        table = record.cash
        pending = sum(player.top_up_pending for _, player in table.players())
        return table.chips_on_table() + pending
    tournament = record.tournament
    if tournament is None or tournament.phase is TournamentPhase.FINISHED:
        return 0
    if tournament.phase is TournamentPhase.REGISTERING:
        return tournament.settings.buy_in * len(tournament.entrants)
    return tournament.prize_pool


def held_by_account(record: TableRecord) -> dict[str, int]:
    """The bank chips the table holds for each account: its chip records, what a reset pays.

    A cash table holds each player's stack as the hand being played began (a hand called off
    is a misdeal: every bet goes back) and their pending top-up; bots' chips are the house's.
    A tournament holds each entrant's buy-ins, rebuys included, until its prizes are paid.
    They add up to `bank_chips_held`.
    """
    held: dict[str, int] = {}
    if record.cash is not None:
        for _, player in record.cash.players():
            chips = player.stack + player.top_up_pending
            if chips:
                account = account_of(player.player_id)
                held[account] = held.get(account, 0) + chips
        return held
    tournament = record.tournament
    if tournament is None or tournament.phase is TournamentPhase.FINISHED:
        return held
    buy_in = tournament.settings.buy_in
    if not buy_in:
        return held
    running = tournament.phase is TournamentPhase.RUNNING
    for entrant in tournament.entrants:
        entries = 1 + (tournament.rebuys.get(entrant.player_id, 0) if running else 0)
        account = account_of(entrant.player_id)
        held[account] = held.get(account, 0) + buy_in * entries
    return held


def chips_of(raw: bytes) -> int:
    """`Bank.audit`'s view of a stored record."""
    return bank_chips_held(decode_record(raw))


def is_empty(record: TableRecord) -> bool:
    """Nobody seated or registered and no chips held: the channel may open a new table."""
    if bank_chips_held(record):
        return False
    if record.cash is not None:
        return not record.cash.players()
    tournament = record.tournament
    return (
        tournament is None
        or tournament.phase is TournamentPhase.FINISHED
        or not (tournament.entrants)
    )
