"""Provably fair dealing for the service: decks committed ahead, cut at the deal, opened after.

A table always holds its next hand's deck committed (`TableRecord.next_deck`, its root shown)
before any seed for that hand can be added; the deal cuts it by the seeds (`chatdealer.cut`).
A deck's salts, and its order unless an injected shuffle gave it, are drawn from one 32-byte
secret seed by SHAKE-256, so the stored state carries the seed instead of a salt per card. The
output of an extendable-output function is pseudo-random: an opened salt tells nothing about
any other position's salt, so an unopened card stays hidden. The seed lives only in the table's
record in Redis, which players never read.
"""

from __future__ import annotations

import functools
import hashlib
import os
import struct
from collections.abc import Sequence
from operator import attrgetter

import msgspec

from chatdealer.cards import CARD_NAMES, Card, Deck, parse_cards
from chatdealer.cut import CUT_SCHEME, committed_order, cut_of, dealt_order, deck_from_seed
from chatdealer.dealer.record import DeckSecret
from chatdealer.engine.hand import Hand
from chatdealer.engine.rabbit import rabbit_positions
from chatdealer.engine.run_twice import second_run_positions
from chatdealer.fairness import (
    SALT_BYTES,
    DeckCommitment,
    Opening,
    Proof,
    commit,
    hole_positions,
    shown_positions,
)

SEED_BYTES = 32


def salts_from(seed: bytes, count: int) -> tuple[bytes, ...]:
    stream = hashlib.shake_256(b"chatdealer deck salts|" + seed).digest(SALT_BYTES * count)
    return _salt_layout(count).unpack(stream)


@functools.cache
def _salt_layout(count: int) -> struct.Struct:
    """Cuts the stream into `count` salts in one call: slicing it a salt at a time cost the
    deal more than the SHAKE-256 that made it."""
    return struct.Struct(f"{SALT_BYTES}s" * count)


def new_seed() -> str:
    """A fresh seed for a deck, from the OS's cryptographic source (hex)."""
    return os.urandom(SEED_BYTES).hex()


def seeded_deck(seed: str, kind: Deck) -> list[Card]:
    """The deck a seed draws (`cut.deck_from_seed`), its commitment made now and kept."""
    cards = _drawn(seed, kind)
    _commitment(seed, cards)
    return list(cards)


@functools.lru_cache(maxsize=4_096)
def _drawn(seed: str, kind: Deck) -> tuple[Card, ...]:
    """A deck readied ahead is drawn again at its deal, most often by the same worker."""
    made = _adopting.get(seed)
    if made is not None:
        return made[0]
    return tuple(deck_from_seed(bytes.fromhex(seed), _CARDS[kind]))


def made_deck(seed: str, kind: Deck) -> tuple[tuple[Card, ...], DeckCommitment]:
    """The deck a seed draws and its commitment, worked out afresh: what another process
    readies for the worker (`decks.make_decks`), which takes them in with `adopt`."""
    cards = tuple(deck_from_seed(bytes.fromhex(seed), _CARDS[kind]))
    return cards, commit(cards, salts_from(bytes.fromhex(seed), len(cards)))


def adopt(seed: str, kind: Deck, cards: tuple[Card, ...], commitment: DeckCommitment) -> None:
    """Takes in a deck another process drew and committed to, as if this one had: its deal and
    its proofs then find the order and the 52 hashes made."""
    _adopting[seed] = (cards, commitment)
    try:
        _drawn(seed, kind)
        _commitment(seed, cards)
    finally:
        del _adopting[seed]


_adopting: dict[str, tuple[tuple[Card, ...], DeckCommitment]] = {}
"""The deck `adopt` is taking in, found by the caches' own work on their miss."""


_CARDS = {kind: tuple(kind.cards()) for kind in Deck}
_SIZES = {kind: len(cards) for kind, cards in _CARDS.items()}


def committed_seed(deck: Sequence[Card]) -> str:
    """A fresh seed whose commitment to `deck` (an injected order) is made now and kept."""
    seed = new_seed()
    _commitment(seed, tuple(deck))
    return seed


def new_secret(
    hand_number: int, deck: Sequence[Card], seed: str, kind: Deck, *, drawn: bool
) -> DeckSecret:
    """A committed deck for hand `hand_number`: `deck` under `seed`'s salts, with the root the
    channel is shown. `drawn`: the order is the seed's own (`seeded_deck`), so it is not kept."""
    root = _commitment(seed, tuple(deck)).root
    order = "" if drawn else "".join([CARD_NAMES[card] for card in deck])
    return DeckSecret(hand=hand_number, seed=seed, root=root, kind=kind, order=order)


def committed_cards(secret: DeckSecret) -> list[Card]:
    """A committed deck's order, before the cut."""
    if secret.order:
        return parse_cards(secret.order)
    return list(_drawn(secret.seed, secret.kind))


def cut_for(secret: DeckSecret, table: str) -> tuple[int, ...]:
    """Where each dealt card of the secret's hand comes from in its committed deck, cut by
    the seeds."""
    seeds = [seed.digest for seed in secret.seeds]
    return cut_of(table, secret.hand, _SIZES[secret.kind], seeds)


def cut_deck(secret: DeckSecret, table: str, hand_number: int) -> tuple[list[Card], DeckSecret]:
    """The deck dealt for hand `hand_number` from a committed deck, cut by its seeds, and the
    secret the hand keeps until it ends."""
    dealt = msgspec.structs.replace(secret, hand=hand_number, cut=True)
    return dealt_order(committed_cards(secret), cut_for(dealt, table)), dealt


def commitment_of(
    secret: DeckSecret, deck: Sequence[Card], table: str
) -> tuple[DeckCommitment, tuple[int, ...]]:
    """The commitment of a hand dealt as `deck`, and its cut; refuses a deck that is not the
    one committed to."""
    if secret.cut:
        cut = cut_for(secret, table)
        committed: Sequence[Card] = committed_order(deck, cut)
    else:  # dealt in the committed order
        cut, committed = tuple(range(len(deck))), deck
    commitment = _commitment(secret.seed, tuple(committed))
    if commitment.root != secret.root:
        raise ValueError("the hand's deck no longer matches the commitment made before it")
    return commitment, cut


@functools.lru_cache(maxsize=4_096)
def _commitment(seed: str, deck: tuple[Card, ...]) -> DeckCommitment:
    """The same deck is committed ahead, dealt and opened at its end, most often by the same
    worker: the 52 hashes are made once and found again (a pure function of seed and deck).
    Sized like the dealer's memory of tables, two decks each (the hand's and the next
    hand's), ~7 KB a deck."""
    made = _adopting.get(seed)
    if made is not None and made[0] == deck:
        return made[1]
    return commit(deck, salts_from(bytes.fromhex(seed), len(deck)))


class HandProofs(msgspec.Struct, frozen=True):
    """A finished hand's proofs: the public one and each player's, by position."""

    public: Proof
    private: tuple[Proof, ...]


def hand_proofs(
    secret: DeckSecret,
    hand: Hand,
    table: str,
    *,
    open_deck: bool = False,
    rabbit: bool = False,
    shown_after: Sequence[int] = (),
) -> HandProofs:
    """The public proof opens the board and the hands shown, what everyone at the table has
    seen, or every position when the table opens the whole deck; a player's adds their own
    hole cards. The public openings are made once and shared: a player whose hand was shown saw
    nothing more, so their proof is the public one. `shown_after`: the positions of single
    cards shown once the hand was over (`show_after`)."""
    commitment, cut = commitment_of(secret, hand.deck, table)
    # The board never dealt, opened for the rabbit hunt, and the second run's cards.
    extra = rabbit_positions(hand) if rabbit else []
    extra += second_run_positions(hand)
    extra += shown_after
    return _proofs(
        secret,
        commitment,
        cut,
        hand.deck,
        hand.shown,
        len(hand.board),
        table,
        open_deck,
        extra,
        hole_cards=hand.config.variant.hole_cards,
    )


def proofs_again(
    secret: DeckSecret, shown: Sequence[bool], board_size: int, table: str, hole_cards: int = 2
) -> HandProofs:
    """A finished hand's proofs made again from its deck's secret, which hands were shown and how
    many board cards were dealt: what a stored history keeps instead of the proofs themselves
    (the same proofs `hand_proofs` made at the hand's end)."""
    committed = committed_cards(secret)
    cut = cut_for(secret, table) if secret.cut else tuple(range(len(committed)))
    deck = dealt_order(committed, cut)
    commitment = _commitment(secret.seed, tuple(committed))
    if commitment.root != secret.root:
        raise ValueError("the stored deck no longer matches its commitment")
    return _proofs(
        secret,
        commitment,
        cut,
        deck,
        shown,
        board_size,
        table,
        secret.open_deck,
        hole_cards=hole_cards,
    )


def _proofs(
    secret: DeckSecret,
    commitment: DeckCommitment,
    cut: Sequence[int],
    deck: Sequence[Card],
    shown: Sequence[bool],
    board_size: int,
    table: str,
    open_deck: bool,
    extra: Sequence[int] = (),
    *,
    hole_cards: int = 2,
) -> HandProofs:
    """`extra`: positions the public proof opens besides the board and the hands shown."""
    seats = len(shown)
    if open_deck:
        opened = commitment.open_dealt(deck, range(len(deck)), cut)
    else:
        shown_seats = [seat for seat, was_shown in enumerate(shown) if was_shown]
        positions = shown_positions(seats, board_size, shown_seats, hole_cards)
        opened = commitment.open_dealt(deck, [*positions, *extra], cut)
    public = Proof(
        commitment.root,
        commitment.positions,
        tuple(opened),
        scheme=CUT_SCHEME if secret.cut else "",
        table=table,
        hand=secret.hand,
        players=seats,
        seeds=tuple(sorted({seed.digest for seed in secret.seeds})),
        hole_cards=hole_cards,
    )
    private = tuple(
        public
        if was_shown or open_deck
        else _with_hole_cards(commitment, deck, cut, public, position)
        for position, was_shown in enumerate(shown)
    )
    return HandProofs(public, private)


def _with_hole_cards(
    commitment: DeckCommitment,
    deck: Sequence[Card],
    cut: Sequence[int],
    public: Proof,
    position: int,
) -> Proof:
    """The public openings and one player's hole cards, in committed order as `open` gives."""
    holes = hole_positions(public.players, position, public.hole_cards)
    own = commitment.open_dealt(deck, holes, cut)
    opened = {opening.position for opening in public.openings}
    own = [opening for opening in own if opening.position not in opened]  # shown after the hand
    openings: list[Opening] = sorted([*public.openings, *own], key=attrgetter("position"))
    return msgspec.structs.replace(public, openings=tuple(openings))
