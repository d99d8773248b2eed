"""The dealer's store on the session's embedded Redis (tests/conftest.py); a clock tests move."""

from __future__ import annotations

import pytest
from redis.asyncio import Redis

from chatdealer.store import BankConfig, Store, TableId

from .harness import Clock, Harness

BANK = BankConfig(starting_grant=1_000, daily_amount=100, daily_period=86_400)


@pytest.fixture
def store(client: Redis) -> Store:
    return Store.on(client, bank=BANK, lease=30.0)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def table_id() -> TableId:
    return TableId("discord", "guild1", "poker")


@pytest.fixture
def game(store: Store, clock: Clock, table_id: TableId) -> Harness:
    return Harness(store, clock, table_id)
