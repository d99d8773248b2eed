"""`chatdealer rank`: the evaluator from the command line, for players and for checking rulings."""

from __future__ import annotations

import pytest

from chatdealer.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["rank", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "printed"),
    [
        (["As", "Ks", "Qs", "Js", "Ts", "2c", "3d"], "Royal flush: As Ks Qs Js Ts"),
        (["AsKsQsJsTs2c3d"], "Royal flush: As Ks Qs Js Ts"),
        (["A♠", "K♠", "Q♠", "J♠", "10♠"], "Royal flush: As Ks Qs Js Ts"),
        (["10d", "Th", "10s", "4c", "4s", "2c"], "Full house, tens full of fours: Ts Th Td 4s 4c"),
        (["Ah", "2c", "3d", "4s", "5h", "Kd", "Kh"], "Straight, five high: 5h 4s 3d 2c Ah"),
        (["as", "ah", "kd", "kc", "9s"], "Two pair, aces and kings: As Ah Kd Kc 9s"),
    ],
)
def test_names_the_hand_and_shows_its_five_cards(
    capsys: pytest.CaptureFixture[str], argv: list[str], printed: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (0, printed + "\n", "")


def test_short_deck_rankings(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["6s", "6h", "6d", "7c", "8d", "9s", "Ah"]
    assert run(capsys, *hand) == (0, "Three of a kind, sixes: 6s 6h 6d Ah 9s\n", "")
    assert run(capsys, "--short-deck", *hand) == (0, "Three of a kind, sixes: 6s 6h 6d Ah 9s\n", "")
    assert run(capsys, "--short-deck", "--straight-beats-trips", *hand) == (
        0,
        "Straight, nine high: 9s 8d 7c 6s Ah\n",
        "",
    )
    low_straight = ["Ah", "6c", "7d", "8s", "9h"]
    assert run(capsys, "--short-deck", *low_straight) == (
        0,
        "Straight, nine high: 9h 8s 7d 6c Ah\n",
        "",
    )
    assert run(capsys, *low_straight) == (0, "High card, ace: Ah 9h 8s 7d 6c\n", "")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["As", "Ks", "Qs", "Js", "Xx"], '"Xx" is not a card'),
        (["As", "Ks", "Qs", "Js", "As"], "As appears twice"),
        (["10d", "Th", "8d", "4c", "Td"], "Td appears twice"),
        (["As", "Ks", "Qs", "Js"], "a hand needs 5 to 7 cards, got 4"),
        (["AsKsQsJsTs9s8s7s"], "a hand needs 5 to 7 cards, got 8"),
        (["--short-deck", "As", "Ks", "Qs", "Js", "5s"], "5s is not in the short deck"),
    ],
)
def test_bad_input_exits_2_with_the_reason(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("chatdealer rank: ") and message in err
    assert "Traceback" not in err


def test_no_cards_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["rank"])
    assert exit_.value.code == 2
    assert "CARD" in capsys.readouterr().err
