"""Issue 15: commands are checked where they are made, whatever built them.

Chip amounts are at most 10^12 (so every sum Redis makes stays exact), counts and lengths are
capped, and a field of the wrong type, from a constructor or from `msgspec.convert`, is a
refusal to the asker: `Dealer.handle` raises for no input at all, and nothing is written.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from chatdealer.dealer import (
    Act,
    ActionToken,
    AddBot,
    Command,
    Configure,
    Create,
    CreateTournament,
    Join,
    Kick,
    LastHand,
    Leaderboard,
    ShowTable,
    TopUp,
    User,
    Verb,
)
from chatdealer.dealer.outgoing import Refused, TableShown
from chatdealer.table import TableSettings, TournamentSettings
from chatdealer.table.schedule import BlindLevel, BlindSchedule

from .harness import ANN, BOB, Harness, payloads, refusals

HUGE = 10_000_000_000_000_000_000
LIMIT = 10**12


async def only_refused(game: Harness, args: Any, code: str, user: Any = ANN) -> Refused:
    before = await game.store.client.hgetall(f"cd:{{{game.table.home.tag}}}:table:poker")
    out = await game.do(user, args)
    assert len(out) == 1, out
    refusal = out[0].payload
    assert isinstance(refusal, Refused), out
    assert refusal.code == code, refusal
    assert refusal.text
    assert await game.store.client.hgetall(f"cd:{{{game.table.home.tag}}}:table:poker") == before
    return refusal


async def test_telegrams_huge_blinds_are_refused_at_create(game: Harness) -> None:
    """/poker sb=10000000000000000000 bb=10000000000000000000 min=1 max=1, then /join."""
    settings = TableSettings(
        small_blind=HUGE, big_blind=HUGE, min_buy_in_big_blinds=1, max_buy_in_big_blinds=1
    )
    refusal = await only_refused(game, Create(settings=settings), "amount_range")
    assert refusal.params == {"maximum": LIMIT}
    await only_refused(game, Join(), "no_table")


async def test_blinds_at_the_limit_play_and_a_buy_in_beyond_it_is_refused(game: Harness) -> None:
    big = TableSettings(small_blind=LIMIT, big_blind=LIMIT, min_buy_in_big_blinds=1)
    await only_refused(game, Create(settings=big), "buy_in_too_high")
    fits = TableSettings(
        small_blind=LIMIT // 2,
        big_blind=LIMIT,
        min_buy_in_big_blinds=1,
        max_buy_in_big_blinds=1,
    )
    assert not refusals(await game.do(ANN, Create(settings=fits)))
    await only_refused(game, Join(), "insufficient_balance")
    await game.assert_chips_conserved()


async def test_configure_and_tournaments_are_held_to_the_same_limits(game: Harness) -> None:
    assert not refusals(await game.do(ANN, Create()))
    await only_refused(
        game, Configure(settings=TableSettings(small_blind=1, big_blind=HUGE)), "amount_range"
    )
    await only_refused(game, Configure(settings=TableSettings(ante=LIMIT + 1)), "amount_range")
    game.table = game.table.home.table("sng")
    for settings in (
        TournamentSettings(buy_in=HUGE),
        TournamentSettings(starting_stack=LIMIT + 1),
        TournamentSettings(
            schedule=BlindSchedule(levels=(BlindLevel(1, HUGE),), hands_per_level=5)
        ),
    ):
        refusal = await only_refused(game, CreateTournament(settings=settings), "amount_range")
        assert refusal.params == {"maximum": LIMIT}


@pytest.mark.parametrize(
    "args",
    [
        Join(buy_in=HUGE),
        Join(buy_in=-5),
        Join(buy_in="400"),  # type: ignore[arg-type]
        Join(buy_in=400.0),  # type: ignore[arg-type]
        Join(buy_in=True),
        Join(seat=10**9),
        Join(seat="first"),  # type: ignore[arg-type]
        Join(wait_for_big_blind="yes"),  # type: ignore[arg-type]
        TopUp(amount=HUGE),
        TopUp(amount=None),  # type: ignore[arg-type]
        Act(action="dance", token=ActionToken(1, 0)),  # type: ignore[arg-type]
        Act(action="raise", token=ActionToken(1, 0), amount=HUGE),
        Act(action="call", token="1.0"),  # type: ignore[arg-type]
        Act(action="call", token=ActionToken("1", 0)),  # type: ignore[arg-type]
        Act(action="call", token=ActionToken(-1, 0)),
        Kick(player_id=5),  # type: ignore[arg-type]
        Kick(player_id="x" * 10_000),
        AddBot(style="s" * 10_000),
        AddBot(style=None),  # type: ignore[arg-type]
        LastHand(number=HUGE),
        LastHand(number="last"),  # type: ignore[arg-type]
        Leaderboard(top=HUGE),
        Leaderboard(top=[1]),  # type: ignore[arg-type]
        Create(settings="nl 1/2"),  # type: ignore[arg-type]
        Create(settings=TableSettings(seat_count="nine")),  # type: ignore[arg-type]
        Create(settings=TableSettings(language=["en"])),  # type: ignore[arg-type]
        Configure(settings=None),  # type: ignore[arg-type]
        CreateTournament(settings=TournamentSettings(max_rebuys=HUGE)),
    ],
    ids=repr,
)
async def test_a_field_of_the_wrong_type_or_out_of_bounds_is_a_refusal(
    game: Harness, args: Verb
) -> None:
    assert not refusals(await game.do(ANN, Create()))
    assert not refusals(await game.do(BOB, Join(buy_in=200)))
    out = await game.do(ANN, args)
    assert len(out) == 1 and isinstance(out[0].payload, Refused), out
    assert out[0].to == ANN.id
    await game.assert_chips_conserved()


@pytest.mark.parametrize(
    "user",
    [
        User(id=5, name="Ann"),  # type: ignore[arg-type]
        User(id="", name="Ann"),
        User(id="u" * 1_000, name="Ann"),
        User(id="u-ann", name=None),  # type: ignore[arg-type]
        User(id="u-ann", name="Ann", manager="yes"),  # type: ignore[arg-type]
        User(id="u-\ud800", name="Ann"),
        "u-ann",
    ],
    ids=repr,
)
async def test_a_user_of_the_wrong_shape_is_refused(game: Harness, user: Any) -> None:
    assert not refusals(await game.do(ANN, Create()))
    out = await game.do(user, Join(buy_in=200))
    assert [o.payload.code for o in out if isinstance(o.payload, Refused)] == ["bad_command"]
    assert await game.store.client.hlen(game.table.home.key("bank")) == 0


async def test_a_long_or_unencodable_name_is_shortened_and_cleaned_not_refused(
    game: Harness,
) -> None:
    assert not refusals(await game.do(ANN, Create()))
    long = User(id="u-long", name="L" * 500)
    assert not refusals(await game.do(long, Join(buy_in=200)))
    odd = User(id="u-odd", name="Odd\ud800One")
    assert not refusals(await game.do(odd, Join(buy_in=200)))
    names = {seat.player_id: seat.name for seat in game.view().seats}
    assert len(names["u-long"]) <= 64
    assert "\ud800" not in names["u-odd"] and names["u-odd"].startswith("Odd")
    await game.assert_chips_conserved()


@pytest.mark.parametrize(
    "command",
    [
        Command(table="discord:guild1:poker", user=ANN, args=ShowTable()),  # type: ignore[arg-type]
        Command(table=None, user=ANN, args=ShowTable()),  # type: ignore[arg-type]
        Command(table=Harness.__init__, user=ANN, args=ShowTable()),  # type: ignore[arg-type]
        Command(table=None, user=None, args=None),  # type: ignore[arg-type]
        None,
        "join",
    ],
    ids=repr,
)
async def test_a_command_of_the_wrong_shape_is_refused(game: Harness, command: Any) -> None:
    out = await game.dealer.handle(command)
    assert [o.payload.code for o in out if isinstance(o.payload, Refused)] == ["bad_command"]
    assert not payloads(out, TableShown)


async def test_the_limits_live_on_the_structs_so_msgspec_decoding_applies_them_too(
    game: Harness,
) -> None:
    """An adapter that decodes a command with msgspec meets the same bounds the dealer checks."""
    raw = {
        "table": {"platform": "discord", "community": "guild1", "channel": "poker"},
        "user": {"id": "u-bob", "name": "Bob"},
        "args": {"verb": "join", "buy_in": HUGE},
    }
    with pytest.raises(msgspec.ValidationError, match="buy_in"):
        msgspec.convert(raw, Command)
    raw["args"] = {"verb": "join", "buy_in": 200}
    command = msgspec.convert(raw, Command)
    assert not refusals(await game.do(ANN, Create()))
    assert not refusals(await game.dealer.handle(command))
