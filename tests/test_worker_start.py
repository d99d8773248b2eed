"""Issue 18 point 7: a chat worker given Redis settings it cannot use, or a Redis it cannot
reach, says so in one line and exits with code 2: no traceback for an operator to decode."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

BAD = [
    ("discord", {"REDIS_URL": "foo://bar"}, "REDIS_URL"),
    ("discord", {"REDIS_CLUSTER": "maybe", "REDIS_URL": "redis://127.0.0.1:1"}, "REDIS_CLUSTER"),
    ("telegram", {"REDIS_SENTINELS": "sentinel-1"}, "REDIS_SENTINELS"),
    ("discord", {"CHATDEALER_METRICS_PORT": "nine"}, "CHATDEALER_METRICS_PORT"),
    ("discord", {"REDIS_URL": "redis://127.0.0.1:1"}, "ConnectionError"),
    ("telegram", {"REDIS_URL": "redis://127.0.0.1:1"}, "ConnectionError"),
]


@pytest.mark.parametrize(("platform", "settings", "named"), BAD)
def test_a_bad_redis_setting_is_one_line_and_exit_code_2(
    platform: str, settings: dict[str, str], named: str
) -> None:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("REDIS_", "CHATDEALER_"))
    }
    env |= {"DISCORD_TOKEN": "x", "TELEGRAM_TOKEN": "1:x", **settings}
    done = subprocess.run(
        [sys.executable, "-m", "chatdealer.cli", platform],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"chatdealer {platform}: ") and named in lines[0], lines
    assert "Traceback" not in done.stderr + done.stdout
