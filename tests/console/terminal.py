"""Driving the real `chatdealer` through a pseudo-terminal, as a person would, and reading the
table it leaves in Redis afterwards.

Each run starts the program on its own embedded Redis (a temporary data dir), with a short bot
delay and a seed for the bots' choices; the decks stay cryptographic, so a test reads what it
is shown and answers it, as a player does. Waits are on output, generous for a loaded machine;
one that times out first asks the program where it is (SIGUSR1, `adapters.console.stacks`) and
shows that with the timeout.
"""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pexpect

from adapters.console.stacks import log_path
from chatdealer.dealer import Command, ShowTable, TableView, User, open_dealer
from chatdealer.dealer.outgoing import TableShown
from chatdealer.store import TableId

CHATDEALER = Path(sys.executable).parent / "chatdealer"
TIMEOUT = 60
TURN = re.compile(r"Your turn, (\d+) seconds? left: ([^\r\n]*)\r?\n")
BANK = re.compile(r"you have ([\d,]+) chips in the bank")
GOODBYE = re.compile(r"You have ([\d,]+) chips in the bank\. Goodbye!")
HAND_OVER = re.compile(r"Hand #(\d+) is over")
TESS = User(id="player-tess", name="Tess")
DUMP_WAIT = 5.0
"""How long a timed-out wait gives the program to write where its tasks are."""
SPAWNED: list[pexpect.spawn] = []
"""The programs this test started, whose output a failure shows (see conftest)."""


class Terminal(pexpect.spawn):  # type: ignore[misc]
    """The program in its pty; a wait that times out says where the program was stuck."""

    def __init__(self, *args: Any, data: Path, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.data = data

    def expect_list(self, *args: Any, **kwargs: Any) -> int:  # `expect` comes here
        try:
            return int(super().expect_list(*args, **kwargs))
        except pexpect.TIMEOUT as timeout:
            raise pexpect.TIMEOUT(f"{timeout}\n{self.stacks()}") from None

    def expect_exact(self, *args: Any, **kwargs: Any) -> int:
        try:
            return int(super().expect_exact(*args, **kwargs))
        except pexpect.TIMEOUT as timeout:
            raise pexpect.TIMEOUT(f"{timeout}\n{self.stacks()}") from None

    def stacks(self) -> str:
        """The threads' and tasks' stacks the program writes on SIGUSR1 (or why there are none)."""
        if not self.isalive():
            return "(the program has exited: no stacks)"
        log = log_path(self.data)
        before = log.stat().st_size if log.exists() else 0

        def written() -> str:
            tail = log.read_bytes()[before:] if log.exists() else b""
            return tail.decode("utf-8", errors="replace")

        os.kill(self.pid, signal.SIGUSR1)
        deadline = time.monotonic() + DUMP_WAIT
        while "== asyncio tasks" not in written() and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.2)  # the rest of the dump
        tasks = "" if "== asyncio tasks" in written() else " (the loop never wrote its tasks)"
        return f"== stacks on SIGUSR1{tasks}\n{written()}"


def environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DISCORD_TOKEN")}
    env.update(NO_COLOR="1", XDG_DATA_HOME=str(home), TELEGRAM_TOKEN="")
    return env


def data_dir(home: Path) -> Path:
    return home / "chatdealer"


def spawn(home: Path, *args: str) -> pexpect.spawn:
    """The program, with everything it prints kept (`printed`)."""
    child = Terminal(
        str(CHATDEALER),
        [*args, "--data-dir", str(data_dir(home))],
        data=data_dir(home),
        env=environment(home),
        encoding="utf-8",
        timeout=TIMEOUT,
    )
    child.logfile_read = io.StringIO()
    SPAWNED.append(child)
    return child


def printed(player: pexpect.spawn) -> str:
    log = player.logfile_read
    return log.getvalue() if isinstance(log, io.StringIO) else ""


def start(home: Path, *extra: str, play: bool = True) -> pexpect.spawn:
    args = [
        *(["play"] if play else []),
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
    return spawn(home, *args)


def chips(text: str) -> int:
    return int(text.replace(",", ""))


def ended(player: pexpect.spawn) -> int:
    """Waits for the goodbye and the exit (status 0, no traceback); the chips in the bank."""
    player.expect(GOODBYE, timeout=150)
    left_with = chips(player.match.group(1))
    player.expect(pexpect.EOF, timeout=TIMEOUT)
    assert "Traceback" not in printed(player)
    player.close()
    assert player.exitstatus == 0
    return left_with


def quit_table(player: pexpect.spawn, word: str = "quit") -> int:
    player.sendline(word)
    return ended(player)


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


async def table_left(home: Path, table: str = "table") -> TableView | None:
    """The table as the program left it in Redis."""
    table_id = TableId("console", "local", table)
    async with open_dealer(data_dir=data_dir(home)) as dealer:
        out = await dealer.handle(Command(table=table_id, user=TESS, args=ShowTable()))
    return next((o.payload.view for o in out if isinstance(o.payload, TableShown)), None)


async def seated(home: Path, table: str = "table") -> list[str]:
    view = await table_left(home, table)
    return [seat.player_id for seat in view.seats] if view is not None else []
