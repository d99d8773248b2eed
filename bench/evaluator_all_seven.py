"""Every one of the 133,784,560 seven-card hold'em hands through rank7, against the published
category frequencies. About a minute; run by hand: `.venv/bin/python bench/evaluator_all_seven.py`.
"""

from __future__ import annotations

import time
from collections import Counter
from itertools import combinations, starmap

from chatdealer.evaluator import Category, category_of, rank7

HOLDEM_SEVEN_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 41_584,
    Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184,
    Category.FLUSH: 4_047_644,
    Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.TWO_PAIR: 31_433_400,
    Category.PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}


def main() -> None:
    """All 133,784,560 seven-card hands through rank7, against the published frequencies."""
    values = Counter(starmap(rank7, combinations(range(52), 7)))
    categories: Counter[Category] = Counter()
    for seven_card_value, hands in values.items():
        categories[category_of(seven_card_value)] += hands
    assert categories == HOLDEM_SEVEN_CARD_COUNTS
    assert values[7_462] == 4_324  # royal flushes
    assert len(values) == 4_824  # distinct values a seven-card hand can take
    print(f"all {sum(values.values()):,} seven-card hands match the published counts")


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"{time.perf_counter() - started:.0f} s")
