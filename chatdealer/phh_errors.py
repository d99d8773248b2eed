"""The errors and warnings of reading and writing Poker Hand History (PHH) files."""

from __future__ import annotations


class PHHError(ValueError):
    """A hand history that breaks the standard; the message names the file, field or action."""


class PHHWarning(UserWarning):
    """An unknown field without the ``_`` prefix: kept, as the standard asks, but maybe a typo."""
