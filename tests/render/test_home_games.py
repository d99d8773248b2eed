"""How the channel hears of home-game hands: a bomb pot announced at the deal."""

from __future__ import annotations

from chatdealer.dealer.outgoing import HandStarted, PlayerRef, RabbitHunted
from chatdealer.render import language, payload_text

ANNA, BORIS = (
    PlayerRef(seat=i, player_id=n.lower(), name=n) for i, n in enumerate(("Anna", "Boris"))
)


def test_a_bomb_pot_is_announced_with_its_ante_in_three_languages() -> None:
    started = HandStarted(
        hand_number=7, deck_commitment="ab" * 32, players=(BORIS, ANNA), button=ANNA,
        small_blind=ANNA, big_blind=BORIS, straddle=None, bomb_pot=20,
    )  # fmt: skip
    said = {code: payload_text(started, language(code), 0.0) or "" for code in ("en", "ru", "bg")}
    assert said["en"].startswith(
        "Hand #7: button Anna, a bomb pot: everyone antes 20, no betting before the flop · "
    )
    assert said["ru"].startswith("Раздача №7: баттон Anna, бомб-пот: все ставят анте 20")
    assert said["bg"].startswith("Раздаване №7: бутон Anna, бомб пот: всички слагат анте 20")
    assert "blinds" not in said["en"]


def test_the_rabbit_is_set_apart_from_the_board_played_in_three_languages() -> None:
    hunted = RabbitHunted(hand_number=9, board=("Ah", "Kd", "7c"), cards=("2s", "9h"))
    said = {code: payload_text(hunted, language(code), 0.0) or "" for code in ("en", "ru", "bg")}
    assert said["en"].startswith("Rabbit hunt, hand #9: ")
    assert said["en"].endswith("(never dealt, nothing changes)")
    assert said["ru"].startswith("Кролик, раздача №9: ")
    assert said["bg"].startswith("Заек, раздаване №9: ")
    for text in said.values():
        played, rabbit = text.split("[")
        assert "9" in rabbit and "K" in played and "K" not in rabbit
