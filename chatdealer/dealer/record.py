"""What the service stores for one channel: the table (or tournament) and what it needs besides.

The record is JSON with its own schema version (never pickle), written whole by every action.
Besides the pure `Table` or `Tournament` it holds what only the service cares about: the host,
the secret of the hand's deck commitment, each player's clock, and the next deadline with what
it is for, so that any worker, after any restart, can pick the table up where it was.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from chatdealer.cards import Deck
from chatdealer.dealer.commands import ActionToken
from chatdealer.engine.stored import Stored
from chatdealer.table import Table, TableSettings, Tournament, TournamentPhase


class WakeFor(StrEnum):
    TURN = "turn"
    """The action clock of the player to act."""
    TIME_BANK = "time_bank"
    """The action clock ran out; the player's time bank is running."""
    NEXT_HAND = "next_hand"
    """The pause between hands is over: deal."""


class Wake(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The table's next deadline (the store's sorted set holds the same time)."""

    at: float
    purpose: WakeFor
    token: ActionToken | None = None
    """The turn it was set for; a deadline from another turn never acts."""
    player: str | None = None
    since: float = 0.0
    """When the time bank began running, to charge what the player used."""


class PlayerClock(msgspec.Struct, kw_only=True, omit_defaults=True):
    time_bank: float
    timeouts: int = 0
    """In a row; acting resets it."""
    away: bool = False
    """Tournament players who timed out twice: their turns are played at once."""


class PlayerSeed(msgspec.Struct, frozen=True, array_like=True):
    """A player's seed for a deck's cut, kept as its digest (`cut.seed_digest`): the words
    themselves are never stored."""

    player: str
    digest: str


class DeckSecret(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
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
    return _encoder.encode(record)


def decode_record(raw: bytes) -> TableRecord:
    """Reads a stored record, refusing any schema this code was not written for, nested ones
    included (decoding a struct inside another does not run their own `from_json` check)."""
    record = _decoder.decode(raw)
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
            raise ValueError(f"{kind} state schema {state.schema} is not {state.SCHEMA}")
    return record


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
