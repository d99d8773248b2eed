"""A channel with players in it, talking to the dealer only through `handle`, as an adapter does.

Every event the dealer sends is kept in `log`, and the table's state is read from the last
`TableShown` the channel was sent, exactly what a chat message would show: tokens come from
there, never from the stored state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

import msgspec

from chatdealer.cards import Card, Deck
from chatdealer.dealer import (
    Act,
    ActionName,
    Command,
    Dealer,
    Outgoing,
    ShowTable,
    TableView,
    TurnView,
    User,
    Verb,
    chips_of,
)
from chatdealer.dealer.outgoing import HandOver, Refused, TableShown
from chatdealer.store import Store, TableId

ANN = User(id="u-ann", name="Ann")
BOB = User(id="u-bob", name="Bob")
CID = User(id="u-cid", name="Cid")
DEE = User(id="u-dee", name="Dee")
EVE = User(id="u-eve", name="Eve")
PLAYERS = (ANN, BOB, CID, DEE, EVE)
NOW = 1_700_000_000.0

P = TypeVar("P")
Choice = tuple[ActionName, int | None]
Strategy = Callable[[TurnView, random.Random], Choice]


class Clock:
    def __init__(self, now: float = NOW) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


def check_or_call(turn: TurnView, rng: random.Random) -> Choice:
    return ("check", None) if turn.can_check else ("call", None)


def all_in(turn: TurnView, rng: random.Random) -> Choice:
    """All in, or call when nobody is left to raise."""
    if turn.max_raise_to is None:
        return check_or_call(turn, rng)
    return ("allin", None)


def random_play(turn: TurnView, rng: random.Random) -> Choice:
    options: list[Choice] = []
    if turn.can_check:
        options += [("check", None)] * 4
    if turn.can_call:
        options += [("call", None)] * 4
    if turn.can_fold:
        options += [("fold", None)] * 2
    if turn.min_raise_to is not None and turn.max_raise_to is not None:
        options.append(("raise", rng.randint(turn.min_raise_to, turn.max_raise_to)))
        options.append(("raise", turn.min_raise_to))
        if rng.random() < 0.3:
            options.append(("allin", None))
    if not options:
        options.append(("check", None))
    return rng.choice(options)


class Harness:
    def __init__(self, store: Store, clock: Clock, table_id: TableId, *, seed: int = 1) -> None:
        self.store = store
        self.clock = clock
        self.table = table_id
        self.random = random.Random(seed)
        self.seed = seed
        self.dealer = self.new_dealer()
        self.log: list[Outgoing] = []
        self.users = {user.id: user for user in PLAYERS}

    def new_dealer(self, store: Store | None = None) -> Dealer:
        """Seeded decks and seeded bots: a game plays the same way every run."""
        return Dealer(
            store or self.store, clock=self.clock, shuffle=self.shuffle, bot_seed=self.seed
        )

    def shuffle(self, deck: Deck) -> list[Card]:
        cards = deck.cards()
        self.random.shuffle(cards)
        return cards

    async def do(self, user: User, args: Verb, dealer: Dealer | None = None) -> list[Outgoing]:
        command = Command(table=self.table, user=user, args=args)
        out = await (dealer or self.dealer).handle(command)
        self.log += out
        return out

    async def fire(self, seconds: float = 0.0, dealer: Dealer | None = None) -> list[Outgoing]:
        now = self.clock.advance(seconds)
        out = await (dealer or self.dealer).fire_due(now)
        self.log += out
        return out

    def view(self) -> TableView:
        """The table as the channel last saw it."""
        shown = [o.payload for o in self.log if isinstance(o.payload, TableShown)]
        assert shown, "the channel has not been shown the table"
        return shown[-1].view

    async def fresh_view(self) -> TableView:
        await self.do(ANN, ShowTable())
        return self.view()

    async def act(
        self, user: User, action: ActionName, amount: int | None = None
    ) -> list[Outgoing]:
        token = self.view().token
        assert token is not None, "nobody is to act"
        return await self.do(user, Act(action=action, amount=amount, token=token))

    def to_act(self) -> User:
        turn = self.view().turn
        assert turn is not None, "nobody is to act"
        return self.users[turn.player_id]

    async def play_hand(self, strategy: Strategy = check_or_call) -> list[Outgoing]:
        """Plays the hand being dealt to its end, each player acting from the table message."""
        played: list[Outgoing] = []
        for _ in range(200):
            turn = self.view().turn
            if turn is None:
                break
            action, amount = strategy(turn, self.random)
            out = await self.act(self.users[turn.player_id], action, amount)
            played += out
            assert not refusals(out), refusals(out)
            if any(isinstance(o.payload, HandOver) for o in out):
                break
        return played

    async def stored(self) -> tuple[int, bytes]:
        loaded = await self.store.tables.load(self.table)
        assert loaded is not None
        return loaded

    async def balance(self, user: User) -> int | None:
        return await self.store.bank.balance(self.table.home, user.id)

    async def assert_chips_conserved(self) -> None:
        reports = await self.store.bank.audit(self.table.home, chips_of)
        for report in reports:
            assert report.ok, report


def refusals(out: Sequence[Outgoing]) -> list[Refused]:
    return [o.payload for o in out if isinstance(o.payload, Refused)]


def payloads(out: Sequence[Outgoing], kind: type[P]) -> list[P]:
    return [o.payload for o in out if isinstance(o.payload, kind)]


def as_json(out: Outgoing) -> bytes:
    return msgspec.json.encode(out)
