"""Bots register for a sit-and-go, buying in from the house, and play it to its winner."""

from __future__ import annotations

from chatdealer.dealer import AddBot, CreateTournament, Register, Start
from chatdealer.dealer.outgoing import Notice, TournamentOver
from chatdealer.store import HOUSE
from chatdealer.table import TournamentSettings

from .harness import ANN, BOB, Harness, all_in, payloads, refusals

SIT_AND_GO = TournamentSettings(
    seat_count=3, starting_stack=500, buy_in=100, action_seconds=30, time_bank_seconds=0
)


async def test_bots_register_from_the_house_and_the_sit_and_go_is_played_out(
    game: Harness,
) -> None:
    await game.do(ANN, CreateTournament(settings=SIT_AND_GO))
    assert [r.code for r in refusals(await game.do(BOB, AddBot()))] == ["not_in_game"]
    await game.do(ANN, Register())
    for style in ("tight", "loose"):
        out = await game.do(ANN, AddBot(style=style))
        assert not refusals(out)
        assert [n.code for n in payloads(out, Notice)] == ["registered"]
    assert [r.code for r in refusals(await game.do(ANN, AddBot()))] == ["tournament_full"]
    assert await game.store.bank.balance(game.table.home, HOUSE) == -200
    entrants = (await game.fresh_view()).tournament
    assert entrants is not None and entrants.entrants[1:] == ("Ada (bot)", "Bix (bot)")
    await game.assert_chips_conserved()
    played = await game.do(ANN, Start())
    for _ in range(2_000):
        if payloads(played, TournamentOver):
            break
        view = game.view()
        turn = view.turn
        if turn is not None and turn.player_id == ANN.id:
            action, amount = all_in(turn, game.random)
            played += await game.act(ANN, action, amount)
        else:
            played += await game.fire(max(0.0, (view.deadline or game.clock.now) - game.clock.now))
        await game.assert_chips_conserved()
    (over,) = payloads(played, TournamentOver)
    assert {p.name for p in over.placings} == {"Ann", "Ada (bot)", "Bix (bot)"}
    assert over.prize_pool == 300
    house = await game.store.bank.balance(game.table.home, HOUSE)
    ann = await game.balance(ANN)
    assert (house or 0) + (ann or 0) == 1_000  # her starting grant: no chip made or lost
    await game.assert_chips_conserved()
