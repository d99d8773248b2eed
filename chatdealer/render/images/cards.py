"""One card, drawn as a tile: the rank large in the corner, the suit under it and again large.

Everything is measured from the card's width, so one drawing serves the board and the smaller
cards of a showdown. Tiles are cached: a card is drawn once per size and palette.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from chatdealer.cards import Card
from chatdealer.render.images.fonts import BUILTIN, font
from chatdealer.render.images.shapes import CLUBS, DIAMONDS, HEARTS, SPADES, rounded_mask, suit_mask

RGB = tuple[int, int, int]
RANK_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
ASPECT = 1.4
"""A card's height over its width, as a poker card's 88 x 63 mm."""

PAPER: RGB = (252, 252, 248)
EDGE: RGB = (190, 190, 184)
RED: RGB = (206, 22, 36)
BLACK: RGB = (24, 24, 30)
BLUE: RGB = (20, 84, 200)
GREEN: RGB = (14, 128, 54)
SLOT_FILL: RGB = (14, 66, 38)
SLOT_EDGE: RGB = (78, 146, 104)


@dataclass(frozen=True)
class Palette:
    """The ink of each suit, indexed clubs, diamonds, hearts, spades."""

    suits: tuple[RGB, RGB, RGB, RGB]


TWO_COLOUR = Palette((BLACK, RED, RED, BLACK))
FOUR_COLOUR = Palette((GREEN, BLUE, RED, BLACK))
"""Diamonds blue and clubs green, so no two suits share a colour."""


def palette(four_colour: bool) -> Palette:
    return FOUR_COLOUR if four_colour else TWO_COLOUR


def card_height(width: int) -> int:
    return round(width * ASPECT)


def _radius(width: int) -> int:
    return max(4, round(width * 0.09))


@cache
def card_tile(card: Card, width: int, colours: Palette = TWO_COLOUR) -> Image.Image:
    """The face of `card` as an RGBA tile `width` pixels wide, transparent outside its corners."""
    height = card_height(width)
    rank, suit = card >> 2, card & 3
    if suit not in (CLUBS, DIAMONDS, HEARTS, SPADES) or not 0 <= rank < len(RANK_LABELS):
        raise ValueError(f"no card {card}")
    ink = colours.suits[suit]
    face = Image.new("RGB", (width, height), EDGE)
    face.paste(PAPER, mask=rounded_mask(width, height, _radius(width), inset=1))
    draw = ImageDraw.Draw(face)

    size = round(width * 0.53)
    rank_font = font(BUILTIN, size)
    column = round(width * 0.25)
    top = round(width * 0.07)
    _, cap_top, _, _ = rank_font.getbbox("A", anchor="ls")
    baseline = top - round(cap_top)
    label = RANK_LABELS[rank]
    stroke = max(1, size // 32)
    if len(label) == 1:
        draw.text(
            (column, baseline),
            label,
            font=rank_font,
            fill=ink,
            anchor="ms",
            stroke_width=stroke,
            stroke_fill=ink,
        )
    else:
        # "10" set tight, so it fits the corner like one wide figure.
        tracking = round(size * 0.1)
        widths = [rank_font.getlength(char) for char in label]
        x = max(width * 0.06, column - (sum(widths) - tracking * (len(label) - 1)) / 2)
        for char, advance in zip(label, widths, strict=True):
            draw.text(
                (x, baseline),
                char,
                font=rank_font,
                fill=ink,
                anchor="ls",
                stroke_width=stroke,
                stroke_fill=ink,
            )
            x += advance - tracking

    small = round(width * 0.24)
    small_top = baseline + round(width * 0.07)
    face.paste(ink, (column - small // 2, small_top), suit_mask(suit, small))

    big = round(width * 0.5)
    face.paste(
        ink,
        (width - big - round(width * 0.1), height - big - round(width * 0.1)),
        suit_mask(suit, big),
    )
    face.putalpha(rounded_mask(width, height, _radius(width)))
    return face


@cache
def slot_tile(width: int) -> Image.Image:
    """An empty place for a card not dealt yet: a darker outline on the felt."""
    height = card_height(width)
    tile = Image.new("RGB", (width, height), SLOT_EDGE)
    thickness = max(2, width // 45)
    tile.paste(SLOT_FILL, mask=rounded_mask(width, height, _radius(width), inset=thickness))
    tile.putalpha(rounded_mask(width, height, _radius(width)))
    return tile


@cache
def placed_tile(
    card: Card | None, width: int, colours: Palette, background: RGB, shadow: RGB, drop: int
) -> Image.Image:
    """A card (or an empty place) with its shadow, already laid on a plain `background`.

    The same pixels as pasting the shadow and the card through their masks, drawn once: a
    picture then copies each card in without blending, the slow part of drawing it.
    """
    height = card_height(width)
    tile = Image.new("RGB", (width, height + drop), background)
    if card is None:
        tile.paste(slot_tile(width), (0, 0), slot_tile(width))
        return tile
    under = shadow_tile(width, shadow)
    tile.paste(under, (0, drop), under)
    face = card_tile(card, width, colours)
    tile.paste(face, (0, 0), face)
    return tile


@cache
def shadow_tile(width: int, colour: RGB) -> Image.Image:
    """The card's shadow on the felt: its shape, darker, to paste a few pixels lower."""
    height = card_height(width)
    tile = Image.new("RGB", (width, height), colour)
    tile.putalpha(rounded_mask(width, height, _radius(width)))
    return tile
