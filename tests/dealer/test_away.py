"""Away mode at a cash table: sitting out in a hand plays the rest of it for you at once."""

from __future__ import annotations

from chatdealer.dealer import Create, Join, SitIn, SitOut, Start
from chatdealer.dealer.outgoing import HandStarted, Notice

from .harness import ANN, BOB, CID, Harness, payloads
from .test_play import SETTINGS


async def test_an_away_player_is_checked_or_folded_at_once_and_sits_out_next_hand(
    game: Harness,
) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    for user in (ANN, BOB, CID):
        await game.do(user, Join(buy_in=200))
    await game.do(ANN, Start())
    away = game.to_act()
    await game.do(away, SitOut())
    out = await game.fire(0.0)  # no wait for the clock: the away player's turn is played now
    assert ("timed_out", {"name": away.name}) in [(n.code, n.params) for n in payloads(out, Notice)]
    await game.play_hand()
    dealt = payloads(await game.fire(60.0), HandStarted)
    assert dealt and away.id not in {p.player_id for p in dealt[0].players}
    await game.do(away, SitIn())
    await game.play_hand()
    again = payloads(await game.fire(60.0), HandStarted)
    assert again and away.id in {p.player_id for p in again[0].players}
    await game.assert_chips_conserved()
