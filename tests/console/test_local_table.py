"""The local table, driven as a person would drive it: through a pseudo-terminal."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest

from chatdealer.dealer import Command, Create, Join, User, open_dealer
from chatdealer.dealer.outgoing import Refused
from chatdealer.store import TableId
from chatdealer.table import TableSettings

from .terminal import (
    BANK,
    HAND_OVER,
    TURN,
    audit_passes,
    chips,
    ended,
    quit_table,
    spawn,
    start,
)


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
    again.expect("Type help")
    quit_table(again)

    assert "ok" in audit_passes(tmp_path)


def test_a_second_terminal_joins_the_same_table(tmp_path: Path) -> None:
    host = start(tmp_path)
    host.expect("Type help")
    guest = spawn(tmp_path, "play", "--join", "--name", "Bo")
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
    player = start(tmp_path, "--clock", "600")  # no timeout sits her out on a slow machine
    player.expect(BANK)
    assert chips(player.match.group(1)) == 0
    player.expect_exact("Daily chips: +500 · 500 chips in the bank")
    player.expect("Type help")  # she is seated
    player.sendline("table")
    player.expect_exact("Tess")
    assert quit_table(player) <= 515  # the daily chips, give or take the blinds of one hand
    audit_passes(tmp_path)


def test_join_finds_a_table_by_the_name_its_host_gave(tmp_path: Path) -> None:
    host = start(tmp_path, "--table", "Friday Night")
    host.expect("Type help")
    guest = spawn(tmp_path, "--join", "friday night", "--name", "Bo")
    guest.expect("Type help")
    host.expect_exact("Bo sits down")
    quit_table(guest)
    nowhere = spawn(tmp_path, "--join", "saturday", "--name", "Cy")
    nowhere.expect_exact("There's no table called saturday to join")
    nowhere.expect(pexpect.EOF)
    nowhere.close()
    assert nowhere.exitstatus == 1
    quit_table(host)


def test_the_terminal_speaks_russian(tmp_path: Path) -> None:
    player = start(tmp_path, "--language", "ru")
    player.expect_exact("Tess, у вас в банке 1\u202f000 фишек.")
    player.expect(r"Ваш ход, осталось \d+ секунд")
    player.sendline("помощь")
    player.expect_exact("выход (quit, q): уйти из-за стола и закрыть терминал")
    player.sendline("баланс")
    player.expect_exact("💰")
    player.sendline("выход")
    player.expect_exact("У вас в банке")
    player.expect(pexpect.EOF)


def test_lines_typed_together_are_each_read(tmp_path: Path) -> None:
    """Two lines that reach the terminal in one read (typed or pasted quickly) are both
    answered: the second is not left waiting where nothing reads it."""
    player = start(tmp_path, "--clock", "600")
    player.expect("Type help")
    player.send("balance\nquit\n")
    player.expect("💰")
    ended(player)
