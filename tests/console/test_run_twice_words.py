"""`once` and `twice` at the terminal, in English and in the table's language; any other line
is not an answer to running it twice."""

from __future__ import annotations

from adapters.console.run_twice import run_twice_word


def test_once_and_twice_are_read_in_every_language() -> None:
    assert run_twice_word("twice") is True and run_twice_word("Once") is False
    assert run_twice_word("дважды") is True and run_twice_word("один") is False
    assert run_twice_word("двукратно") is True and run_twice_word("веднъж") is False
    assert run_twice_word("twice please") is None and run_twice_word("call") is None
