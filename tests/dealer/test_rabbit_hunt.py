"""The rabbit hunt at a dealer's table: a hand folded before the river opens the board it never
dealt in its public proof, and nobody's hole cards (docs/rules.md §14)."""

from __future__ import annotations

import msgspec

from chatdealer.cards import format_card
from chatdealer.dealer import Create, Join, Start
from chatdealer.dealer.outgoing import HandOver, HoleCards
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
