"""The platform-free part of an adapter's `Poker`: the dealer and the clock, the table messages'
language, the walk over a batch of the dealer's events, and fire-and-forget work (posts,
private messages) kept referenced until done, so a task is not collected mid-flight and
shutdown can wait for it, then for the table messages."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, Generic, TypeVar

from adapters.common.events import Showdown, Showdowns
from adapters.common.publishing import TablePublisher
from chatdealer.dealer import Dealer, Outgoing
from chatdealer.dealer.outgoing import HandProof, TableShown
from chatdealer.render import Language, language
from chatdealer.store import TableId
from chatdealer.web.settings import web_settings

Tables = TypeVar("Tables", bound=TablePublisher[Any])


class Delivery(Generic[Tables]):
    tables: Tables

    def __init__(self, dealer: Dealer, clock: Callable[[], float]) -> None:
        self.dealer = dealer
        self.clock = clock
        self.web = web_settings()
        """The web pages' settings (None when they are off): a hand's Replay links."""
        self._background: set[asyncio.Task[Any]] = set()

    def speak(self, code: str) -> Language:
        """The language texts are written in for this platform (its markup for names)."""
        return language(code)

    def language_of(self, table: TableId) -> str:
        language: str = self.tables.state(table).language
        return language

    def _events(self, out: list[Outgoing]) -> Iterator[tuple[Outgoing, Language, Showdown | None]]:
        """The batch's events for the adapter to sort, each with its table's language and, for
        a table-wide event, the showdown it ends. Left out: the table itself (it goes to the
        table message) and hand proofs (they are in each player's history)."""
        showdowns = Showdowns(self.tables.last_board)
        for event in out:
            lang = self.speak(self.language_of(event.table))
            if isinstance(event.payload, TableShown | HandProof):
                continue
            showdown = showdowns.see(event.table, event.payload) if event.to is None else None
            yield event, lang, showdown

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def idle(self, timeout: float = 10.0) -> None:
        """Waits for pending posts, private messages and table edits (tests, shutdown)."""
        if self._background:
            await asyncio.wait(list(self._background), timeout=timeout)
        await self.tables.idle(timeout)

    async def close(self) -> None:
        await self.idle(5.0)
        await self.tables.close()
