"""The table's follower ends once the session stops it, even with no cancellation to end it
(one lost under load once kept a session from ever saying goodbye)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from adapters.console.client import Client
from adapters.console.follow import Follower
from adapters.console.text import Painter, Text
from chatdealer.dealer import User, open_dealer
from chatdealer.store import TableId


async def test_the_follower_ends_within_a_poll_once_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    async with open_dealer(data_dir=tmp_path) as dealer:
        table = TableId("console", "local", "table")
        client = Client(dealer, table, User(id="player-tess", name="Tess"))
        out = io.StringIO()

        async def busted(view: object) -> None:
            return None

        follower = Follower(client, Text(out, Painter(colour=False)), busted)
        stop = asyncio.Event()
        task = asyncio.create_task(follower.run(stop))
        await asyncio.sleep(0.3)
        assert not task.done()  # it follows until told to stop
        stop.set()
        await asyncio.wait_for(task, 5)  # no cancel: the stop alone ends it
