"""README's command table is the catalog's: `python -m adapters.common.catalog.readme`."""

from __future__ import annotations

from adapters.common.catalog import entries, spelled, usage
from adapters.common.catalog.platforms import Platform
from adapters.common.catalog.readme import BEGIN, END, README, rewritten, table


def test_readme_holds_the_catalogs_command_table() -> None:
    text = README.read_text(encoding="utf-8")
    assert text.count(BEGIN) == 1 and text.count(END) == 1
    assert rewritten(text) == text, "run `python -m adapters.common.catalog.readme`"


def test_the_table_has_a_row_per_entry_in_each_platforms_spelling() -> None:
    made = table()
    for entry in entries():
        row = next(
            line
            for line in made.splitlines()
            if line.startswith(f"| `{spelled(entry, Platform.DISCORD)}` |")
        )
        assert f"`{usage(entry, Platform.TELEGRAM)}`" in row
        assert f"`{usage(entry, Platform.TERMINAL)}`" in row


def test_rewriting_replaces_only_what_is_between_the_markers() -> None:
    text = f"intro\n{BEGIN}\nold table\n{END}\noutro\n"
    fresh = rewritten(text)
    assert fresh.startswith(f"intro\n{BEGIN}\n") and fresh.endswith(f"{END}\noutro\n")
    assert "old table" not in fresh and "| `/poker join` |" in fresh
