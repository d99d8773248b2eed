"""The local table, driven as a person would drive it: through a pseudo-terminal.

Each run starts the real `chatdealer play` on its own embedded Redis (a temporary data dir),
with a short bot delay and a seed for the bots' choices; the decks stay cryptographic, so the
test reads what it is shown and answers it, as a player does.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from chatdealer.dealer import Command, Create, Join, User, open_dealer
from chatdealer.dealer.outgoing import Refused
from chatdealer.store import TableId
from chatdealer.table import TableSettings

CHATDEALER = Path(sys.executable).parent / "chatdealer"
TIMEOUT = 45
TURN = re.compile(r"Your turn, (\d+) seconds? left: ([^\r\n]*)\r?\n")
BANK = re.compile(r"you have ([\d,]+) chips in the bank")
GOODBYE = re.compile(r"You have ([\d,]+) chips in the bank\. Goodbye!")
HAND_OVER = re.compile(r"Hand #\d+ is over")


def environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DISCORD_TOKEN")}
    env.update(NO_COLOR="1", XDG_DATA_HOME=str(home), TELEGRAM_TOKEN="")
    return env


def start(home: Path, *extra: str) -> pexpect.spawn:
    args = [
        "play",
        "--data-dir",
        str(home / "chatdealer"),
        "--bots",
        "2",
        "--name",
        "Tess",
        "--clock",
        "30",
        "--bot-delay",
        "0.1",
        "--next-hand-delay",
        "0.3",
        "--seed",
        "7",
        *extra,
    ]
    return pexpect.spawn(
        str(CHATDEALER), args, env=environment(home), encoding="utf-8", timeout=TIMEOUT
    )


def chips(text: str) -> int:
    return int(text.replace(",", ""))


def quit_table(player: pexpect.spawn) -> int:
    player.sendline("quit")
    player.expect(GOODBYE, timeout=120)
    left_with = chips(player.match.group(1))
    player.expect(pexpect.EOF)
    player.close()
    assert player.exitstatus == 0
    return left_with


def audit_passes(home: Path) -> str:
    """`chatdealer audit` on the player's data: every chip granted is in a bank or on a table."""
    audit = subprocess.run(
        [str(CHATDEALER), "audit"],
        env=environment(home),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert audit.returncode == 0, audit.stdout + audit.stderr
    return audit.stdout


def refused_and_unchanged(player: pexpect.spawn, line: str, message: str) -> None:
    """The line gets its one-line message, and it is still Tess's turn."""
    player.sendline(line)
    player.expect_exact(message)
    player.sendline("table")
    player.expect("Tess to act")


def test_play_hands_with_bad_input_then_quit_and_find_the_chips_again(tmp_path: Path) -> None:
    player = start(tmp_path)
    player.expect(BANK)
    assert chips(player.match.group(1)) == 1_000  # the starting grant

    hands = 0
    tried = {"abc": False, "small": False, "check": False}
    while hands < 3:
        seen = player.expect([TURN, HAND_OVER, "Tess is out of chips"])
        if seen == 1:
            hands += 1
            continue
        if seen == 2:
            break
        options = player.match.group(2)
        if not tried["abc"]:
            tried["abc"] = True
            refused_and_unchanged(player, "raise abc", "abc is not an amount of chips")
            refused_and_unchanged(player, "dance", "There's no command dance")
        if not tried["small"] and "raise" in options:
            tried["small"] = True
            refused_and_unchanged(player, "raise 1", "A raise must be")
        if not tried["check"] and "call" in options:
            tried["check"] = True
            refused_and_unchanged(player, "check", "You can't check")
        player.sendline("check" if "check" in options else "call")
    assert tried["abc"]
    assert tried["small"]
    assert tried["check"]

    left_with = quit_table(player)

    again = start(tmp_path)
    again.expect(BANK)
    assert chips(again.match.group(1)) == left_with
    quit_table(again)

    assert "ok" in audit_passes(tmp_path)


def test_a_second_terminal_joins_the_same_table(tmp_path: Path) -> None:
    host = start(tmp_path)
    host.expect("Type help")
    guest = pexpect.spawn(
        str(CHATDEALER),
        ["play", "--join", "--name", "Bo", "--data-dir", str(tmp_path / "chatdealer")],
        env=environment(tmp_path),
        encoding="utf-8",
        timeout=TIMEOUT,
    )
    guest.expect(BANK)
    host.expect_exact("Bo sits down")
    guest.expect("Type help")
    quit_table(guest)
    host.expect_exact("Bo leaves")
    quit_table(host)


async def test_a_player_back_with_no_chips_gets_the_daily_chips_and_sits_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    elsewhere = TableId("console", "local", "elsewhere")
    tess = User(id="player-tess", name="Tess")
    async with open_dealer(data_dir=tmp_path / "chatdealer") as dealer:
        settings = TableSettings(small_blind=5, big_blind=10)
        await dealer.handle(Command(table=elsewhere, user=tess, args=Create(settings=settings)))
        out = await dealer.handle(Command(table=elsewhere, user=tess, args=Join(buy_in=1_000)))
        assert not [o for o in out if isinstance(o.payload, Refused)]  # her whole bank is there
    player = start(tmp_path)
    player.expect(BANK)
    assert chips(player.match.group(1)) == 0
    player.expect_exact("Daily chips: +500 · 500 chips in the bank")
    player.expect("Type help")  # she is seated
    player.sendline("table")
    player.expect_exact("Tess")
    assert quit_table(player) <= 515  # the daily chips, give or take the blinds of one hand
    audit_passes(tmp_path)
