"""Every command of the catalog typed into the real terminal once, each answered as it should
be (done, or refused with the reason), the table's chips conserved afterwards."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.common.catalog import missing_entries

from .terminal import audit_passes, quit_table, start

SAID = [
    ("help", "help", r"Commands"),
    ("help", "help join", r"join — Sit down at the table"),
    ("create", "create", r"This channel already has a table"),
    ("settings", "settings bb=20", r"New settings"),
    ("house showdown", "house showdown seven_deuce=20", r"New settings"),
    ("house runout", "house runout run_twice=ask", r"New settings"),
    ("join", "join", r"You're already at this table"),
    ("straddle", "straddle", r"Straddles aren't allowed at this table"),
    ("start", "start", r"A hand is being played|Hand #"),
    ("cards", "cards", r"Your cards|You have no cards"),
    ("table", "table", r"Next deck"),
    ("history", "history", r"as a hand history|No hand has been finished"),
    ("seed", "seed purple elephant 42", r"Tess adds a seed"),
    ("showdown show", "showdown show losing", r"show-or-muck default at the showdown is now"),
    ("showdown muck", "showdown muck", r"Nobody is asked to show or muck now"),
    ("rabbit", "rabbit", r"No hand has been finished|No rabbit to hunt|Rabbit hunt, hand #"),
    ("balance", "balance", r"💰"),
    ("daily", "daily", r"Daily chips: \+500"),
    ("leaderboard", "leaderboard 5", r"Biggest winners"),
    ("night", "night", r"Tonight at this table"),
    ("addbot", "addbot tight", r"Cleo \(bot\) sits down"),
    ("kick", "kick Cleo", r"Cleo \(bot\) leaves"),
    ("sitout", "sitout", r"Tess sits out"),
    ("back", "back", r"Tess is back|You're already in the game"),
    ("topup", "topup 100", r"Tess adds 100|table maximum|You can add at most"),
    ("reset", "reset", r"This table isn't damaged"),
    ("tournament open", "tournament open 100 1500", r"This channel already has a table"),
    ("tournament register", "tournament register", r"This isn't a tournament table"),
    ("tournament unregister", "tournament unregister", r"This isn't a tournament table"),
    ("tournament start", "tournament start", r"A hand is being played|Hand #"),
    ("tournament rebuy", "tournament rebuy", r"This isn't a tournament table"),
    ("tournament status", "tournament status", r"Next deck"),
    ("host bank", "host bank", r"The bank: newcomers get"),
    ("host give", "host give Tess 100 good sport", r"gives Tess 100 chips: good sport"),
    ("host take", "host take Tess 100 paid twice", r"takes 100 chips from Tess: paid twice"),
    ("host cohost", "host cohost Tess", r"They already run this table"),
    ("host pause", "host pause", r"paused the game"),
    ("host resume", "host resume", r"resumed the game"),
    ("house seating", "house seating refill=10 every=5", r"Seating: open to anyone"),
    ("host invite", "host invite Tess", r"Tess is on the invite list"),
    ("host uninvite", "host uninvite Tess", r"Tess is off the invite list"),
    ("host approve", "host approve Tess", r"They haven't asked to sit"),
    ("host decline", "host decline Tess", r"They haven't asked to sit"),
    ("host night", "host night start chips=500", r"Players still have chips at a table"),
    ("leave", "leave", r"Tess leaves"),
    ("stop", "stop", r"The table is closing"),
    ("host night", "host night start chips=500", r"starts a night: everyone plays 500 chips"),
    ("leaderboard", "leaderboard", r"Tonight's results so far"),
    ("host night", "host night end", r"ends the night"),
]


@pytest.fixture(autouse=True)
def _own_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)


def test_every_catalog_command_is_answered_in_the_terminal(tmp_path: Path) -> None:
    player = start(tmp_path, "--clock", "600")
    player.expect("Type help")
    used = []
    for key, line, answer in SAID:
        player.sendline(line)
        player.expect(answer, timeout=60)
        used.append(key)
    assert missing_entries(used) == []
    quit_table(player)
    audit_passes(tmp_path)
