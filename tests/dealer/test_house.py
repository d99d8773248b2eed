"""Issue 15: bots mint nothing. They buy in from the community's one house account, their
winnings go back to it, and the audit counts it; bots are not on the leaderboard.

The house starts at 0 and may go below it, down to the bank's `house_credit`: what it is below
0 is exactly what people have won from bots, so no chip is granted for a bot, and what people
can take off bots in a community is bounded by the credit.
"""

from __future__ import annotations

from redis.asyncio import Redis

from chatdealer.dealer import AddBot, Create, Join, Leaderboard, Start, Stop
from chatdealer.dealer.outgoing import LeaderboardShown
from chatdealer.dealer.seated_bots import is_bot
from chatdealer.dealer.service import BOT_DELAY
from chatdealer.store import BankConfig, Store, TableId
from chatdealer.store.bank import HOUSE
from chatdealer.store.keys import bank_keys
from chatdealer.store.scripts import text
from chatdealer.table import TableSettings

from .harness import ANN, Clock, Harness, payloads, refusals
from .test_seated_bots import play_until_hand_over

SETTINGS = TableSettings(small_blind=5, big_blind=10)


async def granted(game: Harness) -> int:
    return int(await game.store.client.get(bank_keys(game.table.home).granted) or 0)


async def house(game: Harness) -> int:
    return int(await game.store.client.hget(bank_keys(game.table.home).bank, HOUSE) or 0)


async def test_a_bot_sitting_down_grants_no_chips_and_buys_in_from_the_house(
    game: Harness,
) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=1_000))
    before = await granted(game)
    for _ in range(3):
        assert not refusals(await game.do(ANN, AddBot()))
    assert await granted(game) == before == 1_000
    assert await house(game) == -3_000
    bank = await game.store.client.hgetall(bank_keys(game.table.home).bank)
    assert not [player for player in bank if is_bot(text(player))]
    await game.assert_chips_conserved()
    [report] = await game.store.bank.audit(game.table.home)
    assert report.house == -3_000


async def test_what_bots_win_or_keep_goes_back_to_the_house(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=1_000))
    await game.do(ANN, AddBot())
    await game.do(ANN, Start())
    await play_until_hand_over(game, hands=3)
    await game.do(ANN, Stop())
    for _ in range(20):
        await game.fire(BOT_DELAY)
    view = await game.fresh_view()
    assert not [seat for seat in view.seats if seat.player_id]
    # Every chip is back in a bank: Ann's, or the house's.
    assert (await game.balance(ANN) or 0) + await house(game) == await granted(game) == 1_000
    await game.assert_chips_conserved()


async def test_bots_are_not_on_the_leaderboard(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=1_000))
    await game.do(ANN, AddBot())
    await game.do(ANN, AddBot(style="loose"))
    await game.do(ANN, Start())
    await play_until_hand_over(game, hands=4)
    # A leaderboard entry a bot made before this change is not shown either.
    await game.store.client.zadd(bank_keys(game.table.home).leaderboard, {"bot:tight:9": 10**6})
    [board] = payloads(await game.do(ANN, Leaderboard()), LeaderboardShown)
    assert [row.player_id for row in board.rows] == [ANN.id]


async def test_the_house_lends_no_more_than_its_credit(store: Store, clock: Clock) -> None:
    small = Store.on(store.client, bank=BankConfig(starting_grant=1_000, house_credit=2_500))
    game = Harness(small, clock, TableId("discord", "guild-house", "poker"))
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=1_000))
    assert not refusals(await game.do(ANN, AddBot()))
    assert not refusals(await game.do(ANN, AddBot(buy_in=1_000)))
    [refusal] = refusals(await game.do(ANN, AddBot(buy_in=1_000)))
    assert refusal.code == "no_bot_available"
    # What the house can still lend, a bot may take.
    assert not refusals(await game.do(ANN, AddBot(buy_in=500)))
    assert await house(game) == -2_500
    await game.assert_chips_conserved()


async def test_a_bot_seated_from_its_own_account_before_the_house_keeps_playing(
    game: Harness, client: Redis
) -> None:
    """Stored data from before: `bot:balanced:1` bought in from its own granted account."""
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=1_000))
    await game.do(ANN, AddBot())
    bank = bank_keys(game.table.home)
    # Rewrite history: the house lent nothing, the bot's own account was granted and paid.
    await client.hset(bank.bank, HOUSE, 0)
    await client.hset(bank.bank, "bot:balanced:1", 0)
    await client.incrby(bank.granted, 1_000)
    await game.assert_chips_conserved()
    await game.do(ANN, Start())
    await play_until_hand_over(game, hands=2)
    await game.assert_chips_conserved()
    await game.do(ANN, Stop())
    for _ in range(20):
        await game.fire(BOT_DELAY)
    await game.assert_chips_conserved()
    balances = {text(k): int(v) for k, v in (await client.hgetall(bank.bank)).items()}
    assert balances["bot:balanced:1"] == 0
    assert sum(balances.values()) == 2_000
