"""The terminal reads every command of the catalog, in English and in the table's language,
and answers a bad argument with what was wrong and the right form."""

from __future__ import annotations

import pytest

from adapters.common.catalog import (
    ArgumentError,
    Entry,
    Platform,
    Situation,
    entries,
    error_text,
    missing_entries,
    spelled,
    words,
)
from adapters.console.commands import help_text, read_command
from adapters.console.words import Words
from chatdealer.dealer import Join, TopUp
from chatdealer.render import language


def needed(entry: Entry) -> str:
    """What an entry needs typed after it: nothing, or its first example when a parameter is
    required."""
    if not any(param.required for param in entry.params):
        return ""
    return " " + next(example for example in entry.examples if example)


def served() -> list[str]:
    """Each catalog entry the terminal's reader finds, from the command as help spells it
    and with each of the entry's examples."""
    found = []
    for entry in entries():
        command = spelled(entry, Platform.TERMINAL)
        for example in (needed(entry), *entry.examples):
            if not example and needed(entry):
                continue
            parsed = read_command(f"{command} {example}".strip(), "en")
            assert parsed.entry.key == entry.key, (command, example)
        found.append(read_command(command + needed(entry), "en").entry.key)
    return found


def test_every_catalog_entry_is_served() -> None:
    assert missing_entries(served()) == []


@pytest.mark.parametrize("code", ["ru", "bg"])
def test_every_command_is_understood_by_its_name_in_the_language(code: str) -> None:
    lang = words(code)
    for entry in entries():
        named = [lang.command(entry.group.name)] if entry.group else []
        named.append(lang.entry_name(entry))
        line = " ".join(named) + needed(entry)
        assert read_command(line, code).entry.key == entry.key, line


def test_arguments_are_read_once_by_the_catalog() -> None:
    parsed = read_command("join 1 000 3 wait", "en")
    assert parsed.build(Situation()) == Join(buy_in=1_000, seat=2, wait_for_big_blind=True)
    assert read_command("topup 2.5k", "en").build(Situation()) == TopUp(amount=2_500)


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("topup abc", "abc is not an amount of chips: write it like 500, 1,000 or 2.5k"),
        ("topup -5", "-5 won't do: it must be more than 0"),
        ("topup 1.5", "1.5 is not a whole number: chips are whole"),
        ("join 100 99", "99 is too much: it can be at most 10"),
    ],
)
def test_a_bad_argument_says_what_was_wrong_and_the_right_form(line: str, said: str) -> None:
    with pytest.raises(ArgumentError) as problem:
        read_command(line, "en")
    shown = error_text(problem.value, Platform.TERMINAL, "en").splitlines()
    command = line.split()[0]
    assert shown[0] == said
    assert shown[1].startswith(f"Usage: {command} ")
    assert shown[2].startswith(f"For example: {command} ")


def test_an_unknown_command_points_to_help() -> None:
    with pytest.raises(ArgumentError) as problem:
        read_command("dance", "en")
    assert error_text(problem.value, Platform.TERMINAL, "en").splitlines() == [
        "There's no command dance",
        "help <command> explains one command",
    ]


def test_help_lists_every_command_as_typed_here_and_how_to_quit() -> None:
    lines = help_text(None, Words(language("en")))
    for entry in entries():
        assert any(line.startswith(spelled(entry, Platform.TERMINAL) + " ") for line in lines)
    assert lines[-1] == "quit (q): leave the table and close the terminal"
    assert any(line.startswith("At your turn: fold, check, call") for line in lines)
    one = help_text("tournament open", Words(language("en")))
    assert one[0].startswith("tournament open — ")
    assert not any(line.startswith("quit") for line in one)


def test_help_speaks_the_language() -> None:
    lines = help_text(None, Words(language("ru")))
    assert lines[-1] == "выход (quit, q): уйти из-за стола и закрыть терминал"
    assert lines[0] == words("ru").help("Commands")
