"""What an adapter asks of the dealer: one `Command` per slash command or button press.

A command is platform-neutral: the table (platform, community, channel), who asked (their
platform id, display name and whether they manage the channel, which the adapter knows and the
dealer cannot check) and one verb with its typed arguments. Seats are numbered from 0 as in the
table layer; players see seat + 1.

Every field carries its bounds (`chatdealer.table.limits`: chip amounts at most 10^12, ids and
words of bounded length), so decoding a command with msgspec applies them, and the dealer
checks each command it is handed against them whatever built it (`dealer.checks`): a field of
the wrong type or out of bounds is a refusal, never an exception.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from chatdealer.store import TableId
from chatdealer.table import TableSettings, TournamentSettings
from chatdealer.table.limits import Chips, Count, PlayerId, Serial, Word

Seat = Annotated[int, msgspec.Meta(ge=0, le=999)]
MAX_DAILY_HOURS = 366 * 24


class User(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    id: PlayerId
    """The platform's id of the user, never one a payload claims (`bot:` and `house` are the
    dealer's own and refused)."""
    name: str
    """Display name; the dealer keeps its first 64 printable characters."""
    manager: bool = False
    """Manages the channel (Discord's Manage Channels, a Telegram admin): may configure."""
    admin: bool = False
    """Administers the community (Discord's Manage Server, a Telegram group's admin, the
    terminal's own user): may change its bank."""


class ActionToken(msgspec.Struct, gc=False, frozen=True, array_like=True, order=True):
    """The moment a prompt was made for: the hand number and the hand's action sequence.

    Every action (and every check or fold made for an absent player) moves the sequence on, so
    a button pressed twice, or kept from an earlier street, no longer matches and is refused.
    """

    hand: Serial
    sequence: Serial

    def __str__(self) -> str:
        return f"{self.hand}.{self.sequence}"

    @classmethod
    def parse(cls, text: str) -> ActionToken:
        """Reads the `hand.sequence` form adapters put in button ids."""
        hand, dot, sequence = text.strip().partition(".")
        if not dot or not hand.isdigit() or not sequence.isdigit():
            raise ValueError(f"bad action token {text!r}: expected 'hand.sequence'")
        return cls(int(hand), int(sequence))


class Args(msgspec.Struct, gc=False, frozen=True, kw_only=True, tag_field="verb"):
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

    buy_in: Chips | None = None
    seat: Seat | None = None
    wait_for_big_blind: bool = False


class AddBot(Args, frozen=True, tag="add_bot"):
    """Seat a bot player (host, channel manager or a seated player); the dealer plays its turns.

    `style` is one of `chatdealer.bots.STYLES`; `buy_in` None buys the table maximum, or the
    bot account's whole balance when that is less.
    """

    style: Word = "balanced"
    buy_in: Chips | None = None


class Leave(Args, frozen=True, tag="leave"):
    """Cash out (at once, or when the hand being played ends); unregister from a tournament."""


class Kick(Args, frozen=True, tag="kick"):
    """The host or a channel manager sends a player away with their chips: at once between
    hands, or when the hand being played ends (their turns are checked or folded till then)."""

    player_id: PlayerId


class Stop(Args, frozen=True, tag="stop"):
    """The host or a channel manager closes a cash table: everyone leaves with their chips,
    the hand being played first ends, and no new hand is dealt."""


class SitOut(Args, frozen=True, tag="sit_out"):
    pass


class SitIn(Args, frozen=True, tag="sit_in"):
    """Come back after sitting out (or after timing out in a tournament)."""

    wait_for_big_blind: bool = False


class TopUp(Args, frozen=True, tag="top_up"):
    amount: Chips


class Straddle(Args, frozen=True, tag="straddle"):
    pass


class Pause(Args, frozen=True, tag="pause"):
    """The host (or a channel manager) pauses a cash table: the hand being played ends as
    usual, and no new one is dealt until `Resume`."""


class Resume(Args, frozen=True, tag="resume"):
    """The host (or a channel manager) deals on after a `Pause`."""


class CoHost(Args, frozen=True, tag="cohost"):
    """The host (or a channel manager) names a co-host (`on`) or drops one."""

    player_id: PlayerId
    on: bool = True


JoinPolicy = Literal["open", "approval", "invite"]
Minutes = Annotated[int, msgspec.Meta(ge=0, le=24 * 60)]
BankSeconds = Annotated[int, msgspec.Meta(ge=0, le=600)]
Hands = Annotated[int, msgspec.Meta(ge=1, le=1000)]


class HouseSeating(Args, frozen=True, tag="house_seating"):
    """Who may sit and how long they may sit out, and the time bank's refill (`seating`):
    shown to anyone; changed (any field given) by the host, a co-host or a channel manager."""

    policy: JoinPolicy | None = None
    auto_leave_minutes: Minutes | None = None
    refill_seconds: BankSeconds | None = None
    refill_hands: Hands | None = None
    refill_cap: BankSeconds | None = None

    def changes(self) -> bool:
        given = (
            self.policy,
            self.auto_leave_minutes,
            self.refill_seconds,
            self.refill_hands,
            self.refill_cap,
        )
        return any(value is not None for value in given)


class Invite(Args, frozen=True, tag="invite"):
    """The host puts a player on the invite list (`on`), or takes them off it."""

    player_id: PlayerId
    on: bool = True
    name: str = ""
    """The player's display name as the platform gave it with the id, for the notice when the
    table has not seen them yet (an invitee usually has not sat down)."""


class Answer(Args, frozen=True, tag="answer"):
    """The host approves (`yes`) or declines a player's request to sit at the table."""

    player_id: PlayerId
    yes: bool = True


class Start(Args, frozen=True, tag="start"):
    """Deal the first hand (or start the tournament); later hands follow by themselves."""


class Seed(Args, frozen=True, tag="seed"):
    """A player's seed for the next hand's cut: any short text (`cut.SEED_TEXT_LIMIT`), mixed
    into the order the committed deck is dealt in, so that the dealer cannot choose it."""

    text: str


ActionName = Literal["fold", "check", "call", "bet", "raise", "allin", "show", "muck"]


class Act(Args, frozen=True, tag="act"):
    """A betting action; `amount` is the "raise to" total of a bet or raise."""

    action: ActionName
    token: ActionToken
    amount: Chips | None = None


class ShowSetting(Args, frozen=True, tag="show_setting"):
    """A player's own show-or-muck default at the showdown: always, losing or auto."""

    default: str


CardNumber = Annotated[int, msgspec.Meta(ge=0, le=10)]
HandNumber = Annotated[int, msgspec.Meta(ge=0, le=10**12)]


class ShowCards(Args, frozen=True, tag="show_cards"):
    """After a hand, its uncontested winner or a player who folded shows a card (`card`, 1
    first) or all of them (0). `hand`: the hand a button was shown for (0 when typed: the
    last hand), so that a press from an earlier hand is refused."""

    card: CardNumber = 0
    hand: HandNumber = 0


class RunTwiceAnswer(Args, frozen=True, tag="run_twice"):
    """A player asked whether to run an all-in hand's board twice answers: twice, or once."""

    token: ActionToken
    twice: bool


class MyCards(Args, frozen=True, tag="cards"):
    pass


class ShowTable(Args, frozen=True, tag="table"):
    pass


class LastHand(Args, frozen=True, tag="last_hand"):
    """A finished hand's history: the last one, or hand `number`."""

    number: Serial | None = None


class Rabbit(Args, frozen=True, tag="rabbit"):
    """The board the last hand would have dealt, had it not ended before the river."""


class Balance(Args, frozen=True, tag="balance"):
    pass


class Daily(Args, frozen=True, tag="daily"):
    pass


class Leaderboard(Args, frozen=True, tag="leaderboard"):
    """The community's best players by net winnings (people only); `top` is shown as 1 to 100."""

    top: Count = 10


class Ledger(Args, frozen=True, tag="ledger"):
    """The night's table (bought in, cashed out, net) and the asker's bank movements."""


DailyHours = Annotated[int, msgspec.Meta(ge=1, le=MAX_DAILY_HOURS)]
BoardName = Literal["all", "month", "week"]


class BankRules(Args, frozen=True, tag="bank_rules"):
    """The community's bank settings: shown to anyone who asks; changed (any field given) only
    by the community's admins (`User.admin`). `daily_amount` 0 gives no daily chips;
    `leaderboard` is the period the leaderboard shows. Chips already granted stay."""

    starting_grant: Chips | None = None
    daily_amount: Chips | None = None
    daily_hours: DailyHours | None = None
    leaderboard: BoardName | None = None

    def changes(self) -> bool:
        given = (self.starting_grant, self.daily_amount, self.daily_hours, self.leaderboard)
        return any(value is not None for value in given)


Reason = Annotated[str, msgspec.Meta(max_length=200)]


class GiveChips(Args, frozen=True, tag="give_chips"):
    """An admin gives a player chips from nowhere: a grant, in the ledger with the reason."""

    player_id: PlayerId
    amount: Chips
    reason: Reason


class TakeChips(Args, frozen=True, tag="take_chips"):
    """An admin takes chips from a player's bank (not from a table): a grant undone."""

    player_id: PlayerId
    amount: Chips
    reason: Reason


NightAction = Literal["start", "end"]


class Night(Args, frozen=True, tag="night"):
    """A community's night (`store/nights.py`): with no action, its results so far (or the last
    night's) to anyone; `start` (everyone plays `chips` from a night bank; the starting grant
    when none is given) and `end` only by the community's admins."""

    action: NightAction | None = None
    chips: Chips | None = None


class Register(Args, frozen=True, tag="register"):
    pass


class Unregister(Args, frozen=True, tag="unregister"):
    pass


class Rebuy(Args, frozen=True, tag="rebuy"):
    pass


class Reset(Args, frozen=True, tag="reset"):
    """`/poker reset`: the host or a channel manager (`User.manager`) resets a damaged table.

    No arguments. Every chip the table held goes back to its owner's bank from the table's
    chip records (a hand being played is called off, each player getting back the stack they
    began it with), and the channel is free for a new table. A damaged record may not say who
    its host was: then only a channel manager may reset it. Refused for a table that is not
    damaged (`table_not_damaged`: close it with `Stop`) and for one saved by a newer version
    of the dealer (`newer_table`), which is never overwritten. Told to the channel as the
    notice `table_reset`.
    """


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
    | Pause
    | Resume
    | CoHost
    | HouseSeating
    | Invite
    | Answer
    | Seed
    | Act
    | ShowSetting
    | ShowCards
    | RunTwiceAnswer
    | MyCards
    | ShowTable
    | LastHand
    | Rabbit
    | Balance
    | Daily
    | Leaderboard
    | Ledger
    | BankRules
    | GiveChips
    | TakeChips
    | Night
    | Register
    | Unregister
    | Rebuy
    | Reset
)


class Command(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    table: TableId
    user: User
    args: Verb

    @property
    def verb(self) -> str:
        return verb_of(self.args)


def verb_of(args: Args) -> str:
    return str(args.__struct_config__.tag)
