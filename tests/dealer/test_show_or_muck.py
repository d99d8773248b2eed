"""Show or muck through the dealer against real Redis: the showdown waits for the player with
a choice, their clock runs out to their default, a stale or wrong press is refused, and a
mucked hand never reaches the channel."""

from __future__ import annotations

from chatdealer.dealer import Act, Create, Join, Start
from chatdealer.dealer.commands import ShowSetting
from chatdealer.dealer.outgoing import HandOver, HoleCards, Notice
from chatdealer.engine.show_choice import ShowDefault
from chatdealer.render import language
from chatdealer.render.table import table_text
from chatdealer.table import TableSettings

from .harness import ANN, BOB, Harness, as_json, payloads, refusals

SETTINGS = TableSettings(small_blind=5, big_blind=10, show_default=ShowDefault.LOSING)


async def checked_to_the_showdown(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=1_000))
    await game.do(BOB, Join(buy_in=1_000))
    await game.do(ANN, Start())
    for _ in range(20):
        turn = game.view().turn
        if turn is None:
            break
        await game.act(game.users[turn.player_id], "check" if turn.can_check else "call")


def own_cards(game: Harness, player: str) -> list[HoleCards]:
    return [o.payload for o in game.log if o.to == player and isinstance(o.payload, HoleCards)]


async def test_the_showdown_waits_then_the_clock_shows_and_a_muck_stays_private(
    game: Harness,
) -> None:
    await checked_to_the_showdown(game)
    first = game.view().showdown
    assert first is not None and game.view().hand_running
    answers = (("en", "show or muck"), ("ru", "показать или сбросить"), ("bg", "покажи или мъкни"))
    for code, words in answers:
        text = table_text(game.view(), language(code), game.clock())
        assert f"▶ {first.name}: {words}" in text, text
    timed = await game.fire(SETTINGS.action_seconds + 1)  # nothing shown yet: the hand shows
    assert [n.code for n in payloads(timed, Notice)] == ["show_timed_out"]
    second = game.view().showdown
    assert second is not None and second.player_id != first.player_id
    stale = await game.do(game.users[second.player_id], Act(action="muck", token=first.token))
    assert [r.code for r in refusals(stale)] == ["stale_token"]
    wrong = await game.do(game.users[first.player_id], Act(action="muck", token=second.token))
    assert [r.code for r in refusals(wrong)] == ["not_your_turn"]
    mucker = game.users[second.player_id]
    out = await game.do(mucker, Act(action="muck", token=second.token))
    assert payloads(out, HandOver) and game.view().showdown is None
    again = await game.do(mucker, Act(action="muck", token=second.token))
    assert refusals(again)
    (cards,) = [
        o.payload for o in game.log if o.to == mucker.id and isinstance(o.payload, HoleCards)
    ]
    public = b"".join(as_json(o) for o in game.log if o.to is None)
    for card in cards.view.cards:  # cards travel as JSON strings: the public proof included
        assert b'"' + card.encode() + b'"' not in public
    shower = game.users[first.player_id]
    (seen,) = [
        o.payload for o in game.log if o.to == shower.id and isinstance(o.payload, HoleCards)
    ]
    assert all(b'"' + card.encode() + b'"' in public for card in seen.view.cards)
    await game.assert_chips_conserved()


async def test_a_players_own_default_auto_is_not_asked(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=1_000))
    await game.do(BOB, Join(buy_in=1_000))
    for user in (ANN, BOB):
        told = await game.do(user, ShowSetting(default="auto"))
        assert [n.code for n in payloads(told, Notice)] == ["show_default"]
    bad = await game.do(ANN, ShowSetting(default="sometimes"))
    assert [r.code for r in refusals(bad)] == ["bad_value"]
    await game.do(ANN, Start())
    out = await game.play_hand()
    assert payloads(out, HandOver) and game.view().showdown is None
