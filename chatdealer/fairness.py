"""Provably fair dealing: a commitment to the whole deck order before the first card.

Each deck position gets its own salted SHA-256 commitment, `H(salt ‖ position ‖ card)`, and the
channel is shown one SHA-256 over all of them in order (the root). The deck is committed to
before the players add their seeds; at the deal the seeds cut it (`chatdealer.cut`): dealt card
`j` is the committed card at position `cut[j]`. When the hand ends, the cards that were shown
(board and shown hands) are opened — committed position, card and salt — together with the list
of position commitments and what the cut was made of; each player privately gets the openings
of their own hole cards too. Anyone can then check that no shown card was changed after the
start and that the cut followed from the seeds, while folded, mucked and burned cards stay
secret: an unopened position reveals only a hash of 16 random bytes and a card. A table may
open the whole deck after every hand instead.

`verify` checks a proof strictly: a real deck's size, the root, every opening's salt size,
card and hash, no card twice, and that the openings lie where the dealer deals what it shows.
"""

from __future__ import annotations

import functools
import hashlib
import operator
import os
from collections.abc import Callable, Iterable, Sequence

import msgspec

from chatdealer.cards import CARD_NAMES, Card, CardError, Deck, format_card, parse_card
from chatdealer.cut import CUT_SCHEME, cut_of

SALT_BYTES = 16
_HASH_HEX = 2 * hashlib.sha256().digest_size
DECK_SIZES = {len(kind.cards()): kind for kind in Deck}
"""The decks a proof may commit to, by size: 52 cards, or 36 for the short deck."""
MIN_PLAYERS, MAX_PLAYERS = 2, 10
HOLE_CARD_COUNTS = (2, 4, 5)
"""What the dealer deals each player: hold'em's two, Omaha's four or five."""


class Opening(msgspec.Struct, frozen=True):
    """One committed position opened: what card lay there and the salt that hid it."""

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
        """Openings of committed positions of the committed `deck`."""
        salts, names = self.salts, CARD_NAMES
        return [Opening(p, names[deck[p]], salts[p].hex()) for p in sorted(set(positions))]

    def open_dealt(
        self, dealt: Sequence[Card], positions: Iterable[int], cut: Sequence[int]
    ) -> list[Opening]:
        """Openings of the committed positions the dealt `positions` were cut from, in
        committed order; `dealt` is the deck as dealt."""
        salts, names = self.salts, CARD_NAMES
        chosen = sorted((cut[p], dealt[p]) for p in set(positions))
        return [Opening(at, names[card], salts[at].hex()) for at, card in chosen]


@functools.cache
def _cutter(count: int) -> Callable[[str], tuple[str, ...]]:
    """Cuts `count` position commitments apart in one call: a proof's 52 hashes, each its own
    slice of the text, cost more cut one by one than the rest of opening a hand."""
    return operator.itemgetter(
        *[slice(i, i + _HASH_HEX) for i in range(0, count * _HASH_HEX, _HASH_HEX)]
    )


class Proof(msgspec.Struct, frozen=True):
    """Everything a verifier needs: the root shown at the start, every position's commitment,
    the openings, and what the cut was made of (`scheme` names it; a proof without one was
    dealt in the committed order)."""

    root: str
    positions: tuple[str, ...]
    openings: tuple[Opening, ...]
    scheme: str = ""
    table: str = ""
    hand: int = 0
    players: int = 0
    """How many were dealt in: where the dealer deals the board and each hand depends on it."""
    seeds: tuple[str, ...] = ()
    """The players' seeds mixed into the cut, as hex SHA-256 digests, sorted."""
    hole_cards: int = 2
    """How many hole cards each player was dealt (Omaha's four or five move the board on)."""


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


# -- where the dealer deals each card -------------------------------------------------------


def hole_positions(seat_count: int, seat: int, hole_cards: int = 2) -> tuple[int, ...]:
    """The dealt positions of a seat's hole cards: dealt one at a time from seat 0, round the
    table as many times as the game deals each player (two, or four or five for Omaha)."""
    return tuple(range(seat, hole_cards * seat_count, seat_count))


def board_positions(seat_count: int, board_size: int, hole_cards: int = 2) -> list[int]:
    """The dealt positions of the first `board_size` board cards, skipping the burns."""
    start = hole_cards * seat_count
    return [start + 1, start + 2, start + 3, start + 5, start + 7][:board_size]


def burn_positions(seat_count: int, hole_cards: int = 2) -> list[int]:
    """The dealt positions of the three burned cards: before the flop, the turn and the river."""
    start = hole_cards * seat_count
    return [start, start + 4, start + 6]


def shown_positions(
    seat_count: int, board_size: int, shown_seats: Iterable[int], hole_cards: int = 2
) -> list[int]:
    """Every dealt position a public proof opens: the board dealt and the hands shown."""
    positions = board_positions(seat_count, board_size, hole_cards)
    for seat in shown_seats:
        positions += hole_positions(seat_count, seat, hole_cards)
    positions.sort()
    return positions


# -- checking a proof ----------------------------------------------------------------------


PROBLEMS = {
    "root_not_hash": "the commitment is not a SHA-256 (64 lower-case hex characters)",
    "position_not_hash": "the commitment of position {position} is not a SHA-256",
    "root_differs": "the position commitments do not hash to the commitment shown at the deal",
    "deck_size": "it commits to {size} positions, and the dealer's decks hold 52 or 36 cards",
    "deck_differs": "the hand was played with {played} cards, but the commitment holds {size}",
    "players": "{players} players cannot be dealt a hand from {size} cards",
    "hole_cards": "it deals {count} hole cards a player, and the dealer deals 2, 4 or 5",
    "position_range": "it opens position {position}, which a deck of {size} does not have",
    "position_twice": "it opens position {position} twice",
    "card_twice": "it opens {card} twice, and no deck holds a card twice",
    "salt_size": "the salt of position {position} has {length} characters: a salt is 16 bytes, "
    "32 lower-case hex characters",
    "card_changed": "position {position} does not open to {card}: the card was changed after "
    "the commitment",
    "not_a_card": "position {position} opens {card}, which is not a card",
    "not_short_deck": "position {position} opens {card}, which the short deck (six to ace) "
    "does not hold",
    "unknown_cut": "the cut {scheme} is not one this verifier knows",
    "no_table": "the proof does not name its table, which the cut depends on",
    "no_hand": "the proof does not give its hand number, which the cut depends on",
    "seed_twice": "a seed is listed twice",
    "seed_not_hash": "a seed is listed as something other than a SHA-256",
    "burn_opened": "it opens dealt card {number}, a burn card, which the dealer shows only "
    "when it opens the whole deck",
    "undealt_opened": "it opens dealt card {number}, which nobody was dealt: the dealer shows "
    "those only when it opens the whole deck",
    "half_hand": "it opens some hole cards of p{player} and not the others",
    "board_layout": "the board it opens is not the flop, turn and river where they are dealt",
}
"""What can be wrong with a proof, as English templates; `chatdealer.render` translates them
(context ``verify``), so each problem is a code with its parameters."""


class VerificationError(ValueError):
    """A proof that does not hold: `code` says which part (`PROBLEMS`), `params` the details."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(PROBLEMS[code].format(**params))


class Verified(msgspec.Struct, frozen=True, kw_only=True):
    """What a proof that holds shows: the cards opened, by the position they were dealt at."""

    deck: Deck
    players: int
    hole_cards: int = 2
    cut: tuple[int, ...]
    """The committed position of each dealt position."""
    cards: dict[int, Card]
    """Dealt position -> the card opened there."""
    seeds: tuple[str, ...]
    cut_by_seeds: bool
    """The proof names the cut (False: an older proof, dealt in the committed order)."""

    @property
    def size(self) -> int:
        return len(self.cut)

    @property
    def whole_deck(self) -> bool:
        return len(self.cards) == self.size

    @property
    def opened(self) -> list[tuple[int, Card]]:
        """(dealt position, card) of every opening, in dealing order."""
        return sorted(self.cards.items())

    @property
    def board(self) -> list[Card]:
        """The board cards opened, in the order they were dealt."""
        positions = board_positions(self.players, 5, self.hole_cards)
        return [self.cards[p] for p in positions if p in self.cards]

    def hole(self, seat: int) -> tuple[Card, ...] | None:
        """A seat's hole cards when every one of them was opened."""
        positions = hole_positions(self.players, seat, self.hole_cards)
        if all(p in self.cards for p in positions):
            return tuple([self.cards[p] for p in positions])
        return None

    @property
    def opened_seats(self) -> list[int]:
        return [seat for seat in range(self.players) if self.hole(seat) is not None]


def verify(proof: Proof, deck: Deck | None = None) -> Verified:
    """Checks a proof whole; `deck` is the deck the hand was played with, when known (a
    history says so). Raises VerificationError naming the first thing that does not hold."""
    kind = _deck_of(proof, deck)
    if not _is_hex(proof.root, _HASH_HEX):
        raise VerificationError("root_not_hash")
    for index, hashed in enumerate(proof.positions):
        if not _is_hex(hashed, _HASH_HEX):
            raise VerificationError("position_not_hash", position=index)
    if _root("".join(proof.positions)) != proof.root:
        raise VerificationError("root_differs")
    size = len(proof.positions)
    players, hole_cards = proof.players, proof.hole_cards
    if hole_cards not in HOLE_CARD_COUNTS:
        raise VerificationError("hole_cards", count=hole_cards)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS or hole_cards * players + 8 > size:
        raise VerificationError("players", players=players, size=size)
    cut = _cut(proof, size)
    dealt_at = {committed: dealt for dealt, committed in enumerate(cut)}
    cards: dict[int, Card] = {}
    seen: dict[Card, int] = {}
    for opening in proof.openings:
        position = opening.position
        if not 0 <= position < size:
            raise VerificationError("position_range", position=position, size=size)
        dealt = dealt_at[position]
        if dealt in cards:
            raise VerificationError("position_twice", position=position)
        card = _card_of(opening, kind)
        if card in seen:
            raise VerificationError("card_twice", card=format_card(card))
        if not _is_hex(opening.salt, 2 * SALT_BYTES):
            raise VerificationError("salt_size", position=position, length=len(opening.salt))
        salt = bytes.fromhex(opening.salt)
        if _position_commitment(salt, position, format_card(card)) != proof.positions[position]:
            raise VerificationError("card_changed", position=position, card=opening.card)
        cards[dealt] = card
        seen[card] = dealt
    verified = Verified(
        deck=kind,
        players=players,
        hole_cards=hole_cards,
        cut=cut,
        cards=cards,
        seeds=tuple(sorted(proof.seeds)),
        cut_by_seeds=bool(proof.scheme),
    )
    if not verified.whole_deck:
        _check_layout(verified)
    return verified


def _deck_of(proof: Proof, deck: Deck | None) -> Deck:
    size = len(proof.positions)
    kind = DECK_SIZES.get(size)
    if kind is None:
        raise VerificationError("deck_size", size=size)
    if deck is not None and kind is not deck:
        raise VerificationError("deck_differs", played=len(deck.cards()), size=size)
    return kind


def _cut(proof: Proof, size: int) -> tuple[int, ...]:
    if not proof.scheme:
        return tuple(range(size))
    if proof.scheme != CUT_SCHEME:
        raise VerificationError("unknown_cut", scheme=proof.scheme)
    if not proof.table or not proof.table.isprintable():
        raise VerificationError("no_table")
    if proof.hand < 1:
        raise VerificationError("no_hand")
    if len(set(proof.seeds)) != len(proof.seeds):
        raise VerificationError("seed_twice")
    for seed in proof.seeds:
        if not _is_hex(seed, _HASH_HEX):
            raise VerificationError("seed_not_hash")
    return cut_of(proof.table, proof.hand, size, proof.seeds)


def _card_of(opening: Opening, kind: Deck) -> Card:
    try:
        card = parse_card(opening.card)
    except CardError as problem:
        raise VerificationError(
            "not_a_card", position=opening.position, card=opening.card
        ) from problem
    if card < kind.lowest_rank * 4:
        raise VerificationError("not_short_deck", position=opening.position, card=opening.card)
    return card


def _check_layout(verified: Verified) -> None:
    """A proof that does not open the whole deck opens what a hand shows: hole cards (all of
    a hand shown, or those a player showed after the hand, docs/rules.md §7), and the board from
    the flop on, never a burn or a card nobody was dealt."""
    players, hole_cards = verified.players, verified.hole_cards
    roles = _roles(players, hole_cards)
    for dealt in sorted(verified.cards):
        role = roles.get(dealt)
        if role is None:
            burned = dealt in burn_positions(players, hole_cards)
            raise VerificationError("burn_opened" if burned else "undealt_opened", number=dealt + 1)
    board = len(verified.board)
    if board not in (0, 3, 4, 5) or any(
        p not in verified.cards for p in board_positions(players, board, hole_cards)
    ):
        raise VerificationError("board_layout")


@functools.cache
def _roles(players: int, hole_cards: int) -> dict[int, int]:
    """Dealt position -> the seat whose hole card it is, or -1 for a board card."""
    roles = {p: -1 for p in board_positions(players, 5, hole_cards)}
    for seat in range(players):
        for position in hole_positions(players, seat, hole_cards):
            roles[position] = seat
    return roles


_HEX = frozenset("0123456789abcdef")


def _is_hex(text: str, length: int) -> bool:
    """Lower-case hex of the length, as the dealer writes every hash, salt and seed."""
    return len(text) == length and _HEX.issuperset(text)
