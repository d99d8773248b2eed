"""The terminal as a real seat: busting and buying in again, coming back after sitting out,
and leaving however the session ends (quit, Ctrl-C, end of input, a terminal that hangs up)
without leaving a seat behind in Redis."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

import pexpect
import pytest

from chatdealer.dealer import Command, Create, Join, User, open_dealer
from chatdealer.store import TableId
from chatdealer.table import TableSettings

from .terminal import (
    CHATDEALER,
    GOODBYE,
    HAND_OVER,
    TIMEOUT,
    TURN,
    audit_passes,
    data_dir,
    ended,
    environment,
    printed,
    quit_table,
    seated,
    start,
)

BUSTED = "You're out of chips. Type topup to buy in again from your bank"


@pytest.fixture(autouse=True)
def _own_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)  # the program's data dir, as it is run


def play_out_hand(player: pexpect.spawn) -> None:
    """Answers the turn just prompted and each one after it (check or call) to the hand's end."""
    while True:
        options = player.match.group(2)
        player.sendline("check" if "check" in options else "call")
        if player.expect([TURN, HAND_OVER], timeout=90) == 1:
            return


async def test_a_busted_player_buys_in_again_from_the_bank_and_plays_on(tmp_path: Path) -> None:
    host = User(id="player-tess", name="Tess")
    async with open_dealer(data_dir=data_dir(tmp_path)) as dealer:
        settings = TableSettings(small_blind=5, big_blind=10, min_buy_in_big_blinds=1, seat_count=4)
        table = TableId("console", "local", "table")
        await dealer.handle(Command(table=table, user=host, args=Create(settings=settings)))
        await dealer.handle(Command(table=table, user=host, args=Join(buy_in=10)))
    player = start(tmp_path)
    for _ in range(60):  # all-in every hand with one big blind: she busts soon
        if player.expect([TURN, BUSTED], timeout=90) == 1:
            break
        player.sendline("allin")
    else:
        pytest.fail("never busted")
    player.expect(r"\(([\d,]+) chips\): up to ([\d,]+), or topup 10 for the least")
    assert player.match.group(1) == "990"  # her bank: 1,000 less the first buy-in
    player.sendline("topup 200")
    player.expect_exact("Tess adds 200")
    player.expect(TURN, timeout=90)  # dealt in again
    play_out_hand(player)
    assert (
        quit_table(player) >= 790
    )  # what she did not bring stayed in the bank, and her stack came back
    audit_passes(tmp_path)


async def test_two_timeouts_sit_out_and_back_plays_on(tmp_path: Path) -> None:
    player = start(tmp_path, "--clock", "5", "--time-bank", "0")
    player.expect(TURN)
    player.expect_exact("Tess ran out of time", timeout=30)
    player.expect(TURN, timeout=90)
    player.expect_exact("Tess timed out twice in a row and sits out", timeout=30)
    player.expect_exact("You're sitting out: type back to play again", timeout=30)
    player.sendline("back")
    player.expect_exact("Tess is back")
    player.expect(TURN, timeout=90)
    play_out_hand(player)
    quit_table(player)
    assert "player-tess" not in await seated(tmp_path)


async def test_ctrl_c_mid_hand_leaves_when_the_hand_ends(tmp_path: Path) -> None:
    player = start(tmp_path)
    player.expect(TURN)
    player.sendintr()
    player.expect_exact("You leave the table when this hand ends")
    player.expect(HAND_OVER, timeout=90)
    player.expect_exact("Tess leaves with")
    ended(player)
    assert "player-tess" not in await seated(tmp_path)
    assert len(await seated(tmp_path)) == 2  # the bots stay
    audit_passes(tmp_path)


async def test_ctrl_c_once_the_chances_were_worked_out_shows_no_traceback(tmp_path: Path) -> None:
    """Ctrl-C reaches every process of the terminal's group, the pool that works out all-in
    chances too: its processes ignore it, so none prints a traceback over the table."""
    player = start(tmp_path)
    for _ in range(40):  # all in until a bot calls: the chances come from the pool
        seen = player.expect([TURN, "All in — ", "Tess is out of chips"], timeout=90)
        if seen:
            break
        player.sendline("allin")
    else:
        pytest.fail("no bot called an all-in in 40 hands")
    if seen == 1:  # the pool has answered: on to a turn of a later hand, or Tess's bust
        player.expect([TURN, "Tess is out of chips"], timeout=120)
    player.sendintr()
    ended(player)  # the goodbye, exit status 0, and no traceback


async def test_end_of_input_on_the_terminal_leaves_the_seat(tmp_path: Path) -> None:
    player = start(tmp_path)
    player.expect(TURN)  # mid-hand
    player.sendeof()
    player.expect_exact("You leave the table when this hand ends")
    player.expect_exact("Tess leaves with")
    ended(player)
    assert "player-tess" not in await seated(tmp_path)


async def test_end_of_input_from_a_pipe_leaves_the_seat_without_a_traceback(
    tmp_path: Path,
) -> None:
    run = subprocess.run(
        [str(CHATDEALER), "--bots", "2", "--name", "Tess", "--data-dir", str(data_dir(tmp_path))],
        stdin=subprocess.DEVNULL,
        env=environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    assert GOODBYE.search(run.stdout)
    assert "player-tess" not in await seated(tmp_path)


async def test_a_terminal_that_hangs_up_leaves_the_seat(tmp_path: Path) -> None:
    player = start(tmp_path)
    player.expect(TURN)
    player.kill(signal.SIGHUP)
    player.expect(pexpect.EOF, timeout=150)
    player.close()
    assert player.exitstatus == 0, printed(player)
    assert "player-tess" not in await seated(tmp_path)


def test_quit_says_it_leaves_after_the_hand(tmp_path: Path) -> None:
    player = start(tmp_path)
    player.expect(TURN)
    player.sendline("quit")
    player.expect_exact("You leave the table when this hand ends")
    player.expect_exact("Tess leaves when this hand ends")
    ended(player)


def test_chatdealer_with_play_options_and_no_word_play_opens_a_table(tmp_path: Path) -> None:
    player = start(tmp_path, play=False)
    player.expect_exact("Ada (bot) sits down")
    player.expect_exact("Bix (bot) sits down")
    player.expect(TURN, timeout=TIMEOUT)
    quit_table(player)
