"""The shipped catalogs: fresh, complete, and read the way GNU gettext reads them."""

from __future__ import annotations

import gettext
import io

import pytest

from chatdealer.render.catalogs import (
    compile_language,
    compile_mo,
    mo_path,
    parse_po,
    po_sources,
    read_entries,
)
from chatdealer.render.language import LANGUAGES


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_shipped_mo_files_equal_a_fresh_compile(code: str) -> None:
    assert mo_path(code).read_bytes() == compile_language(code), (
        "run `python -m chatdealer.render.catalogs`"
    )


def _keys(code: str) -> set[tuple[str, str | None, str, str | None]]:
    """Each message with the name of the `.po` file that keeps it."""
    return {
        (po.name, e.context, e.msgid, e.plural)
        for po in po_sources(code)
        for e in parse_po(po.read_text(encoding="utf-8"))
        if e.msgid
    }


@pytest.mark.parametrize("code", ["ru", "bg"])
def test_every_english_message_has_a_translation_in_the_same_file(code: str) -> None:
    assert _keys(code) == _keys("en")
    assert [e.msgid for e in read_entries(code) if e.msgid and not e.translated] == []


def test_a_compiled_catalog_reads_contexts_plurals_and_continued_lines() -> None:
    po = "\n".join(
        [
            'msgid ""',
            'msgstr ""',
            '"Content-Type: text/plain; charset=UTF-8\\n"',
            '"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : '
            'n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"',
            "",
            'msgctxt "count"',
            'msgid "{count} chip"',
            'msgid_plural "{count} chips"',
            'msgstr[0] "{count} фишка"',
            'msgstr[1] "{count} фишки"',
            'msgstr[2] "{count} фишек"',
            "",
            'msgctxt "table"',
            'msgid "Pot"',
            'msgstr "Ба"',
            '"нк"',
            "",
            "#, fuzzy",
            'msgid "Unsure"',
            'msgstr "Не уверен"',
            "",
            'msgid "Untranslated"',
            'msgstr ""',
        ]
    )
    catalog = gettext.GNUTranslations(io.BytesIO(compile_mo(parse_po(po))))
    assert catalog.npgettext("count", "{count} chip", "{count} chips", 21) == "{count} фишка"
    assert catalog.npgettext("count", "{count} chip", "{count} chips", 11) == "{count} фишек"
    assert catalog.pgettext("table", "Pot") == "Банк"
    assert catalog.gettext("Unsure") == "Unsure"
    assert catalog.gettext("Untranslated") == "Untranslated"
