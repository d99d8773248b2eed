"""`open_dealer`: the service on `REDIS_URL`, or on an embedded Redis that keeps its data."""

from __future__ import annotations

from pathlib import Path

import pytest

from chatdealer.dealer import Command, Create, Join, ShowTable, Start, open_dealer
from chatdealer.dealer.outgoing import Acted, TableShown
from chatdealer.store import TableId

from .harness import ANN, BOB, Clock, payloads

TABLE = TableId("console", "local", "main")


async def test_open_dealer_uses_redis_url(
    redis_url: str, monkeypatch: pytest.MonkeyPatch, client: object
) -> None:
    monkeypatch.setenv("REDIS_URL", redis_url)
    async with open_dealer() as dealer:
        await dealer.handle(Command(table=TABLE, user=ANN, args=Create()))
        out = await dealer.handle(Command(table=TABLE, user=ANN, args=ShowTable()))
        assert payloads(out, TableShown)[0].view.host == ANN.id


async def test_an_embedded_dealer_finds_its_tables_and_deadlines_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    clock = Clock()
    async with open_dealer(data_dir=tmp_path, clock=clock) as dealer:
        await dealer.handle(Command(table=TABLE, user=ANN, args=Create()))
        for user in (ANN, BOB):
            await dealer.handle(Command(table=TABLE, user=user, args=Join(buy_in=100)))
        await dealer.handle(Command(table=TABLE, user=ANN, args=Start()))
    assert (tmp_path / "chatdealer.rdb").exists()
    clock.advance(31 + 60)  # the action clock and the time bank
    async with open_dealer(data_dir=tmp_path, clock=clock) as dealer:
        out = await dealer.fire_due()
        out += await dealer.fire_due()
        assert payloads(out, Acted)
