"""The catalog: every command of the dealer once, with its parameters, its help and how it
becomes a dealer verb. Adapters are built from `CATALOG` (`entries()`); a test fails when an
adapter lacks one of them, or when a dealer verb has no entry.

The dealer's verbs and their entries: `Create` create, `Configure` settings, `Join` join,
`Leave` leave, `SitOut` sitout, `SitIn` back, `TopUp` topup (on a tournament table a topup is
its `Rebuy`), `Straddle` straddle, `Start` start and tournament start, `MyCards` cards,
`ShowTable` table and tournament status, `LastHand` history, `Rabbit` rabbit, `Seed` seed,
`Balance` balance, `Daily` daily, `Leaderboard` leaderboard, `Ledger` night, `Kick` kick,
`Stop` stop, `Reset` reset (a damaged table), `AddBot` addbot,
`CreateTournament` tournament open, `Register` and `Unregister` tournament register and
unregister, `Rebuy` tournament rebuy. `Act` (the betting actions) is played with buttons, and
typed in the terminal through `amounts.read_bet`.
"""

from __future__ import annotations

from functools import cache

from adapters.common.catalog.errors import ArgumentError, SituationError
from adapters.common.catalog.host_night import night_entry
from adapters.common.catalog.house import house_entries
from adapters.common.catalog.house_runout import RUNOUT
from adapters.common.catalog.house_showdown import SHOWDOWN
from adapters.common.catalog.members import resolve
from adapters.common.catalog.settings import (
    STYLE,
    choices,
    table_params,
    table_settings,
    tournament_params,
    tournament_settings,
)
from adapters.common.catalog.showing import MUCK, SHOW
from adapters.common.catalog.spec import (
    Access,
    Build,
    Completion,
    Entry,
    Group,
    HelpWanted,
    Kind,
    Outcome,
    Param,
    Situation,
    Values,
)
from chatdealer.cut import SEED_TEXT_LIMIT
from chatdealer.dealer import (
    AddBot,
    Balance,
    BankRules,
    CoHost,
    Configure,
    Create,
    CreateTournament,
    Daily,
    GiveChips,
    Join,
    Kick,
    LastHand,
    Leaderboard,
    Leave,
    Ledger,
    MyCards,
    Pause,
    Rabbit,
    Rebuy,
    Register,
    Reset,
    Resume,
    Seed,
    ShowTable,
    SitIn,
    SitOut,
    Start,
    Stop,
    Straddle,
    TakeChips,
    TopUp,
    Unregister,
)
from chatdealer.dealer.commands import MAX_DAILY_HOURS, BoardName
from chatdealer.table import TableSettings

TOURNAMENT = Group(
    "tournament", "Sit-and-go tournaments: open, register, start, rebuy, status", discord_root=True
)
HOST = Group("host", "Run the room: the community's bank and who sits", discord_root=True)

BUY_IN = Param("buy_in", Kind.CHIPS, "Chips to bring (default: the table maximum)")
WAIT = Param(
    "wait_for_big_blind",
    Kind.FLAG,
    "Wait for the big blind before playing",
    aliases=("wait", "wait_bb"),
)


BOARDS: dict[str, BoardName] = {"all": "all", "month": "month", "week": "week"}
BANK_PARAMS = (
    Param("grant", Kind.CHIPS, "Chips a newcomer gets", minimum=0, positional=False),
    Param("daily", Kind.CHIPS, "Daily chips (0: none)", minimum=0, positional=False),
    Param(
        "hours",
        Kind.COUNT,
        "Hours between daily chips",
        minimum=1,
        maximum=MAX_DAILY_HOURS,
        positional=False,
    ),
    Param(
        "board",
        Kind.CHOICE,
        "Leaderboard period",
        choices=choices(tuple(BOARDS)),
        positional=False,
    ),
)


# -- builds ----------------------------------------------------------------------------------


def _create(values: Values, situation: Situation) -> Outcome:
    return Create(settings=table_settings(values, TableSettings(language=situation.language)))


def _settings(values: Values, situation: Situation) -> Outcome:
    if not values.given():
        return HelpWanted("settings")
    view = situation.view
    current = view.settings if view is not None and view.settings is not None else None
    return Configure(settings=table_settings(values, current or TableSettings()))


def _join(values: Values, situation: Situation) -> Outcome:
    seat = values.number("seat")
    return Join(
        buy_in=values.number("buy_in"),
        seat=seat - 1 if seat is not None else None,
        wait_for_big_blind=bool(values.flag("wait_for_big_blind")),
    )


def _top_up(values: Values, situation: Situation) -> Outcome:
    """A top-up from the bank; with no amount, up to the table maximum. At a tournament table a
    top-up is the tournament's rebuy."""
    view = situation.view
    if view is not None and view.tournament is not None:
        return Rebuy()
    amount = values.number("amount")
    if amount is None:
        amount = _up_to_maximum(situation)
    return TopUp(amount=amount)


def _up_to_maximum(situation: Situation) -> int:
    view = situation.view
    settings = view.settings if view is not None else None
    if view is None or settings is None:
        return 1  # the dealer says there is no table
    mine = next((seat for seat in view.seats if seat.player_id == situation.user_id), None)
    if mine is None:
        return settings.max_buy_in  # the dealer says the asker is not seated
    room = settings.max_buy_in - mine.stack - mine.bet
    if room <= 0:
        raise SituationError("full_stack")
    return room


def _kick(values: Values, situation: Situation) -> Outcome:
    member = values.member("member")
    if member is None:
        raise ArgumentError("no_member")
    return Kick(player_id=resolve(member, situation.view))


def _history(values: Values, situation: Situation) -> Outcome:
    return LastHand(number=values.number("number"))


def _seed(values: Values, situation: Situation) -> Outcome:
    return Seed(text=values.word("text") or "")


def _leaderboard(values: Values, situation: Situation) -> Outcome:
    return Leaderboard(top=values.number("top") or 10)


def _bank_settings(values: Values, situation: Situation) -> Outcome:
    board = values.word("board")
    return BankRules(
        starting_grant=values.number("grant"),
        daily_amount=values.number("daily"),
        daily_hours=values.number("hours"),
        leaderboard=BOARDS.get(board or ""),
    )


def _cohost(values: Values, situation: Situation) -> Outcome:
    member = values.member("member")
    if member is None:
        raise ArgumentError("no_member")
    return CoHost(player_id=resolve(member, situation.view), on=not values.flag("off"))


def _adjust(kind: type[GiveChips] | type[TakeChips]) -> Build:
    def build(values: Values, situation: Situation) -> Outcome:
        member = values.member("member")
        amount = values.number("amount")
        if member is None:
            raise ArgumentError("no_member")
        return kind(
            player_id=resolve(member, situation.view),
            amount=amount or 0,
            reason=values.word("reason") or "",
        )

    return build


def _adjust_params(who: str) -> tuple[Param, ...]:
    return (
        Param("member", Kind.MEMBER, who, required=True),
        Param("amount", Kind.CHIPS, "Chips", required=True, minimum=1),
        Param("reason", Kind.TEXT, "Why (it goes in the ledger)", required=True, maximum=200),
    )


def _add_bot(values: Values, situation: Situation) -> Outcome:
    return AddBot(style=values.word("style") or "balanced", buy_in=values.number("buy_in"))


def _back(values: Values, situation: Situation) -> Outcome:
    return SitIn(wait_for_big_blind=bool(values.flag("wait_for_big_blind")))


def _open_tournament(values: Values, situation: Situation) -> Outcome:
    language = values.word("language") or situation.language
    return CreateTournament(settings=tournament_settings(values, language))


def _help(values: Values, situation: Situation) -> Outcome:
    return HelpWanted(values.word("command"))


def _fixed(outcome: Outcome) -> Build:
    """The build of a command without parameters: always the same verb."""

    def build(values: Values, situation: Situation) -> Outcome:
        return outcome

    return build


# -- the catalog -----------------------------------------------------------------------------


@cache
def entries() -> tuple[Entry, ...]:
    """Every command, in the order help lists them."""
    return (
        Entry(
            "create",
            "Open a cash table in this channel",
            _create,
            table_params(),
            examples=("", "5/10", "1/2 pl short", "bb=10 clock=20 lang=ru"),
            aliases=("new",),
            telegram="poker",
            verbs=(Create,),
            details=("Giving one blind sets the other: bb=10 is 5/10.",),
        ),
        Entry(
            "settings",
            "Change the table's settings (host or channel managers)",
            _settings,
            table_params(),
            access=Access.HOST,
            examples=("bb=20", "clock=45s straddles=on", "max=200 lang=bg"),
            aliases=("configure", "set"),
            verbs=(Configure,),
            needs_view=True,
            details=("During a hand the new settings start with the next one.",),
        ),
        Entry(
            "join",
            "Sit down at the table",
            _join,
            (
                BUY_IN,
                Param(
                    "seat",
                    Kind.SEAT,
                    "Seat number",
                    minimum=1,
                    maximum=10,
                    complete=Completion.FREE_SEATS,
                ),
                WAIT,
            ),
            examples=("", "500", "1k 3", "200 wait"),
            aliases=("sit", "sitdown"),
            verbs=(Join,),
        ),
        Entry(
            "leave",
            "Cash out and leave the table",
            _fixed(Leave()),
            aliases=("cashout", "standup"),
            verbs=(Leave,),
            details=("In a hand you leave when it ends; in a tournament, before it starts.",),
        ),
        Entry(
            "sitout",
            "Sit out from the next hand",
            _fixed(SitOut()),
            aliases=("sit_out", "away"),
            verbs=(SitOut,),
        ),
        Entry(
            "back",
            "Come back after sitting out",
            _back,
            (WAIT,),
            examples=("", "wait"),
            aliases=("sitin", "sit_in", "return"),
            verbs=(SitIn,),
        ),
        Entry(
            "topup",
            "Add chips from the bank to your stack (a rebuy in a tournament)",
            _top_up,
            (Param("amount", Kind.CHIPS, "Chips to add (default: up to the table maximum)"),),
            examples=("", "500", "2.5k"),
            aliases=("rebuy", "addon", "top_up"),
            verbs=(TopUp, Rebuy),
            needs_view=True,
        ),
        Entry(
            "straddle",
            "Straddle next hand",
            _fixed(Straddle()),
            verbs=(Straddle,),
        ),
        Entry(
            "start",
            "Deal the first hand",
            _fixed(Start()),
            access=Access.PLAYERS,
            aliases=("deal", "start_game"),
            telegram="start_game",
            verbs=(Start,),
        ),
        Entry(
            "cards",
            "Show your hole cards (only you see them)",
            _fixed(MyCards()),
            aliases=("hand", "mycards"),
            verbs=(MyCards,),
        ),
        Entry(
            "table",
            "Post the table again at the bottom of the channel",
            _fixed(ShowTable()),
            verbs=(ShowTable,),
            reposts=True,
        ),
        Entry(
            "history",
            "A finished hand's history",
            _history,
            (
                Param(
                    "number",
                    Kind.HAND,
                    "Hand number (default: the last one)",
                    minimum=1,
                    complete=Completion.HANDS,
                ),
            ),
            examples=("", "12"),
            aliases=("last", "hand_history"),
            verbs=(LastHand,),
            public=True,
        ),
        Entry(
            "rabbit",
            "Cards the last hand never dealt",
            _fixed(Rabbit()),
            verbs=(Rabbit,),
            public=True,
        ),
        Entry(
            "seed",
            "Add your own randomness to the next hand's deal",
            _seed,
            (
                Param(
                    "text",
                    Kind.TEXT,
                    "Any words: they cut the next hand's deck",
                    required=True,
                    maximum=SEED_TEXT_LIMIT,
                ),
            ),
            access=Access.PLAYERS,
            examples=("purple elephant 42",),
            verbs=(Seed,),
            details=(
                "The next hand's deck is committed before your seed is taken: its commitment "
                "is in the table message.",
            ),
        ),
        Entry(
            "balance",
            "Your bank balance and stats",
            _fixed(Balance()),
            aliases=("bank", "stats"),
            verbs=(Balance,),
            section="bank",
        ),
        Entry(
            "daily",
            "Claim your daily chips",
            _fixed(Daily()),
            aliases=("bonus",),
            verbs=(Daily,),
            section="bank",
        ),
        Entry(
            "leaderboard",
            "The community's biggest winners",
            _leaderboard,
            (Param("top", Kind.COUNT, "How many players to show", minimum=1, maximum=50),),
            examples=("", "25"),
            aliases=("top", "leaders"),
            verbs=(Leaderboard,),
            section="bank",
            public=True,
        ),
        Entry(
            "night",
            "Tonight's ledger and your bank movements",
            _fixed(Ledger()),
            aliases=("ledger", "tonight"),
            verbs=(Ledger,),
            section="bank",
        ),
        Entry(
            "bank",
            "The community's bank: starting and daily chips, leaderboard (admins)",
            _bank_settings,
            BANK_PARAMS,
            group=HOST,
            access=Access.ADMIN,
            examples=("", "grant=2000 daily=0", "daily=200 hours=12 board=week"),
            verbs=(BankRules,),
            details=("With nothing given, it shows the settings.",),
            public=True,
        ),
        Entry(
            "pause",
            "Pause the game after this hand (host or managers)",
            _fixed(Pause()),
            group=HOST,
            access=Access.HOST,
            verbs=(Pause,),
        ),
        Entry(
            "resume",
            "Deal on after a pause (host or managers)",
            _fixed(Resume()),
            group=HOST,
            access=Access.HOST,
            verbs=(Resume,),
        ),
        Entry(
            "cohost",
            "Name a co-host, or drop one with off (the host)",
            _cohost,
            (
                Param("member", Kind.MEMBER, "Who: mention, name or seat", required=True),
                Param("off", Kind.FLAG, "Drop them instead"),
            ),
            group=HOST,
            access=Access.HOST,
            examples=("@bob", "@bob off"),
            verbs=(CoHost,),
            needs_view=True,
        ),
        Entry(
            "give",
            "Give a player chips, with a reason (admins)",
            _adjust(GiveChips),
            _adjust_params("Who gets them: mention, name or seat"),
            group=HOST,
            access=Access.ADMIN,
            examples=("@bob 500 won the side bet",),
            verbs=(GiveChips,),
            needs_view=True,
            public=True,
        ),
        Entry(
            "take",
            "Take chips from a player's bank, with a reason (admins)",
            _adjust(TakeChips),
            _adjust_params("Whose chips: mention, name or seat"),
            group=HOST,
            access=Access.ADMIN,
            examples=("@bob 500 paid twice",),
            verbs=(TakeChips,),
            needs_view=True,
            public=True,
        ),
        Entry(
            "kick",
            "Send a player away with their chips (host or channel managers)",
            _kick,
            (
                Param(
                    "member",
                    Kind.MEMBER,
                    "Who to send away: name, mention or seat",
                    required=True,
                ),
            ),
            access=Access.HOST,
            examples=("3", "@bob"),
            aliases=("remove",),
            verbs=(Kick,),
            needs_view=True,
        ),
        Entry(
            "stop",
            "Close the table: everyone leaves with their chips (host or managers)",
            _fixed(Stop()),
            access=Access.HOST,
            aliases=("close",),
            verbs=(Stop,),
        ),
        Entry(
            "reset",
            "Reset a damaged table: every chip on it goes back to its owner (host or managers)",
            _fixed(Reset()),
            access=Access.HOST,
            verbs=(Reset,),
        ),
        Entry(
            "addbot",
            "Seat a bot player",
            _add_bot,
            (STYLE, Param("buy_in", Kind.CHIPS, "Chips the bot brings (default: the maximum)")),
            access=Access.PLAYERS,
            examples=("", "tight", "loose 500"),
            aliases=("bot", "add_bot"),
            verbs=(AddBot,),
        ),
        Entry(
            "open",
            "Open a sit-and-go tournament in this channel",
            _open_tournament,
            tournament_params(),
            group=TOURNAMENT,
            examples=(
                "",
                "100 1500",
                "100 1500 turbo hands=10",
                "0 1000 levels=10/20,20/40,50/100/10 minutes=5 rebuys=1 rebuy_until=2",
            ),
            aliases=("create", "new"),
            verbs=(CreateTournament,),
            details=(
                "Levels last 10 minutes (regular) or 5 (turbo) unless minutes or hands say.",
                "With rebuys and no rebuy_until, rebuys stay open for 3 levels.",
                "With late_until, players may still register up to that level.",
            ),
        ),
        Entry(
            "register",
            "Register for the tournament",
            _fixed(Register()),
            group=TOURNAMENT,
            aliases=("join", "reg"),
            verbs=(Register,),
        ),
        Entry(
            "unregister",
            "Take your registration back before the start",
            _fixed(Unregister()),
            group=TOURNAMENT,
            aliases=("leave", "unreg"),
            verbs=(Unregister,),
        ),
        Entry(
            "start",
            "Start the tournament (the host, a manager or a registered player)",
            _fixed(Start()),
            group=TOURNAMENT,
            access=Access.PLAYERS,
            aliases=("deal", "go"),
            verbs=(Start,),
        ),
        Entry(
            "rebuy",
            "Buy the starting stack again after busting, while rebuys are open",
            _fixed(Rebuy()),
            group=TOURNAMENT,
            verbs=(Rebuy,),
        ),
        Entry(
            "status",
            "The tournament now: players, level, blinds and prize pool",
            _fixed(ShowTable()),
            group=TOURNAMENT,
            aliases=("info",),
            verbs=(ShowTable,),
            reposts=True,
        ),
        SHOWDOWN,
        SHOW,
        MUCK,
        RUNOUT,
        Entry(
            "help",
            "How to play with the dealer",
            _help,
            (
                Param(
                    "command",
                    Kind.COMMAND,
                    "A command to explain",
                    complete=Completion.COMMANDS,
                ),
            ),
            examples=("", "join", "tournament open"),
            aliases=("commands", "?"),
            section="help",
        ),
        *house_entries(HOST),
        night_entry(HOST),
    )


def groups() -> tuple[Group, ...]:
    seen: dict[str, Group] = {}
    for entry in entries():
        if entry.group is not None:
            seen.setdefault(entry.group.name, entry.group)
    return tuple(seen.values())


def top_level() -> tuple[Entry, ...]:
    return tuple(entry for entry in entries() if entry.group is None)


def in_group(group: Group | str) -> tuple[Entry, ...]:
    name = group if isinstance(group, str) else group.name
    return tuple(entry for entry in entries() if entry.group and entry.group.name == name)


def entry(key: str) -> Entry:
    """The entry with these words (`join`, `tournament open`); KeyError when there is none."""
    for candidate in entries():
        if candidate.key == key:
            return candidate
    raise KeyError(key)
