"""Asking to run it twice at a dealer's table (docs/rules.md §15): everyone left all-in is
asked, all agreeing runs the board twice, one "once" or ten silent seconds run it once; an
answer from anyone else, or twice, or late is refused and changes nothing."""

from __future__ import annotations

import msgspec

from chatdealer.dealer import ActionToken, Create, Join, RunTwiceAnswer, Start, User
from chatdealer.dealer.outgoing import BoardDealt, HandOver, Notice, Outgoing, PotWon
from chatdealer.dealer.run_twice_vote import RUN_TWICE_SECONDS
from chatdealer.table.run_twice import RunTwice

from .harness import ANN, BOB, CID, Harness, all_in, payloads, refusals
from .test_play import SETTINGS

ASK = msgspec.structs.replace(SETTINGS, run_twice=RunTwice.ASK)


async def all_in_heads_up(game: Harness) -> None:
    """Ann and Bob all-in before the flop; Cid sits and watches (seated after the deal)."""
    await game.do(ANN, Create(settings=ASK))
    for user in (ANN, BOB):
        await game.do(user, Join(buy_in=200))
    await game.do(ANN, Start())
    await game.play_hand(all_in)
    await game.do(CID, Join(buy_in=200))


def notices(out: list[Outgoing], code: str) -> list[Notice]:
    return [n for n in payloads(out, Notice) if n.code == code]


def second_run(out: list[Outgoing]) -> list[BoardDealt]:
    return [board for board in payloads(out, BoardDealt) if board.run == 2]


async def answer(
    game: Harness, user: User, twice: bool, token: ActionToken | None = None
) -> list[Outgoing]:
    question = game.view().run_twice
    assert question is not None
    return await game.do(user, RunTwiceAnswer(token=token or question.token, twice=twice))


async def test_both_players_agree_and_every_pot_is_paid_on_two_boards(game: Harness) -> None:
    await all_in_heads_up(game)
    question = game.view().run_twice
    assert question is not None and set(question.names) == {"Ann", "Bob"}
    assert question.deadline == game.clock.now + RUN_TWICE_SECONDS
    assert notices(game.log, "run_twice_asked")
    assert game.view().turn is None and len(game.view().board) == 0  # the board waits
    out = await answer(game, ANN, True)
    assert notices(out, "run_twice_yes")[0].params == {"name": "Ann", "waiting": "Bob"}
    assert not payloads(out, HandOver)
    waiting = game.view().run_twice
    assert waiting is not None and waiting.agreed == (ANN.id,)
    out = await answer(game, BOB, True)
    assert notices(out, "run_twice_agreed")
    streets = second_run(out)
    assert [street.street for street in streets] == ["flop", "turn", "river"]
    assert len(streets[-1].board) == 5
    runs = sorted((won.run, won.amount) for won in payloads(out, PotWon))
    assert runs == [(1, 200), (2, 200)]  # a pot of 400: half on each board
    over = payloads(out, HandOver)[0]
    assert sum(share.chips for share in over.stacks) == 400
    assert game.view().run_twice is None
    await game.assert_chips_conserved()


async def test_one_player_says_once_and_the_board_is_run_once(game: Harness) -> None:
    await all_in_heads_up(game)
    await answer(game, ANN, True)
    out = await answer(game, BOB, False)
    assert notices(out, "run_twice_declined")[0].params == {"name": "Bob"}
    assert not second_run(out)
    assert [won.run for won in payloads(out, PotWon)] == [0]
    assert payloads(out, HandOver)
    await game.assert_chips_conserved()


async def test_nobody_answers_and_after_ten_seconds_a_restarted_worker_runs_it_once(
    game: Harness,
) -> None:
    await all_in_heads_up(game)
    assert await game.fire(RUN_TWICE_SECONDS - 1) == []  # not yet
    restarted = game.new_dealer()  # the question and its deadline live in Redis
    out = await game.fire(1, dealer=restarted)
    assert notices(out, "run_twice_no_answer")[0].params["names"] in ("Ann, Bob", "Bob, Ann")
    assert not second_run(out)
    assert payloads(out, HandOver)
    await game.assert_chips_conserved()


async def test_answers_from_outside_twice_or_stale_are_refused_and_change_nothing(
    game: Harness,
) -> None:
    await all_in_heads_up(game)
    question = game.view().run_twice
    assert question is not None
    await answer(game, ANN, True)
    before = await game.stored()
    cases = [
        (CID, True, question.token, "not_asked_run_twice"),
        (ANN, True, question.token, "answered_run_twice"),  # a double click
        (BOB, False, msgspec.structs.replace(question.token, hand=0), "stale_token"),
    ]
    for user, twice, token, code in cases:
        out = await game.do(user, RunTwiceAnswer(token=token, twice=twice))
        assert [r.code for r in refusals(out)] == [code]
        assert (await game.stored()) == before
    await answer(game, BOB, True)
    out = await game.do(BOB, RunTwiceAnswer(token=question.token, twice=True))  # late
    assert [r.code for r in refusals(out)] == ["no_run_twice_question"]
