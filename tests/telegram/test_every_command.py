"""A night in one group that uses every command of the catalog on Telegram, each typed as a
player types it and each answered (a reply, a post or an edit of the table message), none
with "there's no command"."""

from __future__ import annotations

import asyncio

from adapters.common.catalog import MemberRef, missing_entries
from adapters.telegram.commands import command_word, read

from .conftest import Launch
from .fake_bot_api import ANN, BOB, CID, GROUP_ID, FakeBotApi, FakeUser
from .test_game import view_of
from .test_translations import said

NIGHT: tuple[tuple[FakeUser, str, dict[str, object]], ...] = (
    (ANN, "/poker 1/2 straddles=on", {}),
    (ANN, "/settings clock=20s", {}),
    (ANN, "/house showdown seven_deuce=20", {}),
    (ANN, "/house runout run_twice=ask", {}),
    (ANN, "/join 100", {}),
    (BOB, "/join", {}),
    (CID, "/join 150 3", {}),
    (CID, "/straddle", {}),
    (ANN, "/addbot tight", {}),
    (BOB, "/seed purple elephant 42", {}),
    (ANN, "/start_game", {}),
    (BOB, "/cards", {}),
    (BOB, "/showdown show always", {}),
    (CID, "/showdown muck", {}),
    (CID, "/sitout", {}),
    (CID, "/back", {}),
    (ANN, "/topup", {}),
    (BOB, "/table", {}),
    (ANN, "/history", {}),
    (CID, "/rabbit", {}),
    (BOB, "/balance", {}),
    (BOB, "/daily", {}),
    (CID, "/leaderboard 5", {}),
    (CID, "/night", {}),
    (BOB, "/host bank", {}),
    (ANN, "/host cohost", {"reply_to": BOB}),
    (ANN, "/host pause", {}),
    (ANN, "/host resume", {}),
    (ANN, "/house seating refill=10 every=5 cap=60", {}),
    (ANN, "/host invite", {"reply_to": BOB}),
    (ANN, "/host uninvite", {"reply_to": BOB}),
    (ANN, "/host approve", {"reply_to": BOB}),
    (ANN, "/host decline", {"reply_to": BOB}),
    (ANN, "/host give 100 good sport", {"reply_to": BOB}),
    (ANN, "/host take 100 paid twice", {"reply_to": BOB}),
    (BOB, "/host night", {}),
    (ANN, "/kick", {"reply_to": CID}),
    (BOB, "/leave", {}),
    (ANN, "/reset", {}),
    (ANN, "/stop", {}),
    (ANN, "/tournament open 0 1000 turbo", {}),
    (ANN, "/tournament register", {}),
    (BOB, "/tournament register", {}),
    (CID, "/tournament register", {}),
    (CID, "/tournament unregister", {}),
    (BOB, "/tournament status", {}),
    (BOB, "/tournament rebuy", {}),
    (ANN, "/tournament start", {}),
    (CID, "/help tournament open", {}),
)


async def test_every_command_of_the_catalog_is_used_and_answered(
    fake: FakeBotApi, launch: Launch
) -> None:
    worker = await launch()
    used: list[str] = []
    for user, typed, where in NIGHT:
        await said(fake, user, typed, **where)
        word, rest = command_word(typed)
        replied = {"member": MemberRef(player_id="0")} if "reply_to" in where else {}
        used.append(read(word, rest, "en", replied).entry.key)
        if typed == "/join 150 3":  # the table has its players before the deal
            for _ in range(100):
                if len((await view_of(worker)).seats) == 3:
                    break
                await asyncio.sleep(0.03)
    await worker.poker.idle(3.0)
    assert missing_entries(used) == []
    texts = [m.content for m in fake.chat_messages(GROUP_ID)]
    assert not [text for text in texts if "There's no command" in text]
    assert any("purple elephant" in t or "seed" in t.lower() for t in fake.group_texts())
    view = await view_of(worker)
    assert view.tournament is not None and view.tournament.phase != "registering"
