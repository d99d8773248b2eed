"""Telegram Mini App sign-in: the ``initData`` Telegram hands a Web App, checked as Telegram
documents it, so a page opened inside Telegram knows which player opened it.

Telegram signs the fields it sends: their ``key=value`` pairs but ``hash``, sorted by key and
joined by newlines, under HMAC-SHA256 with the key HMAC-SHA256("WebAppData", bot token). Only a
holder of the bot's token can make that signature, so a page that checks it can show a player
their own cards and nobody else's.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from dataclasses import dataclass
from urllib.parse import parse_qsl

MAX_AGE = 24 * 3600.0
"""Seconds an ``initData`` stays good after Telegram signed it (its ``auth_date``)."""


class InitDataRefused(ValueError):
    """``initData`` that is not Telegram's, is too old, or names no user."""


@dataclass(frozen=True, slots=True)
class WebAppUser:
    id: int
    name: str


def secret_key(bot_token: str) -> bytes:
    return hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()


def data_check_string(fields: dict[str, str]) -> str:
    return "\n".join(f"{key}={fields[key]}" for key in sorted(fields) if key != "hash")


def sign(fields: dict[str, str], bot_token: str) -> str:
    """The ``hash`` Telegram puts on `fields` (for tests and for checking)."""
    check = data_check_string(fields).encode()
    return hmac.new(secret_key(bot_token), check, hashlib.sha256).hexdigest()


def verified_user(
    init_data: str, bot_token: str, *, now: float | None = None, max_age: float = MAX_AGE
) -> WebAppUser:
    """The user Telegram vouches for in `init_data` (the query string a Mini App gets as
    ``Telegram.WebApp.initData``); `InitDataRefused` when the signature, age or user is wrong."""
    fields = dict(parse_qsl(init_data, keep_blank_values=True, strict_parsing=False))
    given = fields.get("hash", "")
    if not given or not hmac.compare_digest(given, sign(fields, bot_token)):
        raise InitDataRefused("the signature is not Telegram's")
    try:
        signed_at = float(fields.get("auth_date", ""))
    except ValueError:
        raise InitDataRefused("no time of signing") from None
    if (time.time() if now is None else now) - signed_at > max_age:
        raise InitDataRefused("signed too long ago")
    try:
        user = json.loads(fields.get("user", ""))
        user_id = int(user["id"])
    except (ValueError, TypeError, KeyError):
        raise InitDataRefused("no user") from None
    name = " ".join(str(user.get(part, "")) for part in ("first_name", "last_name")).strip()
    return WebAppUser(id=user_id, name=name or str(user_id))
