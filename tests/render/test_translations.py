"""Every word the dealer says, in Russian and Bulgarian: every payload kind in each of its
shapes, every refusal and notice code, the terminal's prompt and the betting buttons' sizes.

A message falls back to English in two ways, and both fail here: a catalog look-up that finds
nothing (caught as it happens, by a catalog that records its misses), and English that never
went through a catalog at all (caught by what is left: the sample players have Cyrillic names,
so a Latin word in a Russian or Bulgarian line is English nobody translated)."""

from __future__ import annotations

import gettext
import re
import string
import typing
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from adapters.common.betting import raise_offers
from adapters.common.payloads import hand_title, own_text, public_text
from chatdealer.dealer.outgoing import AnyPayload, HandProof, History, TableShown
from chatdealer.dealer.refusals import NOTICES
from chatdealer.render import Language, payload_text
from chatdealer.render.codes import REFUSAL_MESSAGES, notice_text, refusal_text
from chatdealer.render.language import translations
from chatdealer.render.prompt import turn_explained

from .samples import NAMES, samples

CARD = re.compile(r"\b(?:10|[2-9TJQKA])[♠♥♦♣]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# Latin words a translation keeps on purpose: seat markers, and what players type (the bot
# styles, language codes, the terminal's commands).
KEPT = frozenset(
    {"SB", "BB", "tight", "balanced", "loose", "en", "ru", "bg", "raise", "bet", "allin"}
)
# A sample value for each parameter a refusal or notice may take (no Latin letters).
PARAMS: dict[str, Any] = {
    "name": "Аня",
    "player": "Ada (bot)",
    "what": "raise",
    "blind": "big",
    "wait": "3 h 12 min",
    "style": "эпичный",
    "language": "эсперанто",
    "choices": "en, ru, bg",
    "action": "танец",
}


class Misses(gettext.NullTranslations):
    """A language's catalog that notes every message it has no translation for."""

    def __init__(self, code: str) -> None:
        super().__init__()
        self.real = translations(code)
        self.catalog: Mapping[Any, str] = getattr(self.real, "_catalog", {})
        self.missed: set[tuple[str, str]] = set()

    def pgettext(self, context: str, message: str) -> str:
        if f"{context}\x04{message}" not in self.catalog:
            self.missed.add((context, message))
        return self.real.pgettext(context, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        if (f"{context}\x04{msgid1}", 0) not in self.catalog:
            self.missed.add((context, msgid1))
        return self.real.npgettext(context, msgid1, msgid2, n)


def texts_of(payload: AnyPayload, lang: Language) -> Iterator[str]:
    """Everything a player may read of a payload on any platform (the shared renderers)."""
    for text in (
        payload_text(payload, lang, 0.0),
        public_text(payload, lang),
        own_text(payload, lang),
        own_text(payload, lang, lambda channel: f"#{channel}"),
    ):
        if text is not None:
            yield text
    if isinstance(payload, History):
        yield hand_title(lang, payload.hand_number)
    if isinstance(payload, TableShown) and (turn := payload.view.turn) is not None:
        yield from turn_explained(payload.view, turn, lang)
        yield from (offer.label for offer in raise_offers(payload.view, lang))


def params_of(template: str) -> dict[str, Any]:
    fields = [field for _, field, _, _ in string.Formatter().parse(template) if field]
    return {field: PARAMS.get(field, 1_234) for field in fields}


def code_texts(lang: Language) -> Iterator[tuple[str, str]]:
    for code, english in REFUSAL_MESSAGES.items():
        yield f"refusal {code}", refusal_text(lang, code, params_of(english))
    for code, english in NOTICES.items():
        yield f"notice {code}", notice_text(lang, code, params_of(english))


def english_left(text: str) -> list[str]:
    for name in NAMES:
        text = text.replace(name, "")
    return [word for word in LATIN_WORD.findall(CARD.sub("", text)) if word not in KEPT]


def test_every_payload_kind_has_a_sample() -> None:
    kinds = set(typing.get_args(AnyPayload))
    assert kinds == {type(payload) for payload in samples()}


def test_a_hand_proof_is_the_one_payload_nobody_reads() -> None:
    """Proofs travel in each player's history file; every other kind has words."""
    lang = Language("ru", Misses("ru"))
    silent = {type(p) for p in samples() if not list(texts_of(p, lang))}
    assert silent == {HandProof}


@pytest.mark.parametrize("code", ["ru", "bg"])
def test_every_payload_is_said_in_the_language(code: str) -> None:
    misses = Misses(code)
    lang = Language(code, misses)
    english = {}
    for payload in samples():
        for text in texts_of(payload, lang):
            assert "{" not in text, (payload.kind, text)
            if left := english_left(text):
                english[text] = left
    assert sorted(misses.missed) == []
    assert english == {}


@pytest.mark.parametrize("code", ["ru", "bg"])
def test_every_refusal_and_notice_is_said_in_the_language(code: str) -> None:
    misses = Misses(code)
    lang = Language(code, misses)
    english = {}
    for what, text in code_texts(lang):
        assert "{" not in text, (what, text)
        if left := english_left(text):
            english[what] = (text, left)
    assert sorted(misses.missed) == []
    assert english == {}


def test_english_is_complete_too() -> None:
    """Every English message renders with its parameters (the ids are the English)."""
    lang = Language("en", gettext.NullTranslations())
    for payload in samples():
        for text in texts_of(payload, lang):
            assert "{" not in text, (payload.kind, text)
    for what, text in code_texts(lang):
        assert "{" not in text, (what, text)
