"""The rabbit hunt at a dealer's table: a hand folded before the river opens the board it never
dealt in its public proof, and nobody's hole cards (docs/rules.md §14)."""

from __future__ import annotations

import msgspec

from chatdealer.cards import format_card
from chatdealer.dealer import Create, Join, Rabbit, Start
from chatdealer.dealer.outgoing import HandOver, HoleCards, RabbitHunted, Refused
from chatdealer.engine.config import BettingStructure, Variant
from chatdealer.fairness import verify
from chatdealer.table import TableSettings

from .harness import ANN, BOB, Harness, payloads
from .test_play import SETTINGS

RABBIT = msgspec.structs.replace(SETTINGS, rabbit_hunt=True)


async def folded_pre_flop(game: Harness, settings: TableSettings) -> tuple[HandOver, set[str]]:
    await game.do(ANN, Create(settings=settings))
    for user in (ANN, BOB):
        await game.do(user, Join(buy_in=200))
    out = await game.do(ANN, Start())
    out += await game.act(game.to_act(), "fold")
    holes = {card for o in out if isinstance(o.payload, HoleCards) for card in o.payload.view.cards}
    return payloads(out, HandOver)[0], holes


async def test_a_hand_folded_pre_flop_opens_the_five_cards_that_would_have_come(
    game: Harness,
) -> None:
    over, holes = await folded_pre_flop(game, RABBIT)
    assert over.proof is not None
    verified = verify(over.proof)
    board = verified.board
    assert len(board) == 5 and len(verified.opened) == 5
    assert verified.opened_seats == []  # no hole card is opened
    assert not holes & {format_card(card) for _, card in verified.opened}


async def test_without_the_rabbit_hunt_the_unseen_board_stays_closed(game: Harness) -> None:
    over, _ = await folded_pre_flop(game, SETTINGS)
    assert over.proof is not None and verify(over.proof).opened == []


async def test_any_player_asks_for_the_rabbit_and_sees_the_opened_board(game: Harness) -> None:
    over, _ = await folded_pre_flop(game, RABBIT)
    assert over.proof is not None
    out = await game.do(BOB, Rabbit())
    (hunted,) = payloads(out, RabbitHunted)
    assert [o.to for o in out] == [None]  # told to the whole channel
    assert hunted.board == ()
    assert hunted.cards == tuple(format_card(card) for card in verify(over.proof).board)
    again = await game.do(ANN, Rabbit())  # asking changes nothing: the same cards again
    assert payloads(again, RabbitHunted) == [hunted]


async def test_no_rabbit_at_a_table_that_does_not_hunt_them(game: Harness) -> None:
    await folded_pre_flop(game, SETTINGS)
    (refused,) = payloads(await game.do(BOB, Rabbit()), Refused)
    assert refused.code == "no_rabbit"
    assert "doesn't hunt rabbits" in refused.text


async def test_no_rabbit_before_any_hand_is_finished(game: Harness) -> None:
    await game.do(ANN, Create(settings=RABBIT))
    (refused,) = payloads(await game.do(ANN, Rabbit()), Refused)
    assert refused.code == "no_history"


async def test_an_omaha_table_hunts_the_rabbit_past_four_hole_cards_a_player(
    game: Harness,
) -> None:
    omaha = msgspec.structs.replace(
        RABBIT, variant=Variant.OMAHA, structure=BettingStructure.POT_LIMIT
    )
    over, holes = await folded_pre_flop(game, omaha)
    assert over.proof is not None
    verified = verify(over.proof)
    assert len(verified.board) == 5 and verified.opened_seats == []
    assert len(holes) == 8 and not holes & {format_card(card) for _, card in verified.opened}
    (hunted,) = payloads(await game.do(BOB, Rabbit()), RabbitHunted)
    assert hunted.cards == tuple(format_card(card) for card in verified.board)
