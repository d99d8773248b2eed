"""Issue 18 point 7: a chat worker given Redis settings it cannot use says so in one line and
exits with code 2: no traceback for an operator to decode. A Redis it cannot reach yet is not a
setting it cannot use: it waits for it, saying so, as compose or systemd starting both expects."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from tests.redis_servers import free_ports

BAD = [
    ("discord", {"REDIS_URL": "http://example.org"}, "REDIS_URL"),
    ("telegram", {"REDIS_SENTINELS": "a:1", "REDIS_SENTINEL_MASTER": ""}, "REDIS_SENTINEL_MASTER"),
    ("discord", {"REDIS_CLUSTER": "1", "REDIS_SENTINELS": "a:1", "REDIS_SENTINEL_MASTER": "m"}, ""),
    ("discord", {"REDIS_CLUSTER": "maybe", "REDIS_URL": "redis://127.0.0.1:1"}, "REDIS_CLUSTER"),
    ("telegram", {"REDIS_SENTINELS": "sentinel-1"}, "REDIS_SENTINELS"),
    ("discord", {"CHATDEALER_METRICS_PORT": "nine"}, "CHATDEALER_METRICS_PORT"),
]


def worker_env(settings: dict[str, str]) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("REDIS_", "CHATDEALER_"))
    }
    return env | {"DISCORD_TOKEN": "x", "TELEGRAM_TOKEN": "1:x", **settings}


@pytest.mark.parametrize(("platform", "settings", "named"), BAD)
def test_a_bad_redis_setting_is_one_line_and_exit_code_2(
    platform: str, settings: dict[str, str], named: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "chatdealer.cli", platform],
        env=worker_env(settings),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"chatdealer {platform}: ") and named in lines[0], lines
    assert "Traceback" not in done.stderr + done.stdout


@pytest.mark.parametrize("platform", ["discord", "telegram"])
def test_a_worker_waits_for_a_redis_that_does_not_answer_and_says_so(platform: str) -> None:
    (port,) = free_ports(1)
    worker = subprocess.Popen(
        [sys.executable, "-m", "chatdealer.cli", platform],
        env=worker_env({"REDIS_URL": f"redis://127.0.0.1:{port}/0"}),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert worker.stderr is not None
        said: list[str] = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(said) < 2:
            line = worker.stderr.readline()
            if not line:
                break
            if "is not reachable" in line:
                said.append(line)
        assert len(said) == 2, f"the worker ended or kept quiet: {worker.poll()}"
        assert f"127.0.0.1:{port}" in said[0] and "trying again in" in said[0]
        assert worker.poll() is None, "the worker gave up on a Redis that may yet come up"
    finally:
        worker.terminate()
        worker.wait(30)
