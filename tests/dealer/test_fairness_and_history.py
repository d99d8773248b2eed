"""Provably fair dealing and hand histories, as the players receive them.

The channel is shown one root when a hand is dealt; when it ends, the public proof opens the
board and the hands shown, and each player's private proof adds their own two cards. The public
PHH history replays through the engine to the same finishing stacks.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from chatdealer import phh
from chatdealer.cards import Deck, format_card
from chatdealer.cli import main
from chatdealer.dealer import Create, Join, LastHand, Outgoing, Start
from chatdealer.dealer.outgoing import (
    BoardDealt,
    HandOver,
    HandProof,
    HandStarted,
    History,
    HoleCards,
    Shown,
)
from chatdealer.dealer.record import new_record
from chatdealer.dealer.step import Context, Step
from chatdealer.dealer.verbs import deal
from chatdealer.fairness import verify
from chatdealer.replay import replay
from chatdealer.store import TableId
from chatdealer.table import Table, TableSettings

from .harness import ANN, BOB, CID, Harness, Strategy, all_in, check_or_call, payloads
from .test_play import SETTINGS


async def play_one(game: Harness, strategy: Strategy = check_or_call) -> list[Outgoing]:
    await game.do(ANN, Create(settings=SETTINGS))
    for user in (ANN, BOB, CID):
        await game.do(user, Join(buy_in=200))
    dealt = await game.do(ANN, Start())
    return dealt + await game.play_hand(strategy)


async def test_the_deal_commitment_and_the_end_openings_verify(
    game: Harness, tmp_path: Path
) -> None:
    out = await play_one(game)
    root = payloads(out, HandStarted)[0].deck_commitment
    assert len(root) == 64
    over = payloads(out, HandOver)[0]
    assert over.proof is not None and over.proof.root == root
    opened = {format_card(card) for _, card in verify(over.proof)}
    board = set(payloads(out, BoardDealt)[-1].board)
    shown = set().union(*(set(s.cards) for s in payloads(out, Shown)))
    assert opened == board | shown and len(board) == 5
    for private in (o for o in out if isinstance(o.payload, HandProof)):
        assert isinstance(private.payload, HandProof) and private.payload.proof.root == root
        mine = next(
            o.payload.view.cards
            for o in out
            if isinstance(o.payload, HoleCards) and o.to == private.to
        )
        own_opened = {format_card(card) for _, card in verify(private.payload.proof)}
        assert own_opened == opened | set(mine)
    path = tmp_path / "proof.json"
    path.write_bytes(msgspec.json.encode(over.proof))
    assert main(["verify", str(path)]) == 0


async def test_folded_cards_stay_closed_in_the_public_proof(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    for user in (ANN, BOB):
        await game.do(user, Join(buy_in=200))
    out = await game.do(ANN, Start())
    folder = game.to_act()
    out += await game.act(folder, "fold")
    over = payloads(out, HandOver)[0]
    assert over.proof is not None and verify(over.proof) == []
    private = next(o.payload for o in out if isinstance(o.payload, HandProof) and o.to == folder.id)
    assert isinstance(private, HandProof) and len(verify(private.proof)) == 2


async def test_the_last_hand_replays_to_the_same_stacks(game: Harness) -> None:
    out = await play_one(game, all_in)
    over = payloads(out, HandOver)[0]
    asked = await game.do(BOB, LastHand())
    public = [o for o in asked if o.to is None and isinstance(o.payload, History)]
    private = [o for o in asked if o.to == BOB.id and isinstance(o.payload, History)]
    assert len(public) == 1 and len(private) == 1
    for event in (public[0], private[0]):
        assert isinstance(event.payload, History)
        record = phh.loads(event.payload.phh)
        result = replay(record, "last hand")
        assert result.ok, result.error
        assert result.finishing_stacks == [share.chips for share in over.stacks]
        assert event.payload.proof is not None
        verify(event.payload.proof)
        assert record.hand == over.hand_number
    bob_cards = next(
        o.payload.view.cards for o in out if isinstance(o.payload, HoleCards) and o.to == BOB.id
    )
    assert isinstance(private[0].payload, History)
    assert "".join(bob_cards) in private[0].payload.phh.replace(" ", "")


async def test_a_folded_hand_history_hides_the_folded_cards(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    for user in (ANN, BOB):
        await game.do(user, Join(buy_in=200))
    out = await game.do(ANN, Start())
    folder = game.to_act()
    out += await game.act(folder, "fold")
    cards = next(
        o.payload.view.cards for o in out if isinstance(o.payload, HoleCards) and o.to == folder.id
    )
    asked = await game.do(folder, LastHand())
    public, own = (o.payload for o in asked)
    assert isinstance(public, History) and isinstance(own, History)
    assert "".join(cards) not in public.phh and "".join(cards) in own.phh
    result = replay(phh.loads(public.phh), "folded")
    assert result.ok, result.error


def test_a_hand_over_the_moment_it_is_dealt_still_gets_its_history_and_proof() -> None:
    """Heads-up, the button posts its last chip as the small blind: nobody can act."""
    table = Table.open(TableSettings(small_blind=1, big_blind=2, min_buy_in_big_blinds=1))
    table.sit("a", "Ann", 100)
    table.sit("b", "Bob", 100)
    record = new_record("a", 0.0, cash=table)
    record.started = True
    context = Context(
        table_id=TableId("console", "local", "main"),
        now=0.0,
        shuffle=lambda deck: Deck.STANDARD.cards()[::-1],
        next_hand_delay=1.0,
    )
    step = Step(record, context)
    deal(step)  # the first hand decides the button
    assert table.hand is not None and table.button is not None
    table.hand = None  # back between hands, with the next button down to one chip
    short = table.seats[1 - table.button]
    assert short is not None
    short.stack = 1
    step = Step(record, context)
    deal(step)
    assert table.hand is None
    (over,) = payloads(step.out, HandOver)
    assert over.proof is not None and verify(over.proof)
    (record_,) = step.hands
    result = replay(phh.loads(record_.public.decode()), "instant")
    assert result.ok, result.error
