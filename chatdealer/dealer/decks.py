"""Decks shuffled and committed to ahead of their deal, in a worker's spare moments.

A deck's cryptography (a secret seed, the order it draws, a salted hash per card) depends on
nothing at the table, so a worker readies the next decks while its commits travel to Redis
(`Dealer` calls `prepare` then), and a table commits to its next hand's deck by taking one
ready (`commit_next`): the channel sees the commitment sooner, and the deal itself only cuts
the deck by the players' seeds. A ready deck lives only in the worker's memory until a table
takes it; a worker that stops takes its ready decks with it, shown to nobody. An injected
shuffle (tests, replays) is never called ahead: its decks come in the order tables ask for
them, and they are kept whole in the record rather than drawn from the seed.

A worker may have its decks made in another process (`make_in`): a deck's draw and its 52
hashes are about a fifth of a deal's CPU, which on the event loop would delay every table of
a deal burst. The process readies them `POOL_BATCH` at a time, keeping `POOL_READY` of each
kind in use; when it falls behind, or fails, a table's deck is made on the loop as before. The
chat workers do (`Dealer.work_off_loop`): a deal then spends about 15-25 µs of the loop's time
on its deck, against about 125 µs made there (`bench/timers.py`). The process is the all-in
chances', but each of its processes takes one job at a time, so a question goes to one free of
deck jobs rather than waiting behind them (with `concurrent.futures` it waited: open-loop p99
182 ms, not 29).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import NamedTuple

from chatdealer.cards import Card, Deck, shuffled
from chatdealer.dealer.proofs import (
    adopt,
    committed_seed,
    made_deck,
    new_secret,
    new_seed,
    seeded_deck,
)
from chatdealer.dealer.record import DeckSecret
from chatdealer.fairness import DeckCommitment
from chatdealer.process_pool import ProcessPool

log = logging.getLogger(__name__)

READY_DECKS = 4
"""Decks kept ready per kind in use: enough for the deals that come close together."""
POOL_READY = 512
"""Decks kept ready per kind when another process makes them: a burst's first few hundred
deals find theirs made (about 7 KB a deck)."""
POOL_BATCH = 128
"""Decks the process makes a job: about 15 ms of its time, a few ms of the loop's to take in."""
POOL_PAUSE = 5.0
"""Seconds a failed job keeps the decks on the loop before the process is asked again."""

MadeDeck = tuple[str, tuple[Card, ...], DeckCommitment]
"""A deck made in the pool: its seed (hex), its order and its commitment."""


def make_decks(kind: Deck, count: int) -> list[MadeDeck]:
    """`count` fresh decks of `kind`, each from its own seed (run in the pool's process)."""
    made = []
    for _ in range(count):
        seed = new_seed()
        made.append((seed, *made_deck(seed, kind)))
    return made


class ReadyDeck(NamedTuple):
    cards: list[Card]
    seed: str
    """The seed of its salts (hex), its commitment already made."""
    drawn: bool
    """The order is the seed's own (`proofs.seeded_deck`), not an injected shuffle's."""
    commitment: DeckCommitment | None = None
    """Made in another process: this worker's caches take it in when a table takes the deck."""


class DeckSupply:
    """The worker's ready decks, by kind; a kind is readied once a table has taken one."""

    def __init__(self, shuffle: Callable[[Deck], list[Card]], *, ready: int = READY_DECKS) -> None:
        self._shuffle = shuffle
        self._ahead = shuffle is shuffled
        self._wanted = ready
        self._ready: dict[Deck, deque[ReadyDeck]] = {}
        self._pool: ProcessPool | None = None
        self._asking: dict[Deck, asyncio.Task[None]] = {}
        self._paused_until = 0.0

    def make_in(self, pool: ProcessPool, kinds: tuple[Deck, ...] = (Deck.STANDARD,)) -> None:
        """From now on decks are made in `pool`'s processes, started here to warm up; `kinds`
        are readied from the first commit on, others once a table has taken one."""
        if not self._ahead:
            return  # an injected shuffle's decks come in deal order, made when asked
        self._pool = pool
        self._wanted = max(self._wanted, POOL_READY)
        for kind in kinds:
            self._ready.setdefault(kind, deque())
        pool.start()

    async def fill(self) -> None:
        """Readies every kind in use up to the mark now, as a worker long up has them."""
        pool = self._pool
        if pool is None:
            return
        for kind, ready in self._ready.items():
            while len(ready) < self._wanted - POOL_BATCH // 2:
                if time.monotonic() < self._paused_until:
                    return  # the process failed: the loop makes decks meanwhile
                asking = self._asking.get(kind)
                await (asking if asking is not None else self._fetch(pool, kind))

    def take(self, kind: Deck) -> ReadyDeck:
        """A deck to commit to now: a ready one when there is one, else one made now."""
        if self._ahead:
            ready = self._ready.setdefault(kind, deque())
            if ready:
                deck = ready.popleft()
                if deck.commitment is not None:
                    adopt(deck.seed, kind, tuple(deck.cards), deck.commitment)
                return deck
            seed = new_seed()
            return ReadyDeck(seeded_deck(seed, kind), seed, True)
        cards = self._shuffle(kind)
        return ReadyDeck(cards, committed_seed(cards), False)

    def commit_next(self, kind: Deck, hand_number: int) -> DeckSecret:
        """A committed deck for hand `hand_number` of a table, taken from the ready ones."""
        deck = self.take(kind)
        return new_secret(hand_number, deck.cards, deck.seed, kind, drawn=deck.drawn)

    def prepare(self) -> None:
        """Readies one deck of a kind that is running short, if any: one at a time, so that
        spare moments stay short; or, with a pool, asks it for a batch of that kind."""
        if self._pool is not None and time.monotonic() >= self._paused_until:
            self._ask_pool(self._pool)
            return
        for kind, ready in self._ready.items():
            if len(ready) < self._wanted:
                seed = new_seed()
                ready.append(ReadyDeck(seeded_deck(seed, kind), seed, True))
                return

    def ready(self, kind: Deck) -> int:
        """How many decks of `kind` are ready."""
        return len(self._ready.get(kind, ()))

    def _ask_pool(self, pool: ProcessPool) -> None:
        for kind, ready in self._ready.items():
            if len(ready) < self._wanted - POOL_BATCH // 2 and kind not in self._asking:
                if not pool.ready:
                    return  # still spawning: its decks come once it has warmed up
                task = asyncio.get_running_loop().create_task(self._fetch(pool, kind))
                self._asking[kind] = task
                task.add_done_callback(functools.partial(self._answered, kind))
                return

    def _answered(self, kind: Deck, _: object) -> None:
        self._asking.pop(kind, None)

    async def _fetch(self, pool: ProcessPool, kind: Deck) -> None:
        """One batch from the pool into the ready decks. A failure is logged without the
        problem's text (nothing of a deck may reach a log) and pauses the pool's decks."""
        try:
            made = await pool.run(make_decks, kind, POOL_BATCH)
            self._ready.setdefault(kind, deque()).extend(
                ReadyDeck(list(cards), seed, True, commitment) for seed, cards, commitment in made
            )
        except Exception as problem:  # supervised: the loop makes decks meanwhile
            self._paused_until = time.monotonic() + POOL_PAUSE
            log.warning(
                "the deck process failed (%s); decks are made on the loop for %.0f s",
                type(problem).__name__,
                POOL_PAUSE,
            )
