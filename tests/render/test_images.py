"""Card images: what a player must see on a phone, and reference images of their look.

Nothing here reads text back (no OCR): cards are found as the white regions on the felt, and
what must be legible is checked as pixels that differ. The board and showdown references under
fixtures/ are compared pixel for pixel; regenerate them on purpose with
``CHATDEALER_UPDATE_FIXTURES=1 .venv/bin/pytest tests/render/test_images.py`` and look at them.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from chatdealer.cards import RANKS, SUITS, CardError, format_card, make_card
from chatdealer.render import language
from chatdealer.render.images import (
    ShownHand,
    board_image,
    hand_image,
    showdown_image,
    to_png,
)
from chatdealer.render.images.cards import SLOT_EDGE
from chatdealer.render.images.fonts import system_font, writable
from tests.references import fail_unlike, reference_of

FIXTURES = Path(__file__).parent / "fixtures"
Box = tuple[int, int, int, int]
Colour = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]

MIN_CARD_HEIGHT = 120
MIN_RANK_HEIGHT = 30
MIN_DIFFERENT_PIXELS = 150
"""Two glyphs that differ in fewer pixels than this would be hard to tell apart at a glance."""

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


# --- finding what is drawn -------------------------------------------------------------------


def _where(image: Image.Image, colour: Colour) -> Image.Image:
    """An "L" mask, 255 where every channel is within its (low, high) range."""
    bands = [
        band.point(lambda v, low=low, high=high: 255 if low <= v <= high else 0)
        for band, (low, high) in zip(image.convert("RGB").split(), colour, strict=True)
    ]
    return ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])


def _runs(flags: list[bool]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    start = None
    for index, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = index
        elif not flag and start is not None:
            runs.append((start, index))
            start = None
    return runs


def card_boxes(image: Image.Image) -> list[Box]:
    """Every card's face, found as a white region on the felt: rows of cards, left to right."""
    paper = _paper_mask(image.convert("RGB"))
    width, height = paper.size
    boxes: list[Box] = []
    rows = [paper.crop((0, y, width, y + 1)).getbbox() is not None for y in range(height)]
    for top, bottom in _runs(rows):
        band = paper.crop((0, top, width, bottom))
        columns = [
            band.crop((x, 0, x + 1, bottom - top)).getbbox() is not None for x in range(width)
        ]
        for left, right in _runs(columns):
            box = band.crop((left, 0, right, bottom - top)).getbbox()
            assert box is not None
            boxes.append((left, top + box[1], right, top + box[3]))
    return boxes


def _paper_mask(image: Image.Image) -> Image.Image:
    """Where the card paper is: every channel near white (captions are a greyer white)."""
    red, green, blue = (band.point(lambda v: 255 if v >= 245 else 0) for band in image.split())
    return ImageChops.multiply(ImageChops.multiply(red, green), blue)


def ink(card: Image.Image) -> Image.Image:
    """The printed marks of a card face, whatever their colour."""
    return card.convert("L").point(lambda v: 255 if v < 160 else 0)


def count(mask: Image.Image) -> int:
    return mask.histogram()[255]


def differing(first: Image.Image, second: Image.Image) -> int:
    return count(ImageChops.difference(first, second))


def rank_rows(card: Image.Image) -> tuple[int, int]:
    """The rows of the rank in the corner: the first run of inked rows from the top.

    Columns near the edges are left out, where the felt shows through the rounded corners.
    """
    width, height = card.size
    corner = ink(card.crop((round(width * 0.12), 0, round(width * 0.6), height // 2)))
    rows = [
        corner.crop((0, y, corner.width, y + 1)).getbbox() is not None for y in range(height // 2)
    ]
    return _runs(rows)[0]


def single_card(card: int, *, four_colour: bool = False) -> Image.Image:
    image = hand_image([card], None, four_colour=four_colour)
    (box,) = card_boxes(image)
    return image.crop(box)


RED: Colour = ((151, 255), (0, 89), (0, 89))
BLACK: Colour = ((0, 79), (0, 79), (0, 79))
BLUE: Colour = ((0, 89), (0, 255), (151, 255))
GREEN: Colour = ((0, 59), (101, 255), (0, 99))
INSET = 5
"""Pixels cut from each side of a card face, so the felt at its rounded corners is left out."""


def inks_of(face: Image.Image, colour: Colour) -> int:
    inside = face.crop((INSET, INSET, face.width - INSET, face.height - INSET))
    return count(_where(inside, colour))


@pytest.fixture(scope="module")
def faces() -> dict[int, Image.Image]:
    return {
        make_card(rank, suit): single_card(make_card(rank, suit))
        for rank in range(13)
        for suit in range(4)
    }


# --- every card can be read -----------------------------------------------------------------


def test_every_card_is_drawn_distinctly_and_large_enough(faces: dict[int, Image.Image]) -> None:
    assert len({face.tobytes() for face in faces.values()}) == 52
    for card, face in faces.items():
        assert face.height >= MIN_CARD_HEIGHT, format_card(card)
        top, bottom = rank_rows(face)
        assert bottom - top >= MIN_RANK_HEIGHT, f"{format_card(card)}: rank {bottom - top} px tall"


def test_ranks_differ_in_shape_within_each_suit(faces: dict[int, Image.Image]) -> None:
    for suit in range(4):
        for low, high in combinations(range(13), 2):
            first, second = faces[make_card(low, suit)], faces[make_card(high, suit)]
            _, bottom = rank_rows(first)
            corner = (0, 0, first.width, bottom)
            assert differing(ink(first.crop(corner)), ink(second.crop(corner))) >= (
                MIN_DIFFERENT_PIXELS
            ), f"{RANKS[low]} and {RANKS[high]} of {SUITS[suit]} look alike"


def test_suits_differ_in_shape_not_only_in_colour(faces: dict[int, Image.Image]) -> None:
    for rank in range(13):
        for one, other in combinations(range(4), 2):
            first, second = faces[make_card(rank, one)], faces[make_card(rank, other)]
            assert differing(ink(first), ink(second)) >= MIN_DIFFERENT_PIXELS, (
                f"{RANKS[rank]}{SUITS[one]} and {RANKS[rank]}{SUITS[other]} look alike"
            )


def test_hearts_and_diamonds_are_red_spades_and_clubs_black(faces: dict[int, Image.Image]) -> None:
    for card, face in faces.items():
        red, black = inks_of(face, RED), inks_of(face, BLACK)
        if card & 3 in (HEARTS, DIAMONDS):
            assert red > 500 and black == 0, format_card(card)
        else:
            assert red == 0 and black > 500, format_card(card)


def test_four_colour_deck_gives_each_suit_its_own_colour() -> None:
    colours = {CLUBS: GREEN, DIAMONDS: BLUE, HEARTS: RED, SPADES: BLACK}
    for rank in (0, 8, 12):
        for suit in range(4):
            face = single_card(make_card(rank, suit), four_colour=True)
            for other_suit, colour in colours.items():
                pixels = inks_of(face, colour)
                label = f"{RANKS[rank]}{SUITS[suit]}: {pixels} pixels of {SUITS[other_suit]}'s ink"
                assert pixels > 500 if other_suit == suit else pixels == 0, label


def test_cards_are_read_from_strings_and_ints_alike() -> None:
    assert board_image(["As", "Td", "10h"]).tobytes() == board_image([51, 33, 34]).tobytes()
    with pytest.raises(CardError):
        board_image(["Xx"])
    with pytest.raises(ValueError):
        board_image(["As", "Ks", "Qs", "Js", "Ts", "9s"])


# --- the board and its pots -----------------------------------------------------------------


def _cards_and_pots(image: Image.Image) -> tuple[Image.Image, Image.Image]:
    """The board image cut in two under the row of cards (dealt or not)."""
    bottom = max(box[3] for box in card_boxes(board_image(["2c"]))) + 8
    return image.crop((0, 0, image.width, bottom)), image.crop(
        (0, bottom, image.width, image.height)
    )


def test_board_shows_five_places_and_keeps_its_size_from_preflop_to_river() -> None:
    board = ["Ah", "7c", "7d", "Ks", "2h"]
    images = [board_image(board[:dealt], [1_200]) for dealt in (0, 3, 4, 5)]
    assert {image.size for image in images} == {(800, 314)}
    for image, dealt in zip(images, (0, 3, 4, 5), strict=True):
        boxes = card_boxes(image)
        assert len(boxes) == dealt
        assert all(bottom - top >= MIN_CARD_HEIGHT for _, top, _, bottom in boxes)
        outline = count(_where(image, tuple((value, value) for value in SLOT_EDGE)))  # type: ignore[arg-type]
        assert outline > 400 * (5 - dealt) if dealt < 5 else outline == 0


def test_pot_amount_is_shown_under_the_cards() -> None:
    board = ["As", "Kd", "7h"]
    small_cards, small_pot = _cards_and_pots(board_image(board, [1_200]))
    large_cards, large_pot = _cards_and_pots(board_image(board, [3_400]))
    none_cards, no_pot = _cards_and_pots(board_image(board, []))
    assert small_cards.tobytes() == large_cards.tobytes() == none_cards.tobytes()
    assert differing(ink(small_pot), ink(large_pot)) > 0
    assert small_pot.convert("L").getextrema() != no_pot.convert("L").getextrema()
    assert len(no_pot.getcolors() or []) == 1  # the felt alone


def test_every_side_pot_is_shown() -> None:
    pots = [5_000, 1_200, 400]
    _, shown = _cards_and_pots(board_image([], pots))
    for index in range(3):
        changed = [*pots]
        changed[index] += 1
        _, other = _cards_and_pots(board_image([], changed))
        assert shown.tobytes() != other.tobytes(), f"pot {index} is not shown"


def test_pots_are_said_in_the_table_language() -> None:
    _, english = _cards_and_pots(board_image([], [1_200]))
    _, russian = _cards_and_pots(board_image([], [1_200], language("ru")))
    assert english.tobytes() != russian.tobytes()


def test_text_no_font_can_write_is_dropped_not_boxed() -> None:
    text, font = writable("Clara 🔥", 24)
    assert text == "Clara" and font.getname()[0] == "Aileron"
    assert system_font() is not None, "Roboto comes with the project: Cyrillic is always drawn"
    text, font = writable("Основной банк 1\u202f200", 24)
    assert text == "Основной банк 1\u202f200" and font.getname()[0] != "Aileron"


# --- hands and the showdown -----------------------------------------------------------------


def test_hand_image_shows_the_two_cards_and_the_caption() -> None:
    bare = hand_image(["Qd", "Qc"])
    captioned = hand_image(["Qd", "Qc"], "Three of a kind, queens")
    assert len(card_boxes(bare)) == len(card_boxes(captioned)) == 2
    assert captioned.height > bare.height
    below = captioned.crop((0, bare.height - 20, captioned.width, captioned.height))
    assert count(ink(Image.eval(below, lambda v: 255 - v))) > 300  # light text on the felt


def test_showdown_lays_out_every_shown_hand_without_overlap() -> None:
    names = ["Anna", "Boris", "Clara", "Dmitri", "Elena", "Fyodor", "Galina", "Igor", "Yana"]
    holes = ["As Ks", "Qd Qc", "7h 2c", "Jh Th", "9s 9c", "Ad 5d", "3c 4c", "8h 8d", "Kc Js"]
    shown = [
        ShownHand(name, hole.split(), "Pair of nines")
        for name, hole in zip(names, holes, strict=True)
    ]
    image = showdown_image(["2s", "3h", "9d", "Tc", "4s"], shown, [9_000, 700])
    boxes = card_boxes(image)
    assert len(boxes) == 5 + 2 * len(shown)
    assert all(bottom - top >= MIN_CARD_HEIGHT for _, top, _, bottom in boxes)
    assert len({box[1] for box in boxes}) == 4  # the board, then three rows of three hands
    for face in (image.crop(box) for box in boxes):
        top, bottom = rank_rows(face)
        assert bottom - top >= MIN_RANK_HEIGHT


def test_showdown_frames_the_winner() -> None:
    shown = [("Anna", ["As", "Ks"], "Pair of aces"), ("Boris", ["Qd", "Qc"], "Pair of queens")]
    plain = showdown_image(["Ah", "7c", "2d"], shown, [400])
    framed = showdown_image(["Ah", "7c", "2d"], shown, [400], winners={"Anna"})
    assert plain.size == framed.size and plain.tobytes() != framed.tobytes()


def test_a_long_name_is_cut_to_its_panel() -> None:
    shown = [("A very long display name that goes on and on", ["As", "Ks"], None)]
    image = showdown_image([], shown)
    assert len(card_boxes(image)) == 2


# --- bytes and reference images -------------------------------------------------------------


def test_same_input_gives_the_same_small_png() -> None:
    first = to_png(showdown_image(*SHOWDOWN))
    assert first == to_png(showdown_image(*SHOWDOWN))
    assert first.startswith(b"\x89PNG") and len(first) < 60_000
    assert len(to_png(board_image(*BOARD))) < 30_000


BOARD = (["Ah", "Td", "7c", "Qs"], [12_500, 3_400, 800])
SHOWDOWN = (
    ["Ah", "Td", "7c", "Qs", "2h"],
    [
        ShownHand("Anna", ["As", "Ks"], "Pair of aces"),
        ShownHand("Boris", ["Qd", "Qc"], "Three of a kind, queens"),
        ShownHand("Clara", ["7h", "7d"], "Three of a kind, sevens"),
    ],
    [4_800],
)


@pytest.mark.parametrize(
    ("name", "image"),
    [
        ("board.png", lambda: board_image(*BOARD)),
        ("showdown.png", lambda: showdown_image(*SHOWDOWN, winners={"Boris"})),
        ("hand.png", lambda: hand_image(["Jc", "Tc"], "Straight, ace high", four_colour=True)),
    ],
)
def test_image_matches_its_reference(name: str, image: object, tmp_path: Path) -> None:
    png = to_png(image())  # type: ignore[operator]
    reference = FIXTURES / name
    compared = reference_of(png, reference)
    if compared is None:
        return
    actual, expected = compared
    if actual.size != expected.size or actual.tobytes() != expected.tobytes():
        fail_unlike(png, reference, tmp_path, ".venv/bin/pytest tests/render/test_images.py")
