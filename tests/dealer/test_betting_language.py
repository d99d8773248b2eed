"""Issue 22 item 6: one betting language. "bet" when nothing is bet on the street, "raise to"
otherwise, one range format on the table line, the terminal's prompt and the buttons, and an
all-in that pot-limit or fixed-limit caps is never made a smaller raise behind the player's
back: the buttons do not offer it as all-in, and the dealer refuses it, saying what is allowed.
Played through the `Dealer` on the embedded Redis; the views are the table message's."""

from __future__ import annotations

from adapters.common.betting import all_in_offered, quick_sizes, raise_offers
from chatdealer.dealer import Create, Join, Start, TableView
from chatdealer.dealer.outgoing import Acted
from chatdealer.engine.config import BettingStructure
from chatdealer.render import language, payload_text, table_text
from chatdealer.render.prompt import turn_explained, turn_options
from chatdealer.table import TableSettings

from .harness import ANN, BOB, Harness, payloads, refusals

EN = language("en")


async def heads_up(game: Harness, settings: TableSettings, stacks: tuple[int, int]) -> TableView:
    assert not refusals(await game.do(ANN, Create(settings=settings)))
    for user, chips in zip((ANN, BOB), stacks, strict=True):
        assert not refusals(await game.do(user, Join(buy_in=chips)))
    await game.do(ANN, Start())
    return game.view()


def turn_line(view: TableView) -> str:
    return table_text(view, EN, 0.0).splitlines()[-1]


def pot_limit(min_buy_in_big_blinds: int = 20) -> TableSettings:
    return TableSettings(
        small_blind=5,
        big_blind=10,
        structure=BettingStructure.POT_LIMIT,
        min_buy_in_big_blinds=min_buy_in_big_blinds,
    )


async def test_raise_to_before_the_flop_and_bet_on_a_fresh_street(game: Harness) -> None:
    settings = TableSettings(small_blind=5, big_blind=10)
    view = await heads_up(game, settings, (1_000, 1_000))
    turn = view.turn
    assert turn is not None and turn.raising
    assert turn_options(turn, EN) == ["call 5", "raise to 20–1,000", "fold"]
    assert "raise to 20–1,000" in turn_line(view)
    assert [o.label for o in raise_offers(view, EN)][-1] == "All-in 1,000"
    await game.act(game.to_act(), "call")
    await game.act(game.to_act(), "check")
    flop = game.view()
    assert flop.board and flop.turn is not None and not flop.turn.raising
    assert turn_options(flop.turn, EN) == ["check", "bet 10–990"]
    assert "bet 10–990" in turn_line(flop)
    explained = turn_explained(flop, flop.turn, EN)
    assert explained[0] == "check: stay in without betting"
    assert explained[1] == "bet 10–990: the first bet this street, from 10 to 990 (type bet 10)"
    assert explained[2] == "990 is all your chips: type allin"
    bettor = game.to_act()
    out = await game.act(bettor, "raise", 40)
    (bet,) = payloads(out, Acted)
    assert (bet.action, bet.amount) == ("bet", 40)
    assert payload_text(bet, EN, 0.0) == f"{bettor.name} bets 40"
    facing = game.view()
    assert facing.turn is not None and facing.turn.raising
    assert turn_options(facing.turn, EN) == ["call 40", "raise to 80–990", "fold"]
    assert turn_explained(facing, facing.turn, EN)[0] == (
        "call 40: put in 40 more to match the bet of 40"
    )


async def test_pot_limit_offers_the_pot_not_an_all_in_and_refuses_a_capped_allin(
    game: Harness,
) -> None:
    view = await heads_up(game, pot_limit(), (1_000, 1_000))
    turn = view.turn
    assert turn is not None
    # Pot-limit before the flop, small blind to act: call 5, then raise the pot of 20: to 30.
    assert (turn.min_raise_to, turn.max_raise_to, turn.all_in_to) == (20, 30, 1_000)
    assert not all_in_offered(view)
    assert quick_sizes(view) == [("min", 20), ("pot", 30)]
    assert [(o.action, o.label) for o in raise_offers(view, EN)] == [
        ("raise", "Min 20"),
        ("raise", "Pot 30"),
    ]
    assert "raise to 20–30" in turn_line(view)
    assert turn_explained(view, turn, EN)[-2] == (
        "pot-limit: 30 is the size of the pot; all-in (1,000) is over the limit"
    )
    before = await game.stored()
    refused = refusals(await game.act(game.to_act(), "allin"))
    assert [(r.code, r.params) for r in refused] == [
        ("all_in_pot_limit", {"what": "raise", "maximum": 30, "all_in": 1_000})
    ]
    assert refused[0].text == "The pot limit lets you raise to 30: all-in would be 1,000"
    assert payload_text(refused[0], language("ru"), 0.0) == (
        "Лимит банка: рейз — не больше чем до 30, а олл-ин был бы 1\u202f000"
    )
    assert await game.stored() == before  # nothing changed
    out = await game.act(game.to_act(), "raise", 30)
    assert [(a.action, a.amount) for a in payloads(out, Acted)] == [("raise", 30)]


async def test_pot_limit_allin_within_the_limit_is_offered_and_played(game: Harness) -> None:
    """Ann's 25 chips are under the pot limit: all-in is offered as such, and played."""
    await heads_up(game, pot_limit(2), (25, 1_000))
    if game.to_act() is BOB:  # Bob's 1,000 are over the limit: he only calls
        assert not all_in_offered(game.view())
        await game.act(BOB, "call")
    view = game.view()
    turn = view.turn
    assert turn is not None and turn.player_id == ANN.id
    assert turn.all_in_to == 25 and turn.all_in_allowed and all_in_offered(view)
    assert raise_offers(view, EN)[-1].label == "All-in 25"
    out = await game.act(ANN, "allin")
    assert not refusals(out)
    (acted,) = payloads(out, Acted)
    assert acted.all_in and acted.amount == 25


async def test_fixed_limit_offers_its_one_size_and_refuses_an_allin_above_it(
    game: Harness,
) -> None:
    settings = TableSettings(structure=BettingStructure.FIXED_LIMIT, small_bet=10, big_bet=20)
    view = await heads_up(game, settings, (1_000, 1_000))
    turn = view.turn
    assert turn is not None and turn.min_raise_to == turn.max_raise_to == 20
    assert quick_sizes(view) == [("fixed", 20)]
    assert [o.label for o in raise_offers(view, EN)] == ["Raise to 20"]
    assert turn_options(turn, EN) == ["call 5", "raise to 20", "fold"]
    assert turn_explained(view, turn, EN)[1:3] == [
        "raise to 20: the one size allowed (type raise 20)",
        "fixed-limit: 20 is this street's size; all-in (1,000) is not a bet here",
    ]
    refused = refusals(await game.act(game.to_act(), "allin"))
    assert [r.code for r in refused] == ["all_in_fixed_limit"]
    assert refused[0].text == "In fixed-limit you can raise to exactly 20: all-in would be 1,000"
    assert game.view().turn == turn


async def test_an_allin_that_is_only_a_call_is_played_as_one(game: Harness) -> None:
    """Facing more than she has, Ann's all-in is a call of all her chips: nothing caps it."""
    await heads_up(game, pot_limit(2), (25, 1_000))
    if game.to_act() is ANN:
        await game.act(ANN, "call")
    bob = game.view().turn
    assert bob is not None and bob.player_id == BOB.id and bob.max_raise_to is not None
    await game.act(BOB, "raise", bob.max_raise_to)
    ann = game.view().turn
    assert ann is not None and ann.player_id == ANN.id and ann.min_raise_to is None
    assert ann.to_call + next(s.bet for s in game.view().seats if s.player_id == ANN.id) == 25
    assert turn_explained(game.view(), ann, EN)[0].startswith(
        f"call {ann.to_call}: all your chips, short of the bet of {bob.max_raise_to}"
    )
    out = await game.act(ANN, "allin")
    assert not refusals(out)
    (acted,) = payloads(out, Acted)
    assert (acted.action, acted.all_in) == ("call", True)
