"""The store on the session's embedded Redis (tests/conftest.py), with a bank and ids."""

from __future__ import annotations

import pytest
from redis.asyncio import Redis

from chatdealer.store import BankConfig, Community, Store, TableId

BANK = BankConfig(starting_grant=1_000, daily_amount=100, daily_period=86_400)
NOW = 1_700_000_000.0


@pytest.fixture
def store(client: Redis) -> Store:
    return Store.on(client, bank=BANK, lease=30.0)


@pytest.fixture
def guild() -> Community:
    return Community("discord", "111")


@pytest.fixture
def table(guild: Community) -> TableId:
    return guild.table("222")
