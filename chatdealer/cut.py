"""The players' cut: the order a committed deck is dealt in follows from seeds the players add.

The dealer commits to its deck (`chatdealer.fairness`) before any seed for the hand can be
added. At the deal, the seeds, the table and the hand number decide the order in which the
committed positions are dealt: dealt card `j` is the card at committed position `cut[j]`. Since
the deck was fixed before the seeds were known, a dealer who does not know every seed in
advance cannot choose the order; since the seeds, the table and the hand are public, anyone can
recompute the cut afterwards. docs/fairness.md spells the computation out for re-implementers:

    material = "\\n".join([CUT_SCHEME, table, str(hand), str(deck size), *sorted(set(digests))])
    cut      = fisher_yates(material, deck size)

`fisher_yates` shuffles 0..n-1 driven by SHAKE-256 of the material: for `top` from n-1 down to
1 it reads the next 4-byte big-endian word `w` of the output, rejects it when
`w >= 2**32 - 2**32 % (top + 1)` (so every index is exactly equally likely), and otherwise
swaps the entries at `top` and `w % (top + 1)`. A seed enters as the hex SHA-256 of
`"chatdealer seed\\n" + text` (UTF-8, the text stripped of surrounding spaces), so nobody's
words are ever shown, and a player can still find their own seed in a hand's proof.
"""

from __future__ import annotations

import functools
import hashlib
import struct
from collections.abc import Iterable, Sequence

from chatdealer.cards import Card

CUT_SCHEME = "chatdealer-cut-1"
"""Names the computation above; a proof without it was dealt in the committed order."""
SEED_TEXT_LIMIT = 100
"""The longest seed a player may add, in characters: any text is as good as another."""
_SEED_PREFIX = b"chatdealer seed\n"
_DECK_SCHEME = "chatdealer-deck-1"
_WORD = 4
_SPARE = 64
"""Bytes read beyond one word a swap: room for rejections, each rarer than 1 in 10**7."""
_SPAN = 1 << 32


def seed_digest(text: str) -> str:
    """How a player's seed enters the cut (and is listed in the proof): its hex SHA-256."""
    return hashlib.sha256(_SEED_PREFIX + text.strip().encode()).hexdigest()


def cut_material(table: str, hand: int, size: int, seeds: Iterable[str]) -> bytes:
    """The bytes the cut is drawn from: the scheme, the table, the hand, the deck size and the
    distinct seed digests in sorted order (the order seeds were added in cannot be chosen to
    steer, and two players who typed the same words add one seed)."""
    return "\n".join([CUT_SCHEME, table, str(hand), str(size), *sorted(set(seeds))]).encode()


def cut_of(table: str, hand: int, size: int, seeds: Iterable[str]) -> tuple[int, ...]:
    """The committed position of each dealt position of a hand."""
    return _cut(cut_material(table, hand, size, seeds), size)


@functools.lru_cache(maxsize=2_048)
def _cut(material: bytes, size: int) -> tuple[int, ...]:
    """A hand's cut is asked for at its deal and again at its end, most often on one worker:
    made once and found again."""
    return tuple(fisher_yates(material, size))


def fisher_yates(material: bytes, size: int) -> list[int]:
    """0..size-1 shuffled by SHAKE-256 of `material`, each swap index without bias."""
    order = list(range(size))
    length = max(_WORD, _WORD * size + _SPARE)
    words = iter(_words(material, length))
    for top, span, limit in _steps(size):
        word = next(words, _SPAN)
        while word >= limit:  # rejected, or the words ran out: read on
            if word == _SPAN:
                length *= 2  # an XOF: the longer output starts the same
                read = _words(material, length)
                words = iter(read[len(read) // 2 :])
            word = next(words, _SPAN)
        pick = word % span
        order[top], order[pick] = order[pick], order[top]
    return order


@functools.cache
def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """Each swap's (top, span, limit), made once per deck size rather than at every cut."""
    return tuple((top, top + 1, _SPAN - _SPAN % (top + 1)) for top in range(size - 1, 0, -1))


def _words(material: bytes, length: int) -> tuple[int, ...]:
    return _layout(length // _WORD).unpack(hashlib.shake_256(material).digest(length))


@functools.cache
def _layout(count: int) -> struct.Struct:
    return struct.Struct(f">{count}I")


def dealt_order(committed: Sequence[Card], cut: Sequence[int]) -> list[Card]:
    """The deck in the order it is dealt: dealt card j is committed card cut[j]."""
    return [committed[position] for position in cut]


def committed_order(dealt: Sequence[Card], cut: Sequence[int]) -> list[Card]:
    """The committed deck back from the dealt one (the cut undone)."""
    committed = list(dealt)
    for position, card in zip(cut, dealt, strict=True):
        committed[position] = card
    return committed


def deck_from_seed(seed: bytes, cards: Sequence[Card]) -> list[Card]:
    """The dealer's own shuffle of `cards`, drawn from its secret seed (32 bytes from the OS's
    cryptographic source): a deck committed ahead is then kept as its seed alone."""
    material = _DECK_SCHEME.encode() + b"\n" + seed
    return [cards[index] for index in fisher_yates(material, len(cards))]
