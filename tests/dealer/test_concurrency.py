"""Two workers on one Redis: concurrent commands are neither lost nor applied twice."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from redis.asyncio import Redis

from chatdealer.dealer import Act, Command, Create, Dealer, Join, Start, User
from chatdealer.dealer.outgoing import Acted, Refused
from chatdealer.store import Store, TableId
from chatdealer.table import TableSettings

from .conftest import BANK
from .harness import Harness, payloads
from .test_play import SETTINGS

PLAYERS = [User(id=f"u{n}", name=f"Player {n}") for n in range(10)]
TEN_SEATS = TableSettings(small_blind=1, big_blind=2, seat_count=10)
CHANNELS = [TableId("telegram", "group7", f"room{n}") for n in range(5)]


@pytest.fixture
async def second(new_client: Callable[[], Awaitable[Redis]], game: Harness) -> Dealer:
    return game.new_dealer(Store.on(await new_client(), bank=BANK))


async def test_fifty_concurrent_joins_on_two_workers_all_land_once(
    game: Harness, second: Dealer
) -> None:
    workers = (game.dealer, second)
    for channel in CHANNELS:
        await game.dealer.handle(
            Command(table=channel, user=PLAYERS[0], args=Create(settings=TEN_SEATS))
        )
    commands = [
        Command(table=channel, user=player, args=Join(buy_in=80))
        for player in PLAYERS
        for channel in CHANNELS
    ]
    assert len(commands) == 50
    results = await asyncio.gather(
        *(workers[n % 2].handle(command) for n, command in enumerate(commands))
    )
    assert not [r for out in results for r in payloads(out, Refused)]
    for channel in CHANNELS:
        loaded = await game.store.tables.load(channel)
        assert loaded is not None and loaded[0] == 1 + len(PLAYERS)
        assert await game.store.tables.chips(channel) == 80 * len(PLAYERS)
    community = CHANNELS[0].home
    for player in PLAYERS:
        assert await game.store.bank.balance(community, player.id) == 1_000 - 80 * len(CHANNELS)
    moves = await game.store.bank.ledger(community, count=1_000)
    assert sum(1 for move in moves if move.kind == "buy_in") == 50
    (report,) = await game.store.bank.audit(community)
    assert report.ok


async def test_a_button_pressed_on_both_workers_at_once_acts_once(
    game: Harness, second: Dealer
) -> None:
    await game.do(PLAYERS[0], Create(settings=SETTINGS))
    for player in PLAYERS[:3]:
        await game.do(player, Join(buy_in=100))
    await game.do(PLAYERS[0], Start())
    users = {player.id: player for player in PLAYERS}
    turn = game.view().turn
    assert turn is not None
    press = Command(
        table=game.table, user=users[turn.player_id], args=Act(action="call", token=turn.token)
    )
    version, _ = await game.stored()
    workers = (game.dealer, second)
    results = await asyncio.gather(*(workers[n % 2].handle(press) for n in range(10)))
    acted = [a for out in results for a in payloads(out, Acted)]
    refused = [r.code for out in results for r in payloads(out, Refused)]
    assert len(acted) == 1
    assert refused == ["stale_token"] * 9
    assert (await game.stored())[0] == version + 1
