"""`history` at the terminal tells the hand as the chats and the web replayer do (seats, each
street's actions, the pots, the result) before its PHH, and the player's own copy names the
cards she was dealt."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .terminal import HAND_OVER, TURN, audit_passes, printed, quit_table, start


@pytest.fixture(autouse=True)
def _own_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)


def test_history_tells_the_hand_before_its_phh(tmp_path: Path) -> None:
    player = start(tmp_path)
    while True:  # a fold where the table offers one: the big blind with no raise may only check
        player.expect(TURN)
        if "fold" in player.match.group(2).split(" · "):
            break
        player.sendline("check")
    player.sendline("fold")  # a hand that ends without Tess at the showdown, told all the same
    player.expect_exact("Tess folds")
    player.expect(HAND_OVER)  # the hand she folded in (an earlier one may have been a walk)
    number = player.match.group(1)
    before = len(printed(player))
    player.sendline(f"history {number}")
    player.expect("as a hand history")
    player.expect(r"finishing_stacks")
    answer = printed(player)[before:]
    story = answer[: answer.index("as a hand history")]
    assert f"Hand #{number}" in story
    assert re.search(r"Seats: .*Tess", story), story
    assert re.search(r"^(Pre-flop|Flop|Turn|River)\b.*Tess folds", story, re.M), story
    assert re.search(r"Dealt to Tess: \S+ \S+", story), story  # her own copy
    assert re.search(r"Result: .*Tess [−-]?\d", story), story  # a blind lost, or nothing
    quit_table(player)
    assert "ok" in audit_passes(tmp_path)
