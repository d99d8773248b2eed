"""Co-hosts, and who hosts a table once its host leaves."""

from __future__ import annotations

from chatdealer.dealer import CoHost, Create, Join, Kick, Leave, Pause
from chatdealer.dealer.outgoing import Notice

from .harness import ANN, BOB, CID, DEE, Harness, payloads, refusals
from .test_play import SETTINGS


async def table_of(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    for user in (ANN, BOB, CID, DEE):
        await game.do(user, Join(buy_in=100))


async def host_of(game: Harness) -> str:
    return (await game.fresh_view()).host


async def test_a_cohost_runs_the_table_but_names_nobody(game: Harness) -> None:
    await table_of(game)
    assert [r.code for r in refusals(await game.do(BOB, Pause()))] == ["not_host"]
    out = await game.do(ANN, CoHost(player_id=BOB.id))
    assert [(n.code, n.params) for n in payloads(out, Notice)] == [
        ("cohost_added", {"name": "Bob"})
    ]
    assert [n.code for n in payloads(await game.do(BOB, Pause()), Notice)] == ["paused"]
    assert not refusals(await game.do(BOB, Kick(player_id=DEE.id)))
    assert [r.code for r in refusals(await game.do(BOB, CoHost(player_id=CID.id)))] == ["host_only"]
    assert [r.code for r in refusals(await game.do(ANN, CoHost(player_id=BOB.id)))] == [
        "already_cohost"
    ]
    await game.do(ANN, CoHost(player_id=BOB.id, on=False))
    assert [r.code for r in refusals(await game.do(BOB, Kick(player_id=CID.id)))] == ["not_host"]
    await game.assert_chips_conserved()


async def test_the_host_passes_to_a_cohost_first(game: Harness) -> None:
    await table_of(game)
    await game.do(ANN, CoHost(player_id=CID.id))
    out = await game.do(ANN, Leave())
    assert ("host_passed", {"name": "Cid"}) in [(n.code, n.params) for n in payloads(out, Notice)]
    assert await host_of(game) == CID.id
    await game.assert_chips_conserved()


async def test_without_a_cohost_the_longest_seated_player_hosts(game: Harness) -> None:
    await table_of(game)
    await game.do(ANN, Leave())
    assert await host_of(game) == BOB.id
    await game.do(BOB, Leave())
    assert await host_of(game) == CID.id
    assert not refusals(await game.do(CID, Pause()))
