"""Issue 15: 100,000 random and mis-typed commands, and not one exception out of `Dealer.handle`.

Commands are made at random, seeded: any verb with any fields (of the right type and in
bounds, or of the wrong type, huge, negative, unicode, lone surrogates, structs where numbers
go...), from any user (or something that is not one), at any table (or none). About one in
five is what a real player would send at that moment (the right token for the player to act,
a buy-in they can afford) so the tables really play: hands are dealt, bots sit down, clocks
run out. Throughout, the audit holds in every community, each table's chip records add up to
the chips the bank counts there, and every refusal is addressed to the one who asked.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from chatdealer.dealer import (
    Act,
    ActionToken,
    AddBot,
    Answer,
    Balance,
    BankRules,
    CoHost,
    Command,
    Configure,
    Create,
    CreateTournament,
    Daily,
    Dealer,
    GiveChips,
    HouseSeating,
    Invite,
    Join,
    Kick,
    LastHand,
    Leaderboard,
    Leave,
    Ledger,
    MyCards,
    Night,
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
    TableView,
    TakeChips,
    TopUp,
    Unregister,
    User,
    chips_of,
)
from chatdealer.dealer.commands import RunTwiceAnswer, ShowCards, ShowSetting
from chatdealer.dealer.outgoing import Outgoing, Refused, TableShown
from chatdealer.store import Store, TableId
from chatdealer.store.damage import whole_number
from chatdealer.store.keys import table_keys
from chatdealer.table import TableSettings, TournamentSettings
from chatdealer.table.schedule import BlindLevel, BlindSchedule

from .harness import Clock

COMMANDS = 100_000
AUDIT_EVERY = 5_000
SENSIBLE = 0.12
"""The share of commands a player would send now: the ones that make the tables play."""
RANDOM_BUT_READABLE = 0.2
"""The share made at random with fields of the right types (most refused by the table)."""
EARLY = frozenset(("bad_command", "bad_value", "amount_range"))
TABLES = [
    TableId("discord", "fuzz-guild", "one"),
    TableId("discord", "fuzz-guild", "two"),
    TableId("telegram", "-1001", "main"),
    TableId("console", "local", "fuzz"),
]
PEOPLE = [User(id=f"u-{n}", name=f"Player {n}") for n in range(6)]
MANAGER = User(id="u-mod", name="Mod", manager=True)
ADMIN = User(id="u-admin", name="Admin", admin=True)
WEIRD_NAMES = ["", "x" * 5_000, "Ann\nBob", "\ud83c\udca1 Ace", "Ann\ud800", "\u202eevil", "\x00"]
HUGE = [10**12 + 1, 2**53, 2**63, 2**64 + 1, 10**30, -(2**63), -1]
NASTY: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    float("nan"),
    float("inf"),
    "",
    "1",
    "x" * 10_000,
    "\ud800",
    "♠♥♦♣",
    [],
    [1, 2],
    {},
    {"a": 1},
    b"bytes",
    object(),
    ActionToken(-1, -1),
    *HUGE,
]
VERBS: list[type] = [
    Create,
    CreateTournament,
    Configure,
    Join,
    AddBot,
    Leave,
    Kick,
    Stop,
    SitOut,
    SitIn,
    TopUp,
    Straddle,
    Start,
    Act,
    MyCards,
    ShowTable,
    LastHand,
    Rabbit,
    Balance,
    Daily,
    Leaderboard,
    Ledger,
    Register,
    Unregister,
    Rebuy,
    Reset,
    Seed,
    ShowSetting,
    ShowCards,
    RunTwiceAnswer,
    BankRules,
    GiveChips,
    TakeChips,
    Pause,
    Resume,
    CoHost,
    HouseSeating,
    Invite,
    Answer,
    Night,
]


class Fuzzer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.views: dict[TableId, TableView] = {}

    # -- values ------------------------------------------------------------------------------

    def nasty(self) -> Any:
        return self.rng.choice(NASTY)

    def maybe(self, good: Callable[[], Any], bad: float = 0.3) -> Any:
        return self.nasty() if self.rng.random() < bad else good()

    def chips(self) -> Any:
        return self.maybe(lambda: self.rng.choice([0, 1, 2, 20, 100, 400, 1_000, 5_000]))

    def settings(self) -> Any:
        if self.rng.random() < 0.15:
            return self.nasty()
        small = self.maybe(lambda: self.rng.choice([1, 2, 5, 10]), 0.1)
        fields: dict[str, Any] = {
            "small_blind": small,
            "big_blind": self.maybe(lambda: self.rng.choice([2, 4, 10, 20]), 0.1),
            "seat_count": self.maybe(lambda: self.rng.randint(2, 10), 0.1),
            "action_seconds": self.maybe(lambda: self.rng.choice([5, 30, 600]), 0.05),
        }
        if self.rng.random() < 0.2:
            fields["ante"] = self.chips()
        if self.rng.random() < 0.2:
            fields["language"] = self.maybe(lambda: self.rng.choice(["en", "ru", "bg", "de"]))
        if self.rng.random() < 0.1:
            fields["straddles"] = self.maybe(lambda: True)
        return TableSettings(**fields)

    def tournament(self) -> Any:
        if self.rng.random() < 0.15:
            return self.nasty()
        fields: dict[str, Any] = {
            "buy_in": self.chips(),
            "starting_stack": self.maybe(lambda: self.rng.choice([200, 1_500])),
            "seat_count": self.maybe(lambda: self.rng.randint(2, 10), 0.1),
        }
        if self.rng.random() < 0.3:
            level = BlindLevel(self.chips(), self.chips(), self.chips())
            fields["schedule"] = BlindSchedule(levels=(level,), hands_per_level=self.chips())
        if self.rng.random() < 0.2:
            fields["max_rebuys"] = self.maybe(lambda: 2)
            fields["rebuy_levels"] = self.maybe(lambda: 2)
        return TournamentSettings(**fields)

    def token(self, table: TableId) -> Any:
        view = self.views.get(table)
        if view is not None and view.token is not None and self.rng.random() < 0.5:
            return view.token
        return self.maybe(lambda: ActionToken(self.rng.randint(0, 5), self.rng.randint(0, 20)))

    def args(self, table: TableId) -> Any:
        verb = self.rng.choice(VERBS)
        rng = self.rng
        if verb is Create:
            return Create(settings=self.settings())
        if verb is CreateTournament:
            return CreateTournament(settings=self.tournament())
        if verb is Configure:
            return Configure(settings=self.settings())
        if verb is Join:
            return Join(
                buy_in=self.maybe(lambda: rng.choice([None, 40, 80, 200, 400])),
                seat=self.maybe(lambda: rng.choice([None, 0, 1, 5, 9, 12]), 0.2),
                wait_for_big_blind=self.maybe(lambda: rng.random() < 0.3, 0.1),
            )
        if verb is AddBot:
            style = self.maybe(lambda: rng.choice(["tight", "balanced", "loose", "wild"]))
            return AddBot(style=style, buy_in=self.maybe(lambda: rng.choice([None, 100])))
        if verb is Kick:
            return Kick(player_id=self.maybe(lambda: rng.choice(PEOPLE).id))
        if verb is SitIn:
            return SitIn(wait_for_big_blind=self.maybe(lambda: False, 0.2))
        if verb is TopUp:
            return TopUp(amount=self.chips())
        if verb is Act:
            action = self.maybe(lambda: rng.choice(["fold", "check", "call", "raise", "allin"]))
            return Act(action=action, token=self.token(table), amount=self.chips())
        if verb is LastHand:
            return LastHand(number=self.maybe(lambda: rng.choice([None, 1, 2, 50])))
        if verb is ShowSetting:
            return ShowSetting(
                default=self.maybe(lambda: rng.choice(["always", "losing", "auto", "x" * 500]))
            )
        if verb is ShowCards:
            return ShowCards(
                card=self.maybe(lambda: rng.choice([0, 1, 2, 3, 11, -1])),
                hand=self.maybe(lambda: rng.choice([0, 1, 2, 99]), 0.3),
            )
        if verb is RunTwiceAnswer:
            return RunTwiceAnswer(
                token=self.token(table), twice=self.maybe(lambda: rng.random() < 0.5, 0.1)
            )
        if verb is Seed:
            return Seed(text=self.maybe(lambda: rng.choice(["lucky", "7", "♠" * 40, "x" * 500])))
        if verb is Leaderboard:
            return Leaderboard(top=self.maybe(lambda: rng.choice([1, 10, 100, 1_000])))
        if verb is BankRules:
            return BankRules(
                starting_grant=self.maybe(lambda: rng.choice([None, 0, 500, 5_000])),
                daily_amount=self.maybe(lambda: rng.choice([None, 0, 50])),
                daily_hours=self.maybe(lambda: rng.choice([None, 1, 24, 0])),
                leaderboard=self.maybe(lambda: rng.choice([None, "all", "week", "year"])),
            )
        if verb is GiveChips or verb is TakeChips:
            return verb(
                player_id=self.maybe(lambda: rng.choice(PEOPLE).id),
                amount=self.chips(),
                reason=self.maybe(lambda: rng.choice(["", "won the bet", "x" * 300])),
            )
        if verb is Night:
            return Night(
                action=self.maybe(lambda: rng.choice([None, "start", "end", "later"])),
                chips=self.maybe(lambda: rng.choice([None, 0, 300, 5_000])),
            )
        if verb is HouseSeating:
            return HouseSeating(
                policy=self.maybe(lambda: rng.choice([None, "open", "approval", "invite"])),
                auto_leave_minutes=self.maybe(lambda: rng.choice([None, 0, 15])),
            )
        if verb is Invite or verb is Answer:
            player = self.maybe(lambda: rng.choice(PEOPLE).id)
            if verb is Invite:
                return Invite(
                    player_id=player, on=rng.random() < 0.7, name=self.maybe(lambda: "Zoë")
                )
            return Answer(player_id=player, yes=rng.random() < 0.7)
        if verb is CoHost:
            return CoHost(
                player_id=self.maybe(lambda: rng.choice(PEOPLE).id),
                on=self.maybe(lambda: rng.random() < 0.7, 0.1),
            )
        return verb()

    def user(self) -> Any:
        roll = self.rng.random()
        if roll < 0.03:
            return self.nasty()
        if roll < 0.06:
            return User(id=self.nasty(), name=self.nasty(), manager=self.nasty())
        if roll < 0.1:
            return User(id=self.rng.choice(PEOPLE).id, name=self.rng.choice(WEIRD_NAMES))
        if roll < 0.13:
            return MANAGER
        if roll < 0.16:
            return ADMIN
        return self.rng.choice(PEOPLE)

    def table(self) -> Any:
        if self.rng.random() < 0.01:
            return self.rng.choice(["discord:fuzz-guild:one", None, 42, object()])
        return self.rng.choice(TABLES)

    # -- what a player would send now --------------------------------------------------------

    def sensible(self) -> Command:
        table = self.rng.choice(TABLES)
        view = self.views.get(table)
        turn = view.turn if view is not None else None
        if turn is not None and self.rng.random() < 0.8:
            user = next((p for p in PEOPLE if p.id == turn.player_id), MANAGER)
            options: list[tuple[str, int | None]] = [("fold", None)] if turn.can_fold else []
            options += [("check", None)] if turn.can_check else [("call", None)]
            if turn.min_raise_to is not None:
                options.append(("raise", turn.min_raise_to))
            action, amount = self.rng.choice(options)
            args: Any = Act(action=action, token=turn.token, amount=amount)  # type: ignore[arg-type]
            return Command(table=table, user=user, args=args)
        person = self.rng.choice(PEOPLE)
        args = self.rng.choice(
            [
                Create(settings=TableSettings(small_blind=1, big_blind=2, seat_count=6)),
                Join(buy_in=80),
                Join(buy_in=200),
                Start(),
                Start(),
                AddBot(),
                Leave(),
                TopUp(amount=50),
                ShowTable(),
                Daily(),
            ]
        )
        return Command(table=table, user=person, args=args)

    def command(self) -> Any:
        roll = self.rng.random()
        if roll < SENSIBLE:
            return self.sensible()
        if roll < SENSIBLE + 0.005:
            return self.nasty()
        table = self.table()
        args = self.args(table if isinstance(table, TableId) else TABLES[0])
        if roll < SENSIBLE + RANDOM_BUT_READABLE:
            return Command(table=table, user=self.user(), args=args)
        # Most commands have something wrong with them: a field, the user or the table.
        broken = self.rng.choice(["field", "user", "table"])
        if broken == "field":
            args = self.broken(args)
        user = self.nasty() if broken == "user" else self.user()
        if broken == "table":
            table = self.rng.choice(["discord:fuzz-guild:one", None, 42, object(), TABLES])
        return Command(table=table, user=user, args=args)

    def broken(self, args: Any) -> Any:
        """The verb with one field replaced by something it cannot hold."""
        fields = msgspec.structs.fields(type(args))
        if not fields:
            return self.rng.choice([Act(action="x", token=None), Join(buy_in=HUGE[0])])  # type: ignore[arg-type]
        field = self.rng.choice(fields)
        value = self.rng.choice([*HUGE, "x" * 300, [], {}, object(), "\ud800", 1.5, "1"])
        return msgspec.structs.replace(args, **{field.name: value})

    def saw(self, out: list[Outgoing]) -> None:
        for event in out:
            if event.to is None and isinstance(event.payload, TableShown):
                self.views[event.table] = event.payload.view


async def audit_holds(store: Store) -> None:
    communities = {table.home for table in TABLES}
    for community in communities:
        [report] = await store.bank.audit(community, chips_of)
        assert report.ok, report
        assert not report.damaged, report
    for table in TABLES:
        keys = table_keys(table)
        recorded = whole_number(await store.client.hget(keys.table_chips, table.channel) or 0)
        held = [whole_number(v) for v in await store.client.hvals(keys.held)]
        assert None not in held
        assert sum(chips or 0 for chips in held) == recorded, table


def addressed_to_the_asker(command: Any, out: list[Outgoing]) -> bool:
    user = getattr(command, "user", None)
    asker = getattr(user, "id", None)
    return all(
        event.to == asker or event.to == "" for event in out if isinstance(event.payload, Refused)
    )


@pytest.mark.parametrize("seed", [15])
async def test_a_hundred_thousand_random_commands_never_raise_and_keep_every_chip(
    store: Store, clock: Clock, seed: int
) -> None:
    dealer = Dealer(store, clock=clock, bot_seed=seed, next_hand_delay=3.0)
    fuzzer = Fuzzer(seed)
    began = time.perf_counter()
    kinds: dict[str, int] = {}
    for number in range(1, COMMANDS + 1):
        command = fuzzer.command()
        out = await dealer.handle(command)  # any exception fails the test
        fuzzer.saw(out)
        assert addressed_to_the_asker(command, out)
        refused = [event.payload.code for event in out if isinstance(event.payload, Refused)]
        outcome = refused[0] if refused else "done"
        kinds[outcome] = kinds.get(outcome, 0) + 1
        if number % 500 == 0:
            clock.advance(31)
            fuzzer.saw(await dealer.fire_due())
        if number % AUDIT_EVERY == 0:
            await audit_holds(store)
    await audit_holds(store)
    seconds = time.perf_counter() - began
    print(f"\n{COMMANDS:,} commands in {seconds:.1f} s; outcomes: {sorted(kinds.items())}")
    # The tables really played (hands were dealt and finished), and most commands were refused
    # before Redis, for what was wrong with them.
    assert kinds.get("done", 0) > 4_000  # about 5,000 on every server; the cluster 4,966 once
    assert sum(count for code, count in kinds.items() if code in EARLY) > COMMANDS // 2
    assert "failed" not in kinds, kinds
    histories = [await store.history.last(table, 1) for table in TABLES]
    assert sum(bool(found) for found in histories) >= 2


def test_every_verb_is_in_the_fuzzers_list() -> None:
    from typing import get_args

    from chatdealer.dealer import Verb

    assert set(get_args(Verb)) == set(VERBS)
    assert msgspec.inspect.type_info(Command)  # the struct the fuzzer builds
