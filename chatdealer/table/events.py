"""What happened at the table around the hands, for the renderers.

The hand's own events (`chatdealer.engine.events`) name seats by position in the hand;
`HandStarted.seats` maps each position to its physical seat (shown to players as seat + 1) and
`HandStarted.players` to the player, so a renderer can name everyone. Every table event is
public: none of them holds a hole card.
"""

from __future__ import annotations

import msgspec

from chatdealer.engine.events import Event as HandEvent
from chatdealer.table.settings import TableSettings


class TableEvent(msgspec.Struct, gc=False, frozen=True, tag=True, kw_only=True):
    @property
    def private_to(self) -> int | None:
        return None


AnyEvent = TableEvent | HandEvent


class SettingsChanged(TableEvent, frozen=True):
    settings: TableSettings


class SettingsQueued(TableEvent, frozen=True):
    """Asked for during a hand: applied when it ends."""

    settings: TableSettings


class PlayerSeated(TableEvent, frozen=True):
    seat: int
    player_id: str
    name: str
    buy_in: int
    waits_for_big_blind: bool


class LeaveQueued(TableEvent, frozen=True):
    """The player is in the hand: their cards are checked or folded and they leave at its end."""

    seat: int
    player_id: str


class PlayerLeft(TableEvent, frozen=True):
    seat: int
    player_id: str
    name: str
    cash_out: int


class TopUpQueued(TableEvent, frozen=True):
    seat: int
    player_id: str
    amount: int


class ToppedUp(TableEvent, frozen=True):
    """Chips added; `amount` is less than `requested` when a won pot left less room under the
    maximum, and 0 when there was none (nothing was bought)."""

    seat: int
    player_id: str
    amount: int
    requested: int
    stack: int


class SitOutQueued(TableEvent, frozen=True):
    seat: int
    player_id: str


class SatOut(TableEvent, frozen=True):
    seat: int
    player_id: str


class SatIn(TableEvent, frozen=True):
    """Back in the game; `owes_*` say what they post (or wait for the big blind to settle)."""

    seat: int
    player_id: str
    owes_big_blind: bool
    owes_small_blind: bool
    waits_for_big_blind: bool


class PlayerBusted(TableEvent, frozen=True):
    seat: int
    player_id: str


class BlindMissed(TableEvent, frozen=True):
    seat: int
    player_id: str
    blind: str  # "big" or "small"


class StraddleQueued(TableEvent, frozen=True):
    seat: int
    player_id: str


class StraddleDropped(TableEvent, frozen=True):
    """A straddle asked for did not happen: the player was not under the gun."""

    seat: int
    player_id: str


class ButtonDrawn(TableEvent, frozen=True):
    cards: tuple[tuple[int, int], ...]  # (seat, card), dealt face up
    button: int


class HandStarted(TableEvent, frozen=True):
    hand_number: int
    button: int
    small_blind: int
    big_blind: int
    straddle: int | None
    seats: tuple[int, ...]  # position -> seat
    players: tuple[str, ...]  # position -> player id
    names: tuple[str, ...]  # position -> display name
    fresh_start: bool
    bomb_pot: int = 0  # a bomb pot: what each player antes; 0, a hand with blinds


class HandFinished(TableEvent, frozen=True):
    hand_number: int
    stacks: tuple[tuple[int, int], ...]  # (seat, stack) of everyone dealt in


# -- sit-and-go tournaments ---------------------------------------------------------------------


class PlayerRegistered(TableEvent, frozen=True):
    player_id: str
    name: str
    entrants: int


class PlayerUnregistered(TableEvent, frozen=True):
    player_id: str
    entrants: int


class TournamentStarted(TableEvent, frozen=True):
    players: tuple[str, ...]  # seat -> player id
    starting_stack: int
    prize_pool: int


class LevelChanged(TableEvent, frozen=True):
    level: int  # 1 for the first level
    small_blind: int
    big_blind: int
    ante: int


class RebuyOffered(TableEvent, frozen=True):
    """Busted during the rebuy levels: rebuy before the next hand is dealt, or be out."""

    player_id: str
    rebuys_left: int


class Rebought(TableEvent, frozen=True):
    player_id: str
    chips: int
    prize_pool: int


class PlayerEliminated(TableEvent, frozen=True):
    player_id: str
    name: str
    place: int  # players busting in the same hand with the same stack share the better place


class Placing(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    place: int
    player_id: str
    name: str
    prize: int


class TournamentFinished(TableEvent, frozen=True):
    winner: str
    prize_pool: int
    placings: tuple[Placing, ...]  # first place first
