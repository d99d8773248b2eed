"""Decks shuffled and committed to ahead of their deal, in a worker's spare moments.

A deck's cryptography (a secret seed, the order it draws, a salted hash per card) depends on
nothing at the table, so a worker readies the next decks while its commits travel to Redis
(`Dealer` calls `prepare` then), and a table commits to its next hand's deck by taking one
ready (`commit_next`): the channel sees the commitment sooner, and the deal itself only cuts
the deck by the players' seeds. A ready deck lives only in the worker's memory until a table
takes it; a worker that stops takes its ready decks with it, shown to nobody. An injected
shuffle (tests, replays) is never called ahead: its decks come in the order tables ask for
them, and they are kept whole in the record rather than drawn from the seed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import NamedTuple

from chatdealer.cards import Card, Deck, shuffled
from chatdealer.dealer.proofs import committed_seed, new_secret, new_seed, seeded_deck
from chatdealer.dealer.record import DeckSecret

READY_DECKS = 4
"""Decks kept ready per kind in use: enough for the deals that come close together."""


class ReadyDeck(NamedTuple):
    cards: list[Card]
    seed: str
    """The seed of its salts (hex), its commitment already made."""
    drawn: bool
    """The order is the seed's own (`proofs.seeded_deck`), not an injected shuffle's."""


class DeckSupply:
    """The worker's ready decks, by kind; a kind is readied once a table has taken one."""

    def __init__(self, shuffle: Callable[[Deck], list[Card]], *, ready: int = READY_DECKS) -> None:
        self._shuffle = shuffle
        self._ahead = shuffle is shuffled
        self._wanted = ready
        self._ready: dict[Deck, deque[ReadyDeck]] = {}

    def take(self, kind: Deck) -> ReadyDeck:
        """A deck to commit to now: a ready one when there is one, else one made now."""
        if self._ahead:
            ready = self._ready.setdefault(kind, deque())
            if ready:
                return ready.popleft()
            seed = new_seed()
            return ReadyDeck(seeded_deck(seed, kind), seed, True)
        cards = self._shuffle(kind)
        return ReadyDeck(cards, committed_seed(cards), False)

    def commit_next(self, kind: Deck, hand_number: int) -> DeckSecret:
        """A committed deck for hand `hand_number` of a table, taken from the ready ones."""
        cards, seed, drawn = self.take(kind)
        return new_secret(hand_number, cards, seed, kind, drawn=drawn)

    def prepare(self) -> None:
        """Readies one deck of a kind that is running short, if any: one at a time, so that
        spare moments stay short."""
        for kind, ready in self._ready.items():
            if len(ready) < self._wanted:
                seed = new_seed()
                ready.append(ReadyDeck(seeded_deck(seed, kind), seed, True))
                return

    def ready(self, kind: Deck) -> int:
        """How many decks of `kind` are ready."""
        return len(self._ready.get(kind, ()))
