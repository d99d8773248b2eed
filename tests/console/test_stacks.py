"""SIGUSR1 makes the terminal write where it is (every thread, every task) to its data dir's
`terminal.log`, and the game goes on: the aid for a terminal that seems stuck. A pty test's
wait that times out shows it."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest

from .terminal import quit_table, start


@pytest.fixture(autouse=True)
def _own_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)


def test_sigusr1_writes_every_thread_and_task_and_the_game_goes_on(tmp_path: Path) -> None:
    player = start(tmp_path, "--clock", "600")
    player.expect("Type help")
    stacks = player.stacks()
    assert "loop never wrote" not in stacks, stacks
    assert "Current thread" in stacks, stacks  # faulthandler: where the main thread is
    assert "-- task terminal table" in stacks, stacks  # the follower's task, and its stack
    assert "follow.py" in stacks, stacks
    assert "-- task terminal input" in stacks, stacks
    with pytest.raises(pexpect.TIMEOUT) as timed_out:  # a wait that times out says where it was
        player.expect_exact("never printed", timeout=1)
    assert "-- task terminal table" in str(timed_out.value)
    player.sendline("balance")
    player.expect("💰")
    quit_table(player)
