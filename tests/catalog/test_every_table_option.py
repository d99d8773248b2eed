"""Every table option on every adapter (issue 17): each field of `TableSettings` and
`TournamentSettings` a host would set is reached by a typed command of the catalog, which every
adapter is built from. A field added without a command fails here."""

from __future__ import annotations

import pytest

from adapters.common.catalog import Situation, parse_command
from chatdealer.dealer import Configure, Create, CreateTournament
from chatdealer.table import TableSettings, TournamentSettings
from tests.catalog.support import view

TABLE_COMMANDS = {
    "variant": "settings variant=short",
    "straight_beats_trips": "settings variant=short straight_beats_trips=on",
    "structure": "settings structure=pl",
    "small_blind": "settings sb=2",
    "big_blind": "settings bb=10",
    "small_bet": "settings structure=fl bb=10",
    "big_bet": "settings structure=fl bb=10",
    "ante": "settings ante=1",
    "big_blind_ante": "settings bb_ante=on",
    "straddles": "settings straddles=on",
    "seat_count": "settings seats=6",
    "min_buy_in_big_blinds": "settings min=20",
    "max_buy_in_big_blinds": "settings max=200",
    "action_seconds": "settings clock=45",
    "time_bank_seconds": "settings bank=30",
    "language": "settings lang=ru",
    "open_deck": "settings open_deck=on",
    "rabbit_hunt": "settings rabbit=on",
    "bomb_pot_every": "settings bomb=5",
    "bomb_pot_ante": "settings bomb=5 bomb_ante=6",
    "seven_deuce": "house showdown seven_deuce=5",
    "run_twice": "house runout run_twice=ask",
    "show_default": "house showdown show=losing",
}

TOURNAMENT_COMMANDS = {
    "variant": "tournament open variant=short",
    "straight_beats_trips": "tournament open variant=short straight_beats_trips=on",
    "structure": "tournament open structure=pl",
    "seat_count": "tournament open seats=6",
    "starting_stack": "tournament open 100 3000",
    "buy_in": "tournament open 50",
    "schedule": "tournament open turbo",
    "rebuy_levels": "tournament open rebuys=2 rebuy_until=4",
    "max_rebuys": "tournament open rebuys=2",
    "late_levels": "tournament open late_until=3",
    "action_seconds": "tournament open clock=45",
    "time_bank_seconds": "tournament open bank=30",
    "language": "tournament open lang=ru",
    "open_deck": "tournament open open_deck=on",
}


def test_every_table_field_has_a_command() -> None:
    assert sorted(TABLE_COMMANDS) == sorted(TableSettings.__struct_fields__)


def test_every_tournament_field_has_a_command() -> None:
    assert sorted(TOURNAMENT_COMMANDS) == sorted(TournamentSettings.__struct_fields__)


@pytest.mark.parametrize(("field", "text"), sorted(TABLE_COMMANDS.items()))
def test_the_command_changes_the_tables_field(field: str, text: str) -> None:
    made = parse_command(text, language="en").build(Situation(view=view()))
    assert isinstance(made, Configure)
    made.settings.validate()
    assert getattr(made.settings, field) != getattr(TableSettings(), field)


@pytest.mark.parametrize(("field", "text"), sorted(TOURNAMENT_COMMANDS.items()))
def test_the_command_changes_the_tournaments_field(field: str, text: str) -> None:
    made = parse_command(text, language="en").build(Situation())
    assert isinstance(made, CreateTournament)
    made.settings.validate()
    assert getattr(made.settings, field) != getattr(TournamentSettings(), field)


def test_the_big_blind_ante_of_a_tournament_can_be_turned_off() -> None:
    made = parse_command("tournament open bb_ante=off", language="en").build(Situation())
    assert isinstance(made, CreateTournament)
    made.settings.validate()
    assert made.settings.schedule.big_blind_ante is False
    assert made.settings.table_settings(0).big_blind_ante is False


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("create 5/10 open_deck=on", "en"),
        ("create 5/10 открытая_колода=on", "ru"),
        ("create 5/10 открито_тесте=on", "bg"),
    ],
)
def test_an_open_deck_table_is_created_in_every_language(text: str, language: str) -> None:
    made = parse_command(text, language=language).build(Situation(language=language))
    assert isinstance(made, Create)
    assert made.settings.open_deck
    assert (made.settings.small_blind, made.settings.big_blind) == (5, 10)
