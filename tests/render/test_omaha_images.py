"""Card images with four and five hole cards (Omaha): a player's own hand and the showdown."""

from __future__ import annotations

import pytest

from chatdealer.render.images import (
    IMAGE_WIDTH,
    ShownHand,
    hand_image,
    showdown_image,
    shown_card_width,
    shown_columns,
)


@pytest.mark.parametrize(
    "cards", [["As", "Kd"], ["As", "Kd", "Qh", "Jc"], ["As", "Kd", "Qh", "Jc", "Ts"]]
)
def test_a_players_own_cards_fit_the_image(cards: list[str]) -> None:
    image = hand_image(cards, "Pair of aces")
    assert image.width <= IMAGE_WIDTH
    two = hand_image(["As", "Kd"], "Pair of aces")
    if len(cards) > 2:
        assert image.width > two.width and image.height == two.height  # wider, as tall


@pytest.mark.parametrize("count", [4, 5])
def test_shown_omaha_hands_are_laid_out_two_to_a_row_and_stay_readable(count: int) -> None:
    hands = [ShownHand(f"P{n}", ["As", "Kd", "Qh", "Jc", "Ts"][:count], None) for n in range(3)]
    columns = shown_columns(hands)
    assert columns == 2
    # Two to a row keeps each card at least 60 pixels wide; three to a row would not for five.
    assert shown_card_width(count, columns) >= 60
    assert shown_card_width(5, 3) < 60
    image = showdown_image(["2c", "3d", "4h", "5s", "6c"], hands, [100])
    holdem = showdown_image(
        ["2c", "3d", "4h", "5s", "6c"], [ShownHand(f"P{n}", ["As", "Kd"], None) for n in range(3)]
    )
    assert image.width == IMAGE_WIDTH
    assert image.height > holdem.height  # a second row for the third hand


def test_holdem_hands_stay_three_to_a_row() -> None:
    assert shown_columns([ShownHand("P", ["As", "Kd"], None)] * 3) == 3
