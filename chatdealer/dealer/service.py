"""The dealer service: commands in, events out, every change one atomic commit in Redis.

Each table change is load → pure step → commit with the version loaded; a commit that loses the
race to another worker is thrown away and the step runs again on the fresh state, so nothing is
lost or applied twice. Reads (the bank, histories, the table view) go straight to the store.

Nothing stops the dealer. `handle` raises for no input at all: a command is checked before
anything else (`checks`), Redis being away is answered with a refusal ("the table is
unavailable") and the next command simply tries again, a record that cannot be read is a
refusal saying so, and a table whose record breaks a step is quarantined, its channel told it
can be reset (`repair`), while every other table plays on. The timer loop is supervised
(`supervision`): one table's failure is logged with its id and the loop goes on; the loop
itself is restarted, with backoff, if it ever crashes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Awaitable, Callable, Collection
from typing import TypeVar

import msgspec
from redis.exceptions import RedisError

from chatdealer import equity_headsup
from chatdealer.cards import Card, Deck, shuffled
from chatdealer.dealer import community, nights, reads, repair
from chatdealer.dealer.checks import BadCommand, checked
from chatdealer.dealer.commands import (
    Act,
    AddBot,
    Balance,
    BankRules,
    Command,
    Create,
    CreateTournament,
    Daily,
    GiveChips,
    Join,
    LastHand,
    Leaderboard,
    Ledger,
    MyCards,
    Night,
    Rabbit,
    Register,
    Reset,
    ShowTable,
    Start,
    TakeChips,
    User,
)
from chatdealer.dealer.decks import DeckSupply
from chatdealer.dealer.equities import (
    EquityNeeded,
    EquityPool,
    EquityQuestion,
    filled,
    worked_out,
)
from chatdealer.dealer.outgoing import (
    AnyPayload,
    HoleCards,
    NightShown,
    Outgoing,
    Refused,
    TableShown,
)
from chatdealer.dealer.rabbit_hunt import rabbit_hunt
from chatdealer.dealer.record import STATE, TableRecord, decode_record
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.dealer.remembered import REMEMBERED_BYTES, Remembered, RememberedStates
from chatdealer.dealer.seated_bots import bot_name, free_bot, style_named
from chatdealer.dealer.step import Context, Step
from chatdealer.dealer.supervision import Supervisor, described
from chatdealer.dealer.verbs import TableVerb, add_bot, announce_opening, apply, fire, opening
from chatdealer.dealer.views import private_view, table_view
from chatdealer.engine.refusals import IllegalAction
from chatdealer.equity import EquityResult
from chatdealer.metrics import DealerMetrics
from chatdealer.store import (
    HOUSE,
    CommitResult,
    ContentionError,
    DamagedAccount,
    DamagedHistory,
    DamagedTable,
    NewerRecord,
    Outcome,
    Store,
    TableId,
)
from chatdealer.store.due_soon import earliest_bound
from chatdealer.store.keys import table_keys
from chatdealer.store.reconnect import Backoff, Outage

log = logging.getLogger(__name__)

NEXT_HAND_DELAY = 3.0
BOT_DELAY = 1.0
MAX_ATTEMPTS = 100
TIMER_BATCH = 1_000
"""Deadlines claimed at once; a full batch is followed at once by the next claim."""
TIMER_CONCURRENCY = 128
"""Tables of a batch fired at once: their loads and commits share Redis round trips."""
MIN_TIMER_SLEEP = 0.005
"""The shortest pause of the timer loop: a bound already past waits for its claim to settle."""
TIMER_OUTAGE_BACKOFF = Backoff(first=0.2, longest=5.0)
"""While Redis is away the clock tries again after growing pauses; once it is back, deadlines
are at most one pause (5 s) late."""

Deliver = Callable[[list[Outgoing]], Awaitable[None]]
V = TypeVar("V")


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
        remembered_tables: int | None = None,
        remembered_bytes: int = REMEMBERED_BYTES,
        bot_delay: float = BOT_DELAY,
        bot_seed: int | None = None,
        supervisor: Supervisor | None = None,
        timer_batch: int = TIMER_BATCH,
        timer_concurrency: int = TIMER_CONCURRENCY,
        equity_off_loop: bool = True,
    ) -> None:
        if timer_batch < 1 or timer_concurrency < 1:
            raise ValueError("the timer batch and its concurrency must be at least 1")
        self.store = store
        self.equity_off_loop = equity_off_loop
        """Pre-flop all-in chances sampled in `equities`' process rather than on the loop."""
        self.equities = EquityPool()
        self.timer_batch = timer_batch
        self.timer_concurrency = timer_concurrency
        self._owed: list[TableId] = []
        """Deadlines this worker claimed and could not fire: Redis went away meanwhile."""
        self._states = RememberedStates(remembered_bytes, remembered_tables)
        """The last state this worker committed per table, most recent last."""
        self.clock = clock
        self.shuffle = shuffle
        self.decks = DeckSupply(shuffle)
        self.next_hand_delay = next_hand_delay
        self.max_attempts = max_attempts
        self.bot_delay = bot_delay
        self.bot_random = random.Random(bot_seed)
        self.supervisor = supervisor or Supervisor()
        """Keeps the timer loop running; adapters may start their own background work on it."""
        self.metrics = DealerMetrics()
        """What this worker did, for `/metrics` (chatdealer/metrics.py) and its event log."""
        self.metrics.gauge(
            "chatdealer_tables_remembered",
            "Tables whose last state this worker holds in memory.",
            lambda: len(self._states),
        )
        self._awaited_bound: float | None = None
        self.tell_later: Deliver | None = None
        """Where the rest of a step's telling goes when it follows the commit: the worker's
        own delivery (`run_timers`' `deliver`). With it, a pre-flop all-in is committed and
        answered at once, and its chances, run-out and pots are told once the pool has
        worked the chances out (`equities`); without it, the step waits for them."""

    def work_off_loop(self) -> None:
        """Starts the processes a serving worker hands its heavy CPU work to, so that no table
        waits for it: pre-flop all-in chances, and decks drawn and committed to ahead. The
        heads-up table, read in the step, is loaded now rather than by the first such all-in
        (a few milliseconds)."""
        self.equities.start()
        self.decks.make_in(self.equities.pool)
        equity_headsup.load()

    # -- the one entry point ---------------------------------------------------------------------

    async def handle(self, command: Command) -> list[Outgoing]:
        """Runs one command; a refusal is one event for the person who asked. Never raises
        (but for cancellation): whatever goes wrong is a refusal. Counted and logged."""
        started = time.perf_counter()
        out = await self._handled(command)
        refusal = out[0].payload if len(out) == 1 else None
        outcome = refusal.code if isinstance(refusal, Refused) else "ok"
        table = out[0].table if out else getattr(command, "table", "")
        self.metrics.command(str(table), _verb(command), outcome, time.perf_counter() - started)
        return out

    async def _handled(self, command: Command) -> list[Outgoing]:
        try:
            command = checked(command)
        except BadCommand as bad:
            return [bad.refusal]
        table_id = command.table
        try:
            return await self._dispatch(command)
        except IllegalAction as refusal:
            return [_refused(command, refusal)]
        except DamagedTable as damage:
            told = await self._quarantine(table_id, damage)
            return [_refused(command, DealerRefusal("damaged_table")), *told]
        except NewerRecord:
            return [_refused(command, DealerRefusal("newer_table"))]
        except DamagedAccount as damage:
            log.warning("account %s of %s is damaged: %s", damage.player, table_id, damage.problem)
            return [_refused(command, DealerRefusal("damaged_account"))]
        except DamagedHistory as damage:
            log.warning("history of %s is damaged: %s", table_id, damage.problem)
            params = {} if damage.number is None else {"number": damage.number}
            return [_refused(command, DealerRefusal("damaged_history", **params))]
        except ContentionError:
            return [_refused(command, DealerRefusal("busy"))]
        except (RedisError, OSError) as problem:
            log.warning("table %s unavailable: %s", table_id, type(problem).__name__)
            return [_refused(command, DealerRefusal("unavailable"))]
        except Exception as problem:  # a bug must not reach the adapter
            log.error("%s at %s failed: %s", command.verb, table_id, described(problem))
            return [_refused(command, DealerRefusal("failed"))]

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
            view = _viewed(lambda: table_view(record, str(table_id)))
            return [_to(table_id, None, TableShown(view=view))]
        if isinstance(args, LastHand):
            return await reads.last_hand(self.store, table_id, user, args.number)
        if isinstance(args, Rabbit):
            return await rabbit_hunt(self.store, table_id)
        if isinstance(args, Balance):
            return await reads.balance(self.store, table_id, user, self.clock())
        if isinstance(args, Daily):
            return await reads.daily(self.store, table_id, user, self.clock())
        if isinstance(args, Leaderboard):
            return await nights.leaderboard(self.store, table_id, args.top, self.clock())
        if isinstance(args, Ledger):
            return await self._ledger(table_id, user)
        if isinstance(args, BankRules):
            return await community.bank_rules(self.store, table_id, user, args)
        if isinstance(args, GiveChips | TakeChips):
            return await community.adjust_chips(self.store, table_id, user, args, self.clock())
        if isinstance(args, Night):
            return await nights.night(self.store, table_id, user, args, self.clock())
        if isinstance(args, Reset):
            self._states.pop(table_id)
            return await repair.reset(self.store, table_id, user, self.clock())
        return await self._change(table_id, args, user)

    async def _quarantine(self, table_id: TableId, damage: DamagedTable) -> list[Outgoing]:
        """The table is damaged: quarantined for every worker; its channel told the first time.
        Redis being away meanwhile leaves that to whoever finds it next."""
        self._states.pop(table_id)
        try:
            return await repair.quarantine(self.store, table_id, damage)
        except (RedisError, OSError) as problem:
            log.warning("table %s: quarantine failed (%s)", table_id, type(problem).__name__)
            return []

    # -- the clock -------------------------------------------------------------------------------

    async def fire_due(
        self,
        now: float | None = None,
        limit: int | None = None,
        platforms: Collection[str] | None = None,
    ) -> list[Outgoing]:
        """Claims the tables whose deadline has passed and acts on each: safe in every worker.

        Up to `limit` (`timer_batch`) deadlines are claimed, earliest first, and fired
        `timer_concurrency` at a time in that order, so a burst of due tables shares Redis
        round trips and none waits behind a table due later. A worker passes the `platforms`
        it can deliver to, so another platform's timers wait for that platform's worker. One
        table's failure is that table's alone: it is logged with the table's id (and
        quarantined if its record is to blame), and the others fire; Redis being away stops
        the batch (the leases bring its deadlines back)."""
        now = self.clock() if now is None else now
        _, out = await self._claim_and_fire(
            now, self.timer_batch if limit is None else limit, platforms
        )
        return out

    async def _claim_and_fire(
        self,
        now: float,
        limit: int,
        platforms: Collection[str] | None,
        deliver: Deliver | None = None,
    ) -> tuple[int, list[Outgoing]]:
        """Claims and fires a batch; with `deliver`, each table's events are handed to it as
        soon as that table has fired (so the first deal of a burst is told at once, and the
        telling is spread among the players' presses), and none are returned."""
        claimed = await self.store.timers.claim_due(now, limit, platforms)
        claimed, self._owed = self._owed + claimed, []
        fired: list[list[Outgoing]] = [[] for _ in claimed]
        done: set[int] = set()
        order = iter(range(len(claimed)))

        async def firer() -> None:
            for index in order:
                out = await self._fire_claimed(claimed[index], now)
                done.add(index)
                self.metrics.timer_fired(str(claimed[index]), len(out))
                if deliver is None:
                    fired[index] = out
                elif out:
                    await _delivered(deliver, out)

        try:
            async with asyncio.TaskGroup() as group:
                for _ in range(min(self.timer_concurrency, len(claimed))):
                    group.create_task(firer())
        except BaseExceptionGroup as problems:
            # Redis went away mid-batch: the deadlines not fired are leased to this worker, so
            # no claim finds them for a lease's length; they are fired first once it is back
            # (a table fired already, or no longer due, is told apart by its record).
            self._owed = [table for index, table in enumerate(claimed) if index not in done]
            raise problems.exceptions[0] from None
        return len(claimed), [out for outs in fired for out in outs]

    async def _fire_claimed(self, table_id: TableId, now: float) -> list[Outgoing]:
        try:
            return await self.fire_table(table_id, now)
        except DamagedTable as damage:
            return await self._quarantine(table_id, damage)
        except NewerRecord:
            log.info("timer of %s left to a newer worker: its record is newer", table_id)
        except (RedisError, OSError):
            raise  # Redis is away for every table: the loop says so and tries again
        except (ContentionError, DamagedAccount) as problem:
            log.warning("timer of %s failed: %s", table_id, type(problem).__name__)
        except IllegalAction as refusal:  # the dealer acting by itself is never refused
            broken = DamagedTable(str(table_id), f"the clock's step refused: {refusal.code}")
            return await self._quarantine(table_id, broken)
        except Exception as problem:  # no one table may stop the clock
            broken = DamagedTable(str(table_id), described(problem))
            return await self._quarantine(table_id, broken)
        return []

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
        """Fires due deadlines until `stop` is set, handing what happened to `deliver`, which
        also takes what a step tells after its commit (`tell_later`), unless that is set.

        Supervised: should the loop itself ever crash, it is logged and started again after a
        pause (`self.supervisor`)."""

        if self.tell_later is None:
            self.tell_later = deliver

        async def loop() -> None:
            await self._timer_loop(stop, interval, deliver, platforms)

        await self.supervisor.run("timer loop", loop, stop)

    async def _timer_loop(
        self,
        stop: asyncio.Event,
        interval: float,
        deliver: Deliver | None,
        platforms: Collection[str] | None,
    ) -> None:
        outage = Outage(TIMER_OUTAGE_BACKOFF, "timer loop")
        indexed = False
        while not stop.is_set():
            try:
                if not indexed or self.store.tables.bound_lost:
                    await self.store.timers.rebuild_index()
                    indexed, self.store.tables.bound_lost = True, False
                full = await self._fire_batch(platforms, deliver)
            except (RedisError, OSError) as problem:
                self.metrics.redis_errors.inc("timer loop")
                indexed = False  # a bound lowered meanwhile may be lost: rebuilt once it is back
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), outage.failed(problem))
                continue
            outage.succeeded()
            if full:
                await asyncio.sleep(0)  # more are due: claim them now, after a turn for others
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), await self._until_due(interval, platforms))

    async def _until_due(self, interval: float, platforms: Collection[str] | None) -> float:
        """Seconds to sleep: until the next deadline may be due, at most `interval`."""
        self._awaited_bound = None
        try:
            bound = await earliest_bound(self.store.client, platforms)
        except (RedisError, OSError):
            self.metrics.redis_errors.inc("timer loop")
            return interval
        if bound is None:
            return interval
        self._awaited_bound = bound
        return min(interval, max(MIN_TIMER_SLEEP, bound - self.clock()))

    async def _fire_batch(self, platforms: Collection[str] | None, deliver: Deliver | None) -> bool:
        """One batch of due deadlines fired, each table's events delivered as it fires; True
        when the claim was full."""
        now = self.clock()
        if self._awaited_bound is not None and now >= self._awaited_bound:
            self.metrics.timer_lag.observe(now - self._awaited_bound)
            self._awaited_bound = None
        claimed, _ = await self._claim_and_fire(now, self.timer_batch, platforms, deliver)
        return claimed >= self.timer_batch

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
        """Seats a bot of the style, buying in from the community's house account."""
        try:
            style = style_named(args.style)
        except ValueError:
            raise DealerRefusal("no_bot_style", style=args.style) from None
        record = await self._load(table_id)
        settings = record.settings
        table = record.table
        minimum = args.buy_in or (settings.min_buy_in if settings is not None else 0)
        players = [player for _, player in table.players()] if table is not None else []
        taken = {player.player_id: player.name for player in players}
        if record.tournament is not None:  # a bot registers for a sit-and-go like anyone
            minimum = record.tournament.settings.buy_in
            taken.update((e.player_id, e.name) for e in record.tournament.entrants)
        bot = free_bot(style, set(taken))
        house = await self.store.bank.balance(table_id.home, HOUSE) or 0
        available = house + self.store.bank.config.house_credit
        if bot is None or available < minimum:
            raise DealerRefusal("no_bot_available")
        seated = User(id=bot, name=bot_name(set(taken.values())))
        step = await self._transact(
            table_id, lambda s: add_bot(s, args, user, seated, available), self.clock()
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
        A step that raises what no verb raises is the record's fault: `DamagedTable`.
        """
        tables = self.store.tables
        remembered = self._states.pop(table_id)
        answers: dict[EquityQuestion, EquityResult] = {}
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
            try:
                if record is None:
                    record = decode_record(raw)
                step = Step(record, self._context(table_id, now, answers))
                done = run(step) is not False
                change = step.change() if done else None
            except EquityNeeded as needed:  # worked out off the loop, then the same step again
                seed = self.bot_random.getrandbits(64)
                answers[needed.question] = await self.equities.answer(needed.question, seed)
                remembered = Remembered(version, raw)
                continue
            except IllegalAction:
                if fresh:
                    self._remember(table_id, Remembered(version, raw))
                    raise
                continue
            except (DamagedTable, NewerRecord, MemoryError, RecursionError):
                raise
            except Exception as problem:  # judged again on a fresh load, then damage
                if fresh:
                    key = table_keys(table_id).table
                    raise DamagedTable(key, described(problem)) from None
                continue
            if change is None:
                if fresh:
                    self._remember(table_id, Remembered(version, raw))
                    return None
                continue
            result = await tables.commit(
                table_id, version, change, now=now, meanwhile=self._spare_time(step)
            )
            if result.ok:
                assert result.version is not None
                self._remember(table_id, Remembered(result.version, change.state, step.record))
                if step.chances_to_come:
                    self._tell_rest_later(step)
                return step
            if result.outcome is not Outcome.CONFLICT:
                self._remember(table_id, Remembered(version, raw))  # nothing was written
                raise _commit_refusal(result, step)
            if attempt >= 2:
                await asyncio.sleep(random.uniform(0, min(0.05, 0.001 * 2**attempt)))
        raise ContentionError(f"{table_id}: {self.max_attempts} conflicts in a row")

    def _tell_rest_later(self, step: Step) -> None:
        """Leaves in `step.out` what comes before its first chances said with no figures, and
        tells the rest, the figures filled in, once the pool has worked them out."""
        deliver = self.tell_later
        assert deliver is not None
        to_come = list(step.chances_to_come)
        unfigured = {id(chances.told) for chances in to_come}
        first = next(i for i, o in enumerate(step.out) if id(o.payload) in unfigured)
        rest = step.out[first:]
        del step.out[first:]
        seed = self.bot_random.getrandbits(64)

        async def tell() -> None:
            try:
                results = await asyncio.gather(
                    *(self._answer_later(chances.question, seed) for chances in to_come)
                )
                figured: dict[int, AnyPayload] = {
                    id(chances.told): filled(chances.told, result)
                    for chances, result in zip(to_come, results, strict=True)
                }
                await deliver(
                    [
                        msgspec.structs.replace(o, payload=figured[id(o.payload)])
                        if id(o.payload) in figured
                        else o
                        for o in rest
                    ]
                )
            except Exception as problem:  # the adapter's trouble: logged, the table plays on
                log.error(
                    "telling %d events after the commit failed (%s)", len(rest), described(problem)
                )

        self.supervisor.start("telling after the commit", tell)

    async def _answer_later(self, question: EquityQuestion, seed: int) -> EquityResult:
        """The pool's answer; should the pool fail, the chances are sampled here."""
        try:
            return await self.equities.answer(question, seed)
        except Exception as problem:
            log.warning("all-in chances: the pool failed (%s)", type(problem).__name__)
            return worked_out(question, random.Random(seed))

    def _spare_time(self, step: Step) -> Callable[[], None]:
        """What to do while a commit travels: the step's table message, which is not written,
        and a deck readied for a later deal."""

        def meanwhile() -> None:
            step.show_table()
            self.decks.prepare()

        return meanwhile

    def _remember(self, table_id: TableId, remembered: Remembered) -> None:
        self._states.put(table_id, remembered)

    def _context(
        self,
        table_id: TableId,
        now: float,
        equities: dict[EquityQuestion, EquityResult] | None = None,
    ) -> Context:
        live_feed = self.store.tables.events_maxlen > 0
        return Context(
            table_id=table_id,
            now=now,
            shuffle=self.shuffle,
            decks=self.decks,
            next_hand_delay=self.next_hand_delay,
            bot_delay=self.bot_delay,
            bot_random=self.bot_random,
            equities=equities if self.equity_off_loop else None,
            chances_later=self.tell_later is not None and not live_feed,
            live_feed=live_feed,
        )

    # -- reads -----------------------------------------------------------------------------------

    async def _load(self, table_id: TableId) -> TableRecord:
        loaded = await self.store.tables.load(table_id)
        if loaded is None:
            raise DealerRefusal("no_table")
        return decode_record(loaded[1])

    async def _my_cards(self, table_id: TableId, user: User) -> list[Outgoing]:
        record = await self._load(table_id)
        table = record.table
        view = _viewed(lambda: private_view(table, user.id)) if table is not None else None
        if view is None:
            raise DealerRefusal("no_cards")
        return [_to(table_id, user.id, HoleCards(view=view))]

    async def _account(self, table_id: TableId, user: User) -> tuple[int, list[Outgoing]]:
        return await reads.account(self.store, table_id, user, self.clock())

    async def _ledger(self, table_id: TableId, user: User) -> list[Outgoing]:
        """The night's table to the channel (when there is a table), the asker's bank moves."""
        out: list[Outgoing] = []
        loaded = await self.store.tables.load(table_id)
        if loaded is not None:
            table = decode_record(loaded[1]).table
            if table is not None:
                lines = _viewed(lambda: tuple(table.night()))
                first = table.ledger.first_hand
                out.append(_to(table_id, None, NightShown(lines=lines, first_hand=first)))
        out.append(await reads.bank_ledger(self.store, table_id, user))
        return out


def _verb(command: Command) -> str:
    """The command's verb, or ``bad`` for what is no command (refused before this asks)."""
    try:
        return command.verb if type(command) is Command else "bad"
    except Exception:
        return "bad"


async def _delivered(deliver: Deliver, out: list[Outgoing]) -> None:
    """One table's events handed to the adapter; its trouble is logged, the clock goes on."""
    try:
        await deliver(out)
    except Exception as problem:
        log.error("timer loop: delivering %d events failed (%s)", len(out), described(problem))


def _viewed(view: Callable[[], V]) -> V:
    """A view made of a record: one that cannot be made is the record's damage."""
    try:
        return view()
    except Exception as problem:  # a view raises only on a broken record
        raise DamagedTable(STATE, described(problem)) from None


def _to(table_id: TableId, to: str | None, payload: AnyPayload) -> Outgoing:
    return Outgoing(table=table_id, to=to, payload=payload)


def _refused(command: Command, refusal: IllegalAction) -> Outgoing:
    payload = Refused(code=refusal.code, params=dict(refusal.params), text=str(refusal))
    return _to(command.table, command.user.id, payload)


def _commit_refusal(result: CommitResult, step: Step) -> IllegalAction:
    if result.outcome is Outcome.MISSING:
        return DealerRefusal("no_table")
    if result.outcome is Outcome.INSUFFICIENT_BALANCE:
        if result.player == HOUSE:
            return DealerRefusal("no_bot_available")
        return DealerRefusal(
            "insufficient_balance",
            balance=result.available or 0,
            amount=step.bought_by(result.player),
        )
    if result.outcome is Outcome.NO_ACCOUNT:
        return DealerRefusal("no_account")
    raise RuntimeError(f"the store refused a table commit: {result.outcome.value}")
