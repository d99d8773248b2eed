"""Who sits at a table (open, on approval, invite-only) and the time bank's refill."""

from __future__ import annotations

import msgspec

from chatdealer.dealer import (
    Answer,
    CoHost,
    Create,
    HouseSeating,
    Invite,
    Join,
    SitIn,
    SitOut,
    Start,
)
from chatdealer.dealer.outgoing import Notice, Outgoing
from chatdealer.dealer.record import decode_record
from chatdealer.table import TableSettings

from .harness import ANN, BOB, CID, DEE, Harness, payloads, refusals
from .test_play import SETTINGS


def codes(out: list[Outgoing]) -> list[str]:
    return [r.code for r in refusals(out)]


def notices(out: list[Outgoing]) -> list[str]:
    return [n.code for n in payloads(out, Notice)]


async def seated(game: Harness) -> set[str]:
    view = await game.fresh_view()
    return {seat.player_id for seat in view.seats if seat.player_id is not None}


async def test_an_invite_only_table_refuses_a_stranger_and_seats_the_invited(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    assert notices(await game.do(ANN, HouseSeating(policy="invite"))) == ["seating_rules"]
    assert codes(await game.do(BOB, Join(buy_in=100))) == ["invite_only"]
    assert BOB.id not in await seated(game)
    refused = await game.balance(BOB)  # the newcomer's grant, no buy-in taken
    assert notices(await game.do(ANN, Invite(player_id=BOB.id))) == ["invited"]
    assert not refusals(await game.do(BOB, Join(buy_in=100)))
    assert BOB.id in await seated(game)
    assert refused is not None and await game.balance(BOB) == refused - 100
    await game.do(ANN, Invite(player_id=BOB.id, on=False))
    assert codes(await game.do(ANN, Invite(player_id=BOB.id, on=False))) == ["not_invited"]
    await game.assert_chips_conserved()


async def test_a_join_request_waits_for_the_hosts_answer(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=100))
    await game.do(ANN, HouseSeating(policy="approval"))
    out = await game.do(BOB, Join(buy_in=120))
    assert "join_requested" in notices(out)
    assert BOB.id not in await seated(game)
    assert codes(await game.do(BOB, Join(buy_in=120))) == ["already_requested"]
    await game.do(CID, Join(buy_in=100))
    # a non-host approving is refused and seats nobody
    assert codes(await game.do(CID, Answer(player_id=BOB.id))) == ["not_host"]
    assert BOB.id not in await seated(game)
    out = await game.do(ANN, Answer(player_id=BOB.id))
    assert "join_approved" in notices(out)
    view = await game.fresh_view()
    bob = next(seat for seat in view.seats if seat.player_id == BOB.id)
    assert bob.stack == 120
    # a co-host declines
    await game.do(ANN, CoHost(player_id=BOB.id))
    await game.do(DEE, Join(buy_in=100))
    assert "join_declined" in notices(await game.do(BOB, Answer(player_id=DEE.id, yes=False)))
    assert DEE.id not in await seated(game)
    assert codes(await game.do(ANN, Answer(player_id=DEE.id))) == ["no_request"]
    await game.assert_chips_conserved()


async def test_only_who_runs_the_table_changes_its_seating(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(BOB, Join(buy_in=100))
    assert codes(await game.do(BOB, HouseSeating(policy="invite"))) == ["not_host"]
    assert codes(await game.do(BOB, Invite(player_id=CID.id))) == ["not_host"]
    assert not refusals(await game.do(CID, Join(buy_in=100)))
    # anyone may read the rules
    out = await game.do(BOB, HouseSeating())
    assert [n.params["policy"] for n in payloads(out, Notice)] == ["open to anyone"]


async def test_the_time_bank_refills_every_few_hands_up_to_its_cap(game: Harness) -> None:
    settings = msgspec.structs.replace(SETTINGS, time_bank_seconds=30)
    assert isinstance(settings, TableSettings)
    await game.do(ANN, Create(settings=settings))
    for user in (ANN, BOB):
        await game.do(user, Join(buy_in=100))
    await game.do(ANN, HouseSeating(refill_seconds=10, refill_hands=2, refill_cap=45))
    await game.do(ANN, Start())
    banks = []
    for _ in range(5):
        await game.play_hand()
        banks.append(await time_bank_of(game, BOB.id))
        await game.fire(60)
    # dealt hands 2 and 4 refilled: 30 -> 40 -> 45 (the cap)
    assert max(banks) == 45
    assert 40 in banks
    await game.assert_chips_conserved()


async def time_bank_of(game: Harness, player: str) -> float:
    _, raw = await game.stored()
    return decode_record(raw).clocks[player].time_bank


async def cid_sits_out_with_a_two_minute_limit(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    for user in (ANN, BOB, CID):
        await game.do(user, Join(buy_in=100))
    await game.do(ANN, HouseSeating(auto_leave_minutes=2))
    await game.do(ANN, Start())
    await game.play_hand()
    await game.do(CID, SitOut())


async def test_sitting_out_too_long_leaves_the_seat_with_the_chips(game: Harness) -> None:
    await cid_sits_out_with_a_two_minute_limit(game)
    left: list[str] = []
    for _ in range(6):
        # each deadline is taken by a new worker, as after a restart: the count is stored
        out = await game.fire(45, dealer=game.new_dealer())
        left += [n.code for n in payloads(out, Notice) if n.code == "sat_out_too_long"]
        if left:
            break
        await game.play_hand()
    assert left == ["sat_out_too_long"]
    assert CID.id not in await seated(game)
    stack_back = await game.balance(CID)
    assert stack_back is not None and stack_back > 0
    await game.assert_chips_conserved()


async def test_a_player_back_in_time_keeps_the_seat(game: Harness) -> None:
    await cid_sits_out_with_a_two_minute_limit(game)
    await game.fire(45)
    await game.play_hand()
    await game.do(CID, SitIn())
    for _ in range(4):
        out = await game.fire(45)
        assert "sat_out_too_long" not in [n.code for n in payloads(out, Notice)]
        await game.play_hand()
    assert CID.id in await seated(game)
    await game.assert_chips_conserved()
