"""A table's record as Redis keeps it: JSON compressed with zlib.

Every action rewrites the whole record (about 2.8 KB of JSON at a busy 6-max table), and the
append-only file logs each rewrite, so its bytes are most of what an action costs on disk and
in every rewrite's fork. Level 1 takes them to about 1.1 KB for some 30 µs; the rest is salts
and digests, which do not compress. A record stored as plain JSON, from before, reads as it is.
"""

from __future__ import annotations

import zlib

LEVEL = 1
"""zlib's fastest level: level 6 saves a further 6 % for a third more time."""
LARGEST = 64 * 1024 * 1024
"""More JSON than any record holds: bytes that inflate past this are not a record."""


class CompressedError(ValueError):
    """Stored bytes that are neither JSON nor a whole zlib stream of a record's size."""


def pack(json: bytes) -> bytes:
    return zlib.compress(json, LEVEL)


def unpack(stored: bytes) -> bytes:
    """The record's JSON, whether it was stored compressed or, from before, plain."""
    if stored[:1] != b"\x78":  # every zlib stream's first byte; JSON starts with "{"
        return stored
    inflate = zlib.decompressobj()
    try:
        json = inflate.decompress(stored, LARGEST)
    except zlib.error as problem:
        raise CompressedError(f"the compressed record does not inflate: {problem}") from None
    if not inflate.eof or inflate.unconsumed_tail or inflate.unused_data:
        raise CompressedError("the compressed record is cut short or runs on")
    return json
