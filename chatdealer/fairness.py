"""Provably fair dealing: a commitment to the whole deck order before the first card.

Each deck position gets its own salted SHA-256 commitment, `H(salt ‖ position ‖ card)`, and the
channel is shown one SHA-256 over all of them in order. When the hand ends, the cards that were
shown (board and shown hands) are opened — position, card and salt — together with the list of
position commitments; each player privately gets the openings of their own hole cards. Anyone can
then check that no shown card was changed after the start, while folded, mucked and burned cards
stay secret: an unopened position reveals only a hash of 16 random bytes and a card.
"""

from __future__ import annotations

import functools
import hashlib
import operator
import os
from collections.abc import Callable, Iterable, Sequence

import msgspec

from chatdealer.cards import CARD_NAMES, Card, format_card, parse_card

SALT_BYTES = 16
_HASH_HEX = 2 * hashlib.sha256().digest_size


class Opening(msgspec.Struct, frozen=True):
    """One deck position opened: what card lay there and the salt that hid it."""

    position: int
    card: str
    salt: str  # hex


class DeckCommitment(msgspec.Struct, frozen=True):
    """What the dealer keeps secret until the hand ends: the salts of every position.

    A dealer commits to every hand it deals and opens a few cards of it at the end, so the
    commitment is kept as made: raw salts, and the position commitments as the one text the
    root hashes. Salts are turned to hex, and the positions cut apart, only for a proof."""

    salts: tuple[bytes, ...]  # one per deck position
    hashes: str  # the hex commitment of each position, in deck order, run together
    root: str  # hex SHA-256 over the position commitments, shown at the start

    @property
    def positions(self) -> tuple[str, ...]:
        """The hex commitment of each position."""
        hashes = self.hashes
        count = -(-len(hashes) // _HASH_HEX)
        if count < 2:  # one item: an itemgetter gives it bare, not in a tuple
            return (hashes,) if hashes else ()
        return _cutter(count)(hashes)

    def open(self, deck: Sequence[Card], positions: Iterable[int]) -> list[Opening]:
        salts, names = self.salts, CARD_NAMES
        return [Opening(p, names[deck[p]], salts[p].hex()) for p in sorted(set(positions))]


@functools.cache
def _cutter(count: int) -> Callable[[str], tuple[str, ...]]:
    """Cuts `count` position commitments apart in one call: a proof's 52 hashes, each its own
    slice of the text, cost more cut one by one than the rest of opening a hand."""
    return operator.itemgetter(
        *[slice(i, i + _HASH_HEX) for i in range(0, count * _HASH_HEX, _HASH_HEX)]
    )


class Proof(msgspec.Struct, frozen=True):
    """Everything a verifier needs: the root shown at the start, every position's commitment,
    and the openings of the shown cards."""

    root: str
    positions: tuple[str, ...]
    openings: tuple[Opening, ...]


def _position_commitment(salt: bytes, position: int, card: str) -> str:
    return hashlib.sha256(salt + f"|{position}|{card}".encode()).hexdigest()


_SUFFIXES = tuple(
    tuple(f"|{position}|{card}".encode() for card in CARD_NAMES) for position in range(52)
)
"""What follows the salt for each (position, card): a dealer commits to 52 positions at every
deal, so the text is made once here rather than formatted per hash."""


def _root(hashes: str) -> str:
    """The root over the position commitments, given as their hex run together."""
    return hashlib.sha256(hashes.encode()).hexdigest()


def commit(deck: Sequence[Card], salts: Sequence[bytes] | None = None) -> DeckCommitment:
    """Commit to a deck order; salts come from the OS's cryptographic source unless given."""
    chosen = tuple(salts) if salts is not None else tuple(os.urandom(SALT_BYTES) for _ in deck)
    if len(chosen) != len(deck):
        raise ValueError("one salt per deck position")
    sha256 = hashlib.sha256
    digests = [
        sha256(salt + suffixes[card]).digest()
        for salt, suffixes, card in zip(chosen, _SUFFIXES[: len(deck)], deck, strict=True)
    ]
    hashes = b"".join(digests).hex()
    return DeckCommitment(chosen, hashes, _root(hashes))


class VerificationError(ValueError):
    """A proof that does not hold; the message says which part."""


def verify(proof: Proof) -> list[tuple[int, Card]]:
    """Check a proof; returns the opened (position, card) pairs, or raises VerificationError."""
    if _root("".join(proof.positions)) != proof.root:
        raise VerificationError("the position commitments do not hash to the commitment shown")
    opened: list[tuple[int, Card]] = []
    for opening in proof.openings:
        if not 0 <= opening.position < len(proof.positions):
            raise VerificationError(f"position {opening.position} is not in the deck")
        try:
            salt = bytes.fromhex(opening.salt)
            card = parse_card(opening.card)
        except ValueError as problem:
            raise VerificationError(f"position {opening.position}: {problem}") from problem
        expected = proof.positions[opening.position]
        if _position_commitment(salt, opening.position, format_card(card)) != expected:
            raise VerificationError(
                f"position {opening.position} does not open to {opening.card}: "
                "the card was changed after the commitment"
            )
        opened.append((opening.position, card))
    return opened


def hole_positions(seat_count: int, seat: int) -> tuple[int, int]:
    """The deck positions of a seat's hole cards: dealt one at a time from seat 0."""
    return seat, seat_count + seat


def board_positions(seat_count: int, board_size: int) -> list[int]:
    """The deck positions of the first `board_size` board cards, skipping the burns."""
    start = 2 * seat_count
    return [start + 1, start + 2, start + 3, start + 5, start + 7][:board_size]


def shown_positions(seat_count: int, board_size: int, shown_seats: Iterable[int]) -> list[int]:
    """Every position a public proof opens: the board dealt and the hands shown."""
    positions = board_positions(seat_count, board_size)
    for seat in shown_seats:
        positions += hole_positions(seat_count, seat)
    positions.sort()
    return positions
