"""A board run twice told in the channel: each run's streets, chances, names and half pots,
marked "First run" and "Second run", in en/ru/bg (docs/rules.md §15)."""

from __future__ import annotations

from chatdealer.dealer.outgoing import AllInEquity, BoardDealt, PotWon

from ..engine.test_run_twice import _side_pot_hand_run_twice
from .test_showdown import lines, told


def test_two_runs_with_a_side_pot_and_an_odd_chip_are_told_run_by_run() -> None:
    hand, events = _side_pot_hand_run_twice()
    out = told(hand, events)
    said = lines(out)
    first, second = (
        said.index("First run — Flop: A♥ 7♣ 2♦"),
        said.index("Second run — Flop: Q♥ 8♣ 4♦"),
    )
    assert first < second
    # side pots first; the main pot of 153 is 77 + 76, the odd chip to the first run
    assert [s for s in said if "wins" in s] == [
        "First run — Bo wins side pot 1 of 49 with a pair of kings — K♠ K♦ A♥ 9♠ 7♣",
        "First run — Ann wins the main pot of 77 with three of a kind, aces — A♠ A♥ A♦ 9♠ 7♣",
        "Second run — Cy wins side pot 1 of 49 with three of a kind, queens — Q♠ Q♥ Q♦ T♣ 8♣",
        "Second run — Cy wins the main pot of 76 with three of a kind, queens — Q♠ Q♥ Q♦ T♣ 8♣",
    ]
    assert "Second run — Cy has three of a kind, queens" in said
    assert "First run — Chances: Ann A♠ A♦ 100.0% · Bo K♠ K♦ 0.0% · Cy Q♠ Q♦ 0.0%" in said
    # the chances before the run-out, then after each run's flop and turn
    chances = [(p.run, len(p.board)) for p in out if isinstance(p, AllInEquity)]
    assert chances == [(0, 0), (1, 3), (1, 4), (2, 3), (2, 4)]
    second_run = [p.board for p in out if isinstance(p, BoardDealt) and p.run == 2]
    assert second_run[-1] == ("Qh", "8c", "4d", "5h", "Tc")
    assert sum(p.amount for p in out if isinstance(p, PotWon)) == 251
    assert "Второй прогон — Cy забирает" in "\n".join(lines(out, "ru"))
    assert "Второ раздаване — Cy" in "\n".join(lines(out, "bg"))
