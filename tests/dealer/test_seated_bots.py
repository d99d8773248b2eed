"""Bots seated at a table: the dealer plays their turns itself, one atomic step per move."""

from __future__ import annotations

import pytest

from chatdealer.dealer import AddBot, Create, Join, Leave, Start
from chatdealer.dealer.outgoing import Acted, HandOver, Refused
from chatdealer.dealer.seated_bots import is_bot
from chatdealer.dealer.service import BOT_DELAY
from chatdealer.engine.config import Variant
from chatdealer.table import TableSettings

from .harness import ANN, BOB, Harness, payloads, refusals


async def seat_ann_and_bots(game: Harness, bots: int = 2) -> None:
    await game.do(ANN, Create(settings=TableSettings(small_blind=5, big_blind=10)))
    await game.do(ANN, Join(buy_in=1_000))
    for _ in range(bots):
        assert not refusals(await game.do(ANN, AddBot(style="balanced")))


async def play_until_hand_over(game: Harness, hands: int) -> int:
    """Ann checks or calls; the bots' turns are played by the clock. Returns hands finished."""
    finished = 0
    for _ in range(2_000):
        turn = game.view().turn
        if turn is not None and turn.player_id == ANN.id:
            out = await game.act(ANN, "check" if turn.can_check else "call")
        else:
            out = await game.fire(BOT_DELAY)
        assert not refusals(out), refusals(out)
        finished += len(payloads(out, HandOver))
        if finished >= hands or ann_is_broke(game):
            break
    return finished


def ann_is_broke(game: Harness) -> bool:
    """The bots' equity is sampled within a time budget, so a game is not the same every run:
    now and then they break a calling station, and bots alone deal no more hands."""
    return any(seat.player_id == ANN.id and seat.stack == 0 for seat in game.view().seats)


async def test_bots_sit_down_with_chips_from_their_own_accounts(game: Harness) -> None:
    await seat_ann_and_bots(game)
    seats = game.view().seats
    bots = [seat for seat in seats if is_bot(seat.player_id)]
    assert len(bots) == 2
    assert len({bot.player_id for bot in bots}) == 2
    assert all(bot.stack == 1_000 for bot in bots)
    await game.assert_chips_conserved()


async def test_each_bot_move_is_one_step_fired_by_the_clock(game: Harness) -> None:
    await seat_ann_and_bots(game)
    await game.do(ANN, Start())
    turn = game.view().turn
    assert turn is not None
    if turn.player_id == ANN.id:
        await game.act(ANN, "call")
    turn = game.view().turn
    assert turn is not None and is_bot(turn.player_id)
    assert await game.fire(BOT_DELAY / 2) == []  # the bot is still "thinking"
    out = await game.fire(BOT_DELAY)
    acted = payloads(out, Acted)
    assert [a.player_id for a in acted] == [turn.player_id]


async def test_hands_with_bots_play_to_the_end_and_keep_every_chip(game: Harness) -> None:
    await seat_ann_and_bots(game)
    await game.do(ANN, Start())
    played = await play_until_hand_over(game, hands=5)
    assert played == 5 or (played >= 1 and ann_is_broke(game))
    await game.assert_chips_conserved()


async def test_bots_alone_do_not_play_on_when_the_last_person_leaves(game: Harness) -> None:
    await seat_ann_and_bots(game)
    await game.do(ANN, Start())
    await play_until_hand_over(game, hands=1)
    out = await game.do(ANN, Leave())
    assert not refusals(out)
    await game.fire(60.0)
    view = await game.fresh_view()
    assert not view.hand_running
    assert view.next_hand_at is None
    assert all(is_bot(seat.player_id) for seat in view.seats)
    await game.assert_chips_conserved()
    # A person sitting down again starts the hands again.
    await game.do(BOB, Join(buy_in=1_000))
    await game.fire(60.0)
    assert (await game.fresh_view()).hand_running


async def test_an_unknown_style_and_a_stranger_are_refused(game: Harness) -> None:
    await seat_ann_and_bots(game, bots=0)
    [refused] = payloads(await game.do(ANN, AddBot(style="reckless")), Refused)
    assert refused.code == "no_bot_style"
    [refused] = payloads(await game.do(BOB, AddBot()), Refused)
    assert refused.code == "not_in_game"


@pytest.mark.parametrize("variant", [Variant.OMAHA, Variant.OMAHA_FIVE, Variant.OMAHA_HI_LO])
async def test_bots_play_omaha_and_hi_lo_with_their_own_cards_and_keep_every_chip(
    game: Harness, variant: Variant
) -> None:
    settings = TableSettings(
        small_blind=5,
        big_blind=10,
        small_bet=10,
        big_bet=20,
        seat_count=6,
        variant=variant,
        structure=variant.default_structure,
    )
    assert not refusals(await game.do(ANN, Create(settings=settings)))
    await game.do(ANN, Join(buy_in=1_000))
    for _ in range(2):
        assert not refusals(await game.do(ANN, AddBot(style="loose")))
    await game.do(ANN, Start())
    before = len(game.log)
    played = await play_until_hand_over(game, hands=6)
    assert played == 6 or (played >= 1 and ann_is_broke(game))
    moves = {a.action for a in payloads(game.log[before:], Acted) if is_bot(a.player_id)}
    assert moves & {"bet", "raise", "fold"}  # not a calling station: its cards decide
    await game.assert_chips_conserved()
