"""Refusals and notices from their code and parameters, in every language."""

from __future__ import annotations

import warnings

from chatdealer.dealer.outgoing import Notice, Refused, notice
from chatdealer.dealer.refusals import NOTICES, REFUSALS
from chatdealer.engine.refusals import MESSAGES as ENGINE_MESSAGES
from chatdealer.render import language, notice_text, payload_text, refusal_text, untranslated
from chatdealer.table.refusals import MESSAGES as TABLE_MESSAGES

NNBSP = "\u202f"


def test_no_refusal_code_is_defined_twice() -> None:
    sources = [set(ENGINE_MESSAGES), set(TABLE_MESSAGES), set(REFUSALS)]
    assert sum(map(len, sources)) == len(set().union(*sources))


def test_codes_without_a_translation() -> None:
    """Every engine and table refusal is translated. The dealer's own codes change often, so a
    new one is reported as a warning (shown in English until translated) rather than failing."""
    rules = set(ENGINE_MESSAGES) | set(TABLE_MESSAGES)
    for code in ("ru", "bg"):
        refusals = untranslated(language(code), "refusal")
        notices = untranslated(language(code), "notice")
        assert [c for c in refusals if c in rules] == [], code
        dealer = [c for c in refusals if c not in rules] + notices
        if dealer:
            warnings.warn(f"untranslated in {code}: {', '.join(dealer)}", stacklevel=1)


def test_refusals_in_three_languages() -> None:
    params = {"minimum": 1_200}
    assert refusal_text(language("en"), "minimum_raise", params) == "The minimum raise is to 1,200"
    assert refusal_text(language("ru"), "minimum_raise", params) == (
        f"Минимальный рейз — до 1{NNBSP}200"
    )
    assert refusal_text(language("bg"), "minimum_raise", params) == (
        f"Минималното повишение е до 1{NNBSP}200"
    )


def test_english_refusals_match_the_dealers_english() -> None:
    params = {"to_call": 1_150}
    refusal = Refused(code="cannot_check", params=params, text="You can't check: 1,150 to call")
    assert payload_text(refusal, language("en"), 0.0) == refusal.text


def test_word_parameters_are_translated_too() -> None:
    params = {"what": "raise", "amount": 200}
    assert refusal_text(language("ru"), "fixed_amount", params) == (
        "В фикс-лимите рейз — ровно до 200"
    )
    blind = notice("blind_missed", name="Anna", blind="big")
    assert payload_text(blind, language("bg"), 0.0) == "Anna пропусна големия блайнд"


def test_a_wait_is_said_in_the_language() -> None:
    text = refusal_text(language("ru"), "daily_too_soon", {"wait": "3 h 12 min"})
    assert text == "Ежедневные фишки уже получены: возвращайтесь через 3 ч 12 мин"


def test_counts_in_notices_take_their_plural() -> None:
    started = notice("tournament_started", entrants=5, starting_stack=1_500, prize_pool=500)
    assert payload_text(started, language("ru"), 0.0) == (
        f"Турнир начинается: 5 игроков, у каждого 1{NNBSP}500 фишек, призовой фонд 500"
    )
    assert payload_text(started, language("en"), 0.0) == (
        "The tournament starts: 5 players, 1,500 chips each, prize pool 500"
    )
    welcome = notice("welcome", grant=21)
    assert payload_text(welcome, language("ru"), 0.0) == (
        "Добро пожаловать! Для игры вам начислено: 21 фишка"
    )
    assert payload_text(welcome, language("bg"), 0.0) == "Добре дошли! Получавате 21 чипа за игра"


def test_refusal_and_notice_of_the_same_code_differ() -> None:
    ru = language("ru")
    assert refusal_text(ru, "eliminated", {}) == "Вы выбыли из этого турнира"
    assert notice_text(ru, "eliminated", {"name": "Anna", "place": 3}) == "Anna занимает 3-е место"


def test_an_unknown_code_falls_back_to_the_payloads_english() -> None:
    new = Notice(code="brand_new", params={"x": 1}, text="Something new happened")
    assert payload_text(new, language("ru"), 0.0) == "Something new happened"


def test_missing_parameters_fall_back_to_the_english_text() -> None:
    refusal = Refused(code="minimum_bet", params={}, text="The minimum bet is 100")
    assert payload_text(refusal, language("bg"), 0.0) == "The minimum bet is 100"


def test_every_notice_code_renders_with_its_parameters() -> None:
    for code, english in NOTICES.items():
        names = [part.split("}")[0] for part in english.split("{")[1:]]
        params = {
            name: (7 if name not in ("name", "blind", "player") else "small") for name in names
        }
        for lang in ("en", "ru", "bg"):
            text = notice_text(language(lang), code, params)
            assert "{" not in text, (code, lang, text)
