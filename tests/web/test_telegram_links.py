"""On Telegram, with the web pages on: the real python-telegram-bot worker against the fake Bot
API. `/history` answers in the group with the hand's story, the .phh and a Replay button whose
page the worker serves; the asker's own copy, privately, has a button to their own replay."""

from __future__ import annotations

import aiohttp
import pytest

from tests.telegram.conftest import Launch, fake, free_port, launch
from tests.telegram.fake_bot_api import ANN, GROUP_ID, FakeBotApi
from tests.telegram.test_game import Players, open_table

WEB = "http://127.0.0.1:{port}"
__all__ = ["fake", "launch"]  # the Telegram tests' fixtures


async def test_history_carries_replay_buttons_the_worker_serves(
    fake: FakeBotApi, launch: Launch, monkeypatch: pytest.MonkeyPatch
) -> None:
    port = free_port()
    monkeypatch.setenv("CHATDEALER_WEB_URL", WEB.format(port=port))
    monkeypatch.setenv("CHATDEALER_WEB_PORT", str(port))
    monkeypatch.setenv("CHATDEALER_WEB_SECRET", "the tests' own secret, long enough")
    worker = await launch()
    players = Players(fake, worker)
    await open_table(fake, worker, players)
    await players.play_hands(1)
    await players.say(ANN, "/history")

    def replay_buttons(chat: int) -> list[str]:
        return [
            button["url"]
            for message in fake.chat_messages(chat)
            if message.document is not None
            for button in message.buttons()
            if "url" in button
        ]

    public = (await fake.wait_for(lambda: replay_buttons(GROUP_ID), "the group's Replay"))[0]
    own = (await fake.wait_for(lambda: replay_buttons(ANN.id), "Ann's own replay"))[0]
    story = next(m for m in fake.chat_messages(GROUP_ID) if m.document is not None).content
    assert "Pre-flop: " in story and "Result: " in story
    assert public.startswith(WEB.format(port=port) + "/replay/") and own != public
    async with aiohttp.ClientSession() as session:
        for url in (public, own):
            async with session.get(url) as answer:
                assert answer.status == 200
                assert "Hand #1" in await answer.text()
        async with session.get(public[:-3] + "abc") as answer:
            assert answer.status == 403
