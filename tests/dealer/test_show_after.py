"""Showing after the hand through the dealer against real Redis (docs/rules.md §7): the winner
of an uncontested pot and a player who folded show a card or both until the next hand is dealt;
the channel is told, the stored public history writes the show and its proof opens exactly
those cards; whoever may not show, or shows twice, or names no card of theirs is refused."""

from __future__ import annotations

import msgspec

from chatdealer import phh
from chatdealer.cards import parse_card
from chatdealer.dealer import Act, Create, Join, RunTwiceAnswer, Start, User
from chatdealer.dealer.commands import ShowCards
from chatdealer.dealer.histories import proof_of
from chatdealer.dealer.outgoing import BoardDealt, HandOver, HoleCards, Shown, ShownAfter
from chatdealer.dealer.service import NEXT_HAND_DELAY
from chatdealer.engine.show_choice import ShowDefault
from chatdealer.fairness import hole_positions, verify
from chatdealer.proof_files import check, read
from chatdealer.table.run_twice import RunTwice

from .harness import ANN, BOB, CID, Harness, all_in, as_json, payloads, refusals
from .test_play import SETTINGS


async def folded_pre_flop(game: Harness) -> tuple[User, User, dict[str, tuple[str, ...]]]:
    """Ann and Bob dealt in, the first to act folds: (folder, winner, each one's cards)."""
    await game.do(ANN, Create(settings=SETTINGS))
    for user in (ANN, BOB):
        await game.do(user, Join(buy_in=200))
    await game.do(ANN, Start())
    folder = game.to_act()
    winner = BOB if folder is ANN else ANN
    out = await game.act(folder, "fold")
    assert payloads(out, HandOver)
    cards = {o.to: o.payload.view.cards for o in game.log if isinstance(o.payload, HoleCards)}
    return folder, winner, {player: cards[player] for player in (ANN.id, BOB.id) if player}


async def public_history(game: Harness) -> phh.HandHistory:
    (record,) = await game.store.history.last(game.table, 1)
    return phh.loads(record.public.decode())


def public_bytes(game: Harness) -> bytes:
    return b"".join(as_json(o) for o in game.log if o.to is None)


async def test_the_uncontested_winner_shows_one_card_and_only_it_opens(game: Harness) -> None:
    folder, winner, cards = await folded_pre_flop(game)
    assert game.view().show_after is not None
    out = await game.do(winner, ShowCards(card=1))
    assert not refusals(out)
    (shown,) = payloads(out, ShownAfter)
    first, second = cards[winner.id]
    assert (shown.name, shown.cards) == (winner.name, (first,))
    assert [o.to for o in out if isinstance(o.payload, ShownAfter)] == [None]
    history = await public_history(game)
    seat = history.players.index(winner.name) if history.players else 0
    (show,) = [a for a in history.actions if isinstance(a, phh.ShowOrMuck)]
    assert show.player == seat and show.cards == [parse_card(first), None]
    proof = proof_of(history)
    assert proof is not None
    verified = verify(proof)
    position = hole_positions(proof.players, seat)[0]
    assert verified.cards == {position: parse_card(first)}  # the one card shown, nothing else
    stored = (await game.store.history.last(game.table, 1))[0].public.decode()
    assert check(read("hand.phh", stored)).holds  # `chatdealer verify` checks the show too
    other = next(c for c in ("2c", "3d", "4h") if c != first)
    forged = stored.replace(f"sm {first}??", f"sm {other}??")
    assert [line.code for line in check(read("hand.phh", forged)).lines if "hand" in line.code]
    assert not check(read("hand.phh", forged)).holds
    public = public_bytes(game) + stored.encode()
    for hidden in (second, *cards[folder.id]):
        assert b'"' + hidden.encode() + b'"' not in public
    await game.assert_chips_conserved()


async def test_a_folded_player_shows_both_and_their_deal_opens(game: Harness) -> None:
    folder, winner, cards = await folded_pre_flop(game)
    out = await game.do(folder, ShowCards())
    (shown,) = payloads(out, ShownAfter)
    assert shown.cards == cards[folder.id]
    history = await public_history(game)
    deals = [a for a in history.actions if isinstance(a, phh.DealHole)]
    opened = [a.player for a in deals if None not in a.cards]
    (seat,) = opened
    proof = proof_of(history)
    assert proof is not None and verify(proof).opened_seats == [seat]
    assert shown.name == folder.name
    view = game.view().show_after
    assert view is not None and view.players == (winner.id,)  # the winner may still show
    both = await game.do(winner, ShowCards(card=2))
    assert payloads(both, ShownAfter)[0].cards == (cards[winner.id][1],)
    history = await public_history(game)
    proof = proof_of(history)
    assert proof is not None and len(verify(proof).cards) == 3
    assert game.view().show_after is None  # nobody is left to show


async def test_refusals_leave_the_history_as_it_was(game: Harness) -> None:
    folder, winner, _ = await folded_pre_flop(game)
    before = (await game.store.history.last(game.table, 1))[0]
    checks = [
        (CID, ShowCards(), "not_in_hand"),
        (winner, ShowCards(card=3), "no_such_card"),
        (winner, ShowCards(hand=99), "stale_token"),
    ]
    for user, args, code in checks:
        out = await game.do(user, args)
        assert [r.code for r in refusals(out)] == [code], code
        assert not payloads(out, ShownAfter)
    assert "3" not in refusals(await game.do(winner, ShowCards(card=3)))[0].text.split()[-1]
    assert (await game.store.history.last(game.table, 1))[0] == before
    assert payloads(await game.do(winner, ShowCards(card=1)), ShownAfter)
    again = await game.do(winner, ShowCards(card=2))
    assert [r.code for r in refusals(again)] == ["already_shown"]
    await game.fire(NEXT_HAND_DELAY + 1)  # the next hand is dealt: the window closes
    assert game.view().hand_running and game.view().show_after is None
    late = await game.do(folder, ShowCards())
    assert [r.code for r in refusals(late)] == ["no_show_window"]
    assert "next one is dealt" in refusals(late)[0].text


async def test_a_player_who_went_to_the_showdown_may_not_show_after_it(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    for user in (ANN, BOB, CID):
        await game.do(user, Join(buy_in=200))
    await game.do(ANN, Start())
    folder = game.to_act()
    await game.act(folder, "fold")
    out = await game.play_hand()
    assert payloads(out, HandOver)
    assert payloads(out, Shown)  # the two left went to the showdown
    for user in {ANN, BOB, CID} - {folder}:
        refused = await game.do(user, ShowCards())
        assert [r.code for r in refusals(refused)] == ["showed_at_showdown"]
    assert payloads(await game.do(folder, ShowCards(card=2)), ShownAfter)


async def test_no_window_after_a_hand_nobody_folded(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    for user in (ANN, BOB):
        await game.do(user, Join(buy_in=200))
    await game.do(ANN, Start())
    await game.play_hand()
    assert game.view().show_after is None
    refused = await game.do(ANN, ShowCards())
    assert [r.code for r in refusals(refused)] == ["no_show_window"]


async def test_show_always_and_run_twice_ask_play_together(game: Harness) -> None:
    """A hand checked down waits for the show-or-muck choice; at the same table an all-in hand
    waits for the run-twice answers instead, and its hands are shown at once once they come."""
    settings = msgspec.structs.replace(
        SETTINGS, run_twice=RunTwice.ASK, show_default=ShowDefault.ALWAYS
    )
    await game.do(ANN, Create(settings=settings))
    for user in (ANN, BOB):
        await game.do(user, Join(buy_in=200))
    await game.do(ANN, Start())
    await game.play_hand()
    assert game.view().showdown is not None  # show=always asks
    while (waiting := game.view().showdown) is not None:
        await game.do(game.users[waiting.player_id], Act(action="show", token=waiting.token))
    assert payloads(game.log, HandOver) and game.view().run_twice is None
    await game.fire(NEXT_HAND_DELAY + 1)
    assert game.view().hand_running
    await game.play_hand(all_in)
    question = game.view().run_twice
    assert question is not None and game.view().showdown is None
    assert not payloads(game.log[-5:], Shown)  # nothing shown while they are asked
    await game.do(ANN, RunTwiceAnswer(token=question.token, twice=True))
    out = await game.do(BOB, RunTwiceAnswer(token=question.token, twice=True))
    assert payloads(out, HandOver) and {s.name for s in payloads(out, Shown)} == {"Ann", "Bob"}
    assert len([b for b in payloads(out, BoardDealt) if b.run == 2]) >= 1
    assert game.view().showdown is None and game.view().run_twice is None
    await game.assert_chips_conserved()
