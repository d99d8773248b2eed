"""Signed links to the web pages: a hand's replay, public or one player's own, and a night.

A link carries what it opens (the table, the hand, whose cards, until when) and an HMAC-SHA256
of exactly that under the worker's secret (``CHATDEALER_WEB_SECRET``). Without the secret no one
can make a link that checks, so links cannot be guessed, and changing any part of one (another
hand, another player, a later expiry) breaks its signature; an expired link is refused too.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from dataclasses import dataclass

import msgspec

LINK_HOURS = 7 * 24.0
"""How long a link works by default: a week, for a night's hands to be looked at again."""


class LinkRefused(ValueError):
    """A link that was edited, forged, or has expired."""


class Target(msgspec.Struct, frozen=True, array_like=True):
    """What a link opens. `viewer` is the player whose own cards it shows ("" for the public
    page); `hand` is 0 for a night's page."""

    page: str
    table: str
    hand: int
    viewer: str
    language: str
    """The table's language, which the page speaks."""
    expires: int


@dataclass(frozen=True, slots=True)
class Signer:
    secret: bytes
    hours: float = LINK_HOURS

    def token(
        self,
        page: str,
        table: str,
        hand: int = 0,
        viewer: str = "",
        *,
        language: str = "en",
        now: float | None = None,
    ) -> str:
        expires = int((time.time() if now is None else now) + self.hours * 3600)
        target = Target(page, table, hand, viewer, language, expires)
        body = _b64(msgspec.msgpack.encode(target))
        return f"{body}.{self._mac(body)}"

    def target(self, token: str, *, now: float | None = None) -> Target:
        """What a token opens; `LinkRefused` unless this worker's secret signed it and it has
        not expired."""
        body, _, mac = token.partition(".")
        if not body or not hmac.compare_digest(mac, self._mac(body)):
            raise LinkRefused("not signed by this dealer")
        try:
            target = msgspec.msgpack.decode(_unb64(body), type=Target)
        except (msgspec.DecodeError, ValueError):
            raise LinkRefused("not a link") from None
        if target.expires < (time.time() if now is None else now):
            raise LinkRefused("expired")
        return target

    def _mac(self, body: str) -> str:
        return _b64(hmac.new(self.secret, body.encode(), hashlib.sha256).digest())


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
