"""The dealer service: commands in, events out, every change one atomic commit in Redis.

Each table change is load → pure step → commit with the version loaded; a commit that loses the
race to another worker is thrown away and the step runs again on the fresh state, so nothing is
lost or applied twice. Reads (the bank, histories, the table view) go straight to the store.
Redis being away is answered with a refusal ("the table is unavailable"), never a crash, and the
next command simply tries again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass

from redis.exceptions import RedisError

from chatdealer import phh
from chatdealer.cards import Card, Deck, shuffled
from chatdealer.dealer.commands import (
    Act,
    AddBot,
    Balance,
    Command,
    Create,
    CreateTournament,
    Daily,
    Join,
    LastHand,
    Leaderboard,
    Ledger,
    MyCards,
    Register,
    ShowTable,
    Start,
    User,
)
from chatdealer.dealer.decks import DeckSupply
from chatdealer.dealer.histories import handed_copy, proof_of
from chatdealer.dealer.outgoing import (
    AnyPayload,
    BalanceShown,
    BankLedger,
    BankMove,
    DailyClaimed,
    History,
    HoleCards,
    LeaderboardRow,
    LeaderboardShown,
    NightShown,
    Outgoing,
    Refused,
    TableShown,
    notice,
)
from chatdealer.dealer.record import TableRecord, decode_record
from chatdealer.dealer.refusals import DealerRefusal, wait_text
from chatdealer.dealer.seated_bots import MAX_BOTS, bot_id, bot_name, style_named
from chatdealer.dealer.step import Context, Step
from chatdealer.dealer.verbs import TableVerb, add_bot, announce_opening, apply, fire, opening
from chatdealer.dealer.views import private_view, table_view
from chatdealer.engine.refusals import IllegalAction
from chatdealer.fairness import Proof
from chatdealer.store import (
    CommitResult,
    ContentionError,
    DailyOutcome,
    Outcome,
    Store,
    TableId,
)
from chatdealer.store.keys import bank_keys
from chatdealer.store.scripts import text

log = logging.getLogger(__name__)

NEXT_HAND_DELAY = 3.0
BOT_DELAY = 1.0
MAX_ATTEMPTS = 100
REMEMBERED_TABLES = 2_000
LEDGER_SCAN = 500
"""How far back in the community's ledger stream to look for one player's movements."""

Deliver = Callable[[list[Outgoing]], Awaitable[None]]


@dataclass(slots=True)
class Remembered:
    """A table as this worker last committed or loaded it.

    `record` is that state already decoded, handed to the next step to change in place, which
    saves decoding the state again; it is dropped whenever a step may have left it half
    changed (a refusal), and the next step decodes `state` instead."""

    version: int
    state: bytes
    record: TableRecord | None = None


class Dealer:
    """One per worker process, on the worker's one Redis client; any number may share tables."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        shuffle: Callable[[Deck], list[Card]] = shuffled,
        next_hand_delay: float = NEXT_HAND_DELAY,
        max_attempts: int = MAX_ATTEMPTS,
        remembered_tables: int = REMEMBERED_TABLES,
        bot_delay: float = BOT_DELAY,
        bot_seed: int | None = None,
    ) -> None:
        self.store = store
        self.remembered_tables = remembered_tables
        self._states: dict[TableId, Remembered] = {}
        """The last state this worker committed per table, most recent last."""
        self.clock = clock
        self.shuffle = shuffle
        self.decks = DeckSupply(shuffle)
        self.next_hand_delay = next_hand_delay
        self.max_attempts = max_attempts
        self.bot_delay = bot_delay
        self.bot_random = random.Random(bot_seed)

    # -- the one entry point ---------------------------------------------------------------------

    async def handle(self, command: Command) -> list[Outgoing]:
        """Runs one command; a refusal is one event for the person who asked."""
        try:
            return await self._dispatch(command)
        except IllegalAction as refusal:
            return [_refused(command, refusal)]
        except ContentionError:
            return [_refused(command, DealerRefusal("busy"))]
        except (RedisError, OSError) as problem:
            log.warning("table %s unavailable: %s", command.table, type(problem).__name__)
            return [_refused(command, DealerRefusal("unavailable"))]

    async def _dispatch(self, command: Command) -> list[Outgoing]:
        args, user, table_id = command.args, command.user, command.table
        if isinstance(args, Act):  # by far the most frequent
            return await self._change(table_id, args, user)
        if isinstance(args, Start):  # a deal: the costliest change, kept off the chain below
            return await self._change(table_id, args, user)
        if isinstance(args, Create | CreateTournament):
            return await self._create(table_id, args, user)
        if isinstance(args, Join | Register):
            balance, out = await self._account(table_id, user)
            return out + await self._change(table_id, args, user, balance)
        if isinstance(args, AddBot):
            return await self._add_bot(table_id, args, user)
        if isinstance(args, MyCards):
            return await self._my_cards(table_id, user)
        if isinstance(args, ShowTable):
            record = await self._load(table_id)
            return [_to(table_id, None, TableShown(view=table_view(record, str(table_id))))]
        if isinstance(args, LastHand):
            return await self._last_hand(table_id, user, args.number)
        if isinstance(args, Balance):
            return await self._balance(table_id, user)
        if isinstance(args, Daily):
            return await self._daily(table_id, user)
        if isinstance(args, Leaderboard):
            return await self._leaderboard(table_id, args.top)
        if isinstance(args, Ledger):
            return await self._ledger(table_id, user)
        return await self._change(table_id, args, user)

    # -- the clock -------------------------------------------------------------------------------

    async def fire_due(
        self,
        now: float | None = None,
        limit: int = 100,
        platforms: Collection[str] | None = None,
    ) -> list[Outgoing]:
        """Claims the tables whose deadline has passed and acts on each: safe in every worker.

        A worker passes the `platforms` it can deliver to, so another platform's timers wait
        for that platform's worker."""
        now = self.clock() if now is None else now
        out: list[Outgoing] = []
        for table_id in await self.store.timers.claim_due(now, limit, platforms):
            try:
                out += await self.fire_table(table_id, now)
            except (IllegalAction, ContentionError, ValueError) as problem:
                log.warning("timer of %s failed: %s", table_id, type(problem).__name__)
        return out

    async def fire_table(self, table_id: TableId, now: float | None = None) -> list[Outgoing]:
        """Acts on one table's deadline if the stored record says it is still due."""
        now = self.clock() if now is None else now
        try:
            step = await self._transact(table_id, fire, now)
        except DealerRefusal as refusal:
            if refusal.code != "no_table":
                raise
            step = None  # deleted meanwhile: the reschedule below drops its deadline
        if step is not None:
            return step.out
        loaded = await self.store.tables.load(table_id)
        wake = decode_record(loaded[1]).wake if loaded is not None else None
        # The claim leased the deadline; put back the one the record holds.
        await self.store.timers.reschedule(table_id, wake.at if wake is not None else None)
        return []

    async def run_timers(
        self,
        stop: asyncio.Event,
        interval: float = 0.2,
        deliver: Deliver | None = None,
        platforms: Collection[str] | None = None,
    ) -> None:
        """Fires due deadlines until `stop` is set, handing what happened to `deliver`."""
        await self.store.timers.rebuild_index()
        while not stop.is_set():
            try:
                out = await self.fire_due(platforms=platforms)
            except (RedisError, OSError) as problem:
                log.warning("timer loop: Redis unavailable (%s)", type(problem).__name__)
                out = []
            if out and deliver is not None:
                await deliver(out)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), interval)

    # -- changes ---------------------------------------------------------------------------------

    async def _create(
        self, table_id: TableId, args: Create | CreateTournament, user: User
    ) -> list[Outgoing]:
        now = self.clock()
        step = Step(opening(args, user, now), self._context(table_id, now))
        announce_opening(step, user)
        change = step.change()
        step.show_table()
        if await self.store.tables.create(table_id, change.state):
            self._remember(table_id, Remembered(1, change.state, step.record))
            return step.out
        # The channel has a table: an empty one may be replaced.
        return await self._change(table_id, args, user)

    async def _change(
        self, table_id: TableId, args: TableVerb, user: User, balance: int | None = None
    ) -> list[Outgoing]:
        step = await self._transact(table_id, lambda s: apply(s, args, user, balance), self.clock())
        assert step is not None
        return step.out

    async def _add_bot(self, table_id: TableId, args: AddBot, user: User) -> list[Outgoing]:
        """Seats the first bot of the style that is not seated and can afford the buy-in."""
        try:
            style = style_named(args.style)
        except ValueError:
            raise DealerRefusal("no_bot_style", style=args.style) from None
        record = await self._load(table_id)
        settings = record.settings
        table = record.table
        minimum = args.buy_in or (settings.min_buy_in if settings is not None else 0)
        players = [player for _, player in table.players()] if table is not None else []
        seated = {player.player_id for player in players}
        name = bot_name({player.name for player in players})
        for number in range(1, MAX_BOTS + 1):
            bot = User(id=bot_id(style, number), name=name)
            if bot.id in seated:
                continue
            balance = await self.store.bank.balance(table_id.home, bot.id)
            if balance is None or balance >= minimum:
                break
        else:
            raise DealerRefusal("no_bot_available")
        balance, _ = await self._account(table_id, bot)
        step = await self._transact(
            table_id, lambda s: add_bot(s, args, user, bot, balance), self.clock()
        )
        assert step is not None
        return step.out

    async def _transact(
        self, table_id: TableId, run: Callable[[Step], object], now: float
    ) -> Step | None:
        """Load → pure step → commit, again on a lost race; None when the step did nothing.

        The state this worker committed last is tried first without loading it: the commit's
        version check catches a copy gone stale, and a refusal (or "nothing to do") decided on
        a remembered copy is decided again on a fresh load before it is believed. A command
        takes the remembered copy for itself, so two commands at one table never share one.
        """
        tables = self.store.tables
        remembered = self._states.pop(table_id, None)
        for attempt in range(self.max_attempts):
            if remembered is not None:
                version, raw, record = remembered.version, remembered.state, remembered.record
                remembered = None
                fresh = False
            else:
                loaded = await tables.load(table_id)
                if loaded is None:
                    raise DealerRefusal("no_table")
                (version, raw), record = loaded, None
                fresh = True
            if record is None:
                record = decode_record(raw)
            step = Step(record, self._context(table_id, now))
            try:
                done = run(step) is not False
            except IllegalAction:
                if fresh:
                    self._remember(table_id, Remembered(version, raw))
                    raise
                continue
            if not done:
                if fresh:
                    self._remember(table_id, Remembered(version, raw))
                    return None
                continue
            change = step.change()
            result = await tables.commit(
                table_id, version, change, now=now, meanwhile=self._spare_time(step)
            )
            if result.ok:
                assert result.version is not None
                self._remember(table_id, Remembered(result.version, change.state, step.record))
                return step
            if result.outcome is not Outcome.CONFLICT:
                self._remember(table_id, Remembered(version, raw))  # nothing was written
                raise _commit_refusal(result, step)
            if attempt >= 2:
                await asyncio.sleep(random.uniform(0, min(0.05, 0.001 * 2**attempt)))
        raise ContentionError(f"{table_id}: {self.max_attempts} conflicts in a row")

    def _spare_time(self, step: Step) -> Callable[[], None]:
        """What to do while a commit travels: the step's table message, which is not written,
        and a deck readied for a later deal."""

        def meanwhile() -> None:
            step.show_table()
            self.decks.prepare()

        return meanwhile

    def _remember(self, table_id: TableId, remembered: Remembered) -> None:
        states = self._states
        states.pop(table_id, None)
        states[table_id] = remembered
        if len(states) > self.remembered_tables:
            del states[next(iter(states))]

    def _context(self, table_id: TableId, now: float) -> Context:
        return Context(
            table_id=table_id,
            now=now,
            shuffle=self.shuffle,
            decks=self.decks,
            next_hand_delay=self.next_hand_delay,
            bot_delay=self.bot_delay,
            bot_random=self.bot_random,
        )

    # -- reads -----------------------------------------------------------------------------------

    async def _load(self, table_id: TableId) -> TableRecord:
        loaded = await self.store.tables.load(table_id)
        if loaded is None:
            raise DealerRefusal("no_table")
        return decode_record(loaded[1])

    async def _my_cards(self, table_id: TableId, user: User) -> list[Outgoing]:
        record = await self._load(table_id)
        view = private_view(record.table, user.id) if record.table is not None else None
        if view is None:
            raise DealerRefusal("no_cards")
        return [_to(table_id, user.id, HoleCards(view=view))]

    async def _last_hand(self, table_id: TableId, user: User, number: int | None) -> list[Outgoing]:
        history = self.store.history
        if number is None:
            found = await history.last(table_id, 1)
            record = found[0] if found else None
            if record is None:
                raise DealerRefusal("no_history")
        else:
            record = await history.get(table_id, number)
            if record is None:
                raise DealerRefusal("no_such_hand", number=number)
        public = record.public.decode()
        proof = proof_of(phh.loads(public))
        out = [_to(table_id, None, _history(record.number, public, proof, private=False))]
        own = record.private.get(user.id)
        if own is not None:
            mine = handed_copy(own.decode(), public)
            seen = proof_of(phh.loads(mine))
            out.append(_to(table_id, user.id, _history(record.number, mine, seen, private=True)))
        return out

    async def _account(self, table_id: TableId, user: User) -> tuple[int, list[Outgoing]]:
        """Opens the player's account on first sight (the starting grant); their balance."""
        bank = self.store.bank
        account = await bank.open_account(table_id.home, user.id, self.clock())
        await bank.remember_name(table_id.home, user.id, user.name)
        out: list[Outgoing] = []
        if account.opened:
            out.append(_to(table_id, user.id, notice("welcome", grant=account.balance)))
        return account.balance, out

    async def _balance(self, table_id: TableId, user: User) -> list[Outgoing]:
        balance, out = await self._account(table_id, user)
        stats = await self.store.bank.stats(table_id.home, user.id)
        shown = BalanceShown(
            balance=balance,
            hands_played=stats.hands_played,
            hands_won=stats.hands_won,
            biggest_pot=stats.biggest_pot,
            net=stats.net,
        )
        return [*out, _to(table_id, user.id, shown)]

    async def _daily(self, table_id: TableId, user: User) -> list[Outgoing]:
        _, out = await self._account(table_id, user)
        now = self.clock()
        result = await self.store.bank.claim_daily(table_id.home, user.id, now)
        if result.outcome is DailyOutcome.TOO_SOON:
            assert result.next_at is not None
            raise DealerRefusal("daily_too_soon", wait=wait_text(result.next_at - now))
        if result.outcome is DailyOutcome.NO_ACCOUNT:
            raise DealerRefusal("no_account")
        assert result.balance is not None and result.next_at is not None
        claimed = DailyClaimed(
            amount=self.store.bank.config.daily_amount,
            balance=result.balance,
            next_at=result.next_at,
        )
        return [*out, _to(table_id, user.id, claimed)]

    async def _leaderboard(self, table_id: TableId, top: int) -> list[Outgoing]:
        bank = self.store.bank
        rows = await bank.leaderboard(table_id.home, max(1, min(top, 100)))
        names = await bank.names(table_id.home, [player for player, _ in rows])
        shown = LeaderboardShown(
            rows=tuple(
                LeaderboardRow(rank=rank, player_id=player, name=names.get(player, player), net=net)
                for rank, (player, net) in enumerate(rows, start=1)
            )
        )
        return [_to(table_id, None, shown)]

    async def _ledger(self, table_id: TableId, user: User) -> list[Outgoing]:
        out: list[Outgoing] = []
        loaded = await self.store.tables.load(table_id)
        if loaded is not None:
            table = decode_record(loaded[1]).table
            if table is not None:
                out.append(_to(table_id, None, NightShown(lines=tuple(table.night()))))
        key = bank_keys(table_id.home).ledger
        rows = await self.store.client.xrevrange(key, count=LEDGER_SCAN)
        moves = []
        for _, fields in rows or []:
            entry = {text(k): text(v) for k, v in (fields or {}).items()}
            if entry.get("player") != user.id:
                continue
            moves.append(
                BankMove(
                    kind=entry["kind"],
                    amount=int(entry["amount"]),
                    table=entry["table"],
                    time=float(entry["time"]),
                    balance=int(entry["balance"]),
                    here=entry["table"] == str(table_id),
                )
            )
            if len(moves) >= 20:
                break
        out.append(_to(table_id, user.id, BankLedger(moves=tuple(moves))))
        return out


def _to(table_id: TableId, to: str | None, payload: AnyPayload) -> Outgoing:
    return Outgoing(table=table_id, to=to, payload=payload)


def _refused(command: Command, refusal: IllegalAction) -> Outgoing:
    payload = Refused(code=refusal.code, params=dict(refusal.params), text=str(refusal))
    return _to(command.table, command.user.id, payload)


def _commit_refusal(result: CommitResult, step: Step) -> IllegalAction:
    if result.outcome is Outcome.MISSING:
        return DealerRefusal("no_table")
    if result.outcome is Outcome.INSUFFICIENT_BALANCE:
        return DealerRefusal(
            "insufficient_balance",
            balance=result.available or 0,
            amount=step.bought_by(result.player),
        )
    if result.outcome is Outcome.NO_ACCOUNT:
        return DealerRefusal("no_account")
    raise RuntimeError(f"the store refused a table commit: {result.outcome.value}")


def _history(number: int, written: str, proof: Proof | None, *, private: bool) -> History:
    return History(hand_number=number, phh=written, proof=proof, private=private)
