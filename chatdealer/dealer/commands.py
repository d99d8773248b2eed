"""What an adapter asks of the dealer: one `Command` per slash command or button press.

A command is platform-neutral: the table (platform, community, channel), who asked (their
platform id, display name and whether they manage the channel, which the adapter knows and the
dealer cannot check) and one verb with its typed arguments. Seats are numbered from 0 as in the
table layer; players see seat + 1.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from chatdealer.store import TableId
from chatdealer.table import TableSettings, TournamentSettings


class User(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    manager: bool = False
    """Manages the channel (Discord's Manage Channels, a Telegram admin): may configure."""


class ActionToken(msgspec.Struct, frozen=True, array_like=True, order=True):
    """The moment a prompt was made for: the hand number and the hand's action sequence.

    Every action (and every check or fold made for an absent player) moves the sequence on, so
    a button pressed twice, or kept from an earlier street, no longer matches and is refused.
    """

    hand: int
    sequence: int

    def __str__(self) -> str:
        return f"{self.hand}.{self.sequence}"

    @classmethod
    def parse(cls, text: str) -> ActionToken:
        """Reads the `hand.sequence` form adapters put in button ids."""
        hand, dot, sequence = text.strip().partition(".")
        if not dot or not hand.isdigit() or not sequence.isdigit():
            raise ValueError(f"bad action token {text!r}: expected 'hand.sequence'")
        return cls(int(hand), int(sequence))


class Args(msgspec.Struct, frozen=True, kw_only=True, tag_field="verb"):
    """The verb's arguments; the verb is the struct's tag."""


class Create(Args, frozen=True, tag="create"):
    """Open a cash table in the channel; whoever opens it is its host."""

    settings: TableSettings = msgspec.field(default_factory=TableSettings)


class CreateTournament(Args, frozen=True, tag="create_tournament"):
    """Open a sit-and-go in the channel; players register, the host starts it."""

    settings: TournamentSettings = msgspec.field(default_factory=TournamentSettings)


class Configure(Args, frozen=True, tag="configure"):
    """New settings for a cash table (host or channel manager); during a hand, after it."""

    settings: TableSettings


class Join(Args, frozen=True, tag="join"):
    """Sit down; `buy_in` None buys the table maximum, or the whole balance when that is less."""

    buy_in: int | None = None
    seat: int | None = None
    wait_for_big_blind: bool = False


class AddBot(Args, frozen=True, tag="add_bot"):
    """Seat a bot player (host, channel manager or a seated player); the dealer plays its turns.

    `style` is one of `chatdealer.bots.STYLES`; `buy_in` None buys the table maximum, or the
    bot account's whole balance when that is less.
    """

    style: str = "balanced"
    buy_in: int | None = None


class Leave(Args, frozen=True, tag="leave"):
    """Cash out (at once, or when the hand being played ends); unregister from a tournament."""


class Kick(Args, frozen=True, tag="kick"):
    """The host or a channel manager sends a player away with their chips: at once between
    hands, or when the hand being played ends (their turns are checked or folded till then)."""

    player_id: str


class Stop(Args, frozen=True, tag="stop"):
    """The host or a channel manager closes a cash table: everyone leaves with their chips,
    the hand being played first ends, and no new hand is dealt."""


class SitOut(Args, frozen=True, tag="sit_out"):
    pass


class SitIn(Args, frozen=True, tag="sit_in"):
    """Come back after sitting out (or after timing out in a tournament)."""

    wait_for_big_blind: bool = False


class TopUp(Args, frozen=True, tag="top_up"):
    amount: int


class Straddle(Args, frozen=True, tag="straddle"):
    pass


class Start(Args, frozen=True, tag="start"):
    """Deal the first hand (or start the tournament); later hands follow by themselves."""


class Seed(Args, frozen=True, tag="seed"):
    """A player's seed for the next hand's cut: any short text (`cut.SEED_TEXT_LIMIT`), mixed
    into the order the committed deck is dealt in, so that the dealer cannot choose it."""

    text: str


ActionName = Literal["fold", "check", "call", "bet", "raise", "allin"]


class Act(Args, frozen=True, tag="act"):
    """A betting action; `amount` is the "raise to" total of a bet or raise."""

    action: ActionName
    token: ActionToken
    amount: int | None = None


class MyCards(Args, frozen=True, tag="cards"):
    pass


class ShowTable(Args, frozen=True, tag="table"):
    pass


class LastHand(Args, frozen=True, tag="last_hand"):
    """A finished hand's history: the last one, or hand `number`."""

    number: int | None = None


class Balance(Args, frozen=True, tag="balance"):
    pass


class Daily(Args, frozen=True, tag="daily"):
    pass


class Leaderboard(Args, frozen=True, tag="leaderboard"):
    top: int = 10


class Ledger(Args, frozen=True, tag="ledger"):
    """The night's table (bought in, cashed out, net) and the asker's bank movements."""


class Register(Args, frozen=True, tag="register"):
    pass


class Unregister(Args, frozen=True, tag="unregister"):
    pass


class Rebuy(Args, frozen=True, tag="rebuy"):
    pass


Verb = (
    Create
    | CreateTournament
    | Configure
    | Join
    | AddBot
    | Leave
    | Kick
    | Stop
    | SitOut
    | SitIn
    | TopUp
    | Straddle
    | Start
    | Seed
    | Act
    | MyCards
    | ShowTable
    | LastHand
    | Balance
    | Daily
    | Leaderboard
    | Ledger
    | Register
    | Unregister
    | Rebuy
)


class Command(msgspec.Struct, frozen=True, kw_only=True):
    table: TableId
    user: User
    args: Verb

    @property
    def verb(self) -> str:
        return verb_of(self.args)


def verb_of(args: Args) -> str:
    return str(args.__struct_config__.tag)
