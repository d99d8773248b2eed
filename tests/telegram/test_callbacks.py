"""Callback data: within Telegram's 64 bytes in the longest case, and read back exactly."""

from __future__ import annotations

from adapters.telegram.callbacks import CALLBACK_LIMIT, act_data, cards_data, parse_press
from chatdealer.dealer import ActionToken

LONGEST_CHAT = -(2**52)  # chat ids fit in 52 bits; supergroups are -100xxxxxxxxxx
LONGEST_TOPIC = 2**31 - 1


def test_the_longest_raise_fits_in_64_bytes_and_reads_back() -> None:
    token = ActionToken(2**31 - 1, 2**31 - 1)
    data = act_data(LONGEST_CHAT, LONGEST_TOPIC, token, "raise", 2**53)
    assert len(data.encode()) <= CALLBACK_LIMIT
    press = parse_press(data)
    assert press is not None
    assert (press.chat_id, press.topic, press.token, press.action, press.amount) == (
        LONGEST_CHAT,
        LONGEST_TOPIC,
        token,
        "raise",
        2**53,
    )
    assert str(press.table()) == f"telegram:{LONGEST_CHAT}:{LONGEST_TOPIC}"


def test_my_cards_carries_the_table_only() -> None:
    press = parse_press(cards_data(-1001234567890, 0))
    assert press is not None and press.action is None and press.chat_id == -1001234567890


def test_data_the_bot_did_not_make_is_ignored() -> None:
    for data in (None, "", "x:1:2", "a:zz:0:1.2:q", "a:1:0:12:c", "a:1:0:1.2:c:!!"):
        assert parse_press(data) is None
