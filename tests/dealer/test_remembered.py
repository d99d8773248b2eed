"""A worker that keeps the tables it served in memory answers exactly as one that loads each time.

The dealer hands a table's last committed state, already decoded, to the next command on that
table instead of reading and decoding it again. That copy is changed in place by the next step,
so it must never be used half changed (after a refusal) or after another worker moved the table
on. Here the same game is played twice, with the same cards, clock and deck secrets: once by
a worker that remembers tables and once by one that loads every time, with a second worker
acting in between and a share of wrong, stale and out-of-turn presses. Every answer and the
stored table must come out the same.
"""

from __future__ import annotations

import os
import random

import msgspec
import pytest
from redis.asyncio import Redis

from chatdealer.dealer import Act, ActionName, Create, Dealer, Join, Start, TopUp, User, Verb
from chatdealer.store import Store, TableId

from .conftest import BANK
from .harness import ANN, BOB, CID, Clock, Harness, refusals
from .test_play import SETTINGS

TABLE = TableId("discord", "guild-r", "poker")


async def play(client: Redis, remembered_tables: int, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """Plays the scripted game; returns every answer and the final stored state, as JSON."""
    await client.flushall()
    secrets = random.Random(7)
    monkeypatch.setattr(os, "urandom", lambda n: secrets.randbytes(n))  # the deck seeds
    store = Store.on(client, bank=BANK)
    game = Harness(store, Clock(), TABLE, seed=3)
    main = Dealer(
        store, clock=game.clock, shuffle=game.shuffle, remembered_tables=remembered_tables
    )
    other = Dealer(store, clock=game.clock, shuffle=game.shuffle, remembered_tables=0)
    rng = random.Random(11)
    answers: list[bytes] = []

    async def press(user: User, args: Verb, dealer: Dealer = main) -> None:
        answers.append(msgspec.json.encode(await game.do(user, args, dealer)))

    await press(ANN, Create(settings=SETTINGS))
    for user in (ANN, BOB, CID):
        await press(user, Join(buy_in=100))
    await press(ANN, Start())
    stale = None
    for n in range(400):
        view = game.view()
        turn = view.turn
        if turn is None:
            busted = [seat for seat in view.seats if seat.stack == 0]
            if busted:
                await press(game.users[busted[0].player_id], TopUp(amount=100))
            else:
                await press(ANN, Start())
            continue
        user = game.users[turn.player_id]
        if n % 7 == 3:  # the other worker changes the table without moving the turn on
            waiting = next(u for u in (ANN, BOB, CID) if u.id != user.id)
            await press(waiting, TopUp(amount=1), other)
        roll = rng.random()
        if roll < 0.08 and stale is not None:
            await press(user, Act(action="call", token=stale))  # a double click, a street late
        elif roll < 0.16:
            wrong = next(u for u in (ANN, BOB, CID) if u.id != user.id)
            await press(wrong, Act(action="check", token=turn.token))  # out of turn
        elif roll < 0.22 and turn.min_raise_to is not None:
            await press(user, Act(action="raise", amount=turn.min_raise_to - 1, token=turn.token))
        elif roll < 0.25:
            await press(user, TopUp(amount=1_000))  # over the table's maximum: refused
        else:
            action: ActionName = "check" if turn.can_check else "call"
            amount = None
            if roll > 0.97:
                action = "fold"
            elif roll > 0.9 and turn.min_raise_to is not None:
                action, amount = "raise", turn.min_raise_to
            dealer = other if n % 7 == 0 else main  # the table moves on behind `main`'s back
            await press(user, Act(action=action, amount=amount, token=turn.token), dealer)
        stale = turn.token
        if n % 50 == 49:
            answers.append(msgspec.json.encode(await game.fire(600.0)))
    assert any(refusals(o) for o in [game.log]), "the game had no refused presses"
    return b"\n".join([*answers, (await game.stored())[1]])


async def test_remembering_tables_changes_no_answer(
    client: Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    remembering = await play(client, 100, monkeypatch)
    loading = await play(client, 0, monkeypatch)
    assert remembering.count(b'"hand_over"') >= 10
    assert remembering == loading
