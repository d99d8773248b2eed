"""A finished hand as Redis keeps it: one canonical record, the copies made again on read.

A hand's public copy and its players' copies share nearly every byte, and its proofs (52
position commitments, the openings) follow from the deck's secret seed, so a hand is stored once:
the public text without the proofs, each unshown hand's deal line, the deck's secret and how
many board cards were dealt, compressed (and in base 64: the commit script's arguments are
text; base 85, as hands were stored before, is written in pure Python and cost a hand's end about
twenty-five times as much for 7 % fewer bytes). Reading it back writes the very copies
`histories.hand_record` writes at the hand's end, byte for byte (`expanded`). The record holds
every hole card and the deck's seed, as the table's record did during the hand: it never leaves
Redis, and only the copies a player may see are made from it.

A hand whose log is not as the engine deals is stored as its copies, as every hand was before;
those, and hands stored before, read as they are.
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Sequence

import msgspec

from chatdealer.dealer.histories import copies_of, deals_found, public_body, written_in_full
from chatdealer.dealer.proofs import HandProofs, proofs_again
from chatdealer.dealer.record import DeckSecret
from chatdealer.engine.hand import Hand
from chatdealer.store import HandRecord, TableId

MAGIC = b"\x00cd2"
"""What a canonical record starts with, then the record in base 64: no PHH text starts with a
NUL."""
MAGIC_85 = b"\x00cd1"
"""What a canonical record stored in base 85 starts with: such hands still read."""


class StoredHand(msgspec.Struct, gc=False, frozen=True, array_like=True):
    body: str
    """The public copy without its proof fields."""
    players: list[str]
    """Player ids by position."""
    deals: list[str]
    """Each position's deal line as dealt when its hand was not shown, else empty."""
    secret: DeckSecret | None
    """The deck's secret when the hand has proofs."""
    board: int
    """Board cards dealt (which positions the public proof opens)."""
    hole_cards: int = 2
    """Hole cards a player: where the proof made again finds the board and each hand."""


_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(StoredHand)


def stored_hand(
    table_id: TableId,
    number: int,
    hand: Hand,
    players: Sequence[str],
    proofs: HandProofs | None,
    secret: DeckSecret | None,
) -> HandRecord:
    """What the hand's end stores: the canonical record (as the ``public`` of a record without
    private copies), or the copies themselves for a log not as the engine deals. `secret` is
    the deck the `proofs` were made from."""
    table = str(table_id)
    written = public_body(table, number, hand)
    if written is None or (proofs is None) != (secret is None):
        return written_in_full(table, number, hand, players, proofs)
    body, dealt = written
    if not deals_found(body, dealt) or not _made_again(proofs, secret, hand, table):
        return written_in_full(table, number, hand, players, proofs)
    deals = [dealt[p][1] if p in dealt else "" for p in range(len(players))]
    holes = hand.config.variant.hole_cards
    record = StoredHand(body, list(players), deals, secret, len(hand.board), holes)
    return HandRecord(number, MAGIC + base64.b64encode(zlib.compress(_encoder.encode(record), 9)))


def _made_again(
    proofs: HandProofs | None, secret: DeckSecret | None, hand: Hand, table: str
) -> bool:
    """True when the record's deck secret makes the hand's proofs again as they were made: not
    so when the end opened more (the rabbit hunt's board), which is then written in full."""
    if proofs is None or secret is None:
        return True
    try:
        holes = hand.config.variant.hole_cards
        return proofs_again(secret, hand.shown, len(hand.board), table, holes) == proofs
    except ValueError:  # a deck dealt before its secret made its order again
        return False


def is_canonical(record: HandRecord) -> bool:
    return record.public.startswith((MAGIC, MAGIC_85))


def expanded(table_id: TableId, record: HandRecord) -> HandRecord:
    """The copies of a stored hand: a canonical record's made again, any other as stored.
    Raises `ValueError` for a canonical record that does not read."""
    if not is_canonical(record):
        return record
    try:
        text = record.public[len(MAGIC) :]
        if record.public.startswith(MAGIC):
            packed = zlib.decompress(base64.b64decode(text, validate=True))
        else:
            packed = zlib.decompress(base64.b85decode(text))
        stored = _decoder.decode(packed)
    except (zlib.error, ValueError, msgspec.DecodeError) as problem:
        raise ValueError(f"a stored hand that does not read: {problem}") from None
    table = str(table_id)
    dealt = {
        position: (_hidden_line(line), line) for position, line in enumerate(stored.deals) if line
    }
    proofs = None
    if stored.secret is not None:
        shown = [not line for line in stored.deals]
        proofs = proofs_again(stored.secret, shown, stored.board, table, stored.hole_cards)
    copies = copies_of(record.number, stored.body, dealt, stored.players, proofs)
    if copies is None:
        raise ValueError("a stored hand whose deal lines are not in its text")
    return copies


def _hidden_line(line: str) -> str:
    """``d dh p3 AsKd`` as the public copy shows it: ``d dh p3 ????``."""
    who = line[: line.index(" ", 5) + 1]
    return who + "?" * (len(line) - len(who))
