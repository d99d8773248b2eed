"""Antialiased masks of the shapes on a card: the four suits and the rounded card itself.

Pillow draws polygons and ellipses without antialiasing, so each mask is drawn at `SUPERSAMPLE`
times its size and averaged down with a box filter: smooth edges, and the same bytes every run.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

SUPERSAMPLE = 4
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def _downsample(mask: Image.Image, size: tuple[int, int]) -> Image.Image:
    return mask.resize(size, Image.Resampling.BOX)


@cache
def suit_mask(suit: int, size: int) -> Image.Image:
    """The suit as an "L" mask `size` pixels square, the shape filling its height."""
    big = size * SUPERSAMPLE
    mask = Image.new("L", (big, big), 0)
    draw = ImageDraw.Draw(mask)

    def at(x: float, y: float) -> tuple[float, float]:
        return (x * big, y * big)

    def circle(x: float, y: float, radius: float) -> None:
        draw.ellipse([at(x - radius, y - radius), at(x + radius, y + radius)], fill=255)

    if suit == DIAMONDS:
        # Slightly concave sides, as printed diamonds have.
        draw.polygon(
            [
                at(0.5, 0.0),
                at(0.66, 0.27),
                at(0.86, 0.5),
                at(0.66, 0.73),
                at(0.5, 1.0),
                at(0.34, 0.73),
                at(0.14, 0.5),
                at(0.34, 0.27),
            ],
            fill=255,
        )
    elif suit == HEARTS:
        circle(0.285, 0.3, 0.24)
        circle(0.715, 0.3, 0.24)
        draw.polygon(
            [at(0.058, 0.38), at(0.5, 0.97), at(0.942, 0.38), at(0.5, 0.3)],
            fill=255,
        )
    elif suit == SPADES:
        circle(0.29, 0.6, 0.215)
        circle(0.71, 0.6, 0.215)
        draw.polygon(
            [at(0.5, 0.0), at(0.088, 0.53), at(0.5, 0.62), at(0.912, 0.53)],
            fill=255,
        )
        _stem(draw, big)
    elif suit == CLUBS:
        circle(0.5, 0.26, 0.21)
        circle(0.265, 0.6, 0.21)
        circle(0.735, 0.6, 0.21)
        draw.polygon([at(0.5, 0.3), at(0.3, 0.62), at(0.7, 0.62)], fill=255)
        _stem(draw, big)
    else:
        raise ValueError(f"no suit {suit}")
    return _downsample(mask, (size, size))


def _stem(draw: ImageDraw.ImageDraw, big: int) -> None:
    """The flared foot shared by spades and clubs."""
    draw.polygon(
        [
            (0.47 * big, 0.62 * big),
            (0.53 * big, 0.62 * big),
            (0.7 * big, 1.0 * big),
            (0.3 * big, 1.0 * big),
        ],
        fill=255,
    )


@cache
def rounded_mask(width: int, height: int, radius: int, inset: int = 0) -> Image.Image:
    """A rounded rectangle filling `width` x `height`, shrunk by `inset` on every side."""
    scale = SUPERSAMPLE
    mask = Image.new("L", (width * scale, height * scale), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        [
            (inset * scale, inset * scale),
            ((width - inset) * scale - 1, (height - inset) * scale - 1),
        ],
        radius=max(0, radius - inset) * scale,
        fill=255,
    )
    return _downsample(mask, (width, height))
