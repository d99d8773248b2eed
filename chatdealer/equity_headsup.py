"""Heads-up hold'em before the flop, exact, from a table shipped with the package (issue 19).

Two hands all in before the flop is the all-in a home game sees most, and its 1,712,304 boards
take most of a second to deal even in arrays, so sampling was all a step could afford. But two
hands' chances depend only on the four cards up to a renaming of the suits and which hand is
named first: 47,008 matchups (`canonical`). `build` deals every one of the 2,598,960 boards once,
values all 1,326 hands on each (`equity_vector.hand_values`), and counts, for every matchup,
the boards each hand wins; the table is those counts. Answering is a look-up in microseconds.

    python -m chatdealer.equity_headsup   # writes chatdealer/data/headsup_preflop.bin

Only the 52-card deck is tabled: short deck's heads-up boards (201,376) are dealt as before.
"""

from __future__ import annotations

import math
import sys
import time
import zlib
from collections.abc import Sequence
from functools import cache
from itertools import combinations, islice, permutations
from multiprocessing import get_context
from pathlib import Path

import numpy as np
import numpy.typing as npt

from chatdealer.cards import Card
from chatdealer.equity_vector import CHUNK, boards_to_come, hand_values
from chatdealer.evaluator import HOLDEM, Ranking

BOARDS = math.comb(48, 5)
"""Boards every heads-up matchup is dealt: five of the 48 cards left."""
PATH = Path(__file__).parent / "data" / "headsup_preflop.bin"
MAGIC = b"chatdealer heads-up pre-flop v1\n"
_SUIT_RENAMINGS = tuple(permutations(range(4)))
_HOLES = tuple(combinations(range(52), 2))

U32 = npt.NDArray[np.uint32]


def covers(holes: Sequence[Sequence[Card]], board: Sequence[Card], ranking: Ranking) -> bool:
    """Whether the table answers: two hold'em hands of two cards, before the flop."""
    return (
        len(holes) == 2
        and all(len(hole) == 2 for hole in holes)
        and not board
        and (ranking is HOLDEM)
    )


def canonical(first: Sequence[Card], second: Sequence[Card]) -> tuple[int, bool]:
    """The matchup's key, the same for every renaming of the suits and either order of the
    hands, and whether `second` is the key's first hand."""
    best = 1 << 32
    swapped = False
    for renaming in _SUIT_RENAMINGS:
        a, b = sorted((card & ~3) | renaming[card & 3] for card in first)
        c, d = sorted((card & ~3) | renaming[card & 3] for card in second)
        one, two = (b << 18) | (a << 12), (d << 18) | (c << 12)
        if one | (d << 6) | c < best:
            best, swapped = one | (d << 6) | c, False
        if two | (b << 6) | a < best:
            best, swapped = two | (b << 6) | a, True
    return best, swapped


def _cards(key: int) -> tuple[Card, Card, Card, Card]:
    return (key >> 18) & 63, (key >> 12) & 63, (key >> 6) & 63, key & 63


@cache
def _table() -> tuple[U32, U32, U32]:
    """Keys (sorted), then each matchup's boards won by its first hand, then by its second."""
    data = PATH.read_bytes()
    if not data.startswith(MAGIC):
        raise ValueError(f"{PATH} is not a heads-up table")
    counts = np.frombuffer(zlib.decompress(data[len(MAGIC) :]), dtype="<u4")
    keys, first, second = counts.reshape(3, -1)
    return keys, first, second


def load() -> None:
    """Reads the table now (a few milliseconds), not at the first question."""
    _table()


def wins(first: Sequence[Card], second: Sequence[Card]) -> tuple[int, int]:
    """The boards, of `BOARDS`, on which `first` wins alone and on which `second` does."""
    key, swapped = canonical(first, second)
    keys, won_first, won_second = _table()
    at = int(np.searchsorted(keys, key))
    if at == len(keys) or keys[at] != key:
        raise ValueError(f"no heads-up matchup {_cards(key)} in the table")
    one, two = int(won_first[at]), int(won_second[at])
    return (two, one) if swapped else (one, two)


def matchups() -> list[int]:
    """Every canonical matchup's key, in order."""
    found = set()
    for one, two in combinations(_HOLES, 2):
        if not set(one) & set(two):
            found.add(canonical(one, two)[0])
    return sorted(found)


def _count(job: tuple[int, int, list[int]]) -> tuple[U32, U32]:
    """Boards won by each matchup's first and second hand, over chunks `start` to `stop`."""
    start, stop, keys = job
    index = {hole: number for number, hole in enumerate(_HOLES)}
    firsts = np.array([index[_cards(key)[1], _cards(key)[0]] for key in keys])
    seconds = np.array([index[_cards(key)[3], _cards(key)[2]] for key in keys])
    hole_bits = np.array([(1 << a) | (1 << b) for a, b in _HOLES], dtype=np.uint64)
    won_first = np.zeros(len(keys), dtype=np.uint32)
    won_second = np.zeros(len(keys), dtype=np.uint32)
    for rows in islice(boards_to_come(range(52), 5), start, stop):
        bits = np.zeros(rows.shape[1], dtype=np.uint64)
        for row in rows:
            bits |= np.uint64(1) << row.astype(np.uint64)
        values = hand_values(_HOLES, rows, HOLDEM)
        low, high = values.copy(), values  # a hand on a board it shares a card with: never wins
        for hole, hole_bit in enumerate(hole_bits):
            clash = (bits & hole_bit) != 0
            low[hole, clash] = -1
            high[hole, clash] = np.iinfo(np.int16).max
        for at, (one, two) in enumerate(zip(firsts.tolist(), seconds.tolist(), strict=True)):
            won_first[at] += np.count_nonzero(low[one] > high[two])
            won_second[at] += np.count_nonzero(low[two] > high[one])
    return won_first, won_second


def build(processes: int = 2) -> bytes:
    """The table's file: every matchup's boards won by each hand, counted over every board."""
    keys = matchups()
    chunks = math.ceil(math.comb(52, 5) / CHUNK)
    bounds = [round(chunks * part / processes) for part in range(processes + 1)]
    jobs = [(bounds[p], bounds[p + 1], keys) for p in range(processes)]
    with get_context("spawn").Pool(processes) as pool:
        counted = pool.map(_count, jobs)
    won_first = sum((part[0] for part in counted), np.zeros(len(keys), dtype=np.uint32))
    won_second = sum((part[1] for part in counted), np.zeros(len(keys), dtype=np.uint32))
    table = np.concatenate((np.array(keys, dtype="<u4"), won_first, won_second)).astype("<u4")
    return MAGIC + zlib.compress(table.tobytes(), 9)


if __name__ == "__main__":
    began = time.perf_counter()
    PATH.write_bytes(build(int(sys.argv[1]) if len(sys.argv) > 1 else 2))
    print(f"wrote {PATH} in {time.perf_counter() - began:.0f} s", file=sys.stderr)
