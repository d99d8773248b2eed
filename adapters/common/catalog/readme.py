"""README's command table, made from the catalog: `python -m adapters.common.catalog.readme`
rewrites what README.md holds between the markers; a test fails when the two differ."""

from __future__ import annotations

import sys
from pathlib import Path

from adapters.common.catalog.entries import entries
from adapters.common.catalog.platforms import Platform, spelled
from adapters.common.catalog.spec import Access
from adapters.common.catalog.texts import usage
from adapters.common.catalog.translate import words

BEGIN = "<!-- commands:begin -->"
END = "<!-- commands:end -->"
README = Path(__file__).resolve().parents[3] / "README.md"
WHO = {
    Access.ANYONE: "anyone",
    Access.PLAYERS: "players, host, managers",
    Access.HOST: "host, managers",
    Access.ADMIN: "admins change, anyone looks",
}


def _cell(text: str) -> str:
    return f"`{text}`".replace("|", "\\|")


def table() -> str:
    """The markdown between the markers (without them)."""
    english = words("en")
    lines = [
        "Every command once, spelled the way each platform does. Generated from the command "
        "catalog (`adapters/common/catalog`): `python -m adapters.common.catalog.readme`.",
        "",
        "| Discord | Telegram | Terminal | What it does | Who |",
        "| --- | --- | --- | --- | --- |",
    ]
    for entry in entries():
        lines.append(
            "| "
            + " | ".join(
                [
                    _cell(spelled(entry, Platform.DISCORD)),
                    _cell(usage(entry, Platform.TELEGRAM)),
                    _cell(usage(entry, Platform.TERMINAL)),
                    english.summary(entry),
                    WHO[entry.access],
                ]
            )
            + " |"
        )
    lines += ["", *_settings_lines()]
    lines += [
        "",
        "Amounts are read as people type them: `500`, `1,000`, `1 000`, `2.5k`, `1m`; at a "
        "turn in the terminal also `pot`, `half`, `min`, `allin`, `3x` and `3bb`. Settings are "
        "`name=value` (`bb=10 clock=45s straddles=on`); `/help <command>` (`help <command>` in "
        "the terminal, `/poker help command:` on Discord) explains each one in English, Russian "
        "or Bulgarian. On Discord the command and option names are shown in the reader's "
        "language.",
    ]
    return "\n".join(lines)


def _settings_lines() -> list[str]:
    """The names each command with settings takes as `name=value` (aliases in brackets);
    commands taking the same ones share a line."""
    shared: dict[tuple[str, ...], list[str]] = {}
    for entry in entries():
        if sum(1 for p in entry.params if not p.positional) >= 3:
            shared.setdefault(tuple(p.name for p in entry.params), []).append(entry.key)
    lines = []
    for names, keys in shared.items():
        first = next(e for e in entries() if e.key == keys[0])
        shown = ", ".join(
            f"`{p.name}`" + (f" (`{'`, `'.join(p.aliases)}`)" if p.aliases else "")
            for p in first.params
            if p.name in names
        )
        lines.append(f"- {' and '.join(f'`{key}`' for key in keys)}: {shown}.")
    return lines


def rewritten(text: str) -> str:
    """`text` (README's) with the table between the markers made anew."""
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[:start] + "\n" + table() + "\n" + text[end:]


def main() -> int:
    text = README.read_text(encoding="utf-8")
    fresh = rewritten(text)
    if fresh != text:
        README.write_text(fresh, encoding="utf-8")
        sys.stdout.write(f"wrote {README}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
