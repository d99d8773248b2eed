"""Provably fair dealing for the service: a commitment at the deal, openings at the end.

The salts of a hand are consecutive 16-byte pieces of one SHAKE-256 output keyed by a per-hand
secret seed, so the stored state carries one 32-byte seed instead of a salt per card. The output
of an extendable-output function is pseudo-random: an opened salt tells nothing about any other
position's salt, so an unopened card stays hidden. The seed lives only in the table's record in
Redis, which players never read.
"""

from __future__ import annotations

import functools
import hashlib
import os
import struct
from collections.abc import Sequence
from operator import attrgetter

import msgspec

from chatdealer.cards import Card
from chatdealer.dealer.record import DeckSecret
from chatdealer.engine.hand import Hand
from chatdealer.fairness import (
    SALT_BYTES,
    DeckCommitment,
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
    """A fresh seed for a hand's salts, from the OS's cryptographic source (hex)."""
    return os.urandom(SEED_BYTES).hex()


def committed_seed(deck: Sequence[Card]) -> str:
    """A fresh seed whose commitment to `deck` is made now (and kept), ahead of the deal."""
    seed = new_seed()
    _commitment(seed, tuple(deck))
    return seed


def new_secret(hand_number: int, deck: Sequence[Card], seed: str | None = None) -> DeckSecret:
    """The hand's secret: its seed (a fresh one unless given), with the root the channel is
    shown when it is dealt."""
    if seed is None:
        seed = new_seed()
    root = _commitment(seed, tuple(deck)).root
    return DeckSecret(hand=hand_number, seed=seed, root=root)


def commitment_of(secret: DeckSecret, deck: Sequence[Card]) -> DeckCommitment:
    commitment = _commitment(secret.seed, tuple(deck))
    if commitment.root != secret.root:
        raise ValueError("the hand's deck no longer matches the commitment made when it was dealt")
    return commitment


@functools.lru_cache(maxsize=2_048)
def _commitment(seed: str, deck: tuple[Card, ...]) -> DeckCommitment:
    """The same hand is committed at its deal and opened at its end, most often by the same
    worker: the 52 hashes are made once and found again (a pure function of seed and deck).
    Sized like the dealer's memory of tables: one open hand each, ~7 KB a hand."""
    return commit(deck, salts_from(bytes.fromhex(seed), len(deck)))


class HandProofs(msgspec.Struct, frozen=True):
    """A finished hand's proofs: the public one and each player's, by position."""

    public: Proof
    private: tuple[Proof, ...]


def hand_proofs(commitment: DeckCommitment, hand: Hand) -> HandProofs:
    """The public proof opens the board and the hands shown, what everyone at the table has
    seen; a player's adds their own two hole cards. The public openings are made once and
    shared: a player whose hand was shown saw nothing more, so their proof is the public one."""
    shown = [seat for seat, was_shown in enumerate(hand.shown) if was_shown]
    opened = commitment.open(hand.deck, shown_positions(hand.seat_count, len(hand.board), shown))
    public = Proof(commitment.root, commitment.positions, tuple(opened))
    private = tuple(
        public if was_shown else _with_hole_cards(commitment, hand, public, position)
        for position, was_shown in enumerate(hand.shown)
    )
    return HandProofs(public, private)


def _with_hole_cards(commitment: DeckCommitment, hand: Hand, public: Proof, position: int) -> Proof:
    """The public openings and one player's hole cards, in deck order as `open` gives them."""
    own = commitment.open(hand.deck, hole_positions(hand.seat_count, position))
    openings = sorted([*public.openings, *own], key=attrgetter("position"))
    return Proof(public.root, public.positions, tuple(openings))
