"""Card images: milliseconds to draw and encode each kind, and the size of its PNG.

Run by hand: ``.venv/bin/python bench/images.py [--repeats R] [--tables N]``. The first drawing
of each kind is timed apart (card tiles and fonts are cached after it); then the median of R
drawings, and of R encodings with `to_png`, with the image's pixels and PNG bytes side by side.

Then board images a second, each board different (no cache helps): the encoder this project
used before (median-cut palette, `optimize`) beside `to_png`, one after another on one core;
then a deal burst of N tables through `Pictures` (threads, then the process pool), with the
event loop's lag measured by a 1 ms ticker meanwhile, and the same burst where every table
shows the same pre-flop board (drawn once a run; the medians of `SHARED_RUNS` runs). Last,
pictures asked one at a time, as a busy worker's tables ask for them between actions, drawn in a
thread and in the pool: the worker's own CPU for each (all its threads), and the wait.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import statistics
import time
from collections.abc import Callable, Sequence

from PIL import Image

from chatdealer.cards import RANKS, SUITS
from chatdealer.dealer.service import TIMER_CONCURRENCY
from chatdealer.render import language
from chatdealer.render.images import ShownHand, board_image, hand_image, showdown_image, to_png
from chatdealer.render.images.pictures import BoardPicture, Pictures, PngCache
from chatdealer.render.images.pictures import draw as draw_picture

SHOWN = [
    ShownHand("Anna", ["As", "Ks"], "Pair of aces"),
    ShownHand("Boris", ["Qd", "Qc"], "Three of a kind, queens"),
    ShownHand("Clara", ["7h", "7d"], "Three of a kind, sevens"),
]
KINDS: dict[str, Callable[[], Image.Image]] = {
    "board, flop, one pot": lambda: board_image(["Ah", "Td", "7c"], [1_200]),
    "board, river, side pots (ru)": lambda: board_image(
        ["Ah", "Td", "7c", "Qs", "2h"], [12_500, 3_400, 800], language("ru")
    ),
    "hand with caption": lambda: hand_image(["Jc", "Tc"], "Straight, ace high"),
    "showdown, three hands": lambda: showdown_image(
        ["Ah", "Td", "7c", "Qs", "2h"], SHOWN, [4_800], winners={"Boris"}
    ),
}


def _ms(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def old_to_png(image: Image.Image) -> bytes:
    """The encoder before: a palette searched for by median cut, then every filter tried."""
    reduced = image.convert("RGB").quantize(
        colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    buffer = io.BytesIO()
    reduced.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


Board = tuple[list[str], list[int]]
SHARED_RUNS = 7
"""The burst of one shared board lasts some 20 ms, a few ticks of the lag's ticker: it is run
this many times, its cache emptied before each, and the medians are printed."""


def boards(count: int, seed: int) -> list[Board]:
    """Different boards (three to five cards) with different pots."""
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    chooser = random.Random(seed)
    return [(chooser.sample(deck, chooser.choice((3, 4, 5))), [n * 10 + 30]) for n in range(count)]


def per_second(encode: Callable[[Image.Image], bytes], dealt: Sequence[Board]) -> float:
    start = time.perf_counter()
    for cards, pots in dealt:
        encode(board_image(cards, pots))
    return len(dealt) / (time.perf_counter() - start)


async def burst(pictures: Pictures, dealt: Sequence[Board]) -> tuple[float, float, float]:
    """Every table's board asked for at once, as a deal burst asks: the timer deals
    `TIMER_CONCURRENCY` tables at once, so that many tables' messages ask in one turn of the
    loop, and the next ones in the next (images a second, last done s, loop lag p99 ms)."""
    lags: list[float] = []
    done = False

    async def tick() -> None:
        while not done:
            before = time.perf_counter()
            await asyncio.sleep(0.001)
            lags.append((time.perf_counter() - before - 0.001) * 1000)

    ticker = asyncio.create_task(tick())
    start = time.perf_counter()
    asked: list[asyncio.Task[bytes]] = []
    for first in range(0, len(dealt), TIMER_CONCURRENCY):
        asked += [
            asyncio.create_task(pictures.board(cards, pots))
            for cards, pots in dealt[first : first + TIMER_CONCURRENCY]
        ]
        await asyncio.sleep(0)
    await asyncio.gather(*asked)
    took = time.perf_counter() - start
    done = True
    await ticker
    return len(dealt) / took, took, statistics.quantiles(lags, n=100)[98]


async def bursts(tables: int) -> None:
    pictures = Pictures()
    await pictures.board(*boards(1, 0)[0])
    pictures.pool.start()  # as a worker does at start-up
    while not pictures.pool.ready:
        await asyncio.sleep(0.05)
    await asyncio.gather(*(pictures.board(c, p) for c, p in boards(8, 1)))
    rows: list[tuple[str, list[Board]]] = [
        ("burst, every board different", boards(tables, 2)),
        ("burst, one pre-flop board", [([], [30])] * tables),
    ]
    print(
        f"\n{'deal burst of ' + str(tables) + ' tables':<34} {'images/s':>9} {'last s':>7}", end=""
    )
    print(f" {'lag p99 ms':>10} {'drawn':>6} {'in pool':>7}")
    try:
        for name, dealt in rows:
            drawn, pooled = pictures.drawn, pictures.drawn_in_processes
            runs = []
            for _ in range(SHARED_RUNS if len(set(map(repr, dealt))) == 1 else 1):
                pictures.cache = PngCache(pictures.cache.limit)  # drawn again, not found
                runs.append(await burst(pictures, dealt))
            rate, took, lag = (statistics.median(figures) for figures in zip(*runs, strict=True))
            drawn, pooled = pictures.drawn - drawn, pictures.drawn_in_processes - pooled
            print(f"{name:<34} {rate:>9,.0f} {took:>7.2f} {lag:>10.1f} {drawn:>6} {pooled:>7}")
        await lone(pictures)
    finally:
        pictures.close()


async def lone(pictures: Pictures, count: int = 300) -> None:
    """Different boards one at a time, in a thread and in the pool, twice each, alternating."""
    loop = asyncio.get_running_loop()
    ways: dict[str, Callable[[Board], asyncio.Future[bytes]]] = {
        "in a thread": lambda board: loop.run_in_executor(None, draw_picture, _picture(board)),
        "in the process pool": lambda board: asyncio.ensure_future(
            pictures.pool.run(draw_picture, _picture(board))
        ),
    }
    figures: dict[str, list[tuple[float, float, float]]] = {name: [] for name in ways}
    for seed in range(4):
        for name, way in ways.items():
            waits = []
            cpu = time.process_time()
            for board in boards(count, 10 + seed):
                start = time.perf_counter()
                await way(board)
                waits.append(time.perf_counter() - start)
            used = (time.process_time() - cpu) / count
            cuts = statistics.quantiles(waits, n=100)
            figures[name].append((used * 1e6, cuts[49] * 1000, cuts[98] * 1000))
    print(
        f"\n{'lone pictures, one at a time':<34} {'worker CPU us':>13} {'p50 ms':>7} {'p99 ms':>7}"
    )
    for name, runs in figures.items():
        used, middle, slow = (statistics.median(column) for column in zip(*runs, strict=True))
        print(f"{name:<34} {used:>13,.0f} {middle:>7.2f} {slow:>7.2f}")
    thread, pool = (statistics.median(run[0] for run in runs) for runs in figures.values())
    print(f"  the worker's CPU a picture, pool to thread: {pool / thread:.2f}x")


def _picture(board: Board) -> BoardPicture:
    cards, pots = board
    return BoardPicture(tuple(cards), tuple(pots), "en", False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--tables", type=int, default=1_000)
    arguments = parser.parse_args()
    repeats = arguments.repeats
    columns = ("pixels", 9), ("PNG bytes", 10), ("first ms", 9), ("draw ms", 8), ("png ms", 7)
    print(f"{'image':<30} " + " ".join(f"{title:>{width}}" for title, width in columns))
    for name, draw in KINDS.items():
        first = _ms(draw)
        image = draw()
        drawing = statistics.median(_ms(draw) for _ in range(repeats))
        encoding = statistics.median(_ms(lambda: to_png(image)) for _ in range(repeats))  # noqa: B023
        pixels = f"{image.width}x{image.height}"
        size = len(to_png(image))
        print(f"{name:<30} {pixels:>9} {size:>10,} {first:>9.1f} {drawing:>8.1f} {encoding:>7.1f}")
    dealt = boards(200, 3)
    before = statistics.median(per_second(old_to_png, dealt[:40]) for _ in range(3))
    now = statistics.median(per_second(to_png, dealt) for _ in range(3))
    print(
        f"\nboard images/s, one core, all different: before {before:,.0f}  now {now:,.0f}", end=""
    )
    print(f"  ratio {now / before:.1f}x")
    asyncio.run(bursts(arguments.tables))


if __name__ == "__main__":
    main()
