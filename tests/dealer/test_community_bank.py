"""The community's bank settings through the dealer: admins change them, everyone lives by them."""

from __future__ import annotations

import msgspec

from chatdealer.dealer import (
    BankRules,
    Create,
    Daily,
    GiveChips,
    Join,
    Leaderboard,
    Start,
    TakeChips,
    User,
)
from chatdealer.dealer.outgoing import DailyClaimed, LeaderboardShown, Notice
from chatdealer.store import BoardPeriod

from .harness import ANN, BOB, DEE, Harness, payloads, refusals
from .test_play import SETTINGS

ADMIN = User(id="u-ada", name="Ada", admin=True)
MANAGER = User(id="u-max", name="Max", manager=True)


async def test_an_admin_sets_the_grant_the_daily_chips_and_the_board(game: Harness) -> None:
    out = await game.do(
        ADMIN, BankRules(starting_grant=2_500, daily_amount=40, daily_hours=6, leaderboard="week")
    )
    assert [o.to for o in out] == [None, None]
    changed, rules = payloads(out, Notice)
    assert (changed.code, changed.params) == ("bank_changed", {"name": "Ada"})
    assert (rules.code, rules.params) == (
        "bank_rules",
        {"grant": 2_500, "daily": 40, "hours": 6, "board": "this week"},
    )
    claimed = payloads(await game.do(DEE, Daily()), DailyClaimed)
    assert [(c.amount, c.balance) for c in claimed] == [(40, 2_540)]
    game.clock.advance(6 * 3_600)
    assert payloads(await game.do(DEE, Daily()), DailyClaimed)[0].balance == 2_580
    settings = await game.store.bank.settings(game.table.home)
    assert settings.board is BoardPeriod.WEEK
    await game.assert_chips_conserved()


async def test_anyone_may_read_the_settings_privately(game: Harness) -> None:
    out = await game.do(BOB, BankRules())
    assert [o.to for o in out] == [BOB.id]
    (rules,) = payloads(out, Notice)
    assert rules.code == "bank_rules" and rules.params["grant"] == 1_000


async def test_a_non_admin_cannot_change_the_bank(game: Harness) -> None:
    for asker in (BOB, MANAGER):
        out = await game.do(asker, BankRules(starting_grant=1_000_000))
        assert [(r.code, o.to) for r, o in zip(refusals(out), out, strict=True)] == [
            ("admins_only", asker.id)
        ]
    settings = await game.store.bank.settings(game.table.home)
    assert settings.starting_grant == 1_000
    welcome = payloads(await game.do(DEE, Daily()), Notice)
    assert [(n.code, n.params) for n in welcome] == [("welcome", {"grant": 1_000})]


async def test_no_daily_chips_is_a_friendly_refusal(game: Harness) -> None:
    await game.do(ADMIN, BankRules(daily_amount=0))
    out = await game.do(ANN, Daily())
    assert [r.code for r in refusals(out)] == ["daily_off"]
    assert await game.balance(ANN) == 1_000
    (rules,) = payloads(await game.do(ANN, BankRules()), Notice)
    assert rules.code == "bank_rules_no_daily"
    await game.assert_chips_conserved()


async def test_an_out_of_range_setting_is_refused_and_changes_nothing(game: Harness) -> None:
    bad = msgspec.structs.replace(BankRules(), daily_hours=0)
    out = await game.do(ADMIN, bad)
    assert [r.code for r in refusals(out)] == ["bad_value"]
    assert (await game.store.bank.settings(game.table.home)).daily_period == 86_400


async def test_the_leaderboard_shows_the_chosen_period(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=200))
    await game.do(BOB, Join(buy_in=200))
    await game.do(ANN, Start())
    folder = game.to_act()
    await game.act(folder, "fold")
    await game.do(ADMIN, BankRules(leaderboard="week"))
    board = payloads(await game.do(ANN, Leaderboard()), LeaderboardShown)[0]
    assert {row.player_id for row in board.rows} == {ANN.id, BOB.id}
    game.clock.advance(8 * 86_400)
    later = payloads(await game.do(ANN, Leaderboard()), LeaderboardShown)[0]
    assert later.rows == ()
    await game.do(ADMIN, BankRules(leaderboard="all"))
    every = payloads(await game.do(ANN, Leaderboard()), LeaderboardShown)[0]
    assert {row.player_id for row in every.rows} == {ANN.id, BOB.id}
    await game.assert_chips_conserved()


async def test_an_admin_gives_and_takes_chips_with_a_reason(game: Harness) -> None:
    await game.do(BOB, Daily())  # Bob's account: 1,000 and 100 daily
    out = await game.do(ADMIN, GiveChips(player_id=BOB.id, amount=500, reason="won the bet"))
    (given,) = payloads(out, Notice)
    assert [o.to for o in out] == [None]
    assert (given.code, given.params) == (
        "chips_given",
        {"name": "Ada", "player": "Bob", "amount": 500, "reason": "won the bet"},
    )
    assert await game.balance(BOB) == 1_600
    out = await game.do(ADMIN, TakeChips(player_id=BOB.id, amount=600, reason="paid twice"))
    assert [n.code for n in payloads(out, Notice)] == ["chips_taken"]
    assert await game.balance(BOB) == 1_000
    moves = [(e.kind, e.amount, e.balance) for e in await game.store.bank.ledger(game.table.home)]
    assert moves[-2:] == [("given", 500, 1_600), ("taken", 600, 1_000)]
    report = (await game.store.bank.audit(game.table.home))[0]
    assert report.ok and report.granted == 1_000
    await game.assert_chips_conserved()


async def test_giving_to_a_newcomer_opens_their_account_first(game: Harness) -> None:
    await game.do(ADMIN, GiveChips(player_id="u-new", amount=250, reason="welcome gift"))
    assert await game.store.bank.balance(game.table.home, "u-new") == 1_250
    await game.assert_chips_conserved()


async def test_refusals_of_giving_and_taking_change_nothing(game: Harness) -> None:
    await game.do(BOB, Daily())
    before = await game.store.bank.ledger(game.table.home)
    cases: list[tuple[User, GiveChips | TakeChips, str]] = [
        (MANAGER, GiveChips(player_id=BOB.id, amount=5, reason="pals"), "admins_only"),
        (BOB, TakeChips(player_id=ANN.id, amount=5, reason="mine"), "admins_only"),
        (ADMIN, TakeChips(player_id=BOB.id, amount=1_101, reason="all"), "take_short"),
        (ADMIN, TakeChips(player_id="u-nobody", amount=1, reason="x"), "no_account_of"),
        (ADMIN, GiveChips(player_id=BOB.id, amount=5, reason="   "), "reason_needed"),
        (ADMIN, GiveChips(player_id=BOB.id, amount=0, reason="nothing"), "bad_value"),
    ]
    for asker, verb, code in cases:
        assert [r.code for r in refusals(await game.do(asker, verb))] == [code], verb
    assert await game.store.bank.ledger(game.table.home) == before
    assert await game.balance(BOB) == 1_100
    await game.assert_chips_conserved()
