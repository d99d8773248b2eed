"""Card images: milliseconds to draw and encode each kind, and the size of its PNG.

Run by hand: ``.venv/bin/python bench/images.py [--repeats R]``. The first drawing of each kind
is timed apart (card tiles and fonts are cached after it); then the median of R drawings, and
of R encodings with `to_png`, with the image's pixels and PNG bytes side by side.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from PIL import Image

from chatdealer.render import language
from chatdealer.render.images import ShownHand, board_image, hand_image, showdown_image, to_png

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=20)
    repeats = parser.parse_args().repeats
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


if __name__ == "__main__":
    main()
