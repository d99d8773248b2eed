"""A table's record as Redis keeps it: JSON compressed with Zstandard and a preset dictionary.

Every action rewrites the whole record (about 2.8 KB of JSON at a busy 6-max table), and the
append-only file logs each rewrite, so its bytes are most of what an action costs on disk and
in every rewrite's fork. zlib at its fastest level took them to about 1.2 KB in some 40 µs;
Zstandard at level 1, primed with a dictionary of what records repeat (`record_dictionary.py`),
takes them to about 580 bytes in some 13 µs, and reads them back in 5. The rest is salts and
digests, which do not compress. Records stored before, plain JSON or zlib, read as they are.

A stored record starts with a byte that says how it was made: `{` plain JSON, 0x78 (and the
other zlib headers) zlib, `DICTIONARY_1` Zstandard with the first dictionary.
"""

from __future__ import annotations

import threading
import zlib

import zstandard

from chatdealer.dealer.record_dictionary import RECORD_DICTIONARY_1

LEVEL = 1
"""Zstandard's fastest standard level: level 3 saves 1.5 % for 10 % more time."""
LARGEST = 64 * 1024 * 1024
"""More JSON than any record holds: bytes that inflate past this are not a record."""
DICTIONARY_1 = b"\xd1"
"""The first byte of a record compressed with `RECORD_DICTIONARY_1`: neither `{` nor any
zlib header. A better dictionary gets a byte of its own, and this one is kept for the records
already stored."""
_DICTIONARY = zstandard.ZstdCompressionDict(
    RECORD_DICTIONARY_1, dict_type=zstandard.DICT_TYPE_RAWCONTENT
)
_coders = threading.local()
"""A compressor and decompressor per thread: neither may be used by two at once."""


class CompressedError(ValueError):
    """Stored bytes that are neither JSON nor a whole compressed record of a record's size."""


def pack(json: bytes) -> bytes:
    return DICTIONARY_1 + _compressor().compress(json)


def unpack(stored: bytes) -> bytes:
    """The record's JSON, however it was stored."""
    first = stored[:1]
    if first == b"{":
        return stored
    if first == DICTIONARY_1:
        return _unpacked(memoryview(stored)[1:])
    return _inflated(stored)


def _unpacked(frame: memoryview) -> bytes:
    try:
        size = zstandard.frame_content_size(frame)
    except zstandard.ZstdError as problem:
        raise CompressedError(f"the compressed record is not one: {problem}") from None
    if size < 0 or size > LARGEST:
        raise CompressedError("the compressed record does not say its size, or is too large")
    inflate = _decompressor().decompressobj()
    try:
        json = inflate.decompress(frame)
    except zstandard.ZstdError as problem:
        raise CompressedError(f"the compressed record does not inflate: {problem}") from None
    if not inflate.eof or inflate.unused_data or len(json) != size:
        raise CompressedError("the compressed record is cut short or runs on")
    return json


def _inflated(stored: bytes) -> bytes:
    """A record zlib compressed, as records were stored before."""
    inflate = zlib.decompressobj()
    try:
        json = inflate.decompress(stored, LARGEST)
    except zlib.error as problem:
        raise CompressedError(f"the compressed record does not inflate: {problem}") from None
    if not inflate.eof or inflate.unconsumed_tail or inflate.unused_data:
        raise CompressedError("the compressed record is cut short or runs on")
    return json


def _compressor() -> zstandard.ZstdCompressor:
    coder: zstandard.ZstdCompressor | None = getattr(_coders, "compressor", None)
    if coder is None:
        coder = _coders.compressor = zstandard.ZstdCompressor(
            level=LEVEL, dict_data=_DICTIONARY, write_checksum=False, write_dict_id=False
        )
    return coder


def _decompressor() -> zstandard.ZstdDecompressor:
    coder: zstandard.ZstdDecompressor | None = getattr(_coders, "decompressor", None)
    if coder is None:
        coder = _coders.decompressor = zstandard.ZstdDecompressor(dict_data=_DICTIONARY)
    return coder
