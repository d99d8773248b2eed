"""Issue 15: reading a table from Redis is a boundary, and a damaged table can be reset from chat.

A record that cannot be read (not JSON, the wrong shape, a hash without its state) is refused
with `damaged_table` for every verb, `/poker create` included, and `Reset` by the host or a
channel manager gives every chip the table held back to its owner's bank from the table's chip
records, so the audit still holds. A record saved by a newer version of the dealer is refused
with `newer_table` and never overwritten, by reset neither.
"""

from __future__ import annotations

import json

import pytest
from redis.asyncio import Redis

from chatdealer.dealer import (
    Act,
    ActionToken,
    AddBot,
    Balance,
    Command,
    Configure,
    Create,
    CreateTournament,
    Dealer,
    Join,
    Kick,
    LastHand,
    Leave,
    Ledger,
    MyCards,
    Register,
    Reset,
    ShowTable,
    SitOut,
    Start,
    Stop,
    TopUp,
    User,
    Verb,
    chips_of,
)
from chatdealer.dealer.audit import audit
from chatdealer.dealer.outgoing import Notice, TableShown
from chatdealer.store import Store, TableId
from chatdealer.store.keys import table_keys
from chatdealer.table import TableSettings, TournamentSettings

from .harness import ANN, BOB, CID, Harness, payloads, refusals
from .poison import edit_state, newer_schema, raw_state, seats_out_of_range, write_state

SETTINGS = TableSettings(small_blind=5, big_blind=10, seat_count=6)
MANAGER = User(id="u-mod", name="Mod", manager=True)

EVERY_VERB: list[Verb] = [
    Create(settings=SETTINGS),
    CreateTournament(),
    Configure(settings=SETTINGS),
    Join(buy_in=400),
    AddBot(),
    Leave(),
    Kick(player_id=BOB.id),
    Stop(),
    SitOut(),
    TopUp(amount=10),
    Start(),
    Act(action="call", token=ActionToken(1, 0)),
    MyCards(),
    ShowTable(),
    Register(),
    Ledger(),
]


async def a_hand_in_play(game: Harness) -> None:
    """Ann and Bob seated with 400 each, blinds in: the bank counts 800 on the table."""
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=400))
    await game.do(BOB, Join(buy_in=400))
    await game.do(ANN, Start())
    assert game.view().hand_running


async def refused_everywhere(game: Harness, code: str) -> None:
    """Every verb refused with `code`; the state itself never rewritten. A damaged table is
    quarantined (marked, its version moved on), a newer one left exactly as it is."""
    key = table_keys(game.table).table
    client = game.store.client
    before = await client.hgetall(key)
    for args in EVERY_VERB:
        out = await game.do(ANN, args)
        assert [r.code for r in refusals(out)] == [code], (args, out)
        assert not payloads(out, TableShown)
    after = await client.hgetall(key)
    assert after.get(b"s") == before.get(b"s")
    if code == "newer_table":
        assert after == before
    else:
        assert b"q" in after


async def test_a_record_that_is_not_json_is_refused_for_every_verb_and_reset_pays_everyone_back(
    game: Harness, client: Redis
) -> None:
    await a_hand_in_play(game)
    await write_state(client, game.table, b'{"schema": 1, "host": "u-ann", "cash": {"seat')
    await refused_everywhere(game, "damaged_table")
    [refusal] = refusals(await game.do(ANN, Create(settings=SETTINGS)))
    assert "reset" in refusal.text
    # The host cannot be read from the damaged record: a stranger may not reset it, a manager may.
    [refusal] = refusals(await game.do(CID, Reset()))
    assert refusal.code == "not_host"
    out = await game.do(MANAGER, Reset())
    assert not refusals(out)
    assert [n.code for n in payloads(out, Notice)] == ["table_reset"]
    # The hand is called off: everyone has their buy-in back, and the audit holds.
    assert await game.balance(ANN) == 1_000
    assert await game.balance(BOB) == 1_000
    await game.assert_chips_conserved()
    # The channel is free again.
    assert not refusals(await game.do(BOB, Create(settings=SETTINGS)))
    assert not refusals(await game.do(BOB, Join(buy_in=400)))
    await game.assert_chips_conserved()


async def test_reset_pays_back_each_players_stack_as_the_hand_began(
    game: Harness, client: Redis
) -> None:
    await a_hand_in_play(game)
    await game.play_hand()  # someone wins the blinds
    stacks = {seat.player_id: seat.stack for seat in game.view().seats if seat.player_id}
    await game.do(ANN, Start())
    await game.act(game.to_act(), "raise", 60)
    await edit_state(client, game.table, seats_out_of_range)  # decodes, then breaks every step
    [refusal] = refusals(await game.do(BOB, ShowTable()))
    assert refusal.code == "damaged_table"
    out = await game.do(ANN, Reset())  # the host, read from the record
    assert not refusals(out), out
    assert await game.balance(ANN) == 600 + stacks[ANN.id]
    assert await game.balance(BOB) == 600 + stacks[BOB.id]
    await game.assert_chips_conserved()


async def test_a_table_hash_without_its_state_is_damaged_not_missing_and_can_be_reset(
    game: Harness, client: Redis
) -> None:
    await a_hand_in_play(game)
    await client.hdel(table_keys(game.table).table, "s")
    [refusal] = refusals(await game.do(ANN, Create(settings=SETTINGS)))
    assert refusal.code == "damaged_table"
    assert not refusals(await game.do(MANAGER, Reset()))
    assert await game.balance(ANN) == await game.balance(BOB) == 1_000
    await game.assert_chips_conserved()
    assert not refusals(await game.do(ANN, Create(settings=SETTINGS)))


@pytest.mark.parametrize(
    "edit",
    [
        lambda state: state.update(host=5),
        lambda state: state["cash"].update(seats="all of them"),
        lambda state: state["cash"]["settings"].update(variant="stud"),
    ],
    ids=["host-a-number", "seats-a-string", "unknown-variant"],
)
async def test_a_record_of_the_wrong_shape_is_damaged(
    game: Harness, client: Redis, edit: object
) -> None:
    await a_hand_in_play(game)
    await edit_state(client, game.table, edit)  # type: ignore[arg-type]
    await refused_everywhere(game, "damaged_table")
    assert not refusals(await game.do(MANAGER, Reset()))
    await game.assert_chips_conserved()


async def test_a_record_of_a_newer_schema_is_refused_and_never_overwritten(
    game: Harness, client: Redis
) -> None:
    await a_hand_in_play(game)
    await edit_state(client, game.table, newer_schema)
    stored = await raw_state(client, game.table)
    await refused_everywhere(game, "newer_table")
    [refusal] = refusals(await game.do(MANAGER, Reset()))
    assert refusal.code == "newer_table"
    assert "newer version" in refusal.text
    assert await raw_state(client, game.table) == stored
    assert await game.balance(ANN) == 600  # the chips stay where the newer dealer put them


async def test_a_healthy_table_is_not_reset(game: Harness) -> None:
    await a_hand_in_play(game)
    [refusal] = refusals(await game.do(MANAGER, Reset()))
    assert refusal.code == "table_not_damaged"
    assert game.view().hand_running


async def test_reads_of_a_damaged_table_say_so_and_bank_verbs_still_work(
    game: Harness, client: Redis
) -> None:
    await a_hand_in_play(game)
    await game.play_hand()
    await write_state(client, game.table, b"garbage")
    assert [r.code for r in refusals(await game.do(ANN, ShowTable()))] == ["damaged_table"]
    assert not refusals(await game.do(ANN, Balance()))
    assert not refusals(await game.do(ANN, LastHand()))  # the history is kept apart


async def test_one_damaged_table_never_stops_the_audit_of_the_others(
    redis_url: str, client: Redis
) -> None:
    dealer = Dealer(Store.on(client))
    damaged = TableId("discord", "guild-a", "cards")
    healthy = TableId("discord", "guild-b", "cards")
    for table in (damaged, healthy):
        await dealer.handle(Command(table=table, user=ANN, args=Create()))
        await dealer.handle(Command(table=table, user=ANN, args=Join(buy_in=100)))
    await write_state(client, damaged, b"[1, 2")
    reports = {r.community.tag: r for r in await audit(redis_url)}
    assert set(reports) == {damaged.home.tag, healthy.home.tag}
    assert reports[healthy.home.tag].ok and not reports[healthy.home.tag].damaged
    # The damaged one's chips are still the bank's to count: its sums hold, and it is named.
    assert reports[damaged.home.tag].ok
    assert [t for t, _ in reports[damaged.home.tag].damaged] == [damaged]
    for table in (damaged, healthy):
        found = await Store.on(client).bank.audit(table.home, chips_of)
        assert all(report.ok for report in found)


async def test_a_quarantined_table_stays_refused_by_a_worker_that_remembers_it(
    game: Harness, client: Redis
) -> None:
    """Another worker's copy in memory must not play on after the table was quarantined."""
    await a_hand_in_play(game)
    other = game.new_dealer()
    await game.do(ANN, ShowTable(), dealer=other)
    await edit_state(client, game.table, seats_out_of_range)
    assert [r.code for r in refusals(await game.do(ANN, ShowTable()))] == ["damaged_table"]
    await edit_state(client, game.table, lambda state: state["cash"].update(hand_seats=[0, 1]))
    token = game.view().token
    assert token is not None
    out = await game.do(game.to_act(), Act(action="call", token=token), dealer=other)
    assert [r.code for r in refusals(out)] == ["damaged_table"]


async def test_the_host_of_a_record_with_a_broken_table_may_reset_it(
    game: Harness, client: Redis
) -> None:
    await a_hand_in_play(game)
    state = json.loads(await raw_state(client, game.table))
    state["cash"] = "broken"
    await write_state(client, game.table, json.dumps(state).encode())
    [refusal] = refusals(await game.do(BOB, Reset()))
    assert refusal.code == "not_host"
    assert not refusals(await game.do(ANN, Reset()))
    await game.assert_chips_conserved()


async def test_a_table_made_smaller_between_hands_is_not_taken_for_damaged(
    game: Harness,
) -> None:
    """Its last hand's positions name a seat the table no longer has: that is no damage."""
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=400, seat=0))
    await game.do(BOB, Join(buy_in=400, seat=5))
    await game.do(ANN, Start())
    await game.play_hand()
    await game.do(BOB, Leave())
    smaller = TableSettings(small_blind=5, big_blind=10, seat_count=2)
    assert not refusals(await game.do(ANN, Configure(settings=smaller)))
    assert not refusals(await game.do(ANN, ShowTable()))
    assert not refusals(await game.do(BOB, Join(buy_in=400)))
    assert not refusals(await game.do(ANN, Start()))
    await game.play_hand()
    await game.assert_chips_conserved()


async def test_a_damaged_running_tournament_gives_every_entrant_their_buy_ins_back(
    game: Harness, client: Redis
) -> None:
    settings = TournamentSettings(buy_in=100, starting_stack=500, rebuy_levels=5, max_rebuys=2)
    await game.do(ANN, CreateTournament(settings=settings))
    for user in (ANN, BOB, CID):
        assert not refusals(await game.do(user, Register()))
    await game.do(ANN, Start())
    assert await game.balance(ANN) == 900
    await write_state(client, game.table, b"{}")
    assert not refusals(await game.do(MANAGER, Reset()))
    assert [await game.balance(user) for user in (ANN, BOB, CID)] == [1_000, 1_000, 1_000]
    await game.assert_chips_conserved()


async def test_a_table_from_before_chip_records_is_paid_from_its_readable_state(
    game: Harness, client: Redis
) -> None:
    """No chip records (a table stored by an older dealer), a record quarantined but readable:
    the reset works out who holds what from the record itself."""
    await a_hand_in_play(game)
    await client.delete(table_keys(game.table).held)
    await edit_state(client, game.table, seats_out_of_range)
    assert [r.code for r in refusals(await game.do(ANN, ShowTable()))] == ["damaged_table"]
    await edit_state(client, game.table, lambda state: state["cash"].update(hand_seats=[0, 1]))
    assert not refusals(await game.do(ANN, Reset()))
    assert await game.balance(ANN) == await game.balance(BOB) == 1_000
    await game.assert_chips_conserved()


async def test_a_damaged_table_without_chip_records_leaves_its_chips_with_the_house(
    game: Harness, client: Redis
) -> None:
    await a_hand_in_play(game)
    await client.delete(table_keys(game.table).held)
    await write_state(client, game.table, b"not json")
    assert not refusals(await game.do(MANAGER, Reset()))
    assert await game.balance(ANN) == await game.balance(BOB) == 600
    [report] = await game.store.bank.audit(game.table.home, chips_of)
    assert report.ok and report.house == 800
