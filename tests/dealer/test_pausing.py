"""The host pauses a cash table between hands and resumes it."""

from __future__ import annotations

from chatdealer.dealer import Create, Join, Pause, Resume, Start
from chatdealer.dealer.outgoing import HandStarted, Notice

from .harness import ANN, BOB, CID, Harness, payloads, refusals
from .test_play import SETTINGS


async def seated_and_dealt(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=200))
    await game.do(BOB, Join(buy_in=200))
    assert payloads(await game.do(ANN, Start()), HandStarted)


async def test_a_pause_lets_the_hand_end_and_deals_no_other_until_resumed(
    game: Harness,
) -> None:
    await seated_and_dealt(game)
    out = await game.do(ANN, Pause())
    assert [(n.code, n.params) for n in payloads(out, Notice)] == [("paused", {"name": "Ann"})]
    await game.play_hand()  # the hand being played ends as usual
    assert game.view().turn is None
    assert not payloads(await game.fire(60.0), HandStarted)
    assert [r.code for r in refusals(await game.do(BOB, Start()))] == ["table_paused"]
    resumed = await game.do(ANN, Resume())
    assert [n.code for n in payloads(resumed, Notice)] == ["resumed"]
    assert payloads(await game.fire(60.0), HandStarted)
    await game.assert_chips_conserved()


async def test_only_the_host_pauses_and_twice_is_refused(game: Harness) -> None:
    await seated_and_dealt(game)
    for player in (BOB, CID):
        assert [r.code for r in refusals(await game.do(player, Pause()))] == ["not_host"]
    assert [r.code for r in refusals(await game.do(ANN, Resume()))] == ["not_paused"]
    await game.do(ANN, Pause())
    assert [r.code for r in refusals(await game.do(ANN, Pause()))] == ["already_paused"]
    assert [r.code for r in refusals(await game.do(BOB, Resume()))] == ["not_host"]
