"""Every refusal a chat user can cause: one event to the asker, with its reason, and no change.

"No change" is checked on the stored record itself: the same version and the same bytes before
and after, and the asker's bank balance untouched.
"""

from __future__ import annotations

from chatdealer.dealer import (
    Act,
    ActionToken,
    Configure,
    Create,
    Join,
    Kick,
    Leave,
    Start,
    Stop,
    Straddle,
    TopUp,
    User,
    Verb,
)
from chatdealer.dealer.outgoing import Refused
from chatdealer.table import TableSettings

from .harness import ANN, BOB, CID, DEE, Harness, refusals

SETTINGS = TableSettings(small_blind=1, big_blind=2, seat_count=6)


async def refused(game: Harness, user: User, args: Verb, code: str) -> Refused:
    """`args` is refused with `code`, to `user` alone, and nothing stored changes."""
    before = await game.stored()
    balance = await game.balance(user)
    out = await game.do(user, args)
    assert len(out) == 1, out
    assert out[0].to == user.id
    payload = out[0].payload
    assert isinstance(payload, Refused)
    assert payload.code == code, payload
    assert payload.text
    assert await game.stored() == before
    assert await game.balance(user) == balance
    return payload


async def heads_up_hand(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=200))
    await game.do(BOB, Join(buy_in=200))
    await game.do(ANN, Start())


async def test_acting_out_of_turn_is_refused(game: Harness) -> None:
    await heads_up_hand(game)
    waiting = BOB if game.to_act() == ANN else ANN
    token = game.view().token
    assert token is not None
    refusal = await refused(game, waiting, Act(action="call", token=token), "not_your_turn")
    assert refusal.params == {"player": game.to_act().name}


async def test_an_impossible_amount_is_refused(game: Harness) -> None:
    await heads_up_hand(game)
    actor, token = game.to_act(), game.view().token
    assert token is not None
    refusal = await refused(
        game, actor, Act(action="raise", amount=3, token=token), "minimum_raise"
    )
    assert refusal.params == {"minimum": 4}
    await refused(game, actor, Act(action="raise", amount=5_000, token=token), "maximum_stack")
    await refused(game, actor, Act(action="check", token=token), "cannot_check")


async def test_a_double_click_is_refused_as_a_stale_token(game: Harness) -> None:
    await heads_up_hand(game)
    actor, token = game.to_act(), game.view().token
    assert token is not None
    assert not refusals(await game.do(actor, Act(action="call", token=token)))
    await refused(game, actor, Act(action="call", token=token), "stale_token")


async def test_a_button_from_an_earlier_street_is_refused(game: Harness) -> None:
    await heads_up_hand(game)
    preflop = game.view().token
    assert preflop is not None
    await game.act(game.to_act(), "call")
    await game.act(game.to_act(), "check")
    assert len(game.view().board) == 3
    flop_actor = game.to_act()
    await refused(game, flop_actor, Act(action="check", token=preflop), "stale_token")
    later = ActionToken(preflop.hand + 1, 0)
    await refused(game, flop_actor, Act(action="check", token=later), "stale_token")


async def test_someone_not_seated_cannot_act_or_leave(game: Harness) -> None:
    await heads_up_hand(game)
    token = game.view().token
    assert token is not None
    await refused(game, CID, Act(action="fold", token=token), "not_seated")
    await refused(game, CID, Leave(), "not_seated")
    await refused(game, CID, TopUp(amount=10), "not_seated")


async def test_joining_twice_is_refused(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=100))
    refusal = await refused(game, ANN, Join(buy_in=100), "already_seated")
    assert refusal.params == {"seat": 1}


async def test_a_buy_in_above_the_balance_is_refused(game: Harness) -> None:
    rich = TableSettings(small_blind=10, big_blind=20, max_buy_in_big_blinds=100)
    await game.do(ANN, Create(settings=rich))
    assert not refusals(await game.do(DEE, Join(buy_in=800)))  # 1,000 granted, 200 left
    refusal = await refused(game, DEE, TopUp(amount=700), "insufficient_balance")
    assert refusal.params == {"balance": 200, "amount": 700}
    assert refusal.text == "You have 200 chips in the bank: not enough for 700"


async def test_a_first_buy_in_above_the_starting_grant_is_refused(game: Harness) -> None:
    rich = TableSettings(small_blind=10, big_blind=20, max_buy_in_big_blinds=100)
    await game.do(ANN, Create(settings=rich))
    before = await game.stored()
    out = await game.do(BOB, Join(buy_in=1_500))
    refused_ = refusals(out)
    assert [r.code for r in refused_] == ["insufficient_balance"]
    assert refused_[0].params == {"balance": 1_000, "amount": 1_500}
    assert await game.stored() == before
    assert await game.balance(BOB) == 1_000


async def test_only_the_host_or_a_channel_manager_may_configure(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    faster = TableSettings(small_blind=5, big_blind=10, seat_count=6)
    await refused(game, BOB, Configure(settings=faster), "not_host")
    manager = User(id=BOB.id, name=BOB.name, manager=True)
    assert not refusals(await game.do(manager, Configure(settings=faster)))
    assert game.view().settings == faster


async def test_bad_settings_are_refused_with_the_table_reason(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    broken = TableSettings(small_blind=5, big_blind=2)
    await refused(game, ANN, Configure(settings=broken), "blinds_invalid")


async def test_a_channel_without_a_table_says_so(game: Harness) -> None:
    out = await game.do(ANN, Join())
    assert [r.code for r in refusals(out)] == ["no_table"]
    assert await game.store.tables.load(game.table) is None


async def test_a_table_in_use_is_not_replaced(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=100))
    await refused(game, BOB, Create(), "table_exists")


async def test_a_straddle_where_straddles_are_off_is_refused(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=100))
    await refused(game, ANN, Straddle(), "straddles_off")


async def test_acting_between_hands_is_refused(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=100))
    await refused(game, ANN, Act(action="check", token=ActionToken(0, 0)), "no_hand")
    await refused(game, ANN, Start(), "not_enough_players")


async def test_only_the_host_or_a_manager_sends_a_player_away_or_closes_the_table(
    game: Harness,
) -> None:
    await heads_up_hand(game)
    await refused(game, BOB, Kick(player_id=ANN.id), "not_host")
    await refused(game, BOB, Stop(), "not_host")
