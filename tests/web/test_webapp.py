"""A Telegram Mini App's initData: Telegram's signature admits the user it names; a forged,
edited, stale or user-less one is refused."""

from __future__ import annotations

import hashlib
import hmac
import json
from urllib.parse import urlencode

import pytest

from chatdealer.web.webapp import InitDataRefused, verified_user

TOKEN = "123456:AAH-real-looking-bot-token"
NOW = 1_800_000_000.0


def init_data(token: str = TOKEN, **changed: str) -> str:
    """initData as Telegram makes it, signed by hand from its documentation (not by the code
    under test): secret = HMAC_SHA256("WebAppData", token), hash = HMAC_SHA256(secret, check)."""
    fields = {
        "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
        "user": json.dumps({"id": 279058397, "first_name": "Ann", "last_name": "Lee"}),
        "auth_date": str(int(NOW) - 60),
    }
    fields.update(changed)
    check = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields)


def test_a_correctly_signed_init_data_names_its_user() -> None:
    user = verified_user(init_data(), TOKEN, now=NOW)
    assert (user.id, user.name) == (279058397, "Ann Lee")


def test_init_data_signed_with_another_bots_token_is_refused() -> None:
    with pytest.raises(InitDataRefused):
        verified_user(init_data(token="654321:another-bot"), TOKEN, now=NOW)


def test_init_data_edited_to_name_another_user_is_refused() -> None:
    good = init_data()
    forged = good.replace("279058397", "279058398")
    assert forged != good
    with pytest.raises(InitDataRefused):
        verified_user(forged, TOKEN, now=NOW)


def test_init_data_without_a_hash_or_too_old_is_refused() -> None:
    without = "&".join(part for part in init_data().split("&") if not part.startswith("hash="))
    with pytest.raises(InitDataRefused):
        verified_user(without, TOKEN, now=NOW)
    with pytest.raises(InitDataRefused):
        verified_user(init_data(), TOKEN, now=NOW + 2 * 24 * 3600)


def test_signed_init_data_without_a_user_is_refused() -> None:
    with pytest.raises(InitDataRefused):
        verified_user(init_data(user="not json"), TOKEN, now=NOW)
