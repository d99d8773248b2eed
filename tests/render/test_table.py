"""The public table message and the private view."""

from __future__ import annotations

import msgspec
import pytest

from chatdealer.cards import format_card, parse_card
from chatdealer.dealer.views import PrivateView, SeatState, TableView
from chatdealer.render import language, private_text, table_text
from tests.render.views import HOLES, NOW, seat, side_pot_view

NNBSP = "\u202f"


def test_english_table_with_side_pots_and_every_seat_state() -> None:
    assert table_text(side_pot_view(), language("en"), NOW) == "\n".join(
        [
            "Hand #42 · No-limit Hold'em 50/100, ante 10",
            "Board: T♠ 7♠ 2♦",
            "Main pot 1,200 · Side pot 1: 400 · Side pot 2: 21",
            "▶ 1. Anna (D) 3,000 · bet 300",
            "  2. Boris (SB) 0 · bet 1,150 · all-in",
            "  3. Clara (BB) 2,000 · folded",
            "  4. Dmitri 800 · sitting out",
            "  5. Elena 1,000 · waiting · leaving",
            "  6. Fyodor 0 · out of chips",
            "▶ Anna to act: call 850 · raise to 2,000–3,300 · fold · ⏱ 25 seconds",
        ]
    )


def test_russian_table() -> None:
    text = table_text(side_pot_view(), language("ru"), NOW)
    lines = text.splitlines()
    assert lines[2] == f"Основной банк 1{NNBSP}200 · Побочный банк 1: 400 · Побочный банк 2: 21"
    assert lines[4] == f"  2. Boris (SB) 0 · ставка 1{NNBSP}150 · олл-ин"
    assert "пас" in lines[5] and "пропускает" in lines[6] and "ждёт · уходит" in lines[7]
    assert lines[-1] == (
        f"▶ Ход: Anna — колл 850 · рейз до 2{NNBSP}000–3{NNBSP}300 · фолд · ⏱ 25 секунд"
    )


def test_bulgarian_table() -> None:
    text = table_text(side_pot_view(), language("bg"), NOW)
    assert f"Основен пот 1{NNBSP}200 · Страничен пот 1: 400" in text
    assert "ол-ин" in text and "чака" in text and "без чипове" in text
    assert text.endswith("· ⏱ 25 секунди")


def test_markdown_puts_aligned_seats_in_a_code_block() -> None:
    lines = table_text(side_pot_view(), language("en"), NOW, markdown=True).splitlines()
    block = lines[lines.index("```") + 1 : len(lines) - 2]
    assert lines[-2] == "```"
    assert block[0] == "▶ 1 Anna   D  3,000 bet 300"
    assert block[2] == "  3 Clara  BB 2,000 folded"
    assert block[3] == "  4 Dmitri      800 sitting out"


def test_a_free_check_offers_check_and_a_bet_not_fold() -> None:
    view = side_pot_view()
    assert view.turn is not None
    turn = msgspec.structs.replace(
        view.turn,
        can_check=True,
        can_call=False,
        to_call=0,
        min_raise_to=100,
        max_raise_to=3000,
        current_bet=0,
        all_in_to=3000,
    )
    seats = tuple(msgspec.structs.replace(s, bet=0) for s in view.seats)
    quiet = msgspec.structs.replace(view, turn=turn, seats=seats)
    last = table_text(quiet, language("en"), NOW).splitlines()[-1]
    assert last == "▶ Anna to act: check · bet 100–3,000 · ⏱ 25 seconds"


def test_time_bank_and_next_hand_clocks() -> None:
    view = side_pot_view()
    assert view.turn is not None
    banked = msgspec.structs.replace(
        view, turn=msgspec.structs.replace(view.turn, time_bank=True, deadline=NOW + 1)
    )
    assert table_text(banked, language("ru"), NOW).endswith("⏱ запас времени: 1 секунда")
    between = msgspec.structs.replace(
        view, turn=None, hand_running=False, next_hand_at=NOW + 5, deadline=NOW + 5
    )
    assert table_text(between, language("en"), NOW).endswith("Next hand in 5 seconds")


def ten_seats() -> TableView:
    view = side_pot_view()
    long_names = [f"Player number {i} with a very long display name" for i in range(10)]
    seats = tuple(
        seat(i, long_names[i], 1_234_567, bet=123_456, state=SeatState.ALL_IN, leaving=True,
             button=i == 0, small_blind=i == 1, big_blind=i == 2)
        for i in range(10)
    )  # fmt: skip
    pots = view.pots * 3
    return msgspec.structs.replace(view, seats=seats, pots=pots)


@pytest.mark.parametrize("code", ["en", "ru", "bg"])
@pytest.mark.parametrize("markdown", [False, True])
def test_ten_seats_fit_one_chat_message(code: str, markdown: bool) -> None:
    text = table_text(ten_seats(), language(code), NOW, markdown=markdown)
    assert len(text) <= 1_500, len(text)
    assert "Player number 9…" in text


@pytest.mark.parametrize("code", ["en", "ru", "bg"])
def test_the_public_table_never_shows_a_hole_card(code: str) -> None:
    for markdown in (False, True):
        text = table_text(side_pot_view(), language(code), NOW, markdown=markdown)
        for cards in HOLES.values():
            for card in cards:
                assert format_card(parse_card(card), symbols=True) not in text
                assert card not in text


def test_before_the_game_starts() -> None:
    empty = msgspec.structs.replace(
        side_pot_view(), seats=(), turn=None, hand_running=False, started=False, hand_number=0
    )
    assert table_text(empty, language("bg"), NOW).splitlines()[1:] == [
        "На масата още няма никой",
        "Играта още не е започнала",
    ]


PRIVATE = PrivateView(
    hand_number=42,
    cards=("As", "Ks"),
    board=("Ts", "7s", "2s"),
    best="Flush, ace high",
    best_cards=("As", "Ks", "Ts", "7s", "2s"),
)


def test_private_view_in_three_languages() -> None:
    assert private_text(PRIVATE, language("en")) == "Your cards: A♠ K♠ — Flush, ace high"
    assert private_text(PRIVATE, language("ru")) == "Ваши карты: A♠ K♠ — Флеш от туза"
    assert private_text(PRIVATE, language("bg")) == "Вашите карти: A♠ K♠ — Флъш до асо"


def test_private_view_before_the_flop_has_no_hand_name() -> None:
    preflop = msgspec.structs.replace(PRIVATE, board=(), best=None, best_cards=())
    assert private_text(preflop, language("en")) == "Your cards: A♠ K♠"
