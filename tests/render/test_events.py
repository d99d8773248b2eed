"""One line per event: actions, the board, showdowns and awards, the hand's start and end."""

from __future__ import annotations

import msgspec

from chatdealer.dealer.outgoing import (
    Acted,
    BoardDealt,
    HandNamed,
    HandOver,
    HandStarted,
    MadeHand,
    Mucked,
    PlayerRef,
    Posted,
    PotWon,
    Returned,
    Share,
    Shown,
)
from chatdealer.fairness import Proof
from chatdealer.render import language, payload_text

NNBSP = "\u202f"
ANNA, BORIS, CLARA = (
    PlayerRef(seat=i, player_id=name.lower(), name=name)
    for i, name in enumerate(("Anna", "Boris", "Clara"))
)


def say(payload: object, code: str = "en") -> str | None:
    return payload_text(payload, language(code), 0.0)  # type: ignore[arg-type]


def acted(action: str, amount: int, added: int = 0, all_in: bool = False) -> Acted:
    return Acted(
        player_id="anna", name="Anna", action=action, amount=amount, added=added, all_in=all_in
    )


def test_actions() -> None:
    assert say(acted("raise", 300, 200)) == "Anna raises to 300"
    assert say(acted("call", 300, 200)) == "Anna calls 200"
    assert say(acted("check", 0)) == "Anna checks"
    assert say(acted("fold", 0)) == "Anna folds"
    assert say(acted("bet", 1_150, 1_150, all_in=True)) == "Anna is all-in for 1,150"
    assert say(acted("raise", 300, 200), "ru") == "Anna: рейз до 300"
    assert say(acted("call", 300, 200), "bg") == "Anna плаща 200"
    assert say(acted("bet", 1_150, 1_150, all_in=True), "ru") == f"Anna: олл-ин на 1{NNBSP}150"


def test_posts_and_returns() -> None:
    post = Posted(player_id="boris", name="Boris", what="blind", amount=100, all_in=False)
    assert say(post) == "Boris posts a blind of 100"
    ante = Posted(player_id="boris", name="Boris", what="ante", amount=10, all_in=True)
    assert say(ante) == "Boris posts an ante of 10 and is all-in"
    back = Returned(player_id="anna", name="Anna", amount=850)
    assert say(back) == "850 uncalled returns to Anna"
    assert say(back, "ru") == "Неуравненные 850 возвращаются игроку Anna"


def test_board() -> None:
    flop = BoardDealt(street="flop", cards=("Ts", "7s", "2d"), board=("Ts", "7s", "2d"))
    assert say(flop) == "Flop: T♠ 7♠ 2♦"
    turn = BoardDealt(street="turn", cards=("Ah",), board=("Ts", "7s", "2d", "Ah"))
    assert say(turn) == "Turn: T♠ 7♠ 2♦ [A♥]"
    assert say(turn, "ru") == "Тёрн: T♠ 7♠ 2♦ [A♥]"
    assert say(flop, "bg") == "Флоп: T♠ 7♠ 2♦"


FLUSH = MadeHand(category="flush", ranks=(12,), cards=("As", "Ks", "Ts", "7s", "2s"))
SEVENS = MadeHand(category="pair", ranks=(5,), cards=("7s", "7h", "Ad", "Qc", "Td"), kicker=12)
STRAIGHT = MadeHand(category="straight", ranks=(7,), cards=("9s", "8h", "7d", "6c", "5d"))


def test_showdown() -> None:
    shown = Shown(player_id="anna", name="Anna", cards=("As", "Ks"), hand=FLUSH)
    assert say(shown) == "Anna shows A♠ K♠ — Flush, ace high"
    assert say(shown, "ru") == "Anna показывает A♠ K♠ — Флеш от туза"
    assert say(Mucked(player_id="boris", name="Boris"), "bg") == "Boris хвърля картите"


def test_a_hand_shown_before_the_flop_is_not_named() -> None:
    shown = Shown(player_id="anna", name="Anna", cards=("4c", "3s"))
    assert say(shown) == "Anna shows 4♣ 3♠"


def test_an_all_in_hands_final_name_comes_with_its_own_line() -> None:
    named = HandNamed(player_id="anna", name="Anna", cards=("7s", "7h"), hand=SEVENS)
    assert say(named) == "Anna has a pair of sevens, ace kicker"
    assert say(named, "ru") == "Anna: пара семёрок, кикер туз"
    assert say(named, "bg") == "Anna има чифт седмици, кикер асо"


def test_the_winning_line_shows_the_five_cards_and_the_kicker_that_decided() -> None:
    won = PotWon(pot=0, amount=1_284, winners=(Share(player_id="a", name="Ann", chips=1_284),),
                 hand=SEVENS)  # fmt: skip
    assert say(won) == "Ann wins 1,284 with a pair of sevens, ace kicker — 7♠ 7♥ A♦ Q♣ T♦"
    assert say(won, "ru") == (f"Ann забирает 1{NNBSP}284: пара семёрок, кикер туз — 7♠ 7♥ A♦ Q♣ T♦")
    plain = msgspec.structs.replace(won, hand=msgspec.structs.replace(SEVENS, kicker=None))
    assert say(plain) == "Ann wins 1,284 with a pair of sevens — 7♠ 7♥ A♦ Q♣ T♦"


def side_pot_won() -> PotWon:
    winner = (Share(player_id="anna", name="Anna", chips=1_200),)
    return PotWon(pot=1, amount=1_200, winners=winner, hand=FLUSH, pots=2)


def test_side_pot_award_in_three_languages() -> None:
    assert say(side_pot_won()) == (
        "Anna wins side pot 1 of 1,200 with a flush, ace high — A♠ K♠ T♠ 7♠ 2♠"
    )
    assert say(side_pot_won(), "ru") == (
        f"Anna забирает побочный банк 1 (1{NNBSP}200): флеш от туза — A♠ K♠ T♠ 7♠ 2♠"
    )
    assert say(side_pot_won(), "bg") == (
        f"Anna печели страничен пот 1 от 1{NNBSP}200 с флъш до асо — A♠ K♠ T♠ 7♠ 2♠"
    )
    main = msgspec.structs.replace(side_pot_won(), pot=0)
    assert say(main) == "Anna wins the main pot of 1,200 with a flush, ace high — A♠ K♠ T♠ 7♠ 2♠"


def test_bulgarian_says_sas_before_a_hand_that_starts_with_s() -> None:
    won = PotWon(pot=0, amount=40, winners=(Share(player_id="a", name="Ann", chips=40),),
                 hand=STRAIGHT)  # fmt: skip
    assert say(won, "bg") == "Ann печели 40 със стрейт до деветка — 9♠ 8♥ 7♦ 6♣ 5♦"
    flush = say(side_pot_won(), "bg")
    assert flush is not None and " с флъш " in flush


def split_pot() -> PotWon:
    shares = (
        Share(player_id="anna", name="Anna", chips=601),
        Share(player_id="boris", name="Boris", chips=600),
        Share(player_id="clara", name="Clara", chips=600),
    )
    return PotWon(pot=0, amount=1_801, winners=shares, hand=STRAIGHT)


def test_split_pot_award_names_every_share() -> None:
    assert say(split_pot()) == (
        "Anna, Boris and Clara split 1,801 with a straight, nine high: "
        "Anna 601, Boris 600, Clara 600"
    )
    assert say(split_pot(), "ru") == (
        f"Anna, Boris и Clara делят 1{NNBSP}801 (стрит до девятки): Anna 601, Boris 600, Clara 600"
    )
    assert say(split_pot(), "bg") == (
        f"Anna, Boris и Clara делят 1{NNBSP}801 със стрейт до деветка: "
        "Anna 601, Boris 600, Clara 600"
    )


def test_a_pot_won_without_a_showdown_names_no_hand() -> None:
    won = PotWon(pot=0, amount=150, winners=(Share(player_id="b", name="Boris", chips=150),))
    assert say(won) == "Boris wins 150"
    assert say(won, "ru") == "Boris забирает 150"


def test_a_bots_name_is_said_in_the_tables_language() -> None:
    folded = acted("fold", 0)
    bot = msgspec.structs.replace(folded, name="Ada (bot)")
    assert say(bot) == "Ada (bot) folds"
    assert say(bot, "ru") == "Ada (бот): фолд"
    assert say(bot, "bg") == "Ada (бот): пас"


def test_hand_start_shows_the_whole_commitment_and_the_end_opens_it() -> None:
    root = "3f2a9c1e4b7d" + "0" * 52
    started = HandStarted(
        hand_number=42, deck_commitment=root, players=(BORIS, CLARA, ANNA), button=ANNA,
        small_blind=BORIS, big_blind=CLARA, straddle=None,
    )  # fmt: skip
    assert say(started) == (
        f"Hand #42: button Anna, blinds Boris and Clara · deck commitment {root}"
        " · no player seeds in the cut"
    )
    assert say(started, "ru") == (
        f"Раздача №42: баттон Anna, блайнды Boris и Clara · отпечаток колоды {root}"
        " · сидов игроков в срезе нет"
    )
    over = HandOver(hand_number=42, stacks=(), proof=Proof(root=root, positions=(), openings=()))
    assert say(over) == f"Hand #42 is over · deck opened: {root}"
    assert say(HandOver(hand_number=42, stacks=(), proof=None), "bg") == "Раздаване №42 приключи"


def test_the_all_in_equity_line_in_three_languages() -> None:
    from chatdealer.dealer.outgoing import AllInEquity, EquityShare

    event = AllInEquity(
        board=("Ts", "7s", "2d"),
        players=(
            EquityShare(player_id="a", name="Anna", cards=("As", "Ks"), equity=0.5444),
            EquityShare(player_id="b", name="Boris", cards=("Qd", "Qc"), equity=0.4556),
        ),
        exact=True,
    )
    assert payload_text(event, language("en"), 0.0) == (
        "All in — Anna A♠ K♠ 54.4% · Boris Q♦ Q♣ 45.6%"
    )
    assert payload_text(event, language("ru"), 0.0) == (
        "Все игроки в олл-ине — Anna A♠ K♠ 54,4% · Boris Q♦ Q♣ 45,6%"
    )
    assert "Всички са ол-ин" in str(payload_text(event, language("bg"), 0.0))
