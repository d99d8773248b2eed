"""Chips for the night (issue 17): an admin starts a fresh night, everyone plays the night's
chips, the night's results are the leaderboard, and the bank comes back as it was."""

from __future__ import annotations

from chatdealer.dealer import (
    Balance,
    Create,
    Daily,
    GiveChips,
    Join,
    Leaderboard,
    Leave,
    Night,
    Start,
    User,
)
from chatdealer.dealer.outgoing import BalanceShown, LeaderboardShown, Notice

from .harness import ANN, BOB, CID, DEE, Harness, all_in, payloads, refusals
from .test_play import SETTINGS

ADMIN = User(id="u-ada", name="Ada", admin=True)
MANAGER = User(id="u-max", name="Max", manager=True)


async def test_a_night_plays_its_own_chips_and_the_bank_comes_back(game: Harness) -> None:
    await game.do(ANN, Balance())  # Ann has her 1,000 before the night
    await game.do(ADMIN, GiveChips(player_id=ANN.id, amount=500, reason="won the raffle"))
    out = await game.do(ADMIN, Night(action="start", chips=300))
    (started,) = payloads(out, Notice)
    assert (started.code, started.params) == ("night_started", {"name": "Ada", "chips": 300})
    assert [o.to for o in out] == [None]
    assert await game.balance(ANN) == 300
    await game.assert_chips_conserved()

    await game.do(ANN, Create(settings=SETTINGS))
    assert not refusals(await game.do(ANN, Join(buy_in=200)))
    assert not refusals(await game.do(BOB, Join(buy_in=200)))  # a newcomer gets the night's
    assert await game.balance(BOB) == 100
    await game.do(ADMIN, GiveChips(player_id=BOB.id, amount=100, reason="late arrival"))
    await game.do(ANN, Start())
    await game.play_hand(all_in)
    await game.assert_chips_conserved()
    stacks = {seat.name: seat.stack for seat in (await game.fresh_view()).seats}

    (standing,) = payloads(await game.do(CID, Leaderboard()), LeaderboardShown)
    assert standing.night == "tonight"
    results = {row.name: row.net for row in standing.rows}
    assert set(results) == {"Ann", "Bob"}
    assert results["Ann"] + results["Bob"] == 0  # what one won the other lost
    assert results["Ann"] == stacks["Ann"] - 200  # the gift to Bob is not counted as won
    (best,) = payloads(await game.do(CID, Leaderboard(top=1)), LeaderboardShown)
    assert best.rows == standing.rows[:1]

    refused = await game.do(ADMIN, Night(action="end"))
    assert [r.code for r in refusals(refused)] == ["night_seated"]
    await game.do(ANN, Leave())
    await game.do(BOB, Leave())
    out = await game.do(ADMIN, Night(action="end"))
    ended, *_ = payloads(out, Notice)
    assert ended.code == "night_ended"
    (final,) = payloads(out, LeaderboardShown)
    assert final.night == "last"
    assert {row.name: row.net for row in final.rows} == results
    assert await game.balance(ANN) == 1_500  # as before the night
    assert await game.balance(BOB) is None  # he came for the night only
    await game.assert_chips_conserved()
    (again,) = payloads(await game.do(DEE, Night()), LeaderboardShown)
    assert again.night == "last" and again.rows == final.rows


async def test_only_an_admin_starts_or_ends_a_night(game: Harness) -> None:
    await game.do(ANN, Balance())
    for asker in (ANN, MANAGER):
        for action in ("start", "end"):
            out = await game.do(asker, Night(action=action, chips=5_000))
            assert [(r.code, o.to) for r, o in zip(refusals(out), out, strict=True)] == [
                ("night_admins_only", asker.id)
            ]
    assert await game.store.nights.running(game.table.home) is None
    assert await game.balance(ANN) == 1_000
    await game.assert_chips_conserved()


async def test_a_night_does_not_start_while_someone_holds_chips_at_a_table(
    game: Harness,
) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=200))
    out = await game.do(ADMIN, Night(action="start", chips=300))
    assert [r.code for r in refusals(out)] == ["night_seated"]
    assert await game.balance(ANN) == 800
    assert await game.store.nights.running(game.table.home) is None
    await game.assert_chips_conserved()


async def test_a_second_start_and_an_end_without_a_night_are_refused(game: Harness) -> None:
    assert [r.code for r in refusals(await game.do(ADMIN, Night(action="end")))] == ["no_night"]
    assert [r.code for r in refusals(await game.do(ANN, Night()))] == ["no_night_yet"]
    await game.do(ADMIN, Night(action="start"))  # the starting grant when no chips are named
    out = await game.do(ADMIN, Night(action="start", chips=50))
    assert [(r.code, r.params) for r in refusals(out)] == [("night_running", {"chips": 1_000})]
    await game.assert_chips_conserved()


async def test_no_daily_chips_during_a_night(game: Harness) -> None:
    await game.do(ANN, Balance())
    await game.do(ADMIN, Night(action="start", chips=300))
    out = await game.do(ANN, Daily())
    assert [r.code for r in refusals(out)] == ["night_daily"]
    (shown,) = payloads(await game.do(ANN, Balance()), BalanceShown)
    assert shown.balance == 300
    await game.assert_chips_conserved()
