"""Decks shuffled and committed to ahead of their deal, in a worker's spare moments.

A deal's cryptography (a shuffle from the OS's source, a seed, a salted hash per card) is a third
of its work and depends on nothing at the table. So a worker readies the next decks while its
commits travel to Redis (`Dealer` calls `prepare` then), and a deal takes one ready: the channel
sees the new hand sooner. A ready deck lives only in the worker's memory until it is dealt; a
worker that stops takes its ready decks with it, dealt to nobody. An injected shuffle (tests,
replays) is never called ahead: its decks come in the order the deals ask for them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import NamedTuple

from chatdealer.cards import Card, Deck, shuffled
from chatdealer.dealer.proofs import committed_seed, new_seed

READY_DECKS = 4
"""Decks kept ready per kind in use: enough for the deals that come close together."""


class ReadyDeck(NamedTuple):
    cards: list[Card]
    seed: str
    """The seed of its salts (hex), its commitment already made (`proofs.committed_seed`)."""


class DeckSupply:
    """The worker's ready decks, by kind; a kind is readied once a table has dealt from it."""

    def __init__(self, shuffle: Callable[[Deck], list[Card]], *, ready: int = READY_DECKS) -> None:
        self._shuffle = shuffle
        self._ahead = shuffle is shuffled
        self._wanted = ready
        self._ready: dict[Deck, deque[ReadyDeck]] = {}

    def take(self, kind: Deck) -> ReadyDeck:
        """A deck for a deal now: a ready one when there is one, else one shuffled now."""
        if self._ahead:
            ready = self._ready.setdefault(kind, deque())
            if ready:
                return ready.popleft()
        cards = self._shuffle(kind)
        return ReadyDeck(cards, new_seed())

    def prepare(self) -> None:
        """Readies one deck of a kind that is running short, if any: one at a time, so that
        spare moments stay short."""
        for kind, ready in self._ready.items():
            if len(ready) < self._wanted:
                cards = self._shuffle(kind)
                ready.append(ReadyDeck(cards, committed_seed(cards)))
                return

    def ready(self, kind: Deck) -> int:
        """How many decks of `kind` are ready."""
        return len(self._ready.get(kind, ()))
