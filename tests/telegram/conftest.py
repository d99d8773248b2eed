"""The fake Bot API, and the real python-telegram-bot worker run against it on the session's
embedded Redis (tests/conftest.py)."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
from redis.asyncio import Redis

from adapters.common.pictures import start_pictures
from adapters.telegram import TelegramSettings, Worker
from chatdealer.dealer import Dealer
from chatdealer.dealer.entry import CHAT_EVENTS_MAXLEN
from chatdealer.store import BankConfig, Store

from .fake_bot_api import FakeBotApi

BANK = BankConfig(starting_grant=1_000, daily_amount=100, daily_period=86_400)

Launch = Callable[..., Awaitable[Worker]]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(autouse=True, scope="session")
def _picture_processes() -> None:
    """Spawned before the first test's deal, as `serve` spawns them at start-up."""
    start_pictures()


@pytest.fixture
async def fake() -> AsyncIterator[FakeBotApi]:
    server = FakeBotApi()
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def launch(fake: FakeBotApi, client: Redis) -> AsyncIterator[Launch]:
    """Starts a worker on the fake: long polling, or a webhook on a free local port."""
    workers: list[Worker] = []

    async def start(*, webhook: bool = False) -> Worker:
        port = free_port()
        settings = TelegramSettings(
            token=fake.token,
            api_base=fake.base_url,
            webhook_url=f"http://127.0.0.1:{port}/telegram/hook" if webhook else None,
            listen="127.0.0.1",
            port=port,
            edit_interval=0.05,
            group_rate=10_000,
            poll_timeout=1,
            max_retries=2,
        )
        dealer = Dealer(
            Store.on(client, bank=BANK, events_maxlen=CHAT_EVENTS_MAXLEN),
            next_hand_delay=0.2,
            bot_delay=0.05,
        )
        worker = Worker(settings, dealer, clock_interval=0.05)
        await worker.start()
        workers.append(worker)
        return worker

    yield start
    for worker in workers:
        await worker.stop()
