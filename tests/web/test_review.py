"""A finished hand told in words, as `history` answers in the chat: the positions, every street
with its board, pot and actions, the hands shown, each pot's winner with what, the result; the
public story names no card nobody showed, and a player's own copy adds theirs."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.common.review import story_text
from chatdealer import phh
from chatdealer.cli import main
from chatdealer.dealer import Create, Join, LastHand, Start
from chatdealer.dealer.outgoing import History
from chatdealer.history import to_phh
from chatdealer.render import language

from ..dealer.harness import ANN, BOB, CID, Harness
from ..dealer.test_play import SETTINGS
from ..engine.spelled import new_hand, play
from .hands import run_twice_hand, side_pot_hand


def side_pot_history(*, own: int | None = None) -> str:
    """The side-pot hand's public copy (Di's cards hidden), or the copy of position `own`."""
    hand = side_pot_hand()
    history = to_phh(hand, public=True)
    if own is not None:
        mine = to_phh(hand)
        history.actions[own] = mine.actions[own]
    history.hand = 7
    return phh.dumps(history)


def test_a_side_pot_hand_is_told_street_by_street() -> None:
    told = story_text(side_pot_history(), language("en"), "Hand #7").splitlines()
    assert told == [
        "Hand #7",
        "Seats: SB Ann 100 · BB Bo 1,000 · UTG Cy 1,000 · BTN Di 500",
        "Pre-flop: Ann posts a blind of 5, Bo posts a blind of 10, Cy raises to 100, Di folds,"
        " Ann is all-in for 100, Bo calls 90",
        "Flop: Q♦ 8♣ 4♦ · pot 300: Bo bets 200, Cy calls 200",
        "Turn: Q♦ 8♣ 4♦ [3♠] · pot 700: Bo checks, Cy checks",
        "River: Q♦ 8♣ 4♦ 3♠ [2♥] · pot 700: Bo checks, Cy checks",
        "Showdown: Ann shows K♠ K♦ — Pair of kings, Bo shows Q♥ J♣ — Pair of queens,"
        " Cy shows Q♠ A♣ — Pair of queens",
        "Cy wins side pot 1 of 400 with a pair of queens, ace kicker — Q♠ Q♦ A♣ 8♣ 4♦",
        "Ann wins the main pot of 300 with a pair of kings — K♠ K♦ Q♦ 8♣ 4♦",
        "Result: Ann +200 · Cy +100 · Di 0 · Bo −300",
    ]
    assert "J♠" not in "\n".join(told) and "Dealt to" not in "\n".join(told)


def test_a_board_run_twice_is_told_run_by_run_each_paying_its_halves() -> None:
    history = to_phh(run_twice_hand(), public=True)
    history.hand = 7
    told = story_text(phh.dumps(history), language("en"), "Hand #7").splitlines()
    assert told[3:] == [
        "First run — Flop: A♥ 7♣ 2♦ · pot 2,500",
        "First run — Turn: A♥ 7♣ 2♦ [3♥] · pot 2,500",
        "First run — River: A♥ 7♣ 2♦ 3♥ [9♠] · pot 2,500",
        "Showdown: Cy shows Q♠ Q♦, Ann shows A♠ A♦, Bo shows K♠ K♦",
        "First run — Bo wins side pot 1 of 500 with a pair of kings — K♠ K♦ A♥ 9♠ 7♣",
        "First run — Ann wins the main pot of 750 with three of a kind, aces — A♠ A♥ A♦ 9♠ 7♣",
        "Second run — River: Q♥ 8♣ 4♦ 5♥ [T♣]",
        "Second run — Cy wins side pot 1 of 500 with three of a kind, queens — Q♠ Q♥ Q♦ T♣ 8♣",
        "Second run — Cy wins the main pot of 750 with three of a kind, queens — Q♠ Q♥ Q♦ T♣ 8♣",
        "Result: Ann +250 · Cy +250 · Bo −500",
    ]


def test_a_players_own_copy_adds_their_cards() -> None:
    told = story_text(side_pot_history(own=3), language("en"), "Hand #7")
    assert "Dealt to Di: J♠ J♥" in told.splitlines()


def test_the_two_of_clubs_is_dealt_too() -> None:
    """2c is card 0, which a truthiness check once dropped from the player's own copy."""
    history = side_pot_history(own=3).replace('"d dh p4 JsJh"', '"d dh p4 Jh2c"')
    told = story_text(history, language("en"), "Hand #7")
    assert "Dealt to Di: J♥ 2♣" in told.splitlines()


@pytest.mark.parametrize("code", ["ru", "bg"])
def test_the_story_is_told_in_the_tables_language(code: str) -> None:
    told = story_text(side_pot_history(own=3), language(code), "#7")
    english = story_text(side_pot_history(own=3), language("en"), "#7")
    for word in ("Seats", "Pre-flop", "Flop", "pot", "Showdown", "wins", "Result", "Dealt"):
        assert word in english and word not in told, (word, told)


def test_a_history_that_does_not_play_again_is_only_titled() -> None:
    broken = side_pot_history().replace('"p3 cbr 100"', '"p3 cbr 5"')
    assert story_text(broken, language("en"), "Hand #7") == "Hand #7"


async def test_history_answers_with_the_story_and_files_that_verify(
    game: Harness, tmp_path: Path
) -> None:
    """The copies `history` hands out tell the hand (the asker's own adds their cards) and
    verify with `chatdealer verify`."""
    await game.do(ANN, Create(settings=SETTINGS))
    for user in (ANN, BOB, CID):
        await game.do(user, Join(buy_in=200))
    await game.do(ANN, Start())
    folder = game.to_act()
    await game.act(folder, "fold")
    await game.play_hand()
    asked = await game.do(folder, LastHand())
    public, own = (o.payload for o in asked)
    assert isinstance(public, History) and isinstance(own, History) and own.private
    public_story = story_text(public.phh, language("en"), "Hand #1")
    own_story = story_text(own.phh, language("en"), "Hand #1")
    assert f"{folder.name} folds" in public_story
    assert "Dealt to" not in public_story
    assert f"Dealt to {folder.name}: " in own_story
    for name, copy in (("public.phh", public), ("mine.phh", own)):
        path = tmp_path / name
        path.write_text(copy.phh)
        assert main(["verify", str(path)]) == 0


def test_a_full_ten_handed_table_names_every_position() -> None:
    names = [f"P{n}" for n in range(1, 11)]
    hand, _ = new_hand([100] * 10, [1, 2], names=names, manual_showdown=True)
    play(hand, *[f"p{n} f" for n in range(3, 11)], "p1 f")
    assert hand.is_complete
    history = to_phh(hand, public=True)
    told = story_text(phh.dumps(history), language("en"), "Hand").splitlines()
    assert told[1] == (
        "Seats: SB P1 100 · BB P2 100 · UTG P3 100 · UTG+1 P4 100 · UTG+2 P5 100 · UTG+3 P6 100"
        " · LJ P7 100 · HJ P8 100 · CO P9 100 · BTN P10 100"
    )
    assert told[-2:] == [
        "P2 wins 2",
        "Result: P2 +1 · P3 0 · P4 0 · P5 0 · P6 0 · P7 0 · P8 0 · P9 0 · P10 0 · P1 −1",
    ]
