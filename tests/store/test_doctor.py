"""`chatdealer doctor` and the start-up warning: a Redis that would lose acknowledged changes is
named, with the setting that fixes it; one that keeps them is said to."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from chatdealer.cli import main
from chatdealer.store import RedisConnection
from tests.redis_servers import Server, available, free_ports, start_server

needs_redis_server = pytest.mark.skipif(not available(), reason="needs redis-server")


@pytest.fixture
def without_persistence(tmp_path: Path) -> Iterator[Server]:
    """A server as Debian's default redis.conf runs it: no append-only file."""
    [port] = free_ports(1)
    server = start_server(tmp_path / "plain", port, "--appendonly", "no")
    yield server
    server.stop()


def test_doctor_on_the_embedded_redis_reports_it_keeps_its_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("REDIS_URL", "REDIS_CLUSTER", "REDIS_SENTINELS", "REDIS_SENTINEL_MASTER"):
        monkeypatch.delenv(name, raising=False)
    assert main(["doctor", "--data-dir", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert "mode: embedded (1 primary, 0 replicas)" in printed
    assert "append-only file on (appendfsync everysec)" in printed
    assert "policy noeviction" in printed
    assert "ok: every server keeps its data" in printed


@needs_redis_server
def test_doctor_names_a_redis_without_its_append_only_file(
    without_persistence: Server,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("REDIS_URL", f"redis://127.0.0.1:{without_persistence.port}/0")
    monkeypatch.delenv("REDIS_CLUSTER", raising=False)
    assert main(["doctor"]) == 1
    printed = capsys.readouterr().out
    assert "mode: standalone" in printed
    assert "append-only file OFF" in printed
    assert "WARNING:" in printed and "set appendonly yes, appendfsync everysec" in printed


@needs_redis_server
async def test_a_worker_starting_on_such_a_redis_logs_a_warning(
    without_persistence: Server, caplog: pytest.LogCaptureFixture
) -> None:
    url = f"redis://127.0.0.1:{without_persistence.port}/0"
    with caplog.at_level(logging.WARNING):
        async with RedisConnection(url, env={}) as client:
            assert await client.ping()
    assert "appendonly off" in caplog.text


def test_doctor_names_a_setting_it_cannot_use(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("REDIS_SENTINELS", "127.0.0.1:1")
    monkeypatch.delenv("REDIS_SENTINEL_MASTER", raising=False)
    assert main(["doctor"]) == 2
    assert "REDIS_SENTINEL_MASTER" in capsys.readouterr().err
