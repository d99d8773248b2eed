"""The bank as players see it: balance, daily chips, the leaderboard, the night's ledger."""

from __future__ import annotations

from redis.asyncio import Redis

from chatdealer.dealer import (
    Balance,
    Command,
    Create,
    Daily,
    Dealer,
    Join,
    Leaderboard,
    Ledger,
    Start,
)
from chatdealer.dealer.outgoing import (
    BalanceShown,
    BankLedger,
    DailyClaimed,
    HandOver,
    LeaderboardShown,
    NightShown,
    Notice,
)
from chatdealer.store import Store

from .harness import ANN, BOB, DEE, Harness, payloads, refusals
from .test_play import SETTINGS


async def test_a_newcomer_is_granted_chips_and_sees_the_balance_privately(
    game: Harness,
) -> None:
    out = await game.do(DEE, Balance())
    assert [o.to for o in out] == [DEE.id, DEE.id]
    assert [n.code for n in payloads(out, Notice)] == ["welcome"]
    (shown,) = payloads(out, BalanceShown)
    assert shown.balance == 1_000 and shown.hands_played == 0


async def test_daily_chips_come_once_a_day(game: Harness) -> None:
    claimed = payloads(await game.do(ANN, Daily()), DailyClaimed)
    assert claimed and claimed[0].balance == 1_100 and claimed[0].amount == 100
    game.clock.advance(3_600)
    refused = refusals(await game.do(ANN, Daily()))
    assert [(r.code, r.params) for r in refused] == [("daily_too_soon", {"wait": "23 h 0 min"})]
    game.clock.advance(23 * 3_600)
    assert payloads(await game.do(ANN, Daily()), DailyClaimed)[0].balance == 1_200


async def test_the_leaderboard_and_ledger_follow_the_hands(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=200))
    await game.do(BOB, Join(buy_in=200))
    await game.do(ANN, Start())
    folder = game.to_act()
    over = payloads(await game.act(folder, "fold"), HandOver)[0]
    winner = next(share for share in over.stacks if share.player_id != folder.id)
    board = payloads(await game.do(ANN, Leaderboard()), LeaderboardShown)[0]
    assert [(row.player_id, row.net) for row in board.rows] == [
        (winner.player_id, winner.chips - 200),
        (folder.id, -(winner.chips - 200)),
    ]
    out = await game.do(BOB, Ledger())
    (night,) = payloads(out, NightShown)
    assert {line.player_id: line.net for line in night.lines}[winner.player_id] > 0
    (moves,) = [o for o in out if isinstance(o.payload, BankLedger)]
    assert moves.to == BOB.id
    assert isinstance(moves.payload, BankLedger)
    assert [m.kind for m in moves.payload.moves] == ["buy_in", "grant"]
    shown = payloads(await game.do(game.users[winner.player_id], Balance()), BalanceShown)
    assert shown[0].hands_played == 1 and shown[0].hands_won == 1 and shown[0].biggest_pot > 0


async def test_redis_being_away_is_answered_not_raised(game: Harness) -> None:
    gone = Redis(unix_socket_path="/nonexistent/redis.sock")
    try:
        dealer = Dealer(Store.on(gone))
        out = await dealer.handle(Command(table=game.table, user=ANN, args=Join()))
        assert [(o.to, o.kind) for o in out] == [(ANN.id, "refused")]
        assert [r.code for r in refusals(out)] == ["unavailable"]
    finally:
        await gone.aclose()
