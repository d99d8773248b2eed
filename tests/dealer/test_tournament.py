"""A sit-and-go in one channel: buy-ins leave the bank, the prize comes back to it."""

from __future__ import annotations

import msgspec

from adapters.common.payloads import public_text
from chatdealer.dealer import (
    AddBot,
    CreateTournament,
    Leaderboard,
    Leave,
    Rebuy,
    Register,
    Start,
)
from chatdealer.dealer.outgoing import LeaderboardShown, Notice, TournamentOver
from chatdealer.dealer.seated_bots import is_bot
from chatdealer.dealer.service import BOT_DELAY, NEXT_HAND_DELAY
from chatdealer.render import language
from chatdealer.store.bank import HOUSE
from chatdealer.table import BlindLevel, BlindSchedule, TournamentSettings

from .harness import ANN, BOB, CID, Harness, all_in, payloads, refusals

SIT_AND_GO = TournamentSettings(
    seat_count=3, starting_stack=500, buy_in=100, action_seconds=30, time_bank_seconds=0
)


async def test_a_sit_and_go_is_played_to_its_winner_and_paid_from_the_bank(
    game: Harness,
) -> None:
    await game.do(ANN, CreateTournament(settings=SIT_AND_GO))
    for user in (ANN, BOB, CID):
        out = await game.do(user, Register())
        assert not refusals(out)
    assert await game.balance(BOB) == 900
    assert await game.store.tables.chips(game.table) == 300
    await game.assert_chips_conserved()
    played = await game.do(ANN, Start())
    for _ in range(50):
        played += await game.play_hand(all_in)
        await game.assert_chips_conserved()
        if payloads(played, TournamentOver):
            break
        view = game.view()
        assert view.next_hand_at is not None
        played += await game.fire(view.next_hand_at - game.clock.now)
        if payloads(played, TournamentOver):
            break
    (over,) = payloads(played, TournamentOver)
    assert over.prize_pool == 300 and over.placings[0].prize == 300
    assert len(over.placings) == 3 and over.placings[0].place == 1  # two may tie for second
    balances = {user.id: await game.balance(user) or 0 for user in (ANN, BOB, CID)}
    assert balances[over.winner] == 1_200
    assert sorted(balances.values()) == [900, 900, 1_200]
    assert await game.store.tables.chips(game.table) == 0
    await game.assert_chips_conserved()
    board = payloads(await game.do(ANN, Leaderboard()), LeaderboardShown)[0]
    assert board.rows[0].player_id == over.winner and board.rows[0].net == 200
    assert game.view().next_hand_at is None
    winner = game.users[over.winner]
    assert over.winner_name == winner.name == board.rows[0].name
    assert [p.name for p in over.placings] == [game.users[p.player_id].name for p in over.placings]
    result = (public_text(over, language("en")) or "").splitlines()
    assert result[0] == f"🏆 {winner.name} wins the tournament · prize pool 300"
    assert result[1] == f"1. {winner.name} — prize 300"
    assert all(over.winner not in line for line in result)


async def test_unregistering_returns_the_buy_in(game: Harness) -> None:
    await game.do(ANN, CreateTournament(settings=SIT_AND_GO))
    await game.do(BOB, Register())
    assert [r.code for r in refusals(await game.do(BOB, Register()))] == ["already_registered"]
    out = await game.do(BOB, Leave())
    assert [n.code for n in payloads(out, Notice)] == ["unregistered"]
    assert await game.balance(BOB) == 1_000
    assert [r.code for r in refusals(await game.do(BOB, Start()))] == ["not_in_game"]
    await game.do(ANN, Register())
    assert [r.code for r in refusals(await game.do(ANN, Start()))] == ["too_few_entrants"]
    await game.assert_chips_conserved()


async def test_a_buy_in_above_the_balance_cannot_register(game: Harness) -> None:
    await game.do(ANN, CreateTournament(settings=TournamentSettings(buy_in=5_000)))
    refused = refusals(await game.do(BOB, Register()))
    assert [(r.code, r.params) for r in refused] == [
        ("insufficient_balance", {"balance": 1_000, "amount": 5_000})
    ]


async def test_a_busted_player_may_rebuy_before_the_next_hand(game: Harness) -> None:
    rebuys = msgspec.structs.replace(SIT_AND_GO, rebuy_levels=1, max_rebuys=1)
    await game.do(ANN, CreateTournament(settings=rebuys))
    for user in (ANN, BOB, CID):
        await game.do(user, Register())
    await game.do(ANN, Start())
    offers: list[Notice] = []
    while not offers:
        played = await game.play_hand(all_in)
        offers = [n for n in payloads(played, Notice) if n.code == "rebuy_offered"]
        if not offers:
            next_hand_at = game.view().next_hand_at
            assert next_hand_at is not None
            await game.fire(next_hand_at - game.clock.now)
    next_hand_at = game.view().next_hand_at
    assert next_hand_at is not None and next_hand_at >= game.clock.now + 30  # time to decide
    # All in, two may bust in one hand: each is offered a rebuy, and each takes it.
    for offer in offers:
        busted = next(u for u in (ANN, BOB, CID) if u.name == offer.params["name"])
        before = await game.balance(busted)
        out = await game.do(busted, Rebuy())
        assert [n.code for n in payloads(out, Notice)] == ["rebought"]
        assert await game.balance(busted) == (before or 0) - 100
    tournament = game.view().tournament
    assert tournament is not None and tournament.prize_pool == 300 + 100 * len(offers)
    # Nobody is deciding any more: the next hand comes as after any hand, not when time is up.
    next_hand_at = game.view().next_hand_at
    assert next_hand_at is not None and next_hand_at <= game.clock.now + NEXT_HAND_DELAY
    await game.assert_chips_conserved()


async def test_a_busted_bot_never_holds_up_the_next_hand(game: Harness) -> None:
    """A seated bot never rebuys, so its rebuy offer does not keep the table waiting."""
    rebuys = msgspec.structs.replace(SIT_AND_GO, rebuy_levels=1, max_rebuys=50)
    await game.do(ANN, CreateTournament(settings=rebuys))
    await game.do(ANN, Register())
    for _ in range(2):
        await game.do(ANN, AddBot())
    played = await game.do(ANN, Start())
    for _ in range(5_000):
        offered = [n for n in payloads(played, Notice) if n.code == "rebuy_offered"]
        if [n for n in offered if n.params["name"].endswith(" (bot)")]:
            break
        if offered:  # Ann: she buys her stack again and plays on
            assert [n.code for n in payloads(await game.do(ANN, Rebuy()), Notice)] == ["rebought"]
        turn = game.view().turn
        if turn is not None and turn.player_id == ANN.id:
            played = await game.act(ANN, "allin" if turn.max_raise_to else "call")
        else:
            due = game.view().next_hand_at if turn is None else None
            played = await game.fire((due or game.clock.now + BOT_DELAY) - game.clock.now)
    else:
        raise AssertionError("no bot busted in 5,000 steps")
    next_hand_at = game.view().next_hand_at
    assert next_hand_at is not None and next_hand_at <= game.clock.now + NEXT_HAND_DELAY
    await game.assert_chips_conserved()


async def test_a_player_busted_on_the_blinds_as_a_hand_is_dealt_still_has_time_to_rebuy(
    game: Harness,
) -> None:
    """Heads-up, the second level's blinds put both players all in as the hand is dealt, so
    the hand is over the moment the timer deals it. The loser is offered a rebuy and the next
    hand waits the clock for the answer: it is not dealt straight away, putting them out."""
    schedule = BlindSchedule(
        levels=(BlindLevel(50, 100, 0), BlindLevel(300, 600, 0)), hands_per_level=1
    )
    settings = msgspec.structs.replace(
        SIT_AND_GO, seat_count=2, starting_stack=200, schedule=schedule, rebuy_levels=2
    )
    await game.do(ANN, CreateTournament(settings=settings))
    for user in (ANN, BOB):
        await game.do(user, Register())
    await game.do(ANN, Start())
    await game.act(game.to_act(), "fold")  # the first hand: the small blind gives it up
    offers: list[Notice] = []
    for _ in range(20):
        next_hand_at = game.view().next_hand_at
        assert next_hand_at is not None and next_hand_at > game.clock.now
        dealt = await game.fire(next_hand_at - game.clock.now)
        assert game.view().turn is None  # nobody has a decision left: all in on the blinds
        offers = [n for n in payloads(dealt, Notice) if n.code == "rebuy_offered"]
        if offers:
            break
    assert offers, "nobody busted in twenty hands all in on the blinds"
    next_hand_at = game.view().next_hand_at
    assert next_hand_at is not None and next_hand_at >= game.clock.now + 30
    assert not payloads(await game.fire(10), TournamentOver)  # still deciding
    busted = next(u for u in (ANN, BOB) if u.name == offers[0].params["name"])
    out = await game.do(busted, Rebuy())
    assert [n.code for n in payloads(out, Notice)] == ["rebought"]
    tournament = game.view().tournament
    assert tournament is not None and tournament.prize_pool == 300
    await game.assert_chips_conserved()


async def test_a_late_entrant_pays_the_buy_in_into_the_prize_pool(game: Harness) -> None:
    late = msgspec.structs.replace(SIT_AND_GO, late_levels=2)
    await game.do(ANN, CreateTournament(settings=late))
    await game.do(ANN, Register())
    await game.do(BOB, Register())
    await game.do(ANN, Start())
    out = await game.do(CID, Register())
    assert not refusals(out)
    assert "registered" in [n.code for n in payloads(out, Notice)]
    assert await game.balance(CID) == 900
    assert await game.store.tables.chips(game.table) == 300
    view = game.view()
    assert "Cid" in [seat.name for seat in view.seats if seat is not None]


async def test_bots_register_from_the_house_and_play_to_a_winner(game: Harness) -> None:
    """Bots may fill a sit-and-go: their buy-ins are the house's, so are their prizes, and
    they are not on the leaderboard."""
    await game.do(ANN, CreateTournament(settings=SIT_AND_GO))
    assert [r.code for r in refusals(await game.do(BOB, AddBot()))] == ["not_in_game"]
    await game.do(ANN, Register())
    for _ in range(2):
        assert not refusals(await game.do(ANN, AddBot(style="tight")))
    assert await game.store.bank.balance(game.table.home, HOUSE) == -200
    await game.assert_chips_conserved()
    view = game.view()
    assert view.tournament is not None and len(view.tournament.entrants) == 3
    assert [name for name in view.tournament.entrants if name.endswith(" (bot)")]
    played = await game.do(ANN, Start())
    for _ in range(5_000):
        if payloads(played, TournamentOver):
            break
        turn = game.view().turn
        if turn is not None and turn.player_id == ANN.id:
            played += await game.act(ANN, "allin" if turn.max_raise_to else "call")
        else:
            played += await game.fire(BOT_DELAY + 30)
        await game.assert_chips_conserved()
    (over,) = payloads(played, TournamentOver)
    assert over.prize_pool == 300 and over.placings[0].prize == 300
    house = await game.store.bank.balance(game.table.home, HOUSE)
    assert house == (100 if is_bot(over.winner) else -200)
    board = payloads(await game.do(ANN, Leaderboard()), LeaderboardShown)[0]
    assert not [row for row in board.rows if is_bot(row.player_id)]
    await game.assert_chips_conserved()
