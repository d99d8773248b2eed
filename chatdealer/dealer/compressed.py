"""A table's record as Redis keeps it: JSON compressed with zlib and a preset dictionary.

Every action rewrites the whole record (about 2.8 KB of JSON at a busy 6-max table), and the
append-only file logs each rewrite, so its bytes are most of what an action costs on disk and
in every rewrite's fork. Level 1 alone takes them to about 1.2 KB; primed with a dictionary of
what records repeat (`record_dictionary.py`) to about 670 bytes, in the same time. The rest is
salts and digests, which do not compress. Records stored before, plain JSON or compressed
without a dictionary, read as they are.
"""

from __future__ import annotations

import zlib

from chatdealer.dealer.record_dictionary import RECORD_DICTIONARY_1

LEVEL = 1
"""zlib's fastest level: level 6 saves a further 6 % for a third more time."""
LARGEST = 64 * 1024 * 1024
"""More JSON than any record holds: bytes that inflate past this are not a record."""
DICTIONARY = RECORD_DICTIONARY_1
"""What records are compressed with now."""
DICTIONARIES = {zlib.adler32(d): d for d in (RECORD_DICTIONARY_1,)}
"""Every dictionary a stored record may name, by the checksum its zlib header carries."""
_PRESET = 0x20
"""The zlib header's FDICT flag: a dictionary's checksum follows the two header bytes."""


class CompressedError(ValueError):
    """Stored bytes that are neither JSON nor a whole zlib stream of a record's size."""


def pack(json: bytes) -> bytes:
    deflate = zlib.compressobj(LEVEL, zdict=DICTIONARY)
    return deflate.compress(json) + deflate.flush()


def unpack(stored: bytes) -> bytes:
    """The record's JSON, whether it was stored compressed, with a dictionary or without, or,
    from before, plain."""
    if stored[:1] == b"{":
        return stored
    if len(stored) >= 6 and stored[1] & _PRESET:
        named = int.from_bytes(stored[2:6], "big")
        zdict = DICTIONARIES.get(named)
        if zdict is None:
            raise CompressedError(f"the record names a dictionary this dealer lacks ({named})")
        inflate = zlib.decompressobj(zdict=zdict)
    else:
        inflate = zlib.decompressobj()
    try:
        json = inflate.decompress(stored, LARGEST)
    except zlib.error as problem:
        raise CompressedError(f"the compressed record does not inflate: {problem}") from None
    if not inflate.eof or inflate.unconsumed_tail or inflate.unused_data:
        raise CompressedError("the compressed record is cut short or runs on")
    return json
