"""Card pictures as PNG bytes, cached by what they show and drawn off the event loop.

Many tables show the same picture (every table's pre-flop board with the same blinds, a common
flop and pot), so the bytes are kept by content, not by table, in a cache bounded by bytes.
Drawing and encoding a board takes 1.5-3 ms of CPU, most of it held under the GIL, so a picture
drawn in a thread takes that much from every table of the worker (2.6 ms of its CPU, one at a
time, `bench/images.py`); sent to the process pool it costs the worker 0.24 ms and comes back as
soon. So pictures are drawn in the pool, and in threads only until its processes are up, so
the first deal after start-up does not wait seconds for them.

    pictures = Pictures()
    png = await pictures.board(view.board, pots, "ru")
    ...
    pictures.close()
"""

from __future__ import annotations

import asyncio
import os
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from chatdealer.cards import Card, format_card, parse_card
from chatdealer.process_pool import ProcessPool
from chatdealer.render.images import ShownHand, board_image, hand_image, showdown_image, to_png
from chatdealer.render.language import language

CACHE_BYTES = 32 * 1024 * 1024
"""About 3,000 boards; a worker's boards repeat across tables far more than that."""
BUSY = 0
"""Pictures drawn in threads at once, once the pool is up, before the rest go to it: none, as
a thread's drawing stalls the event loop (a worker of 10,000 tables drew in threads some
150 µs of CPU an action, `bench/service.py --realistic`)."""

WAKE_AT_ONCE = 64
"""Askers of one picture woken a turn of the event loop (`Pictures._wake`)."""

CardLike = str | Card


def _cards(cards: Sequence[CardLike]) -> tuple[str, ...]:
    """Cards as one spelling whatever they came as, so "10s", "Ts" and 34 share an entry."""
    return tuple(format_card(parse_card(card) if isinstance(card, str) else card) for card in cards)


@dataclass(frozen=True)
class BoardPicture:
    cards: tuple[str, ...]
    pots: tuple[int, ...]
    code: str
    four_colour: bool

    def png(self) -> bytes:
        image = board_image(
            self.cards, self.pots, language(self.code), four_colour=self.four_colour
        )
        return to_png(image)


@dataclass(frozen=True)
class HandPicture:
    cards: tuple[str, ...]
    caption: str | None
    four_colour: bool

    def png(self) -> bytes:
        return to_png(hand_image(self.cards, self.caption, four_colour=self.four_colour))


@dataclass(frozen=True)
class ShowdownPicture:
    board: tuple[str, ...]
    shown: tuple[ShownHand, ...]
    pots: tuple[int, ...]
    code: str
    winners: frozenset[str]
    four_colour: bool
    second_board: tuple[str, ...] = ()

    def png(self) -> bytes:
        image = showdown_image(
            self.board,
            self.shown,
            self.pots,
            language(self.code),
            winners=self.winners,
            four_colour=self.four_colour,
            second_board=self.second_board,
        )
        return to_png(image)


Picture = BoardPicture | HandPicture | ShowdownPicture


def warm() -> None:
    """Draws one board in a new process, so its first job does not load the fonts."""
    draw(BoardPicture(("As", "Kd", "7h"), (10,), "en", False))


def draw(picture: Picture) -> bytes:
    """The picture's PNG: a module-level function, so the process pool can run it."""
    return picture.png()


class PngCache:
    """Least recently used PNG bytes, bounded by their total size."""

    def __init__(self, limit: int = CACHE_BYTES) -> None:
        self.limit = limit
        self.size = 0
        self._entries: OrderedDict[Picture, bytes] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, picture: Picture) -> bytes | None:
        png = self._entries.get(picture)
        if png is not None:
            self._entries.move_to_end(picture)
        return png

    def put(self, picture: Picture, png: bytes) -> None:
        if len(png) > self.limit:
            return
        old = self._entries.pop(picture, None)
        if old is not None:
            self.size -= len(old)
        self._entries[picture] = png
        self.size += len(png)
        while self.size > self.limit:
            _, dropped = self._entries.popitem(last=False)
            self.size -= len(dropped)


class Pictures:
    """The worker's card pictures: cached by content, a wait shared by every table asking."""

    def __init__(
        self,
        *,
        cache_bytes: int = CACHE_BYTES,
        busy: int = BUSY,
        processes: int | None = None,
    ) -> None:
        self.cache = PngCache(cache_bytes)
        self.busy = busy
        self.pool = ProcessPool(
            processes if processes is not None else max(1, os.cpu_count() or 1), warm=warm
        )
        self.drawn = 0
        self.drawn_in_processes = 0
        self._waiting: dict[Picture, list[asyncio.Future[bytes]]] = {}
        self._drawings: set[asyncio.Task[None]] = set()
        self._in_threads = 0

    async def board(
        self,
        cards: Sequence[CardLike],
        pots: Sequence[int] = (),
        code: str = "en",
        *,
        four_colour: bool = False,
    ) -> bytes:
        """The board and its pots, as `board_image` draws them, in the language `code`."""
        return await self.png(BoardPicture(_cards(cards), tuple(pots), code, four_colour))

    async def hand(
        self, cards: Sequence[CardLike], caption: str | None = None, *, four_colour: bool = False
    ) -> bytes:
        return await self.png(HandPicture(_cards(cards), caption, four_colour))

    async def showdown(
        self,
        board: Sequence[CardLike],
        shown: Sequence[ShownHand | tuple[str, Sequence[CardLike], str | None]],
        pots: Sequence[int] = (),
        code: str = "en",
        *,
        winners: Sequence[str] | set[str] | frozenset[str] = (),
        four_colour: bool = False,
        second_board: Sequence[CardLike] = (),
    ) -> bytes:
        hands = tuple(ShownHand(name, _cards(cards), said) for name, cards, said in shown)
        picture = ShowdownPicture(
            _cards(board),
            hands,
            tuple(pots),
            code,
            frozenset(winners),
            four_colour,
            _cards(second_board),
        )
        return await self.png(picture)

    async def png(self, picture: Picture) -> bytes:
        """The picture's PNG: from the cache, from a drawing under way, or drawn now. The
        drawing is nobody's own, so an asker who gives up (a timeout, a cancelled message)
        leaves it, and the others waiting, running."""
        cached = self.cache.get(picture)
        if cached is not None:
            return cached
        loop = asyncio.get_running_loop()
        waiters = self._waiting.get(picture)
        if waiters is None:
            waiters = self._waiting[picture] = []
            drawing = loop.create_task(self._drawing(picture, waiters))
            self._drawings.add(drawing)
            drawing.add_done_callback(self._drawings.discard)
        mine: asyncio.Future[bytes] = loop.create_future()
        waiters.append(mine)
        return await mine

    async def _drawing(self, picture: Picture, waiters: list[asyncio.Future[bytes]]) -> None:
        try:
            png = await self._draw(picture)
        except BaseException as problem:
            del self._waiting[picture]
            for waiter in waiters:
                if waiter.done():
                    continue
                if isinstance(problem, asyncio.CancelledError):
                    waiter.cancel()
                else:
                    waiter.set_exception(problem)
            if not isinstance(problem, Exception):
                raise
            return
        del self._waiting[picture]
        self.cache.put(picture, png)
        self._wake(waiters, png, 0)

    def _wake(self, waiters: list[asyncio.Future[bytes]], png: bytes, start: int) -> None:
        """Hands the picture to `WAKE_AT_ONCE` askers a turn of the loop: the same pre-flop
        board at a thousand tables would otherwise wake a thousand publishers in one step,
        and every table's actions would wait behind them."""
        end = start + WAKE_AT_ONCE
        for waiter in waiters[start:end]:
            if not waiter.done():
                waiter.set_result(png)
        if end < len(waiters):
            asyncio.get_running_loop().call_soon(self._wake, waiters, png, end)

    async def _draw(self, picture: Picture) -> bytes:
        loop = asyncio.get_running_loop()
        self.drawn += 1
        if not self.pool.ready or self._in_threads < self.busy:  # threads while it spawns
            self._in_threads += 1
            try:
                return await loop.run_in_executor(None, draw, picture)
            finally:
                self._in_threads -= 1
        self.drawn_in_processes += 1
        return await self.pool.run(draw, picture)

    def close(self) -> None:
        """Stops the process pool, if one was started."""
        self.pool.close()
