"""The deck commitments as players read them: whole, in the table message and the event lines,
in every language, and still whole when a crowded table must be cut to fit a caption."""

from __future__ import annotations

import msgspec
import pytest

from adapters.telegram.tables import CAPTION_LIMIT, html_text
from chatdealer.dealer.outgoing import HandStarted
from chatdealer.dealer.views import TableView
from chatdealer.render import language, payload_text, table_text
from chatdealer.table.settings import TableSettings

from .test_events import ANNA, BORIS, CLARA
from .test_table import ten_seats
from .views import NOW, side_pot_view

ROOT = "3f2a9c1e4b7d" + "1" * 52
NEXT = "9b1c" + "2" * 60


def with_decks(seeds: tuple[str, ...] = ()) -> TableView:
    return msgspec.structs.replace(
        side_pot_view(), deck_commitment=ROOT, next_deck_commitment=NEXT, next_deck_seeds=seeds
    )


@pytest.mark.parametrize(
    ("code", "deck", "following"),
    [
        ("en", f"Deck {ROOT}", f"Next deck {NEXT} · cut it: seed <any text>"),
        ("ru", f"Колода {ROOT}", f"Следующая колода {NEXT} · срежьте её: сид <любой текст>"),
        ("bg", f"Тесте {ROOT}", f"Следващо тесте {NEXT} · срежете го: сийд <какъвто и да е текст>"),
    ],
)
def test_the_table_message_shows_both_decks_whole_above_the_turn(
    code: str, deck: str, following: str
) -> None:
    view = with_decks()
    text = table_text(view, language(code), NOW, markdown=True)
    assert text.splitlines()[-3:-1] == [deck, following]  # the turn stays the last line


def test_the_next_deck_names_who_added_a_seed() -> None:
    view = with_decks(("Anna", "Boris"))
    text = table_text(view, language("en"), NOW)
    assert text.splitlines()[-2] == f"Next deck {NEXT} · seeds from Anna, Boris"
    between = msgspec.structs.replace(view, deck_commitment="", hand_running=False, turn=None)
    assert f"Deck {ROOT}" not in table_text(between, language("en"), NOW)


def test_a_table_that_opens_the_whole_deck_says_so_in_its_settings() -> None:
    view = msgspec.structs.replace(
        side_pot_view(), settings=TableSettings(small_blind=50, big_blind=100, open_deck=True)
    )
    head = table_text(view, language("en"), NOW).splitlines()[0]
    assert head == "Hand #42 · No-limit Hold'em 50/100, whole deck opened after each hand"
    assert "колода раскрывается целиком" in table_text(view, language("ru"), NOW)


@pytest.mark.parametrize("code", ["en", "ru", "bg"])
def test_a_crowded_table_keeps_both_commitments_whole(code: str) -> None:
    view = msgspec.structs.replace(
        ten_seats(), deck_commitment=ROOT, next_deck_commitment=NEXT,
        next_deck_seeds=tuple(f"Player number {n}" for n in range(10)),
    )  # fmt: skip
    text = table_text(view, language(code), NOW, markdown=True)
    assert len(text) <= 2_000  # one Discord message
    caption = html_text(text, ["Anna raises to 2,000"] * 10, CAPTION_LIMIT)
    assert ROOT in caption and NEXT in caption and len(caption) <= 2 * CAPTION_LIMIT
    assert "…" in caption  # seats gave way, not the commitments


def test_the_hand_start_line_names_the_seeds_and_an_open_deck() -> None:
    started = HandStarted(
        hand_number=7, deck_commitment=ROOT, players=(BORIS, CLARA, ANNA), button=ANNA,
        small_blind=BORIS, big_blind=CLARA, straddle=None, seeded_by=("Anna", "Boris"),
        next_deck_commitment=NEXT, open_deck=True,
    )  # fmt: skip
    assert payload_text(started, language("en"), NOW) == (
        f"Hand #7: button Anna, blinds Boris and Clara · deck commitment {ROOT}"
        " · cut by seeds from Anna and Boris · the whole deck is opened after the hand"
    )
    assert payload_text(started, language("bg"), NOW) == (
        f"Раздаване №7: бутон Anna, блайндове Boris и Clara · отпечатък на тестето {ROOT}"
        " · тестето е срязано със сийдове от Anna и Boris"
        " · след раздаването цялото тесте се разкрива"
    )
