"""The one parser for typed commands: what people type, in any order the catalog allows, in
English or the table's language; and what it says when an argument won't do."""

from __future__ import annotations

import pytest

from adapters.common.catalog import (
    ArgumentError,
    HelpWanted,
    MemberRef,
    Platform,
    Situation,
    entries,
    error_text,
    parse_arguments,
    parse_command,
    read_options,
)
from adapters.common.catalog.parse import tokens
from chatdealer.dealer import (
    AddBot,
    Configure,
    Create,
    CreateTournament,
    HouseSeating,
    Join,
    Kick,
    LastHand,
    Leaderboard,
    Rebuy,
    SitIn,
    TopUp,
)
from chatdealer.engine.config import BettingStructure, Variant
from chatdealer.table import TableSettings

from .support import seat, tournament_view, view


def build(text: str, situation: Situation | None = None, language: str = "en") -> object:
    return parse_command(text, language=language).build(situation or Situation())


def refusal(text: str, situation: Situation | None = None, language: str = "en") -> ArgumentError:
    with pytest.raises(ArgumentError) as refused:
        build(text, situation, language)
    return refused.value


def test_words_split_at_spaces_and_quotes_keep_a_phrase() -> None:
    assert tokens("join 1k  3") == ["join", "1k", "3"]
    assert tokens('help "tournament open"') == ["help", "tournament open"]
    assert tokens("settings bb = 10 clock= 20 ante =2") == [
        "settings",
        "bb=10",
        "clock=20",
        "ante=2",
    ]
    assert tokens("kick «Ann Lee»") == ["kick", "Ann Lee"]


def test_join_takes_its_buy_in_seat_and_wait_in_order() -> None:
    assert build("join") == Join()
    assert build("join 500") == Join(buy_in=500)
    assert build("join 1k 3") == Join(buy_in=1000, seat=2)
    assert build("join 1 000 3") == Join(buy_in=1000, seat=2)
    assert build("join 200 wait") == Join(buy_in=200, wait_for_big_blind=True)
    assert build("join seat=4 buy_in=2.5k") == Join(buy_in=2500, seat=3)
    assert build("sit 300") == Join(buy_in=300)  # an alias


def test_choices_go_where_they_belong_in_any_order() -> None:
    made = build("create short 5/10 pl")
    assert isinstance(made, Create)
    settings = made.settings
    assert (settings.variant, settings.structure) == (
        Variant.SHORT_DECK,
        BettingStructure.POT_LIMIT,
    )
    assert (settings.small_blind, settings.big_blind) == (5, 10)
    assert build("addbot loose 500") == AddBot(style="loose", buy_in=500)
    assert build("addbot 500 tight") == AddBot(style="tight", buy_in=500)


def test_settings_by_name_aliases_and_flags() -> None:
    made = build("create bb=10 clock=45s bank=2m straddles=on lang=ru seats=6 max=200")
    assert isinstance(made, Create)
    settings = made.settings
    assert (settings.small_blind, settings.big_blind) == (5, 10)
    assert (settings.action_seconds, settings.time_bank_seconds) == (45, 120)
    assert settings.straddles and settings.language == "ru"
    assert (settings.seat_count, settings.max_buy_in_big_blinds) == (6, 200)
    fixed = build("create fl bb=20")
    assert isinstance(fixed, Create)
    assert (fixed.settings.small_bet, fixed.settings.big_bet) == (20, 40)


def test_a_new_table_speaks_the_askers_language_unless_told() -> None:
    made = build("create", Situation(language="bg"))
    assert isinstance(made, Create) and made.settings.language == "bg"
    told = build("create lang=ru", Situation(language="bg"))
    assert isinstance(told, Create) and told.settings.language == "ru"


def test_settings_change_the_table_as_it_is() -> None:
    current = TableSettings(small_blind=5, big_blind=10, action_seconds=20, language="ru")
    made = build("settings ante=1 straddles=yes", Situation(view=view(settings=current)))
    assert isinstance(made, Configure)
    assert made.settings == TableSettings(
        small_blind=5, big_blind=10, action_seconds=20, language="ru", ante=1, straddles=True
    )
    assert build("settings") == HelpWanted("settings")


def test_the_table_languages_words_are_understood() -> None:
    assert build("сесть 1 000 2", language="ru") == Join(buy_in=1000, seat=1)
    assert build("join место=3 бай_ин=2,5к", language="ru") == Join(buy_in=2500, seat=2)
    assert build("седни 300", language="bg") == Join(buy_in=300)
    assert build("back wait=да") == SitIn(wait_for_big_blind=True)  # any language's yes
    made = build("create straddles=не", language="bg")
    assert isinstance(made, Create) and not made.settings.straddles


def test_topup_is_up_to_the_maximum_and_a_rebuy_at_a_tournament() -> None:
    table = view(seat(0, "7", "Ann", stack=150, bet=10), settings=TableSettings())  # max 200
    assert build("topup 50", Situation(view=table, user_id="7")) == TopUp(amount=50)
    assert build("topup", Situation(view=table, user_id="7")) == TopUp(amount=40)
    full = view(seat(0, "7", "Ann", stack=200), settings=TableSettings())
    assert refusal("topup", Situation(view=full, user_id="7")).code == "full_stack"
    at_tournament = view(seat(0, "7", "Ann"), tournament=tournament_view())
    assert build("rebuy", Situation(view=at_tournament, user_id="7")) == Rebuy()
    assert build("tournament rebuy") == Rebuy()


def test_kick_finds_the_player_by_seat_name_or_mention() -> None:
    table = view(seat(0, "1", "Ann"), seat(2, "3", "Bob Lee"), seat(4, "5", "Bobby"))
    at = Situation(view=table)
    assert build("kick 3", at) == Kick(player_id="3")
    assert build("kick #1", at) == Kick(player_id="1")
    assert build("kick @ann", at) == Kick(player_id="1")
    assert build("kick bobby", at) == Kick(player_id="5")
    assert refusal("kick bob", at).code == "ambiguous_member"
    assert refusal("kick zed", at).code == "unknown_member"
    assert refusal("kick", at).code == "missing"
    given = parse_arguments(
        next(e for e in entries() if e.key == "kick"), "", given={"member": MemberRef("9")}
    )
    assert given.build(at) == Kick(player_id="9")


def test_groups_take_their_second_word() -> None:
    made = build("tournament open 100 1500 turbo hands=10")
    assert isinstance(made, CreateTournament)
    settings = made.settings
    assert (settings.buy_in, settings.starting_stack) == (100, 1500)
    assert settings.schedule.hands_per_level == 10 and settings.schedule.minutes_per_level == 0
    assert settings.schedule.levels[1].big_blind == 40  # turbo
    assert build("tournament") == HelpWanted("tournament")
    assert refusal("tournament dance").code == "unknown_command"


def test_a_custom_schedule_with_rebuys() -> None:
    made = build("tournament open 0 1000 levels=10/20,20/40,50/100/10 minutes=5 rebuys=2")
    assert isinstance(made, CreateTournament)
    settings = made.settings
    assert [(lv.small_blind, lv.big_blind, lv.ante) for lv in settings.schedule.levels] == [
        (10, 20, 0),
        (20, 40, 0),
        (50, 100, 10),
    ]
    assert settings.schedule.minutes_per_level == 5
    assert (settings.max_rebuys, settings.rebuy_levels) == (2, 3)
    assert refusal("tournament open schedule=custom").code == "custom_needs_levels"
    assert refusal("tournament open minutes=5 hands=5").code == "minutes_and_hands"
    assert refusal("tournament open turbo levels=10/20").code == "levels_need_custom"
    assert refusal("tournament open levels=10-20").code == "bad_levels"


def test_help_history_and_leaderboard() -> None:
    assert build("help") == HelpWanted(None)
    assert build("help tournament open") == HelpWanted("tournament open")
    assert build("history") == LastHand()
    assert build("history #12") == LastHand(number=12)
    assert build("top 25") == Leaderboard(top=25)
    assert build("leaderboard") == Leaderboard(top=10)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("dance", "unknown_command"),
        ("join abc", "not_an_amount"),
        ("join 100 11", "too_large"),
        ("join 100 0", "too_small"),
        ("join 100 3 4", "extra"),
        ("join colour=red", "unknown_name"),
        ("join 100 buy_in=200", "repeated"),
        ("create 5x10", "bad_blinds"),
        ("create clock=forever", "not_seconds"),
        ("create clock=2", "too_small"),
        ("create straddles=maybe", "bad_flag"),
        ("create variant=chess", "bad_choice"),
        ("leaderboard 500", "too_large"),
        ("history 1.5", "not_whole"),
        ("topup 1e5", "not_an_amount"),
    ],
)
def test_bad_arguments_are_refused_with_a_code(text: str, code: str) -> None:
    assert refusal(text).code == code


@pytest.mark.parametrize(
    ("typed", "wrong"),
    [
        ("abc", "abc is not an amount of chips"),
        ("-5", "-5 won't do: it must be more than 0"),
        ("1.5", "1.5 is not a whole number"),
        ("5000000000000", "is too much: it can be at most 1000000000000"),
    ],
)
def test_a_bad_topup_says_what_was_wrong_and_the_right_form(typed: str, wrong: str) -> None:
    for platform, form in (
        (Platform.TELEGRAM, "/topup [amount]"),
        (Platform.TERMINAL, "topup [amount]"),
        (Platform.DISCORD, "/poker topup [amount]"),
    ):
        text = error_text(refusal(f"topup {typed}"), platform)
        assert wrong in text
        assert f"Usage: {form}" in text
        assert "For example:" in text and "2.5k" in text


def test_a_bad_argument_is_said_in_the_tables_language() -> None:
    text = error_text(refusal("topup abc", language="ru"), Platform.TELEGRAM, "ru")
    assert text.startswith("abc — не количество фишек")
    assert "Как писать: /topup [amount]" in text


def test_discord_options_are_read_as_typed_words_are() -> None:
    join = next(e for e in entries() if e.key == "join")
    parsed = read_options(join, {"buy_in": "1,500", "seat": 2, "wait_for_big_blind": True})
    assert parsed.build(Situation()) == Join(buy_in=1500, seat=1, wait_for_big_blind=True)
    topup = next(e for e in entries() if e.key == "topup")
    with pytest.raises(ArgumentError) as refused:
        read_options(topup, {"amount": "-5"})
    assert refused.value.code == "not_positive" and refused.value.entry is topup


def test_every_example_of_every_entry_parses_and_builds() -> None:
    table = view(seat(0, "1", "Ann", stack=10), seat(1, "2", "Cy"), seat(2, "3", "Bob"))
    for entry in entries():
        for example in entry.examples:
            parsed = parse_arguments(entry, example)
            outcome = parsed.build(Situation(view=table, user_id="1"))
            assert outcome is not None, (entry.key, example)


def test_typed_settings_take_the_house_seating_options() -> None:
    situation = Situation(language="en")
    parsed = parse_command("settings away=15 refill=10 every=5 cap=60")
    assert parsed.entry.key == "house seating"
    assert parsed.build(situation) == HouseSeating(
        auto_leave_minutes=15, refill_seconds=10, refill_hands=5, refill_cap=60
    )
    settings = next(found for found in entries() if found.key == "settings")
    by_telegram = parse_arguments(settings, "join=approval")
    assert by_telegram.build(situation) == HouseSeating(policy="approval")


def test_typed_settings_mixing_table_and_house_options_says_which_is_unknown() -> None:
    with pytest.raises(ArgumentError) as raised:
        parse_command("settings bb=20 away=3")
    assert "away is a house rule" in error_text(raised.value, Platform.TELEGRAM, "en")
