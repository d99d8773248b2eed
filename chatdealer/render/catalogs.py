"""The gettext catalogs: reading `.po` sources and compiling them to `.mo` files.

The compiler is a few dozen lines of pure Python so that rebuilding the shipped `.mo` files
needs no GNU gettext tools: `python -m chatdealer.render.catalogs` rewrites every `.mo` next to
its `.po`. Output is deterministic (sorted keys), so a test can check the shipped files are fresh.

A language's messages may be kept in several `.po` files side by side (`chatdealer.po`, the one
with the header, and one file per area of the product, such as `commands.po`): they compile into
the one `chatdealer.mo` gettext reads, so each area's words stay next to each other and two
changes to different areas never touch the same file.
"""

from __future__ import annotations

import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

from chatdealer.render.language import DOMAIN, LANGUAGES, LOCALE_DIR


class CatalogError(ValueError):
    """A `.po` file the compiler cannot read; the message names the file and line."""


@dataclass
class Entry:
    context: str | None = None
    msgid: str = ""
    plural: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False

    @property
    def key(self) -> str:
        """The `.mo` key: context and id joined by EOT, the plural id after a NUL."""
        key = self.msgid if self.context is None else f"{self.context}\x04{self.msgid}"
        return key if self.plural is None else f"{key}\x00{self.plural}"

    @property
    def translated(self) -> bool:
        return bool(self.strings) and all(self.strings.values()) and not self.fuzzy

    @property
    def value(self) -> str:
        return "\x00".join(self.strings[index] for index in sorted(self.strings))


def parse_po(text: str, source: str = "<po>") -> list[Entry]:
    """The entries of a `.po` file, header included (the entry with an empty msgid)."""
    entries: list[Entry] = []
    entry = Entry()
    started = False
    target: tuple[str, int] | None = None

    def finish() -> None:
        nonlocal entry, started
        if started:
            entries.append(entry)
        entry, started = Entry(), False

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            finish()
            target = None
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                entry.fuzzy = True
            continue
        keyword, _, rest = line.partition(" ")
        try:
            if line.startswith('"'):
                if target is None:
                    raise CatalogError(f"{source}:{number}: a string continues nothing")
                _append(entry, target, _unquote(line))
                continue
            value = _unquote(rest)
        except (SyntaxError, ValueError) as error:
            raise CatalogError(f"{source}:{number}: {error}") from None
        if keyword == "msgctxt":
            finish()
            entry.context, target = value, ("msgctxt", 0)
        elif keyword == "msgid":
            if entry.msgid or entry.strings:
                finish()
            entry.msgid, target = value, ("msgid", 0)
        elif keyword == "msgid_plural":
            entry.plural, target = value, ("msgid_plural", 0)
        elif keyword == "msgstr":
            entry.strings[0], target = value, ("msgstr", 0)
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            index = int(keyword[7:-1])
            entry.strings[index], target = value, ("msgstr", index)
        else:
            raise CatalogError(f"{source}:{number}: unknown keyword {keyword!r}")
        started = True
    finish()
    return entries


def _unquote(text: str) -> str:
    if not (text.startswith('"') and text.endswith('"') and len(text) >= 2):
        raise ValueError(f"expected a quoted string, got {text!r}")
    value = ast.literal_eval(text)
    if not isinstance(value, str):  # pragma: no cover - a quoted literal is a str
        raise ValueError("not a string")
    return value


def _append(entry: Entry, target: tuple[str, int], text: str) -> None:
    kind, index = target
    if kind == "msgctxt":
        entry.context = (entry.context or "") + text
    elif kind == "msgid":
        entry.msgid += text
    elif kind == "msgid_plural":
        entry.plural = (entry.plural or "") + text
    else:
        entry.strings[index] += text


def compile_mo(entries: list[Entry]) -> bytes:
    """The GNU `.mo` bytes of the translated entries (untranslated and fuzzy ones are left out,
    so gettext falls back to the English id for them)."""
    messages = {e.key: e.value for e in entries if e.translated or (e.msgid == "" and e.strings)}
    keys = sorted(messages)
    ids = [key.encode() for key in keys]
    strs = [messages[key].encode() for key in keys]
    count = len(keys)
    header_size = 7 * 4
    ids_table = header_size
    strs_table = ids_table + count * 8
    data_start = strs_table + count * 8
    offsets: list[int] = []
    blob = bytearray()
    for encoded in (*ids, *strs):
        offsets += [len(encoded), data_start + len(blob)]
        blob += encoded + b"\x00"
    header = struct.pack("<7I", 0x950412DE, 0, count, ids_table, strs_table, 0, 0)
    return header + struct.pack(f"<{len(offsets)}I", *offsets) + bytes(blob)


def po_path(language: str) -> Path:
    """The language's main `.po` file, the one with the catalog header."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def po_sources(language: str) -> list[Path]:
    """Every `.po` file of the language: the main one first, then the others by name."""
    main = po_path(language)
    others = sorted(path for path in main.parent.glob("*.po") if path != main)
    return [main, *others]


def read_entries(language: str) -> list[Entry]:
    """The entries of all the language's `.po` files; a message in two files is an error."""
    entries: list[Entry] = []
    seen: dict[str, Path] = {}
    for po in po_sources(language):
        for entry in parse_po(po.read_text(encoding="utf-8"), str(po)):
            if not entry.msgid and po != po_path(language):
                continue  # only the main file's header counts
            if entry.msgid and entry.key in seen:
                raise CatalogError(f"{po}: {entry.msgid!r} is also in {seen[entry.key]}")
            seen[entry.key] = po
            entries.append(entry)
    return entries


def compile_language(language: str) -> bytes:
    return compile_mo(read_entries(language))


def compile_file(po: Path) -> bytes:
    return compile_mo(parse_po(po.read_text(encoding="utf-8"), str(po)))


def build(languages: tuple[str, ...] = LANGUAGES) -> list[Path]:
    """Rewrite every `.mo` from its `.po` files; the paths written."""
    written = []
    for language in languages:
        mo = mo_path(language)
        mo.write_bytes(compile_language(language))
        written.append(mo)
    return written


def main() -> None:
    for path in build():
        sys.stdout.write(f"wrote {path}\n")


if __name__ == "__main__":
    main()
