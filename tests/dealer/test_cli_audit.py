"""`chatdealer audit` against a real Redis: agreement exits 0, a chip out of place exits 1."""

from __future__ import annotations

import asyncio

import pytest

from chatdealer.cli import main
from chatdealer.dealer import Command, Create, Dealer, Join
from chatdealer.store import Store, TableId
from chatdealer.store.settings import RedisSettings

from .harness import ANN, BOB

TABLE = TableId("discord", "guild9", "cards")


async def seat_two(url: str) -> None:
    client = RedisSettings.from_env(url=url).client()
    try:
        await client.flushall()
        dealer = Dealer(Store.on(client))
        await dealer.handle(Command(table=TABLE, user=ANN, args=Create()))
        for user in (ANN, BOB):
            await dealer.handle(Command(table=TABLE, user=user, args=Join(buy_in=150)))
    finally:
        await client.aclose()


async def take_a_chip(url: str) -> None:
    client = RedisSettings.from_env(url=url).client()
    try:
        await client.hincrby(TABLE.home.key("table_chips"), TABLE.channel, 1)
    finally:
        await client.aclose()


def test_audit_passes_then_finds_a_chip_out_of_place(
    redis_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("REDIS_URL", redis_url)
    asyncio.run(seat_two(redis_url))
    assert main(["audit"]) == 0
    assert "discord:guild9: balances 1,700 + on tables 300 = 2,000, granted 2,000" in (
        capsys.readouterr().out
    )
    asyncio.run(take_a_chip(redis_url))
    assert main(["audit", "--community", "discord:guild9"]) == 1
    printed = capsys.readouterr().out
    assert "MISMATCH" in printed
    assert "table discord:guild9:cards: the bank counts 301 chips there, its state holds 300" in (
        printed
    )
    assert main(["audit", "--community", "nonsense"]) == 2


async def damage_a_table_and_a_community(url: str) -> None:
    client = RedisSettings.from_env(url=url).client()
    try:
        await client.hset(TABLE.home.key(f"table:{TABLE.channel}"), "s", b"not json")
        await client.sadd("cd:communities", "not-a-community")
    finally:
        await client.aclose()


def test_audit_reports_a_damaged_table_and_goes_on(
    redis_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("REDIS_URL", redis_url)
    asyncio.run(seat_two(redis_url))
    asyncio.run(damage_a_table_and_a_community(redis_url))
    assert main(["audit"]) == 2
    printed = capsys.readouterr().out
    assert "discord:guild9: balances 1,700 + on tables 300 = 2,000, granted 2,000" in printed
    assert "house 0): ok" in printed
    assert "table discord:guild9:cards: damaged, its state cannot be read (DamagedTable)" in printed
