"""Whole games through `handle` only: a table opens, players buy in, hands are played to the end.

The bank and the table must agree after every hand: every chip granted is either in a balance
or on the table (`chatdealer audit`'s invariant), and the stored table holds what the bank
believes it does.
"""

from __future__ import annotations

import pytest

from chatdealer.dealer import Create, Join, Kick, Leave, Start, Stop, TopUp
from chatdealer.dealer.compressed import unpack
from chatdealer.dealer.outgoing import (
    AllInEquity,
    BoardDealt,
    HandOver,
    HandStarted,
    HoleCards,
    Notice,
    PotWon,
    Returned,
)
from chatdealer.dealer.record import decode_record, encode_record, new_record
from chatdealer.store import DamagedTable, NewerRecord
from chatdealer.table import TableSettings

from .harness import ANN, BOB, CID, Harness, all_in, payloads, random_play, refusals

SETTINGS = TableSettings(small_blind=1, big_blind=2, seat_count=6, time_bank_seconds=0)


async def seat_three(game: Harness, buy_ins: tuple[int, int, int] = (200, 200, 200)) -> None:
    assert not refusals(await game.do(ANN, Create(settings=SETTINGS)))
    for user, chips in zip((ANN, BOB, CID), buy_ins, strict=True):
        assert not refusals(await game.do(user, Join(buy_in=chips)))


async def test_buying_in_moves_chips_from_the_bank_and_leaving_brings_them_back(
    game: Harness,
) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    out = await game.do(ANN, Join(buy_in=150))
    welcome = [n for n in payloads(out, Notice) if n.code == "welcome"]
    assert welcome and welcome[0].params == {"grant": 1_000}
    assert all(
        o.to == ANN.id for o in out if isinstance(o.payload, Notice) and o.payload is welcome[0]
    )
    assert await game.balance(ANN) == 850
    assert await game.store.tables.chips(game.table) == 150
    await game.do(ANN, TopUp(amount=50))
    assert await game.balance(ANN) == 800
    await game.do(ANN, Leave())
    assert await game.balance(ANN) == 1_000
    assert await game.store.tables.chips(game.table) == 0
    await game.assert_chips_conserved()


async def test_three_players_play_hands_to_the_end_and_chips_are_conserved(
    game: Harness,
) -> None:
    await seat_three(game)
    out = await game.do(BOB, Start())
    assert payloads(out, HandStarted)
    for hand in range(1, 9):
        played = await game.play_hand(random_play)
        over = payloads(played, HandOver)
        assert over and over[0].hand_number == hand
        assert sum(share.chips for share in over[0].stacks) <= 600
        await game.assert_chips_conserved()
        view = game.view()
        if view.next_hand_at is None:
            break
        await game.fire(view.next_hand_at - game.clock.now)
    for user in (ANN, BOB, CID):
        await game.do(user, Leave())  # mid-hand: folded for at once, gone at the hand's end
    assert not game.view().hand_running and not game.view().seats
    await game.assert_chips_conserved()
    balances = [await game.balance(user) for user in (ANN, BOB, CID)]
    assert sum(b or 0 for b in balances) == 3_000
    assert await game.store.tables.chips(game.table) == 0


async def test_an_all_in_with_side_pots_pays_each_pot_to_its_winner(game: Harness) -> None:
    await seat_three(game, buy_ins=(80, 140, 200))
    await game.do(ANN, Start())
    played = await game.play_hand(all_in)
    pots = payloads(played, PotWon)
    assert sorted(pot.pot for pot in pots) == [0, 1]
    assert {pot.pot: pot.amount for pot in pots} == {0: 240, 1: 120}
    returned = payloads(played, Returned)
    assert all(r.name == "Cid" for r in returned)  # only the biggest stack can be uncalled
    over = payloads(played, HandOver)[0]
    assert sum(share.chips for share in over.stacks) == 420
    await game.assert_chips_conserved()


async def test_each_player_is_dealt_their_own_cards_privately(game: Harness) -> None:
    await seat_three(game)
    out = await game.do(ANN, Start())
    dealt = [(o.to, o.payload) for o in out if isinstance(o.payload, HoleCards)]
    assert sorted(to for to, _ in dealt if to) == sorted(u.id for u in (ANN, BOB, CID))
    assert all(len(cards.view.cards) == 2 for _, cards in dealt)


async def test_the_next_hand_is_dealt_after_a_pause_while_two_can_play(game: Harness) -> None:
    await seat_three(game)
    await game.do(ANN, Start())
    await game.play_hand()
    pause = game.view().next_hand_at
    assert pause is not None and pause == game.clock.now + 3.0
    assert not payloads(await game.fire(1.0), HandStarted)
    assert payloads(await game.fire(2.0), HandStarted)
    assert game.view().hand_number == 2


async def test_a_top_up_during_a_hand_is_paid_now_and_added_when_it_ends(game: Harness) -> None:
    await seat_three(game, buy_ins=(100, 200, 200))
    await game.do(ANN, Start())
    out = await game.do(ANN, TopUp(amount=50))
    assert [n.code for n in payloads(out, Notice)] == ["top_up_queued"]
    assert await game.balance(ANN) == 850
    await game.assert_chips_conserved()
    played = await game.play_hand()
    assert "topped_up" in [n.code for n in payloads(played, Notice)]
    await game.assert_chips_conserved()


def test_a_record_of_an_unknown_schema_is_refused() -> None:
    raw = unpack(encode_record(new_record("host", 0.0)))  # as JSON, which reads as well
    assert decode_record(raw).host == "host"
    with pytest.raises(NewerRecord, match="schema 2"):
        decode_record(raw.replace(b'"schema":1', b'"schema":2', 1))
    with pytest.raises(DamagedTable, match="schema 0"):
        decode_record(raw.replace(b'"schema":1', b'"schema":0', 1))


async def test_all_in_before_the_river_shows_each_hands_chance_before_the_run_out(
    game: Harness,
) -> None:
    """Issue 6: when everyone left is all-in, the channel sees each hand's equity first."""
    await seat_three(game, buy_ins=(80, 140, 200))
    await game.do(ANN, Start())
    played = await game.play_hand(all_in)
    kinds = [o.payload.kind for o in played if o.to is None]
    assert "equity" in kinds
    assert kinds.index("equity") < kinds.index("shown")
    equity = payloads(played, AllInEquity)[0]
    assert len(equity.board) < 5
    assert len(equity.players) >= 2
    assert abs(sum(share.equity for share in equity.players) - 1) < 1e-9
    after = played[[o.payload for o in played].index(equity) :]
    run_out = [card for board in payloads(after, BoardDealt) for card in board.cards]
    assert len(equity.board) + len(run_out) == 5


async def test_the_host_sends_a_player_away_and_closes_the_table_everyone_keeps_their_chips(
    game: Harness,
) -> None:
    """A kicked player leaves with their chips when the hand ends; closing the table does the
    same for everyone, and no new hand is dealt."""
    await seat_three(game)
    await game.do(ANN, Start())
    out = await game.do(ANN, Kick(player_id=CID.id))
    assert not refusals(out)
    played = await game.play_hand()
    seated = {seat.player_id for seat in (await game.fresh_view()).seats}
    assert CID.id not in seated
    over = payloads(played, HandOver)[0]
    left_with = next(share.chips for share in over.stacks if share.player_id == CID.id)
    assert await game.balance(CID) == 1_000 - 200 + left_with  # the grant, less the buy-in
    out = await game.do(ANN, Stop())
    assert not refusals(out)
    assert not (await game.fresh_view()).seats
    await game.fire(60)
    assert (await game.fresh_view()).turn is None
    await game.assert_chips_conserved()
    balances = [await game.balance(user) for user in (ANN, BOB, CID)]
    assert sum(b or 0 for b in balances) == 3_000
